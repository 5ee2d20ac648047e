"""Limits on what sockets may ask for, shared by every daphne process through Redis.

Per session (chats, answer saves), per client address (chats: cookies cost
nothing, so a session limit alone is no limit) and per process (model turns
running at once).
"""

import asyncio
import logging
import time
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


class TurnSlots:
    """Model turns running in this process, capped at ``COACH_MAX_TURNS``.

    Plain counting is enough: every turn starts and ends on the process's one
    event loop. A new loop (each test has its own) starts from zero.
    """

    def __init__(self) -> None:
        """Start with no turns."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.running = 0

    def take(self) -> bool:
        """Reserve a slot for a turn; return False when all are taken."""
        loop = asyncio.get_running_loop()
        if loop is not self.loop:
            self.loop, self.running = loop, 0
        if self.running >= settings.COACH_MAX_TURNS:
            return False
        self.running += 1
        return True

    def give(self) -> None:
        """Free a slot taken by :meth:`take`."""
        if asyncio.get_running_loop() is self.loop:
            self.running = max(0, self.running - 1)


turn_slots = TurnSlots()
