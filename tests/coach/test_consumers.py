"""The WebSocket protocol as a browser sees it (real ASGI stack, real Redis layer)."""

import asyncio
import json

import pytest

from channels.layers import get_channel_layer

from agent.api import TurnDelta, TurnResult
from coach.models import Answer, AnswerRevision, ChatMessage, CoachingSession, Guidance
from coach.protocol import guidance_frame
from coach.push import group_name
from coach.selectors import guidance_data
from tests.coach.conftest import connect, reply_to

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("saver_closed"),
]


async def fresh(session: CoachingSession) -> CoachingSession:
    return await CoachingSession.objects.aget(pk=session.pk)


async def test_socket_without_a_page_visit_is_closed(knowledge):
    from channels.testing import WebsocketCommunicator

    from coach.asgi import application
    from tests.coach.conftest import ORIGIN

    comm = WebsocketCommunicator(application, "/ws/coach/", headers=[ORIGIN])
    connected, code = await comm.connect(timeout=10)
    assert not connected and code == 4403
    await comm.disconnect()


@pytest.mark.parametrize(
    "origin", [(b"origin", b"http://evil.example"), None], ids=["foreign", "missing"]
)
async def test_foreign_or_missing_origin_is_refused(visitor, origin):
    comm = visitor.communicator(origin=origin)
    connected, _ = await comm.connect(timeout=10)
    assert not connected
    await comm.disconnect()


async def test_connect_sends_the_session_frame(visitor):
    comm, frame = await connect(visitor)
    assert frame["session_id"] == str(visitor.session.public_id)
    assert frame["step"] == "values_exploration"
    assert [s["id"] for s in frame["steps"]] == [
        "values_exploration",
        "strengths_exploration",
        "interests_exploration",
        "synthesis",
    ]
    ids = {q["id"] for q in frame["questions"]}
    assert {"V01", "S01", "P01"} <= ids
    assert frame["guide_questions"]["values_exploration"][0]["id"] == "guide_1"
    assert frame["history"] == [] and frame["answers"] == {}
    assert frame["guide_mode"] == "normal" and frame["unread_guidance"] == []
    await comm.disconnect()


async def test_ping_gets_pong_and_is_not_activity(visitor):
    comm, _ = await connect(visitor)
    before = (await fresh(visitor.session)).activity_episode
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=5) == {"type": "pong"}
    assert (await fresh(visitor.session)).activity_episode == before
    await comm.disconnect()


async def test_answer_is_saved_with_progress_and_history(visitor):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "answer", "question_id": "V01", "text": "外婆"})
    saved = await comm.receive_json_from(timeout=5)
    assert saved["type"] == "answer.saved" and saved["question_id"] == "V01"
    assert saved["progress"]["done"] == 1 and saved["progress"]["total"] >= 7
    await comm.send_json_to(
        {"type": "answer", "question_id": "V01", "text": "外婆六十岁学画画"}
    )
    await comm.receive_json_from(timeout=5)
    answer = await Answer.objects.aget(session=visitor.session, question_id="V01")
    assert answer.text == "外婆六十岁学画画"
    revisions = [r async for r in AnswerRevision.objects.filter(answer=answer)]
    assert [r.text for r in revisions] == ["外婆"]
    await comm.disconnect()
    comm, frame = await connect(visitor)
    assert frame["answers"] == {"V01": "外婆六十岁学画画"}
    await comm.disconnect()


async def test_focus_step_and_preference_update_the_session(visitor):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "S03"})
    await comm.send_json_to({"type": "step", "step": "strengths_exploration"})
    await comm.send_json_to({"type": "preference", "guide_mode": "quiet"})
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from(timeout=5))["type"] == "pong"
    session = await fresh(visitor.session)
    assert session.focus_question_id == "S03" and session.focus_since is not None
    assert session.step == "strengths_exploration" and session.guide_mode == "quiet"
    assert session.activity_episode == 3
    assert session.guide_due_at is None  # quiet: no nudge will ever be due
    await comm.disconnect()


