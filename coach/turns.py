"""One chat turn: limits, save first, run the agent as its own task, save reply.

A Channels consumer handles one frame at a time, so the turn runs as a task:
the socket keeps saving answers and answering pings while the coach thinks.
"""

import asyncio
import logging

from channels.db import database_sync_to_async
from django.core.cache import cache

from agent.api import TurnDelta, TurnResult, run_turn
from coach import selectors, services
from coach.models import ChatMessage
from coach.protocol import ProtocolError
from coach.ratelimit import chat_allow
from knowledge.selectors import guide_question_get

log = logging.getLogger(__name__)
_running: set[asyncio.Task] = set()  # strong refs: a turn outlives its socket
# The per-session turn lock is short-lived and refreshed while the turn runs, so a
# turn lost with a crashed daphne frees its session within seconds, not minutes.
LOCK_TTL = 10
LOCK_REFRESH = 4
RESUME_WINDOW = 15 * 60  # seconds: older unanswered messages are not resumed


def _lock_key(session) -> str:
    return f"turn-lock:{session.public_id}"


def reply_frame(reply: ChatMessage) -> dict:
    """Return the final `reply` frame for a stored coach message."""
    return {
        "type": "reply",
        "reply_id": f"r{reply.reply_to_id}",
        "text": reply.text,
        "tools_used": reply.tools_used,
        "examples": reply.examples,
        "guide_questions": reply.guide_questions,
    }


def _reply_of(message: ChatMessage) -> ChatMessage | None:
    return ChatMessage.objects.filter(reply_to=message).first()


def _begin(session, **fields) -> tuple[ChatMessage, ChatMessage | None, object]:
    """Save the message; return it, its earlier reply if a resend, and a snapshot.

    One trip to the database thread instead of three: under load every hop
    queues behind the other sockets' hops.
    """
    message, created = services.message_user_append(session=session, **fields)
    reply = None if created else _reply_of(message)
    snapshot = selectors.session_snapshot(session=session) if reply is None else None
    return message, reply, snapshot


async def turn_start(
    consumer,
    *,
    text: str = "",
    selection: str = "",
    question_id: str = "",
    client_id: str = "",
    guide_id: str | None = None,
) -> None:
    """Validate, persist the person's message, and start the agent turn."""
    session = consumer.session
    if guide_id:
        # Served from the in-memory knowledge snapshot: no database thread needed.
        chip = guide_question_get(step=session.step, guide_id=guide_id)
        if chip is None:
            raise ProtocolError("invalid", "guide_id")
        text = chip.text
    if not await cache.aadd(_lock_key(session), "1", timeout=LOCK_TTL):
        raise ProtocolError("busy")
    try:
        retry_after = await chat_allow(session_key=str(session.public_id))
        if retry_after is not None:
            raise ProtocolError("rate_limited", retry_after=retry_after)
        message, reply, snapshot = await database_sync_to_async(_begin)(
            session,
            text=text,
            selection=selection,
            question_id=question_id or session.question_id,
            client_id=client_id,
        )
        if reply is not None:  # a resend of an answered message: answer again
            await consumer.send_json(reply_frame(reply))
            await cache.adelete(_lock_key(session))
            return
    except BaseException:
        await cache.adelete(_lock_key(session))
        raise
    spawn(_turn_run(consumer, message, guide_id, snapshot))


def spawn(coro) -> None:
    """Run ``coro`` as a task that may outlive the socket that started it."""
    task = asyncio.create_task(coro)
    _running.add(task)
    task.add_done_callback(_running.discard)


async def turn_resume(consumer) -> None:
    """Answer a message whose turn died with its process (e.g. a daphne restart).

    If another process still holds the session's lock, look again once it would
    have expired: a live turn keeps refreshing it, a dead one cannot.
    """
    for attempt in range(2):
        message = await database_sync_to_async(selectors.message_unanswered)(
            session=consumer.session, within_seconds=RESUME_WINDOW
        )
        if message is None or consumer.closed:
            return
        if await cache.aadd(_lock_key(consumer.session), "1", timeout=LOCK_TTL):
            log.info("resuming turn", extra={"message_id": message.pk})
            await _turn_run(consumer, message, None)
            return
        if attempt == 0:
            await asyncio.sleep(LOCK_TTL + 1)


async def _keep_lock(session) -> None:
    while True:
        await asyncio.sleep(LOCK_REFRESH)
        await cache.atouch(_lock_key(session), LOCK_TTL)


async def _send(consumer, frame: dict) -> bool:
    if consumer.closed:
        return False
    try:
        await consumer.send_json(frame)
        return True
    except Exception:  # the socket closed mid-stream; the reply is still saved
        return False


async def _turn_run(
    consumer, message: ChatMessage, guide_id: str | None, snapshot=None
) -> None:
    session = consumer.session
    reply_id = f"r{message.pk}"
    keeper = asyncio.create_task(_keep_lock(session))
    try:
        if snapshot is None:
            snapshot = await database_sync_to_async(selectors.session_snapshot)(
                session=session
            )
        await _send(consumer, {"type": "reply.start", "reply_id": reply_id})
        result = None
        async for event in run_turn(
            snapshot=snapshot,
            text=message.text,
            selection=message.selection,
            guide_id=guide_id,
            question_id=message.question_id or None,
        ):
            if isinstance(event, TurnDelta):
                await _send(
                    consumer,
                    {"type": "reply.delta", "reply_id": reply_id, "text": event.text},
                )
            elif isinstance(event, TurnResult):
                result = event
        reply = await database_sync_to_async(services.reply_save)(
            session=session,
            reply_to=message,
            text=result.text,
            tools_used=result.tools_used,
            examples=result.examples,
            guide_questions=result.guide_questions,
            trace=result.trace,
            notes=result.notes,
            guide_mode=result.actions.get("guide_mode", ""),
        )
        frame = reply_frame(reply)
        if result.actions.get("guide_mode"):
            frame["guide_mode"] = result.actions["guide_mode"]
        if not await _send(consumer, frame):
            # Another tab or a reconnected socket of this session gets it live.
            await consumer.channel_layer.group_send(
                consumer.group, {"type": "chat.reply", "frame": frame}
            )
    except Exception:
        log.exception("turn failed", extra={"session": session.pk})
        await _send(consumer, ProtocolError("internal").frame())
    finally:
        keeper.cancel()
        await cache.adelete(_lock_key(session))
