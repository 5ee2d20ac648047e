"""Workbook answers with edit history."""

from django.db import transaction

from coach.models import Answer, AnswerRevision, CoachingSession
from coach.services.errors import InvalidInput
from coach.services.sessions import activity_mark, focus_set
from knowledge.selectors import question_get


def answer_save(*, session: CoachingSession, question_id: str, text: str) -> Answer:
    """Save the latest answer; keep the replaced text as a revision."""
    with transaction.atomic():
        answer, created = Answer.objects.select_for_update().get_or_create(
            session=session, question_id=question_id, defaults={"text": text}
        )
        if not created and answer.text != text:
            if answer.text:
                AnswerRevision.objects.create(answer=answer, text=answer.text)
            answer.text = text
            answer.full_clean()
            answer.save(update_fields=["text", "updated_at"])
    activity_mark(session=session)
    return answer


def answer_submit(*, session: CoachingSession, question_id: str, text: str) -> dict:
    """Save an answer sent from the workbook; return the step's progress."""
    from coach.selectors import step_progress

    question = question_get(question_id=question_id)
    if question is None:
        raise InvalidInput("question_id")
    answer_save(session=session, question_id=question_id, text=text)
    return step_progress(session=session, step=question.step)


def focus_submit(*, session: CoachingSession, question_id: str) -> None:
    """Record focus on an existing workbook question."""
    if question_get(question_id=question_id) is None:
        raise InvalidInput("question_id")
    focus_set(session=session, question_id=question_id)