async def test_presence_tells_when_the_page_was_left_and_is_not_activity(visitor):
    comm, _ = await connect(visitor)
    before = await fresh(visitor.session)
    await comm.send_json_to({"type": "presence", "visible": False})
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from(timeout=5))["type"] == "pong"
    hidden = await fresh(visitor.session)
    assert hidden.away_since is not None
    assert hidden.activity_episode == before.activity_episode  # not activity
    await comm.send_json_to({"type": "presence", "visible": True})
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from(timeout=5))["type"] == "pong"
    assert (await fresh(visitor.session)).away_since is None
    await comm.disconnect()  # a closed tab counts as away
    assert (await fresh(visitor.session)).away_since is not None


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("{not json", "bad_json"),
        (json.dumps({"type": "teleport"}), "unknown_type"),
        (json.dumps(["chat"]), "invalid"),
        (json.dumps({"type": "chat"}), "invalid"),
        (json.dumps({"type": "chat", "text": "   "}), "invalid"),
        (json.dumps({"type": "chat", "text": 42}), "invalid"),
        (json.dumps({"type": "answer", "question_id": "X99", "text": "a"}), "invalid"),
        (json.dumps({"type": "answer", "question_id": "V77", "text": "a"}), "invalid"),
        (json.dumps({"type": "focus", "question_id": "S99"}), "invalid"),
        (json.dumps({"type": "step", "step": "nirvana"}), "invalid"),
        (json.dumps({"type": "preference", "guide_mode": "loud"}), "invalid"),
        (json.dumps({"type": "guidance_read", "guidance_id": "x"}), "invalid"),
        (json.dumps({"type": "guide_pick", "guide_id": "guide_99"}), "invalid"),
        (json.dumps({"type": "chat", "text": "问" * 2001}), "too_long"),
        (
            json.dumps({"type": "answer", "question_id": "V01", "text": "a" * 2001}),
            "too_long",
        ),
        (json.dumps({"type": "chat", "text": "a" * 9000}), "too_long"),
    ],
)
async def test_bad_frames_get_an_error_and_the_socket_stays_open(visitor, raw, code):
    comm, _ = await connect(visitor)
    await comm.send_to(text_data=raw)
    error = await comm.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code
    assert error["message"] and all(ord(ch) < 0x10000 for ch in error["message"])
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=5) == {"type": "pong"}
    assert await ChatMessage.objects.filter(session=visitor.session).acount() == 0
    await comm.disconnect()


async def test_binary_frame_gets_invalid(visitor):
    comm, _ = await connect(visitor)
    await comm.send_to(bytes_data=b"\x00\x01")
    assert (await comm.receive_json_from(timeout=5))["code"] == "invalid"
    await comm.disconnect()


async def test_chat_streams_a_grounded_reply_and_saves_both_messages(visitor):
    comm, _ = await connect(visitor)
    frames, reply = await reply_to(
        comm, {"type": "chat", "text": "什么是价值观？", "client_id": "c1"}
    )
    assert frames[0]["type"] == "reply.start"
    deltas = [f for f in frames if f["type"] == "reply.delta"]
    assert deltas and "".join(d["text"] for d in deltas) == reply["text"]
    assert all(f["reply_id"] == reply["reply_id"] for f in frames)
    assert "比如" in reply["text"] or "例如" in reply["text"]
    assert reply["tools_used"]
    rows = [m async for m in ChatMessage.objects.filter(session=visitor.session)]
    assert [m.role for m in rows] == ["user", "coach"]
    assert rows[0].text == "什么是价值观？" and rows[1].text == reply["text"]
    assert rows[1].trace["rounds"] >= 1 and "latency_ms" in rows[1].trace
    await comm.disconnect()


async def test_guide_pick_answers_the_chip_of_the_current_step(visitor):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "V02"})
    _, reply = await reply_to(comm, {"type": "guide_pick", "guide_id": "guide_2"})
    assert reply["text"]
    first = await ChatMessage.objects.filter(session=visitor.session).afirst()
    assert first.text == "能给我一个示例吗？"
    await comm.disconnect()


async def test_resend_with_same_client_id_is_not_processed_twice(visitor):
    comm, _ = await connect(visitor)
    _, first = await reply_to(
        comm, {"type": "chat", "text": "能给我一个示例吗？", "client_id": "same-1"}
    )
    _, again = await reply_to(
        comm, {"type": "chat", "text": "能给我一个示例吗？", "client_id": "same-1"}
    )
    assert again["reply_id"] == first["reply_id"] and again["text"] == first["text"]
    assert await ChatMessage.objects.filter(session=visitor.session).acount() == 2
    await comm.disconnect()


