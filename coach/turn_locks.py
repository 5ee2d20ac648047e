"""One turn at a time per session, across processes: a short Redis lock, renewed.

The lock is short-lived (``LOCK_TTL``) so a turn lost with a crashed daphne
frees its session within seconds. While a turn runs, its process renews it.
One task per process renews every lock the process holds in one pipeline
every ``LOCK_REFRESH`` seconds. A task per turn, each touching its own key
through Django's cache, cost 300 Redis round trips every 4 s with 300 model
turns in flight. They queued on the one database thread, behind the turns'
own writes (issue 29).
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from django.core.cache import cache

from coach.redispool import loop_client

log = logging.getLogger(__name__)
LOCK_TTL = 10
LOCK_REFRESH = 4
# Per event loop (daphne has one; tests start one per test): the cache keys
# held, and the task renewing them.
_held: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_renewers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _key(session_key: str) -> str:
    return f"turn-lock:{session_key}"


async def take(session_key: str) -> bool:
    """Take the session's lock; False if a turn of it runs somewhere."""
    key = _key(session_key)
    if not await cache.aadd(key, "1", timeout=LOCK_TTL):
        return False
    loop = asyncio.get_running_loop()
    _held.setdefault(loop, set()).add(key)
    if loop not in _renewers or _renewers[loop].done():
        _renewers[loop] = loop.create_task(_renew_all(loop))
    return True


async def give(session_key: str) -> None:
    """Give the session's lock back (the turn ended, or never began)."""
    key = _key(session_key)
    _held.get(asyncio.get_running_loop(), set()).discard(key)
    await cache.adelete(key)


async def _renew_all(loop: asyncio.AbstractEventLoop) -> None:
    """Renew this process's locks every LOCK_REFRESH s, in one round trip."""
    while _held.get(loop):
        await asyncio.sleep(LOCK_REFRESH)
        keys = [cache.make_and_validate_key(k) for k in _held.get(loop, ())]
        if not keys:
            break
        try:
            async with loop_client(id(loop)).pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.expire(key, LOCK_TTL)
                await pipe.execute()
        except Exception:  # noqa: BLE001 - a missed renewal: the next one may land
            log.warning("turn locks not renewed", exc_info=True)
    _renewers.pop(loop, None)
