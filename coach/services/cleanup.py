"""Storage that nobody can reach any more, and anonymous workbooks past retention."""

from datetime import timedelta
from importlib import import_module

from django.conf import settings
from django.utils import timezone

from coach.models import CoachingSession
from coach.services.deletion import workbooks_delete

EMPTY_DAYS = 1  # an unused workbook (nothing ever saved) is kept this long
EXPIRE_BATCH = 100  # workbooks deleted per transaction
EXPIRE_BATCHES = 50  # per run: a backlog is worked off over several days


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


def workbooks_expire(
    *, batch_size: int = EXPIRE_BATCH, batches: int = EXPIRE_BATCHES
) -> int:
    """Delete anonymous workbooks unused for SESSION_DAYS; return how many went.

    Through the same path as "delete my data", a batch per transaction so a
    long backlog never holds locks for long. Idempotent: a second run (or two
    overlapping ones) finds nothing more. An account's workbooks stay: the
    person can still sign in to them.
    """
    cutoff = timezone.now() - timedelta(days=settings.SESSION_DAYS)
    stale = CoachingSession.objects.filter(
        user=None, last_seen_at__lt=cutoff, last_activity_at__lt=cutoff
    ).order_by("pk")
    total = 0
    for _ in range(batches):
        found = list(stale[:batch_size])
        deleted = workbooks_delete(sessions=found)
        total += deleted
        if len(found) < batch_size or not deleted:
            break
    return total
