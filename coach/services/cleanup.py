"""Storage that nobody can reach any more: expired sessions without data."""

from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.utils import timezone

from coach.models import CoachingSession

EMPTY_DAYS = 1  # an unused workbook (nothing ever saved) is kept this long


def sessions_prune() -> dict[str, int]:
    """Delete expired Django sessions and expired coaching sessions holding no data.

    A coaching session with no answer, message, profile, result or direction
    card ever saved holds nothing of anyone's: a day after its last activity
    it goes (its cascaded nudges were never answered either).
    """
    # What `manage.py clearsessions` does, for any session engine.
    engine = import_module(settings.SESSION_ENGINE)
    engine.SessionStore.clear_expired()
    # Nothing saved within a day: a bot's or a bounced visit, never a workbook.
    abandoned = timezone.now() - timedelta(days=EMPTY_DAYS)
    empty = CoachingSession.objects.filter(
        user=None,
        last_activity_at__lt=abandoned,
        answers=None,
        messages=None,
        profile=None,
        results={},
        direction_cards=None,  # a card can be written before any answer
    )
    deleted = CoachingSession.objects.filter(pk__in=empty.values("pk")).delete()[1]
    return {"coaching_sessions": deleted.get("coach.CoachingSession", 0)}
