"""Per-session chat rate limit, shared by every daphne process through Redis."""

import asyncio
import time
from functools import cache
from urllib.parse import urlsplit

from limits import RateLimitItemPerMinute
from limits.aio.storage import RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter

from django.conf import settings


def _item() -> RateLimitItemPerMinute:
    return RateLimitItemPerMinute(settings.CHAT_RATE_PER_MINUTE)


def _storage_uri(redis_url: str) -> str:
    parts = urlsplit(redis_url)
    if parts.scheme == "unix":
        return f"async+redis+unix://{parts.path}"
    return f"async+{redis_url}"


# Async Redis connections belong to one event loop: one limiter per loop
# (daphne has one loop; tests start a new loop per test).
@cache
def _limiter(loop_id: int) -> MovingWindowRateLimiter:
    storage = RedisStorage(
        _storage_uri(settings.REDIS_URL),
        implementation="redispy",
        key_prefix="coach-limits",
    )
    return MovingWindowRateLimiter(storage)


async def chat_allow(*, session_key: str) -> float | None:
    """Count one chat; return None if allowed, else seconds until the next slot."""
    limiter = _limiter(id(asyncio.get_running_loop()))
    if await limiter.hit(_item(), "chat", session_key):
        return None
    stats = await limiter.get_window_stats(_item(), "chat", session_key)
    return max(1.0, round(stats.reset_time - time.time(), 1))
