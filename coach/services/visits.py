"""First reach and first answer per workbook question (for the insight page)."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from coach.models import CoachingSession, QuestionVisit


def visit_mark(
    *, session: CoachingSession, question_id: str, answered: bool = False
) -> None:
    """Record that the person reached a question (and maybe answered it) now.

    Only the first reach and the first answer are kept: later calls change
    nothing, so callers may call this on every focus change or first answer.
    """
    now = timezone.now()
    answered_at = now if answered else None
    try:
        with transaction.atomic():
            visit, created = QuestionVisit.objects.get_or_create(
                session=session,
                question_id=question_id,
                defaults={"reached_at": now, "answered_at": answered_at},
            )
    except IntegrityError:  # two first visits raced: the other one was first
        created = False
    if answered and not created:
        QuestionVisit.objects.filter(
            session=session, question_id=question_id, answered_at=None
        ).update(answered_at=now)
