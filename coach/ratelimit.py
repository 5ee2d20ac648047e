"""Limits on what sockets may ask for, shared by every daphne process through Redis.

Per session (chats, answer saves), per client address (chats: cookies cost
nothing, so a session limit alone is no limit) and per process (turns
running at once, and a short line of turns waiting for one).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from functools import cache
from urllib.parse import urlsplit

from limits import RateLimitItemPerMinute
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from django.conf import settings

from coach.redispool import loop_client

BUSY_RETRY_AFTER = 5.0  # seconds: a model turn usually ends within this

log = logging.getLogger(__name__)


def _storage_uri(redis_url: str) -> str:
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":
        return f"async+redis+unix://{parts.path}"
    return f"async+{redis_url}"


# Async Redis connections belong to one event loop: one limiter per loop
# (daphne has one loop; tests start a new loop per test), on the loop's bounded
# pool (its own would hold up to 1,000 connections, never given back).
@cache
def _limiter(loop_id: int) -> MovingWindowRateLimiter:
    storage = RedisStorage(
        _storage_uri(settings.REDIS_URL),
        implementation="redispy",
        key_prefix="coach-limits",
        # Its timeouts (a stalled Redis costs a chat a second) are the pool's;
        # limits types its options as scalars, but passes this one through.
        connection_pool=loop_client(loop_id).connection_pool,  # type: ignore[arg-type]
    )
    return MovingWindowRateLimiter(storage)


async def _allow(per_minute: int, *keys: str) -> float | None:
    """Count one hit; return None if allowed, else seconds until the next slot."""
    item = RateLimitItemPerMinute(per_minute)
    limiter = _limiter(id(asyncio.get_running_loop()))
    if await limiter.hit(item, *keys):
        return None
    stats = await limiter.get_window_stats(item, *keys)
    return max(1.0, round(stats.reset_time - time.time(), 1))


def client_address(scope: dict) -> str:
    """Return the socket's client address ("" when the server does not know it).

    daphne puts the peer's address in ``scope["client"]``; behind a configured
    proxy (``TRUSTED_PROXY``, daphne's ``--proxy-headers``) it is the address
    the proxy forwarded, never a header a client could forge by itself.
    """
    client = scope.get("client")
    return str(client[0]) if client else ""


async def chat_allow(*, session_key: str, address: str = "") -> float | None:
    """Count one chat for the session and its address; None if both allow it."""
    retry_after = await _allow(settings.CHAT_RATE_PER_MINUTE, "chat", session_key)
    if retry_after is None and address:
        retry_after = await _allow(settings.CHAT_RATE_PER_ADDRESS, "addr", address)
    return retry_after


async def session_create_allow(*, address: str) -> float | None:
    """Count one new session from ``address``; None if allowed.

    Fails open: with the limiter's Redis down, people can still start.
    """
    try:
        return await _allow(settings.SESSION_CREATE_RATE, "session", address)
    except Exception:  # noqa: BLE001 - the limiter's store, not the request
        log.warning("session-creation limiter unavailable; allowing", exc_info=True)
        return None


async def account_allow(*, action: str, address: str) -> float | None:
    """Count one signup, login or recovery try from ``address``; None if allowed.

    Fails open like session creation: axes still locks repeated wrong logins.
    """
    try:
        return await _allow(settings.ACCOUNT_RATE_PER_MINUTE, action, address)
    except Exception:  # noqa: BLE001 - the limiter's store, not the request
        log.warning("account limiter unavailable; allowing", exc_info=True)
        return None


async def answer_allow(*, session_key: str) -> float | None:
    """Count one answer save for the session; None if allowed."""
    return await _allow(settings.ANSWER_RATE_PER_MINUTE, "answer", session_key)


class Ticket:
    """One turn's place: running, or waiting in line for a slot.

    ``wait`` returns once the turn may run; ``leave`` (always, once) frees
    the slot or the place in line, and hands a freed slot to the next in line.
    """

    def __init__(self, gate: TurnGate, waiter: asyncio.Future | None) -> None:
        """Hold a slot at once (``waiter`` None) or a place in line."""
        self.gate, self.waiter, self.left = gate, waiter, False

    @property
    def running(self) -> bool:
        """Return whether the turn holds a slot now."""
        return self.waiter is None or (
            self.waiter.done() and not self.waiter.cancelled()
        )

    def ahead(self) -> int:
        """Return how many turns wait in line before this one (0 if running)."""
        if self.waiter is None or self.running:
            return 0
        return self.gate.waiters.index(self.waiter)

    async def wait(self) -> None:
        """Wait for a slot; a cancelled wait (Stop) gives its place up."""
        if self.waiter is not None:
            # Cancelling the task cancels the future; one cancelled just after
            # the slot reached it still holds the slot: ``leave`` passes it on.
            await self.waiter

    def leave(self) -> None:
        """Free the slot (to the next in line) or the place in line; idempotent."""
        if self.left:
            return
        self.left = True
        if self.running:
            self.gate.release()
        elif self.waiter is not None:
            with contextlib.suppress(ValueError):
                self.gate.waiters.remove(self.waiter)
            self.waiter.cancel()


class TurnGate:
    """Turns running at once in this process, and a short line behind them.

    Offline turns are CPU-bound: a few at once (``COACH_MAX_TURNS``) keep one
    core busy, and more would only slow each. Model turns mostly wait on the
    network, so hundreds may run at once (``COACH_MAX_MODEL_TURNS``). Beyond
    the cap a turn waits in line (``COACH_TURN_QUEUE`` places, first come
    first served) and the page says how many are ahead; only a full line
    refuses (``busy``). Plain counting is enough: every turn starts and ends on
    the process's one event loop. A new loop (each test has its own) starts
    from zero.
    """

    def __init__(self) -> None:
        """Start with no turns and nobody in line."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.running = 0
        self.waiters: deque[asyncio.Future] = deque()

    @staticmethod
    def limit() -> int:
        """Return the cap on turns running at once for this process's coach."""
        if settings.COACH_LLM_MODE == "offline":
            return settings.COACH_MAX_TURNS
        return settings.COACH_MAX_MODEL_TURNS

    def enter(self) -> Ticket | None:
        """Take a slot or a place in line; None when the line is full too."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:
            self.loop, self.running, self.waiters = loop, 0, deque()
        if self.running < self.limit() and not self.waiters:
            self.running += 1
            return Ticket(self, None)
        if len(self.waiters) >= settings.COACH_TURN_QUEUE:
            return None
        waiter = loop.create_future()
        self.waiters.append(waiter)
        return Ticket(self, waiter)

    def release(self) -> None:
        """Hand a freed slot to the first turn in line, or count it free."""
        if asyncio.get_running_loop() is not self.loop:
            return  # a slot of a loop that is gone
        while self.waiters:
            waiter = self.waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)  # the slot passes on: running stays
                return
        self.running = max(0, self.running - 1)


turn_gate = TurnGate()
