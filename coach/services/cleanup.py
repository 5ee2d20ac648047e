"""Storage that nobody can reach any more: expired sessions without data."""

from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.utils import timezone

from coach.models import CoachingSession


def sessions_prune() -> dict[str, int]:
    """Delete expired Django sessions and expired coaching sessions holding no data.

    A coaching session is found only through its visitor's cookie, which lives
    ``SESSION_COOKIE_AGE`` seconds from the last write. Once that has passed
    with no answer, message, profile or result ever saved, nothing is lost by
    deleting it (its cascaded nudges were never answered either).
    """
    # What `manage.py clearsessions` does, for any session engine.
    engine = import_module(settings.SESSION_ENGINE)
    engine.SessionStore.clear_expired()
    expired = timezone.now() - timedelta(seconds=settings.SESSION_COOKIE_AGE)
    empty = CoachingSession.objects.filter(
        user=None,
        last_activity_at__lt=expired,
        answers=None,
        messages=None,
        profile=None,
        results={},
    )
    deleted = CoachingSession.objects.filter(pk__in=empty.values("pk")).delete()[1]
    return {"coaching_sessions": deleted.get("coach.CoachingSession", 0)}
