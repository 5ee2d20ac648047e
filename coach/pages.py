"""Page contexts for the start page and the workbook (reads only)."""

from django.conf import settings

from coach.markup import blocks_parse
from coach.models import CoachingSession
from coach.selectors import answers_by_question, step_progress
from knowledge import selectors as knowledge

MISCONCEPTION = "误区"


def _mark_misconceptions(blocks: list[dict]) -> list[dict]:
    """Flag the list whose items all open with a bold 误区 (shown as cards)."""
    for block in blocks:
        items = block.get("items") or []
        block["misconceptions"] = bool(items) and all(
            item and item[0]["bold"] and item[0]["text"].startswith(MISCONCEPTION)
            for item in items
        )
    return blocks


def home_context(*, session: CoachingSession) -> dict:
    """Return what the start page shows: the intro and whether to say 继续."""
    answers = answers_by_question(session=session)
    return {
        "intro": _mark_misconceptions(blocks_parse(knowledge.workbook_intro())),
        "answered": len(answers),
        "total": len(knowledge.questions_all()),
        "session_days": settings.SESSION_DAYS,
    }


def step_valid(step: str | None) -> bool:
    """Return whether ``step`` names a workbook step."""
    return step in knowledge.STEPS


def workbook_context(*, session: CoachingSession, step: str | None = None) -> dict:
    """Return the four steps with their questions and the saved answers."""
    answers = answers_by_question(session=session)
    steps = []
    for step_id in knowledge.STEPS:
        info = knowledge.step_info(step=step_id)
        questions = knowledge.questions_for_step(step=step_id)
        steps.append(
            {
                "id": step_id,
                "title": info.title if info else step_id,
                "intro": blocks_parse(info.intro if info else ""),
                "wrapup": blocks_parse(info.wrapup if info else ""),
                "progress": step_progress(
                    session=session, step=step_id, answers=answers
                ),
                "questions": [
                    {
                        "id": q.id,
                        "number": q.number,
                        "total": len(questions),
                        "text": q.text,
                        "hint": q.hint,
                        "example": q.example,
                        "answer": answers.get(q.id, ""),
                    }
                    for q in questions
                ],
            }
        )
    current = step if step_valid(step) else session.step
    return {
        "steps": steps,
        "current_step": current,
        "focus_question": session.question_id,
        "session_saved": session.pk is not None,
    }


def care_context(request) -> dict:
    """Template context: whether the header shows the help link (a day after a risk).

    A context processor, so every page of the layout has it; one indexed read,
    and none for a visitor without a session.
    """
    from coach.selectors import care_for_visitor
    from coach.services.sessions import SESSION_KEY

    user = getattr(request, "user", None)
    return {
        "care_active": care_for_visitor(
            session_id=request.session.get(SESSION_KEY),
            user=user if user is not None and user.is_authenticated else None,
        )
    }
