"""A chat turn's database round trips: the turn path stays lean under load."""

import pytest

from django.db import connection
from django.test.utils import CaptureQueriesContext

from agent.api import TurnResult
from coach import services
from coach.models import ChatMessage, CoachingSession

pytestmark = pytest.mark.django_db


def _result(text: str = "比如先写下一个场景。") -> TurnResult:
    return TurnResult(
        text=text,
        tools_used=["explain_concept"],
        examples=[],
        guide_questions=[],
        trace={},
        notes={"turns": 1},
    )


def _queries(fn) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        fn()
    return [q["sql"] for q in captured.captured_queries]


def test_starting_a_turn_saves_the_message_and_snapshots_in_few_queries(visitor):
    session = visitor.session
    episode = session.activity_episode
    sql = _queries(
        lambda: services.turn_begin(
            session=session, text="什么是价值观？", client_id="c1"
        )
    )
    writes = [q for q in sql if q.split()[0] in {"INSERT", "UPDATE"}]
    # The message, the activity stamp and the void of pending nudges.
    assert len(writes) == 3, sql
    # Those, the session row (its data version), and for this first turn of
    # the process three reads for the snapshot: profile, answers, recent messages.
    assert len([q for q in sql if q.startswith("SELECT")]) == 4, sql
    # One transaction (a savepoint inside the test's own): one commit, not two.
    assert len([q for q in sql if q.startswith("SAVEPOINT")]) == 1, sql
    stored = ChatMessage.objects.get(session=session, client_id="c1")
    assert stored.text == "什么是价值观？"
    fresh = CoachingSession.objects.get(pk=session.pk)
    assert fresh.activity_episode == episode + 1
    assert session.activity_episode == episode + 1  # read back when asked
    assert fresh.guide_due_at == session.guide_due_at
    assert fresh.last_activity_at == session.last_activity_at


def test_a_later_turn_reads_only_the_session_row(visitor):
    session = visitor.session
    turn = services.turn_begin(session=session, text="什么是价值观？")
    services.turn_finish(
        session=session, message=turn.message, result=_result(), reply_id=turn.reply_id
    )
    sql = _queries(lambda: services.turn_begin(session=session, text="能举个例子吗？"))
    # The snapshot kept from the last turn stands: nobody else wrote since.
    assert len([q for q in sql if q.startswith("SELECT")]) == 1, sql
    assert len([q for q in sql if q.split()[0] in {"INSERT", "UPDATE"}]) == 3, sql


def test_a_resend_costs_no_insert_and_returns_the_stored_message(visitor):
    session = visitor.session
    first = services.turn_begin(session=session, text="你好", client_id="same")
    services.turn_finish(
        session=session,
        message=first.message,
        result=_result(),
        reply_id=first.reply_id,
    )
    again = services.turn_begin(session=session, text="你好", client_id="same")
    assert again.answered is not None and again.answered["reply_id"] == first.reply_id
    assert ChatMessage.objects.filter(session=session, role="user").count() == 1


def test_finishing_a_turn_writes_the_reply_and_notes_in_one_transaction(visitor):
    session = visitor.session
    turn = services.turn_begin(session=session, text="什么是价值观？")
    sql = _queries(
        lambda: services.turn_finish(
            session=session,
            message=turn.message,
            result=_result(),
            reply_id=turn.reply_id,
        )
    )
    assert len(sql) <= 4, sql


def test_the_reply_frame_of_a_new_reply_reads_nothing_back(visitor):
    from coach.streaming import _finish

    session = visitor.session
    turn = services.turn_begin(session=session, text="什么是价值观？")
    sql = _queries(lambda: _finish(session, turn, _result(), stopped=False))
    assert not [q for q in sql if q.startswith("SELECT")], sql
