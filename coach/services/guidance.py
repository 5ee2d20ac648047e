"""Guidance records: delivery and read receipts."""

from django.utils import timezone

from coach.models import CoachingSession, Guidance
from coach.services.errors import InvalidInput


def guidance_mark_delivered(
    *, session: CoachingSession, guidance_ids: list[int]
) -> None:
    """Record that these nudges reached one of the session's sockets."""
    if guidance_ids:
        Guidance.objects.filter(
            session=session, pk__in=guidance_ids, delivered_at=None
        ).update(delivered_at=timezone.now())


def guidance_mark_read(*, session: CoachingSession, guidance_id: int) -> None:
    """Mark one of this session's nudges read; other sessions' ids do nothing."""
    updated = Guidance.objects.filter(session=session, pk=guidance_id).update(
        read_at=timezone.now()
    )
    if not updated:
        raise InvalidInput("guidance_id")
