"""A workbook with a marker string in everything a person writes and the app keeps."""

import asyncio
import uuid
from datetime import UTC, date, datetime

from coach.models import (
    AnswerRevision,
    CardNote,
    ChatMessage,
    CoachingSession,
    DirectionCard,
    Feedback,
    Guidance,
)
from coach.selectors import session_snapshot
from coach.services import answer_save, profile_update, results_save
from coach.services.visits import visit_mark
from knowledge.services import gap_record


def mark_new() -> str:
    """Return a fresh marker: ASCII, since JSON columns may escape Chinese.

    Fresh per test: the agent's checkpoints live outside the test's rolled-back
    transaction, so an old test's marker may still be there.
    """
    return f"ZQX{uuid.uuid4().hex[:10]}"


def _turn_checkpointed(session: CoachingSession, text: str) -> None:
    """Run one real (offline) agent turn, so the checkpointer stores the words."""
    from agent.api import run_turn
    from agent.checkpoint import checkpointer_close

    snapshot = session_snapshot(session=session)

    async def turn():
        try:
            async for _event in run_turn(snapshot=snapshot, text=text):
                pass
        finally:
            await checkpointer_close()

    asyncio.run(turn())


def _cards_marked(session: CoachingSession, mark: str) -> None:
    """A tried card of round 1 (kept read-only) and a card of round 2, both noted."""
    quote = {"kind": "values", "id": "V001", "name": "自由", "quote": f"依据{mark}"}
    for round_, tried in ((1, date(2026, 10, 3)), (2, date(2026, 11, 20))):
        card = DirectionCard.objects.create(
            session=session,
            round=round_,
            position=1,
            title=f"方向{round_}{mark}",
            question=f"问题{mark}",
            experiment=f"实验{mark}",
            gauges={"resources": 3, "liking": 4, "confidence": None, "coherence": 2},
            draws_on=[quote],
            suggestions={"undo": {}, "dismissed": {"question": f"建议{mark}"}},
        )
        CardNote.objects.create(card=card, happened_on=tried, text=f"试了{mark}")
        CardNote.objects.create(card=card, happened_on=tried, text=f"又试{mark}")
    DirectionCard.objects.filter(session=session, round=1).update(
        archived_at=datetime(2026, 11, 1, tzinfo=UTC)
    )


def workbook_marked(
    session: CoachingSession, mark: str, *, checkpointed: bool = True
) -> None:
    """Write ``mark`` into every kind of row tied to ``session``."""
    said = f"我的秘密{mark}"
    answer = answer_save(session=session, question_id="V01", text=f"回答{mark}")
    AnswerRevision.objects.create(answer=answer, text=f"旧的回答{mark}")
    visit_mark(session=session, question_id="V01", answered=True)
    asked = ChatMessage.objects.create(
        session=session,
        role="user",
        text=said,
        selection=f"选中{mark}",
        client_id=f"c-{mark}",
        question_id="V01",
    )
    reply = ChatMessage.objects.create(
        session=session,
        role="coach",
        text=f"教练复述{mark}",
        reply_to=asked,
        reply_id=f"r-{mark}",
        examples=[f"例子{mark}"],
        trace={"gap": said, "notes": mark},
    )
    # What turn_finish does with an unmatched request: the gap log takes the words.
    gap_record(query=said, step=session.step, question_id="V01")
    Feedback.objects.create(message=reply, rating="down", comment=f"评价{mark}")
    Guidance.objects.create(
        session=session,
        trigger="short_answer",
        episode=99,
        text=f"提醒{mark}",
        suggestions=[f"建议{mark}"],
    )
    profile_update(
        session=session,
        data={
            "nickname": f"昵称{mark}",
            "occupation": f"职业{mark}",
            "about": f"关于{mark}",
            "work_history": [{"title": f"经历{mark}", "years": "2020-2022"}],
        },
    )
    results_save(
        session=session,
        results={
            "values_order": [f"价值{mark}"],
            "edited": {"values": [f"自己写的{mark}"]},
            "evidence": {"V001": {"action": "confirm", "quote": mark}},
        },
    )
    _cards_marked(session, mark)
    CoachingSession.objects.filter(pk=session.pk).update(
        notes={"values": [f"笔记{mark}"]}, round=2
    )
    session.refresh_from_db()
    if checkpointed:
        _turn_checkpointed(session, said)
