"""The chat turn over a real socket: question, streaming, Stop, regenerate, ratings.

The model is the local fake OpenAI-compatible server over real HTTP, so what
reaches "the model" is what the fake server received.
"""

import asyncio

import pytest

from coach.models import ChatMessage, Feedback
from knowledge.selectors import question_get
from tests.agent.fake_openai import FakeOpenAI, Step, text
from tests.coach.conftest import connect, reply_to

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("saver_closed"),
]
GOOD = (
    "价值观就是你做选择时最看重的东西。比如看重「自由」的人，被盯着打卡就难受。"
    "你呢？哪次选择最能说明你在意什么？"
)


@pytest.fixture
async def fake(settings):
    server = await FakeOpenAI([text(GOOD)]).start()
    settings.COACH_LLM_MODE = "openai"
    settings.OPENAI_API_KEY = "sk-test"
    settings.OPENAI_BASE_URL = server.url
    settings.COACH_LLM_MODEL = "fake-model"
    yield server
    await server.close()


async def _until(comm, kind: str, timeout: float = 20) -> tuple[list[dict], dict]:
    frames = []
    while True:
        frame = await comm.receive_json_from(timeout=timeout)
        if frame["type"] == kind:
            return frames, frame
        frames.append(frame)


async def test_selection_and_question_on_another_question_reach_the_model(
    visitor, fake
):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "V01"})
    selection = "你因为什么而感到气愤？那份气愤背后是你在守护什么？"
    frames, reply = await reply_to(
        comm,
        {
            "type": "chat",
            "text": "这段话是什么意思？",
            "selection": selection,
            "question_id": "V05",
            "client_id": "sel-1",
        },
    )
    sent = str(fake.requests[0]["messages"])
    assert selection in sent
    assert question_get(question_id="V05").text in sent
    assert question_get(question_id="V01").text not in sent
    assert frames[0]["type"] == "reply.start" and frames[0]["question_id"] == "V05"
    assert reply["question_id"] == "V05"
    assert reply["text"].startswith("（关于第5题）")  # focus was V01: say which one
    message = await ChatMessage.objects.aget(client_id="sel-1")
    assert message.question_id == "V05" and message.selection == selection
    await comm.disconnect()


async def test_a_chip_carries_the_question_on_screen(visitor, fake):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "V01"})
    _, reply = await reply_to(
        comm, {"type": "guide_pick", "guide_id": "guide_3", "question_id": "V06"}
    )
    assert reply["question_id"] == "V06"
    assert "第6题" in reply["text"]
    await comm.disconnect()


async def test_the_answer_streams_as_the_model_writes_it(visitor, fake):
    comm, _ = await connect(visitor)
    frames, reply = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    deltas = [f["text"] for f in frames if f["type"] == "reply.delta"]
    # The fake server writes six characters per chunk; each reaches the socket.
    assert deltas[:3] == [GOOD[0:6], GOOD[6:12], GOOD[12:18]]
    assert "".join(deltas) == reply["text"] == GOOD
    assert reply["stopped"] is False and reply["rating"] is None
    await comm.disconnect()


async def test_tool_rounds_show_a_status(visitor, fake):
    from tests.agent.fake_openai import calls

    fake.script = [calls(("search_content", {"query": "自由"})), text(GOOD)]
    comm, _ = await connect(visitor)
    frames, reply = await reply_to(comm, {"type": "chat", "text": "有关于自由的例子吗"})
    status = next(f for f in frames if f["type"] == "reply.status")
    assert status["status"] == "tool" and status["text"] == "查知识库…"
    assert frames.index(status) < next(
        i for i, f in enumerate(frames) if f["type"] == "reply.delta"
    )
    assert reply["tools_used"] == ["search_content"]
    await comm.disconnect()


