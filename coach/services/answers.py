"""Workbook answers with edit history."""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from coach.models import Answer, AnswerRevision, ChatMessage, CoachingSession
from coach.services.errors import InvalidInput
from coach.services.safety import answer_care
from coach.services.sessions import activity_mark, focus_set
from coach.services.visits import visit_mark
from knowledge.selectors import question_get


def answer_save(*, session: CoachingSession, question_id: str, text: str) -> Answer:
    """Save the latest answer; keep the replaced text as a revision."""
    with transaction.atomic():
        answer, created = Answer.objects.select_for_update().get_or_create(
            session=session, question_id=question_id, defaults={"text": text}
        )
        first_answer = text.strip() and (created or not answer.text.strip())
        if not created and answer.text != text:
            if answer.text:
                revision_keep(answer=answer)
            answer.text = text
            answer.full_clean()
            answer.save(update_fields=["text", "updated_at"])
    if first_answer:  # one extra write per question, not per keystroke save
        visit_mark(session=session, question_id=question_id, answered=True)
    activity_mark(session=session)
    return answer


def revision_keep(*, answer: Answer) -> None:
    """Keep the text being replaced as a revision, within the revision budget.

    A burst of edits (typing, or a client sending hundreds of frames) keeps only
    the text from before the burst: no new revision while the last one is
    younger than ``ANSWER_REVISION_WINDOW`` seconds. At most
    ``ANSWER_REVISIONS_KEPT`` revisions are kept; the oldest go first.
    """
    revisions = AnswerRevision.objects.filter(answer=answer)
    since = timezone.now() - timedelta(seconds=settings.ANSWER_REVISION_WINDOW)
    if revisions.filter(created_at__gte=since).exists():
        return
    AnswerRevision.objects.create(answer=answer, text=answer.text)
    kept = settings.ANSWER_REVISIONS_KEPT
    stale = revisions.order_by("-created_at", "-pk").values_list("pk", flat=True)
    AnswerRevision.objects.filter(pk__in=list(stale[kept:])).delete()


def answer_submit(*, session: CoachingSession, question_id: str, text: str) -> dict:
    """Save an answer sent from the workbook; return the step's progress."""
    from coach.selectors import step_progress

    question = question_get(question_id=question_id)
    if question is None:
        raise InvalidInput("question_id")
    answer_save(session=session, question_id=question_id, text=text)
    return step_progress(session=session, step=question.step)


def answer_receive(
    *, session: CoachingSession, question_id: str, text: str
) -> tuple[dict, ChatMessage | None]:
    """Save an answer, then check it for risk; return the progress and any care message.

    Saved first: whatever the check finds, the person's words are kept.
    """
    progress = answer_submit(session=session, question_id=question_id, text=text)
    return progress, answer_care(session=session, question_id=question_id, text=text)


def focus_submit(*, session: CoachingSession, question_id: str) -> None:
    """Record focus on an existing workbook question."""
    if question_get(question_id=question_id) is None:
        raise InvalidInput("question_id")
    focus_set(session=session, question_id=question_id)
