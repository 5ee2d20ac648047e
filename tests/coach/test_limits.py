"""Limits beyond one session: per address, per process, answer frames, storage."""

import asyncio
import uuid
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from django.contrib.sessions.models import Session
from django.test import override_settings
from django.utils import timezone

from coach.models import Answer, AnswerRevision, ChatMessage, CoachingSession
from coach.services import answer_save
from coach.services.cleanup import sessions_prune
from tests.coach.conftest import make_visitor as _make_visitor
from tests.coach.conftest import reply_to
from tests.coach.test_consumers import SlowTurn


async def make_visitor():
    """Create a visitor (session row and cookie) off the event loop."""
    return await sync_to_async(_make_visitor)()


async def connect_from(visitor, address: str):
    """Open the visitor's socket as coming from ``address`` (daphne's scope)."""
    comm = visitor.communicator()
    comm.scope["client"] = (address, 40000)
    connected, _ = await comm.connect(timeout=10)
    assert connected
    assert (await comm.receive_json_from(timeout=10))["type"] == "session"
    return comm


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("saver_closed", "knowledge")
@override_settings(CHAT_RATE_PER_ADDRESS=3)
async def test_new_cookies_from_one_address_share_its_chat_limit():
    address = f"10.13.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"
    visitors = [await make_visitor() for _ in range(3)]
    sockets = [await connect_from(v, address) for v in visitors]
    for i, comm in enumerate(sockets[:2]):
        await reply_to(comm, {"type": "chat", "text": f"能给我一个示例吗？{i}"})
    await reply_to(sockets[2], {"type": "chat", "text": "能给我一个示例吗？2"})
    # A fourth cookie, fresh session, same address: refused before any write.
    await sockets[2].send_json_to({"type": "chat", "text": "再来一个"})
    error = await sockets[2].receive_json_from(timeout=5)
    assert error["code"] == "rate_limited" and error["retry_after"] > 0
    assert not await ChatMessage.objects.filter(text="再来一个").aexists()
    # Another address is not affected.
    other = await connect_from(await make_visitor(), "10.99.0.1")
    _, reply = await reply_to(other, {"type": "chat", "text": "能给我一个示例吗？"})
    assert reply["type"] == "reply"
    for comm in [*sockets, other]:
        await comm.disconnect()


async def until_reply(comm) -> list[dict]:
    """Return the frames up to and including the final `reply`."""
    frames = [await comm.receive_json_from(timeout=5)]
    while frames[-1]["type"] != "reply":
        assert frames[-1]["type"] != "error", frames[-1]
        frames.append(await comm.receive_json_from(timeout=5))
    return frames


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("saver_closed", "knowledge")
@override_settings(COACH_LLM_MODE="openai", COACH_MAX_MODEL_TURNS=1, COACH_TURN_QUEUE=1)
async def test_a_model_turn_beyond_the_cap_waits_in_line_and_is_answered(
    monkeypatch,
):
    slow = SlowTurn()  # stands in for a model taking its time
    monkeypatch.setattr("coach.streaming.run_turn", slow)
    a, b, c = [
        await connect_from(await make_visitor(), f"10.1.1.{i}") for i in (1, 2, 3)
    ]
    await a.send_json_to({"type": "chat", "text": "第一条"})
    await asyncio.wait_for(slow.started.wait(), 5)
    # The cap is reached: the next person waits in line, told where they are,
    # and their message is already saved while they wait.
    await b.send_json_to({"type": "chat", "text": "排队的这一条"})
    queued = await b.receive_json_from(timeout=5)
    assert queued["type"] == "reply.queued"
    assert queued["ahead"] == 0 and "马上轮到你" in queued["text"]
    assert await ChatMessage.objects.filter(text="排队的这一条").aexists()
    # Only a full line refuses, before anything is saved.
    await c.send_json_to({"type": "chat", "text": "队也满了"})
    error = await c.receive_json_from(timeout=5)
    assert error["code"] == "busy" and error["retry_after"] > 0
    assert "稍等" in error["message"]
    assert not await ChatMessage.objects.filter(text="队也满了").aexists()
    slow.release.set()
    assert (await until_reply(a))[-1]["type"] == "reply"
    # The freed slot goes to the one in line: its reply starts and ends.
    frames = await until_reply(b)
    assert frames[0]["type"] == "reply.start"
    assert frames[0]["reply_id"] == queued["reply_id"] == frames[-1]["reply_id"]
    for comm in (a, b, c):
        await comm.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("saver_closed", "knowledge")
