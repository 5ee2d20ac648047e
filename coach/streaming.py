"""The turn loop: limits, the turn service's writes, the agent's stream, Stop.

A Channels consumer handles one frame at a time, so a turn runs as its own
task: the socket keeps saving answers, answering pings and taking `stop`
while the coach writes. The loop talks to the browser only through the
``send`` callable it is given (False: that socket has closed).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from channels.db import database_sync_to_async
from django.db import DatabaseError

from agent.api import TurnDelta, TurnResult, TurnStatus, run_turn
from coach import protocol, push, selectors, services, turn_locks
from coach.models import CoachingSession
from coach.protocol import SAVED_THEN_FAILED, ProtocolError
from coach.ratelimit import BUSY_RETRY_AFTER, Ticket, chat_allow, turn_gate
from knowledge.selectors import guide_question_get

log = logging.getLogger(__name__)
Send = Callable[[dict], Awaitable[bool]]
_running: set[asyncio.Task] = set()  # strong refs: a turn outlives its socket
_turns: dict[int, asyncio.Task] = {}  # session pk -> its turn in this process
_stopping: set[int] = set()  # sessions whose turn was cancelled by Stop
RESUME_WINDOW = 15 * 60  # seconds: older unanswered messages are not resumed
BUSY_ALL = "现在找教练的人有点多，请稍等几秒再发。"
NOT_SAVED = "not_saved"  # error detail: the chat was not stored, the page keeps it
NOT_SAVED_RETRY = 5.0
NOT_SAVED_MESSAGE = (
    "这条消息没有发出去：服务器暂时存不下。文字已放回输入框，稍后再发一次即可。"
)


async def _lock(session: CoachingSession) -> None:
    if not await turn_locks.take(str(session.public_id)):
        raise ProtocolError("busy")


async def _locked(
    session: CoachingSession, begin, *, address: str = ""
) -> tuple[services.Turn, Ticket]:
    """Take a slot or a place in line, the lock, check the rates, run ``begin``.

    ``begin`` saves the message before the turn waits: one in line is not lost.

    On any refusal or error the slot and the lock are given back; on success
    the turn's run gives them back when it ends.
    """
    ticket = turn_gate.enter()
    if ticket is None:  # the line is full too: refused before anything is saved
        raise ProtocolError("busy", retry_after=BUSY_RETRY_AFTER, message=BUSY_ALL)
    try:
        await _lock(session)
    except BaseException:
        ticket.leave()
        raise
    try:
        retry_after = await chat_allow(
            session_key=str(session.public_id), address=address
        )
        if retry_after is not None:
            raise ProtocolError("rate_limited", retry_after=retry_after)
        try:
            return await database_sync_to_async(begin)(), ticket
        except DatabaseError as error:
            # The message itself could not be stored: say so, so the page keeps
            # it and sends it again (same client_id) instead of believing it saved.
            log.warning("chat not saved: %r", error)
            raise ProtocolError(
                "internal",
                NOT_SAVED,
                retry_after=NOT_SAVED_RETRY,
                message=NOT_SAVED_MESSAGE,
            ) from error
    except BaseException:
        ticket.leave()
        await turn_locks.give(str(session.public_id))
        raise


async def turn_start(
    *,
    session: CoachingSession,
    send: Send,
    text: str = "",
    selection: str = "",
    question_id: str = "",
    client_id: str = "",
    guide_id: str | None = None,
    choice: str = "",
    address: str = "",
) -> None:
    """Validate, persist the person's message, and start the agent turn."""
    if guide_id:
        # Served from the in-memory knowledge snapshot: no database thread needed.
        chip = guide_question_get(step=session.step, guide_id=guide_id)
        if chip is None:
            raise ProtocolError("invalid", "guide_id")
        text = chip.text
    turn, ticket = await _locked(
        session,
        lambda: services.turn_begin(
            session=session,
            text=text,
            selection=selection,
            question_id=question_id,
            client_id=client_id,
        ),
        address=address,
    )
    if turn.answered is not None:  # a resend of an answered message: answer again
        ticket.leave()
        await turn_locks.give(str(session.public_id))
        await send(protocol.reply_frame(turn.answered))
        return
    spawn(_turn_run(session, send, turn, ticket, guide_id, choice), session=session)


async def turn_regenerate(
    *, session: CoachingSession, send: Send, reply_id: str, address: str = ""
) -> None:
    """Answer the last reply's message again; the new reply replaces it."""
    turn, ticket = await _locked(
        session,
        lambda: services.turn_regenerate(session=session, reply_id=reply_id),
        address=address,
    )
    spawn(_turn_run(session, send, turn, ticket, None), session=session)


def turn_stop(session_pk: int) -> bool:
    """Stop the session's turn if this process runs it; return whether it did."""
    task = _turns.get(session_pk)
    if task is None or task.done():
        return False
    _stopping.add(session_pk)
    task.cancel()
    return True


def spawn(coro, *, session: CoachingSession | None = None) -> None:
    """Run ``coro`` as a task that may outlive the socket that started it."""
    task = asyncio.create_task(coro)
    _running.add(task)
    task.add_done_callback(_running.discard)
    if session is not None:
        _register(session.pk, task)