class SlowTurn:
    """A turn that waits for the test: stands in for a slow real LLM."""

    def __init__(self):
        self.release = asyncio.Event()
        self.started = asyncio.Event()

    async def __call__(
        self,
        *,
        snapshot,
        text,
        selection="",
        guide_id=None,
        question_id=None,
        choice="",
    ):
        self.started.set()
        yield TurnDelta(text="比如，")
        await asyncio.wait_for(self.release.wait(), 10)
        yield TurnDelta(text="先想一个具体的人。")
        yield TurnResult(
            text="比如，先想一个具体的人。",
            tools_used=["guide_question"],
            examples=[],
            guide_questions=[],
            notes={},
            trace={"rounds": 1, "latency_ms": 1, "fallback": False},
        )


async def test_a_second_chat_while_the_coach_answers_gets_busy(visitor, monkeypatch):
    slow = SlowTurn()
    monkeypatch.setattr("coach.streaming.run_turn", slow)
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "chat", "text": "第一条"})
    await asyncio.wait_for(slow.started.wait(), 5)
    await comm.send_json_to({"type": "chat", "text": "第二条"})
    frames = [await comm.receive_json_from(timeout=5) for _ in range(3)]
    assert [f["type"] for f in frames] == ["reply.start", "reply.delta", "error"]
    assert frames[2]["code"] == "busy"
    # The socket keeps serving other frames while the turn runs.
    await comm.send_json_to({"type": "answer", "question_id": "V03", "text": "做公益"})
    slow.release.set()
    seen = []
    while not {"reply", "answer.saved"} <= {f["type"] for f in seen}:
        seen.append(await comm.receive_json_from(timeout=5))
    users = ChatMessage.objects.filter(session=visitor.session, role="user")
    assert [m.text async for m in users] == ["第一条"]
    await comm.disconnect()


async def test_reply_is_saved_after_a_mid_stream_disconnect_and_shown_on_reconnect(
    visitor, monkeypatch
):
    slow = SlowTurn()
    monkeypatch.setattr("coach.streaming.run_turn", slow)
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "chat", "text": "我不太确定怎么回答"})
    await asyncio.wait_for(slow.started.wait(), 5)
    await comm.disconnect()
    slow.release.set()
    for _ in range(50):
        if await ChatMessage.objects.filter(
            session=visitor.session, role="coach"
        ).aexists():
            break
        await asyncio.sleep(0.1)
    comm, frame = await connect(visitor)
    assert [h["role"] for h in frame["history"]] == ["user", "coach"]
    assert frame["history"][1]["text"] == "比如，先想一个具体的人。"
    await comm.disconnect()


async def test_more_than_twenty_chats_a_minute_are_rate_limited(visitor):
    comm, _ = await connect(visitor)
    for i in range(20):
        await reply_to(comm, {"type": "chat", "text": f"能给我一个示例吗？{i}"})
    await comm.send_json_to({"type": "chat", "text": "再来一个"})
    error = await comm.receive_json_from(timeout=5)
    assert error["code"] == "rate_limited" and error["retry_after"] > 0
    assert (
        await ChatMessage.objects.filter(
            session=visitor.session, text="再来一个"
        ).acount()
        == 0
    )
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=5) == {"type": "pong"}
    await comm.disconnect()


async def _guidance_for(session, **kw) -> Guidance:
    return await Guidance.objects.acreate(
        session=session,
        trigger="idle_timeout",
        episode=kw.get("episode", 1),
        text="你已经10分钟没有操作了。",
        examples=[],
        suggestions=[],
        guide_questions=[],
    )


async def test_pushed_guidance_is_forwarded_marked_delivered_then_read(visitor):
    comm, _ = await connect(visitor)
    guidance = await _guidance_for(visitor.session)
    await get_channel_layer().group_send(
        group_name(visitor.session.pk),
        {"type": "chat.guidance", "frame": guidance_frame(guidance_data(guidance))},
    )
    frame = await comm.receive_json_from(timeout=5)
    assert frame["type"] == "guidance" and frame["guidance_id"] == guidance.pk
    assert frame["trigger"] == "idle_timeout"
    await comm.send_json_to({"type": "guidance_read", "guidance_id": guidance.pk})
    await comm.send_json_to({"type": "ping"})
    await comm.receive_json_from(timeout=5)
    await guidance.arefresh_from_db()
    assert guidance.delivered_at is not None and guidance.read_at is not None
    await comm.disconnect()