@override_settings(COACH_MAX_TURNS=1, COACH_MAX_MODEL_TURNS=100, COACH_TURN_QUEUE=0)
async def test_offline_turns_stay_bounded_and_a_full_line_gets_busy(monkeypatch):
    # The offline coach (the test default) is CPU-bound: its own small cap
    # applies, not the model's; with no line, the next turn is refused.
    slow = SlowTurn()
    monkeypatch.setattr("coach.streaming.run_turn", slow)
    first, second = await make_visitor(), await make_visitor()
    a = await connect_from(first, "10.1.0.1")
    b = await connect_from(second, "10.1.0.2")
    await a.send_json_to({"type": "chat", "text": "第一条"})
    await asyncio.wait_for(slow.started.wait(), 5)
    await b.send_json_to({"type": "chat", "text": "另一个人的第一条"})
    error = await b.receive_json_from(timeout=5)
    assert error["code"] == "busy" and error["retry_after"] > 0
    assert "稍等" in error["message"]
    assert not await ChatMessage.objects.filter(text="另一个人的第一条").aexists()
    slow.release.set()
    while (await a.receive_json_from(timeout=5))["type"] != "reply":
        pass
    # The slot is free again once the turn ended.
    slow.release = asyncio.Event()
    slow.release.set()
    _, reply = await reply_to(b, {"type": "chat", "text": "现在呢"})
    assert reply["type"] == "reply"
    await a.disconnect()
    await b.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.usefixtures("saver_closed", "knowledge")
@override_settings(ANSWER_RATE_PER_MINUTE=5)
async def test_answer_frames_beyond_the_session_rate_are_refused():
    visitor = await make_visitor()
    comm = await connect_from(visitor, "10.2.0.1")
    for i in range(5):
        await comm.send_json_to(
            {"type": "answer", "question_id": "V01", "text": f"{i}"}
        )
        assert (await comm.receive_json_from(timeout=5))["type"] == "answer.saved"
    await comm.send_json_to({"type": "answer", "question_id": "V01", "text": "太快了"})
    error = await comm.receive_json_from(timeout=5)
    assert error["code"] == "rate_limited" and error["detail"] == "question_id"
    assert error["retry_after"] > 0
    answer = await Answer.objects.aget(session=visitor.session)
    assert answer.text == "4"
    await comm.disconnect()


@pytest.mark.django_db
@override_settings(ANSWER_REVISION_WINDOW=30, ANSWER_REVISIONS_KEPT=3)
def test_a_burst_of_edits_keeps_one_revision_and_the_history_is_capped(knowledge):
    session = CoachingSession.objects.create()
    for i in range(200):  # a client hammering one answer
        answer_save(session=session, question_id="V01", text=f"第{i}版")
    answer = Answer.objects.get(session=session)
    assert answer.text == "第199版"
    assert [r.text for r in answer.revisions.all()] == ["第0版"]
    # Edits spread over time keep one revision each, up to the cap.
    for day in range(1, 6):
        AnswerRevision.objects.filter(answer=answer).update(
            created_at=timezone.now() - timedelta(days=day)
        )
        answer_save(session=session, question_id="V01", text=f"第{day}天")
    assert answer.revisions.count() == 3
    assert answer.revisions.first().text == "第4天"


@pytest.mark.django_db
def test_sessions_prune_drops_expired_empty_sessions_and_keeps_data(knowledge):
    from django.contrib.sessions.backends.db import SessionStore

    old = timezone.now() - timedelta(days=61)
    empty_old, with_answer, with_chat, recent = (
        CoachingSession.objects.create() for _ in range(4)
    )
    answer_save(session=with_answer, question_id="V01", text="外婆")
    ChatMessage.objects.create(session=with_chat, role="user", text="你好")
    CoachingSession.objects.filter(
        pk__in=[empty_old.pk, with_answer.pk, with_chat.pk]
    ).update(last_activity_at=old)
    expired = SessionStore()
    expired["x"] = 1
    expired.set_expiry(-1)
    expired.save()
    assert sessions_prune() == {"coaching_sessions": 1}
    left = set(CoachingSession.objects.values_list("pk", flat=True))
    assert left == {with_answer.pk, with_chat.pk, recent.pk}
    assert not Session.objects.filter(session_key=expired.session_key).exists()


@pytest.mark.django_db
def test_an_empty_session_goes_after_a_day_one_with_data_stays(knowledge):
    empty, kept = CoachingSession.objects.create(), CoachingSession.objects.create()
    answer_save(session=kept, question_id="V01", text="外婆")
    day_ago = timezone.now() - timedelta(days=1, minutes=5)
    CoachingSession.objects.filter(pk__in=[empty.pk, kept.pk]).update(
        last_activity_at=day_ago
    )
    fresh = CoachingSession.objects.create()  # started an hour ago: still kept
    assert sessions_prune() == {"coaching_sessions": 1}
    assert set(CoachingSession.objects.values_list("pk", flat=True)) == {
        kept.pk,
        fresh.pk,
    }


@pytest.mark.django_db(transaction=True)
def test_one_address_cannot_create_sessions_without_end(knowledge, settings):
    from django.test import Client

    settings.SESSION_CREATE_RATE = 5
    address = f"10.9.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"
    codes = [
        Client().post("/session/", REMOTE_ADDR=address).status_code for _ in range(8)
    ]
    assert codes[:5] == [204] * 5 and codes[5:] == [429] * 3
    refused = Client().post("/session/", REMOTE_ADDR=address)
    assert "稍等一分钟" in refused.json()["message"] and refused["Retry-After"]
    assert CoachingSession.objects.count() == 5
    other = Client()  # someone else is not held up
    assert other.post("/session/", REMOTE_ADDR="10.8.0.1").status_code == 204
    # A visitor who has a workbook already is never counted again.
    for _ in range(3):
        assert other.post("/session/", REMOTE_ADDR=address).status_code == 204