def _register(session_pk: int, task: asyncio.Task) -> None:
    """Make ``task`` the one Stop cancels for this session, until it ends."""
    _turns[session_pk] = task

    def forget(done: asyncio.Task) -> None:
        if _turns.get(session_pk) is done:
            del _turns[session_pk]

    task.add_done_callback(forget)


async def turn_resume(
    *, session: CoachingSession, send: Send, closed: Callable[[], bool]
) -> None:
    """Answer a message whose turn died with its process (e.g. a daphne restart).

    If another process still holds the session's lock, look again once it would
    have expired: a live turn keeps refreshing it, a dead one cannot.
    """
    for attempt in range(2):
        message = await database_sync_to_async(selectors.message_unanswered)(
            session=session, within_seconds=RESUME_WINDOW
        )
        if message is None or closed():
            return
        ticket = turn_gate.enter()
        if ticket is None:
            return  # the process and its line are full: the next connect resumes it
        if await turn_locks.take(str(session.public_id)):
            log.info("resuming turn", extra={"message_id": message.pk})
            turn = await database_sync_to_async(services.turn_resumed)(
                session=session, message=message
            )
            task = asyncio.current_task()
            if task is not None:
                _register(session.pk, task)
            await _turn_run(session, send, turn, ticket, None)
            return
        ticket.leave()
        if attempt == 0:
            await asyncio.sleep(turn_locks.LOCK_TTL + 1)


# A Stop before the first word (in line, or before the reply's one delta) still
# saves a reply, and a saved reply is never empty text.
STOPPED_BEFORE_WRITING = "（还没开始写就停下了）"


def _stopped_result(text: str, turn: services.Turn) -> TurnResult:
    notes = dict(turn.snapshot.notes) if turn.snapshot else {}
    return TurnResult(
        text=text if text.strip() else STOPPED_BEFORE_WRITING,
        tools_used=[],
        examples=[],
        guide_questions=[],
        trace={"stopped": True, "chars": len(text)},
        notes=notes,
    )


def _finish(
    session: CoachingSession,
    turn: services.Turn,
    result: TurnResult,
    *,
    stopped: bool,
) -> dict:
    """Save the reply and build its frame data, in one database-thread hop."""
    reply = services.turn_finish(
        session=session,
        message=turn.message,
        result=result,
        reply_id=turn.reply_id,
        replaces=turn.replaces,
        stopped=stopped,
    )
    return selectors.reply_data(reply=reply, new=True)


async def _turn_run(
    session: CoachingSession,
    send: Send,
    turn: services.Turn,
    ticket: Ticket,
    guide_id: str | None,
    choice: str = "",
) -> None:
    """Wait for a slot, stream the agent's reply to ``send``, then save it.

    On Stop (also while the turn still waits in line) the part written is saved.
    """
    reply_id, message = turn.reply_id, turn.message
    assert turn.snapshot is not None  # only an answered resend has none
    stream = run_turn(
        snapshot=turn.snapshot,
        text=message.text,
        selection=message.selection,
        guide_id=guide_id,
        question_id=message.question_id or None,
        choice=choice,
    )
    shown, result, stopped = "", None, False
    try:
        try:
            if not ticket.running:  # the message is saved; say where it waits
                ahead = ticket.ahead()
                await send(protocol.reply_queued(reply_id=reply_id, ahead=ahead))
                await ticket.wait()
            await send(
                protocol.reply_start(
                    reply_id=reply_id,
                    question_id=message.question_id,
                    replaces=turn.replaces,
                )
            )
            async for event in stream:
                if isinstance(event, TurnDelta):
                    shown += event.text
                    await send(protocol.reply_delta(reply_id=reply_id, text=event.text))
                elif isinstance(event, TurnStatus):
                    shown = ""
                    await send(
                        protocol.reply_status(reply_id=reply_id, kind=event.kind)
                    )
                elif isinstance(event, TurnResult):
                    result = event
        except asyncio.CancelledError:
            if session.pk not in _stopping:
                raise  # the server is shutting down: not ours to swallow
            _stopping.discard(session.pk)
            asyncio.current_task().uncancel()  # type: ignore[union-attr]
            stopped = True
        finally:
            await stream.aclose()  # cancels the model call if it is still open
        # Stop after the answer was complete changes nothing: the whole one is saved.
        stopped = result is None
        if result is None:
            result = _stopped_result(shown, turn)
        data = await database_sync_to_async(_finish)(
            session, turn, result, stopped=stopped
        )
        frame = protocol.reply_frame(
            data,
            replaces=turn.replaces,
            guide_mode=result.actions.get("guide_mode", ""),
        )
        if not await send(frame):
            # Another tab or a reconnected socket of this session gets it live.
            await push.reply_push(session.pk, frame)
    except Exception:
        log.exception("turn failed", extra={"session": session.pk})
        # turn_begin stored the message before this task started: it is kept.
        await send(
            ProtocolError("internal", "saved", message=SAVED_THEN_FAILED).frame()
        )
    finally:
        ticket.leave()
        _stopping.discard(session.pk)
        await turn_locks.give(str(session.public_id))
