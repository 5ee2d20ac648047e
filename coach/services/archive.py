"""Start over: the current workbook is archived (kept) and a fresh one opens."""

from django.db import transaction
from django.utils import timezone

from coach.models import CoachingSession
from coach.services.sessions import SESSION_KEY, session_for_request, session_peek

ARCHIVED_KEY = "coach_archived_ids"  # an anonymous visitor's archived workbooks


def workbook_start_over(*, request) -> CoachingSession:
    """Archive the visitor's workbook and return the fresh one that replaces it.

    An anonymous visitor's archive is remembered in their session, so signing
    up later takes it into the account (only then can it be viewed); until
    then retention treats it like any unused anonymous workbook.
    """
    current = session_peek(request=request)
    if current.pk is not None:
        with transaction.atomic():
            CoachingSession.objects.filter(pk=current.pk).update(
                archived_at=timezone.now()
            )
        if current.user_id is None:
            store = request.session
            store[ARCHIVED_KEY] = [*store.get(ARCHIVED_KEY, []), current.pk]
            store.pop(SESSION_KEY, None)
    return session_for_request(request=request)