async def test_stop_keeps_what_was_written_and_cancels_the_model(visitor, fake):
    fake.script = [Step(content=GOOD, chunk_delay=0.2)]
    comm, _ = await connect(visitor)
    await comm.send_json_to(
        {"type": "chat", "text": "什么是价值观？", "client_id": "c1"}
    )
    shown = ""
    while len(shown) < 12:
        frame = await comm.receive_json_from(timeout=10)
        if frame["type"] == "reply.delta":
            shown += frame["text"]
    await comm.send_json_to({"type": "stop"})
    frames, reply = await _until(comm, "reply", timeout=5)
    shown += "".join(f["text"] for f in frames if f["type"] == "reply.delta")
    assert reply["stopped"] is True
    assert reply["text"] == shown and 12 <= len(shown) < len(GOOD)
    saved = await ChatMessage.objects.aget(role="coach", session=visitor.session)
    assert saved.stopped and saved.text == shown
    assert len(fake.requests) == 1  # cancelled, not retried
    # The partial reply is what a reload shows, marked as stopped.
    await comm.disconnect()
    comm, session = await connect(visitor)
    coach = session["history"][-1]
    assert coach["role"] == "coach" and coach["stopped"] is True
    assert coach["text"] == shown and coach["reply_id"] == reply["reply_id"]
    # The session is free again.
    fake.script = [text(GOOD)]
    _, again = await reply_to(comm, {"type": "chat", "text": "那再说一次"})
    assert again["text"] == GOOD and again["stopped"] is False
    await comm.disconnect()


async def test_stop_with_nothing_running_changes_nothing(visitor, fake):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "stop"})
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_json_from(timeout=5) == {"type": "pong"}
    await comm.disconnect()


async def test_regenerate_replaces_the_last_reply(visitor, fake):
    comm, _ = await connect(visitor)
    _, first = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    fake.script = [text("换个说法：" + GOOD[:60])]
    frames, second = await reply_to(
        comm, {"type": "regenerate", "reply_id": first["reply_id"]}
    )
    assert frames[0]["type"] == "reply.start"
    assert frames[0]["replaces"] == first["reply_id"] == second["replaces"]
    assert second["reply_id"] != first["reply_id"]
    assert second["text"].startswith("换个说法")
    # The model answered the same message, without the old reply in its history.
    last = fake.requests[-1]["messages"]
    assert GOOD not in str(last) and "什么是价值观？" in str(last)
    await comm.disconnect()
    comm, session = await connect(visitor)
    coach = [h for h in session["history"] if h["role"] == "coach"]
    assert [c["reply_id"] for c in coach] == [second["reply_id"]]
    assert (
        await ChatMessage.objects.filter(role="coach").acount() == 2
    )  # kept for admin
    await comm.disconnect()


async def test_only_the_last_reply_of_this_session_can_be_regenerated(
    visitor, other_visitor, fake
):
    comm, _ = await connect(visitor)
    _, first = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    _, second = await reply_to(comm, {"type": "chat", "text": "再举个例子"})
    await comm.send_json_to({"type": "regenerate", "reply_id": first["reply_id"]})
    error = await comm.receive_json_from(timeout=5)
    assert error["code"] == "invalid" and error["detail"] == "reply_id"
    assert error["message"] == "只能重新回答最后一条回复。"
    await comm.send_json_to({"type": "regenerate", "reply_id": "r999999"})
    error = await comm.receive_json_from(timeout=5)
    assert error["code"] == "invalid" and error["detail"] == "reply_id"
    other, _ = await connect(other_visitor)
    await other.send_json_to({"type": "regenerate", "reply_id": second["reply_id"]})
    error = await other.receive_json_from(timeout=5)
    assert error["code"] == "invalid" and error["detail"] == "reply_id"
    await other.disconnect()
    await comm.disconnect()


