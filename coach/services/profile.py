"""The person's profile: basic info and work history for the coach's context."""

from coach.models import CoachingSession, Profile
from coach.services.safety import profile_care


def profile_update(*, session: CoachingSession, data: dict) -> Profile:
    """Save the person's basic info and work history."""
    profile, _ = Profile.objects.get_or_create(session=session)
    for field in ("nickname", "age_range", "occupation", "about", "work_history"):
        if field in data:
            setattr(profile, field, data[field])
    profile.full_clean()
    profile.save()
    profile_care(session=session, profile=profile)
    return profile