async def test_a_ping_rejoins_the_group_a_restarted_redis_forgot(visitor):
    comm, _ = await connect(visitor)
    layer, group = get_channel_layer(), group_name(visitor.session.pk)
    # What a Redis restart leaves to a socket whose connection to it recovered.
    await layer.connection(layer.consistent_hash(group)).delete(layer._group_key(group))
    frame = {"type": "reply", "reply_id": 1, "text": "比如……"}
    await layer.group_send(group, {"type": "chat.reply", "frame": frame})
    assert await comm.receive_nothing(timeout=0.5)
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=5) == {"type": "pong"}
    await layer.group_send(group, {"type": "chat.reply", "frame": frame})
    assert await comm.receive_json_from(timeout=5) == frame
    await comm.disconnect()


async def test_unread_guidance_waits_for_the_next_connect(visitor):
    guidance = await _guidance_for(visitor.session)
    comm, frame = await connect(visitor)
    assert [g["guidance_id"] for g in frame["unread_guidance"]] == [guidance.pk]
    await comm.disconnect()


async def test_delivered_nudges_are_in_history_in_time_order(visitor):
    comm, _ = await connect(visitor)
    await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    pushed = await _guidance_for(visitor.session, episode=2)
    await get_channel_layer().group_send(
        group_name(visitor.session.pk),
        {"type": "chat.guidance", "frame": guidance_frame(guidance_data(pushed))},
    )
    assert (await comm.receive_json_from(timeout=5))["type"] == "guidance"
    await comm.send_json_to({"type": "ping"})  # the delivery mark is written first
    assert (await comm.receive_json_from(timeout=5))["type"] == "pong"
    await reply_to(comm, {"type": "chat", "text": "能举个例子吗？"})
    waiting = await _guidance_for(visitor.session, episode=3)  # not delivered yet
    await comm.disconnect()

    comm, frame = await connect(visitor)
    history = frame["history"]
    roles = [h["role"] for h in history]
    assert roles == ["user", "coach", "guidance", "user", "coach"]
    nudge = history[2]
    assert nudge["guidance_id"] == pushed.pk and nudge["trigger"] == "idle_timeout"
    assert nudge["text"] == "你已经10分钟没有操作了。" and nudge["time"]
    assert history[1]["time"] <= nudge["time"] <= history[3]["time"]
    assert nudge["read"] is False
    # Both are unread; the one still waiting is not (yet) in the history.
    unread = [g["guidance_id"] for g in frame["unread_guidance"]]
    assert unread == [pushed.pk, waiting.pk]
    await comm.disconnect()
    comm, frame = await connect(visitor)  # delivered on that connect: now history
    assert [h.get("guidance_id") for h in frame["history"]][-1] == waiting.pk
    await comm.disconnect()


async def test_two_visitors_never_see_each_others_data(visitor, other_visitor):
    a, _ = await connect(visitor)
    await a.send_json_to({"type": "answer", "question_id": "V01", "text": "秘密答案"})
    await a.receive_json_from(timeout=5)
    await reply_to(a, {"type": "chat", "text": "我的秘密问题"})
    mine = await _guidance_for(visitor.session)
    b, frame = await connect(other_visitor)
    assert frame["answers"] == {} and frame["history"] == []
    assert frame["unread_guidance"] == []
    assert "秘密" not in json.dumps(frame, ensure_ascii=False)
    await b.send_json_to({"type": "guidance_read", "guidance_id": mine.pk})
    assert (await b.receive_json_from(timeout=5))["code"] == "invalid"
    await mine.arefresh_from_db()
    assert mine.read_at is None
    # A nudge pushed to A's group never reaches B.
    await get_channel_layer().group_send(
        group_name(visitor.session.pk),
        {"type": "chat.guidance", "frame": guidance_frame(guidance_data(mine))},
    )
    assert (await a.receive_json_from(timeout=5))["type"] == "guidance"
    assert await b.receive_nothing(timeout=0.5)
    await a.disconnect()
    await b.disconnect()


async def test_a_turn_lost_with_its_process_is_resumed_on_reconnect(visitor):
    # As if daphne died after saving the message and before the coach replied.
    await ChatMessage.objects.acreate(
        session=visitor.session, role="user", text="什么是擅长的事？"
    )
    comm, frame = await connect(visitor)
    assert [h["role"] for h in frame["history"]] == ["user"]
    reply = await comm.receive_json_from(timeout=10)
    while reply["type"] != "reply":
        reply = await comm.receive_json_from(timeout=10)
    assert reply["text"]
    roles = [m.role async for m in ChatMessage.objects.filter(session=visitor.session)]
    assert roles == ["user", "coach"]
    await comm.disconnect()