async def test_feedback_is_saved_acknowledged_and_restored(visitor, fake):
    comm, _ = await connect(visitor)
    _, reply = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    await comm.send_json_to(
        {"type": "feedback", "reply_id": reply["reply_id"], "rating": "down"}
    )
    assert await comm.receive_json_from(timeout=5) == {
        "type": "feedback.saved",
        "reply_id": reply["reply_id"],
        "rating": "down",
    }
    await comm.send_json_to(
        {
            "type": "feedback",
            "reply_id": reply["reply_id"],
            "rating": "up",
            "comment": "例子很贴切",
        }
    )
    assert (await comm.receive_json_from(timeout=5))["rating"] == "up"
    saved = await Feedback.objects.select_related("message").aget()
    assert (saved.rating, saved.comment) == ("up", "例子很贴切")
    assert saved.message.reply_id == reply["reply_id"]
    await comm.disconnect()
    comm, session = await connect(visitor)
    assert session["history"][-1]["rating"] == "up"
    await comm.disconnect()


@pytest.mark.parametrize(
    "frame, code, detail",
    [
        ({"reply_id": "r1", "rating": "meh"}, "invalid", "rating"),
        ({"reply_id": "bogus", "rating": "up"}, "invalid", "reply_id"),
        ({"reply_id": "r424242", "rating": "up"}, "invalid", "reply_id"),
        ({"reply_id": "r1", "rating": "up", "comment": "长" * 501}, "too_long", None),
    ],
    ids=["rating", "malformed-id", "unknown-id", "long-comment"],
)
async def test_bad_feedback_gets_an_error(visitor, fake, frame, code, detail):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "feedback", **frame})
    error = await comm.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == code
    if detail:
        assert error["detail"] == detail
    assert await Feedback.objects.acount() == 0
    await comm.disconnect()


async def test_another_sessions_reply_cannot_be_rated(visitor, other_visitor, fake):
    comm, _ = await connect(visitor)
    _, reply = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    other, _ = await connect(other_visitor)
    await other.send_json_to(
        {"type": "feedback", "reply_id": reply["reply_id"], "rating": "down"}
    )
    error = await other.receive_json_from(timeout=5)
    assert error["code"] == "invalid" and error["detail"] == "reply_id"
    assert await Feedback.objects.acount() == 0
    await other.disconnect()
    await comm.disconnect()


async def test_history_entries_say_what_happened(visitor, fake):
    comm, _ = await connect(visitor)
    _, reply = await reply_to(
        comm,
        {
            "type": "chat",
            "text": "这句话什么意思",
            "selection": "守护什么",
            "question_id": "V05",
            "client_id": "h-1",
        },
    )
    await comm.disconnect()
    comm, session = await connect(visitor)
    user, coach = session["history"]
    assert user["role"] == "user" and user["client_id"] == "h-1"
    assert user["selection"] == "守护什么" and user["question_id"] == "V05"
    assert user["time"]
    assert coach["reply_id"] == reply["reply_id"] and coach["question_id"] == "V05"
    assert coach["rating"] is None and coach["stopped"] is False and coach["time"]
    await comm.disconnect()


async def test_a_resend_after_the_reply_gets_the_same_reply(visitor, fake):
    comm, _ = await connect(visitor)
    _, first = await reply_to(
        comm, {"type": "chat", "text": "什么是价值观？", "client_id": "x"}
    )
    await comm.send_json_to(
        {"type": "chat", "text": "什么是价值观？", "client_id": "x"}
    )
    again = await comm.receive_json_from(timeout=5)
    assert again["type"] == "reply" and again["reply_id"] == first["reply_id"]
    assert len(fake.requests) == 1
    await asyncio.sleep(0)
    await comm.disconnect()


async def test_stop_from_another_tab_stops_the_turn(visitor, fake):
    fake.script = [Step(content=GOOD, chunk_delay=0.2)]
    writer, _ = await connect(visitor)
    other, _ = await connect(visitor)
    await writer.send_json_to({"type": "chat", "text": "什么是价值观？"})
    await _until(writer, "reply.delta", timeout=10)
    await other.send_json_to({"type": "stop"})
    _, reply = await _until(writer, "reply", timeout=5)
    assert reply["stopped"] is True and len(reply["text"]) < len(GOOD)
    await other.disconnect()
    await writer.disconnect()
