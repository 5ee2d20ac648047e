"""Deleting a workbook and all tied to it: one path for the person and retention."""

from django.contrib.auth import get_user_model
from django.db import transaction

from agent.api import checkpoints_delete
from coach.models import ChatMessage, CoachingSession
from coach.services.parts import PARTS
from knowledge.services import gaps_forget


def _gap_queries(*, sessions: list[CoachingSession]) -> list[str]:
    """Return the person's words the knowledge-gap log took from these workbooks."""
    traces = ChatMessage.objects.filter(session__in=sessions, role="coach")
    return [
        t["gap"]
        for t in traces.exclude(trace={}).values_list("trace", flat=True)
        if isinstance(t, dict) and isinstance(t.get("gap"), str)
    ]


def workbooks_delete(*, sessions: list[CoachingSession]) -> int:
    """Delete these workbooks with every row tied to them; return how many went.

    The agent's checkpoints go first: they live outside Django's transaction
    (a file beside SQLite, or their own connection) and can be rebuilt from the
    conversation, so if the database part then failed nothing is lost. The
    knowledge-gap log keeps its counts, never the person's words. Idempotent:
    an already deleted workbook deletes nothing.
    """
    if not sessions:
        return 0
    checkpoints_delete(thread_ids=[str(s.public_id) for s in sessions])
    with transaction.atomic():
        gaps_forget(queries=_gap_queries(sessions=sessions))
        for part in PARTS:
            for session in sessions:
                part.rows(session=session).delete()
        ids = [s.pk for s in sessions]
        return (
            CoachingSession.objects.filter(pk__in=ids)
            .delete()[1]
            .get("coach.CoachingSession", 0)
        )


def account_delete(*, user) -> None:
    """Delete an account with all its workbooks (archived ones too)."""
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    workbooks_delete(sessions=list(CoachingSession.objects.filter(user=user)))
    with transaction.atomic():
        # Axes logs the user name with every login: it is the person's text too.
        for model in (AccessAttempt, AccessLog, AccessFailureLog):
            model.objects.filter(username=user.get_username()).delete()
        get_user_model().objects.filter(pk=user.pk).delete()


def visitor_delete(*, request) -> None:
    """Delete the visitor's workbook, their account if any, and end the session."""
    from coach.services.sessions import session_peek

    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        account_delete(user=user)
    else:
        session = session_peek(request=request)
        if session.pk is not None:
            workbooks_delete(sessions=[session])
    request.session.flush()  # the Django session row and a fresh cookie key