@pytest.mark.parametrize(
    "frame",
    [
        {"type": "chat", "text": "我的问题"},
        {"type": "guide_pick", "guide_id": "guide_1"},
        {"type": "answer", "question_id": "V01", "text": "别人的回答"},
        {"type": "focus", "question_id": "S05"},
        {"type": "step", "step": "synthesis"},
        {"type": "preference", "guide_mode": "quiet"},
        {"type": "guidance_read", "guidance_id": 1},
        {"type": "ping"},
    ],
    ids=lambda f: f["type"],
)
async def test_every_message_type_touches_only_the_senders_session(
    visitor, other_visitor, frame
):
    a, _ = await connect(visitor)
    await a.send_json_to({"type": "answer", "question_id": "V01", "text": "秘密答案"})
    await a.receive_json_from(timeout=5)
    mine = await _guidance_for(visitor.session, episode=99)
    before = await fresh(visitor.session)
    b, _ = await connect(other_visitor)
    await b.send_json_to(
        {**frame, "guidance_id": mine.pk} if "guidance_id" in frame else frame
    )
    await b.send_json_to({"type": "ping"})
    seen = []
    while not seen or seen[-1]["type"] != "pong":
        seen.append(await b.receive_json_from(timeout=20))
    assert "秘密" not in json.dumps(seen, ensure_ascii=False)
    after = await fresh(visitor.session)
    assert (
        after.step,
        after.guide_mode,
        after.focus_question_id,
        after.activity_episode,
    ) == (
        before.step,
        before.guide_mode,
        before.focus_question_id,
        before.activity_episode,
    )
    answer = await Answer.objects.aget(session=visitor.session, question_id="V01")
    assert answer.text == "秘密答案"
    await mine.arefresh_from_db()
    assert mine.read_at is None
    assert not await ChatMessage.objects.filter(session=visitor.session).aexists()
    assert await a.receive_nothing(timeout=0.3)  # nothing of B's leaks to A
    await a.disconnect()
    await b.disconnect()


async def test_an_answer_that_fails_to_save_is_never_said_to_be_saved(
    visitor, monkeypatch
):
    def broken(**kwargs):
        raise RuntimeError("database is locked")

    monkeypatch.setattr("coach.services.answer_receive", broken)
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "answer", "question_id": "V01", "text": "外婆"})
    error = await comm.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "internal"
    assert "保存" not in error["message"] and "稍后再试" in error["message"]
    assert not await Answer.objects.filter(session=visitor.session).aexists()
    await comm.disconnect()


async def test_a_turn_that_fails_after_the_message_is_stored_says_it_is_kept(
    visitor, monkeypatch
):
    async def broken(*args, **kwargs):
        raise RuntimeError("the graph broke")
        yield  # an async generator, like run_turn

    monkeypatch.setattr("coach.streaming.run_turn", broken)
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "chat", "text": "我该从哪一题开始？"})
    frames = [await comm.receive_json_from(timeout=5) for _ in range(2)]
    error = next(f for f in frames if f["type"] == "error")
    assert error["code"] == "internal" and "你的消息已经保存" in error["message"]
    stored = await ChatMessage.objects.filter(session=visitor.session).afirst()
    assert stored is not None and stored.text == "我该从哪一题开始？"
    await comm.disconnect()


async def test_a_chat_the_database_cannot_store_is_refused_as_not_saved(
    visitor, monkeypatch
):
    from django.db import OperationalError

    def locked(**kwargs):
        raise OperationalError("database is locked")

    comm, _ = await connect(visitor)
    monkeypatch.setattr("coach.services.turn_begin", locked)
    await comm.send_json_to({"type": "chat", "text": "你好", "client_id": "c-1"})
    error = await comm.receive_json_from(timeout=10)
    assert error["type"] == "error" and error["code"] == "internal"
    assert error["detail"] == "not_saved" and error["retry_after"] > 0
    assert "没有发出去" in error["message"]
    assert not await ChatMessage.objects.filter(session=visitor.session).aexists()
    monkeypatch.undo()  # the database is back: the same client_id goes through
    _, reply = await reply_to(
        comm, {"type": "chat", "text": "你好", "client_id": "c-1"}
    )
    assert reply["text"]
    await comm.disconnect()
