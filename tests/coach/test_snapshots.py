"""The snapshot a turn starts from is kept per process, and never stale.

A turn must see everything saved before it: an answer saved a moment ago (here,
in another tab, another daphne or the admin), a profile edit, a step moved in
another tab. The kept snapshot is checked against the session row's version,
which database triggers bump on every write to answers, profile and messages.
"""

import threading

import pytest

from django.db import connection, connections

from agent.api import TurnResult
from coach import selectors, services
from coach.models import Answer, CoachingSession

pytestmark = pytest.mark.django_db


def _reply(text: str = "比如先写下一个场景。") -> TurnResult:
    return TurnResult(
        text=text,
        tools_used=[],
        examples=[],
        guide_questions=[],
        trace={},
        notes={"turns": 1},
    )


def _turn(session, text: str, reply: str = "好的，我们慢慢来。"):
    """Run one turn's database steps; return the snapshot the coach got."""
    turn = services.turn_begin(session=session, text=text)
    services.turn_finish(
        session=session,
        message=turn.message,
        result=_reply(reply),
        reply_id=turn.reply_id,
    )
    return turn.snapshot


def _fresh(session):
    """The snapshot read from scratch, as before anything was kept."""
    return selectors.session_snapshot(
        session=CoachingSession.objects.get(pk=session.pk)
    )


def test_the_kept_snapshot_is_what_a_fresh_read_gives_turn_after_turn(visitor):
    session = visitor.session
    for i in range(13):  # past the ten recent messages the coach sees
        turn = services.turn_begin(session=session, text=f"第{i}条消息")
        assert turn.snapshot == _fresh(session), i
        services.turn_finish(
            session=session,
            message=turn.message,
            result=_reply(f"第{i}条回复"),
            reply_id=turn.reply_id,
        )


def test_an_answer_saved_between_turns_is_in_the_very_next_turn(visitor):
    session = visitor.session
    _turn(session, "什么是价值观？")
    services.answer_save(session=session, question_id="V01", text="家人的健康")
    snapshot = _turn(session, "我写好了第一题")
    assert snapshot.answers["V01"] == "家人的健康"
    services.answer_save(session=session, question_id="V01", text="家人和朋友")
    assert _turn(session, "改了一下").answers["V01"] == "家人和朋友"


def test_a_profile_edit_is_in_the_next_turn(visitor):
    session = visitor.session
    _turn(session, "你好")
    services.profile_update(session=session, data={"nickname": "小林"})
    assert _turn(session, "还记得我吗").user_info["nickname"] == "小林"


def test_a_write_no_service_made_is_seen_too(visitor):
    """Raw SQL, as the admin, an import or another program might write."""
    session = visitor.session
    services.answer_save(session=session, question_id="V01", text="自由")
    _turn(session, "你好")
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE coach_answer SET text = %s WHERE session_id = %s",
            ["安全感", session.pk],
        )
    assert _turn(session, "再看看").answers["V01"] == "安全感"


def test_a_step_moved_in_another_tab_is_in_the_next_turn(visitor):
    session = visitor.session
    _turn(session, "你好")
    other_tab = CoachingSession.objects.get(pk=session.pk)
    services.step_set(session=other_tab, step="strengths_exploration")
    assert _turn(session, "下一步呢").step == "strengths_exploration"


def test_a_stale_full_save_never_turns_the_version_back(visitor):
    session = visitor.session
    held = CoachingSession.objects.get(pk=session.pk)  # read before the answer
    services.answer_save(session=session, question_id="V01", text="自由")
    after_answer = CoachingSession.objects.get(pk=session.pk).data_version
    held.save()  # writes every field, the old version among them
    assert CoachingSession.objects.get(pk=session.pk).data_version > after_answer


@pytest.mark.django_db(transaction=True)
def test_an_answer_saved_by_another_connection_is_in_the_next_turn(knowledge):
    """Another daphne or worker: its own connection, its own (empty) cache."""
    from tests.coach.conftest import make_visitor

    session = make_visitor().session
    _turn(session, "你好")

    def elsewhere() -> None:
        try:
            Answer.objects.create(session_id=session.pk, question_id="V02", text="帮人")
        finally:
            connections.close_all()

    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    assert _turn(session, "第二题写了").answers["V02"] == "帮人"


def test_a_regenerate_reads_afresh_and_leaves_the_old_reply_out(visitor):
    session = visitor.session
    _turn(session, "什么是价值观？", reply="旧的回复")
    latest = selectors.message_latest(session=session)
    turn = services.turn_regenerate(session=session, reply_id=latest.reply_id)
    assert ("coach", "旧的回复") not in turn.snapshot.recent_messages
    services.turn_finish(
        session=session,
        message=turn.message,
        result=_reply("新的回复"),
        reply_id=turn.reply_id,
        replaces=turn.replaces,
    )
    snapshot = services.turn_begin(session=session, text="谢谢").snapshot
    assert snapshot == _fresh(session)
    assert ("coach", "新的回复") in snapshot.recent_messages
