"""Lookups through the cache (seed 003 §9.1), and knowledge reads off the event loop.

Cache keys carry the knowledge version, so an admin's edit shows at once; a
small per-process layer in front of the shared Django cache saves Redis round
trips on hot keys; the last good result is kept in memory for an outage (§8.2).
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async

from django.core.cache import cache
from django.db import connections

from knowledge import selectors as kb

CONCEPT_TTL = 24 * 3600
EXAMPLES_TTL = 10 * 60
COMMON_TTL = 3600
_LAST_GOOD: OrderedDict[str, dict] = OrderedDict()  # seed §8.2: 备用数据，内存缓存
_LAST_GOOD_LOCK = threading.Lock()  # tools run in worker threads
_LOCAL: OrderedDict[str, tuple[float, dict]] = OrderedDict()
LOCAL_MAX = 512


def normalize(text: str) -> str:
    """Return ``text`` folded for cache keys: NFKC, lower case, no spaces or marks."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    return re.sub(r"[\s\W_]+", "", text)


def _local_get(key: str) -> dict | None:
    with _LAST_GOOD_LOCK:
        found = _LOCAL.get(key)
    return found[1] if found and found[0] > time.monotonic() else None


def _local_put(key: str, value: dict, ttl: int) -> None:
    with _LAST_GOOD_LOCK:
        _LOCAL[key] = (time.monotonic() + ttl, value)
        _LOCAL.move_to_end(key)
        while len(_LOCAL) > LOCAL_MAX:
            _LOCAL.popitem(last=False)


def cached(kind: str, ttl: int, parts: tuple, compute: Callable[[], dict]) -> dict:
    """Return ``compute()`` through the cache, keyed by the knowledge version.

    A small per-process layer sits in front of the shared Django cache: the key
    carries the knowledge version, so an edit still shows at once, and hot keys
    (the step's chips, common questions) skip a Redis round trip.
    If the knowledge base fails, the last good result for the same key is served
    from process memory (marked ``degraded``) before the error is let through.
    """
    stable = hashlib.sha1("|".join(normalize(str(p)) for p in parts).encode())
    memory_key = f"{kind}:{stable.hexdigest()[:20]}"
    try:
        key = f"agent:{kind}:v{kb.knowledge_version()}:{stable.hexdigest()[:20]}"
        if (local := _local_get(key)) is not None:
            return {**local, "cached": True}
        try:
            hit = cache.get(key)
        except Exception:  # a cache outage only costs speed
            hit = None
        if hit is not None:
            _local_put(key, hit, ttl)
            return {**hit, "cached": True}
        value = compute()
    except Exception:
        with _LAST_GOOD_LOCK:
            last = _LAST_GOOD.get(memory_key)
        if last is not None:
            return {**last, "degraded": True}
        raise
    try:
        cache.set(key, value, ttl)
    except Exception:
        pass
    _local_put(key, value, ttl)
    with _LAST_GOOD_LOCK:
        _LAST_GOOD[memory_key] = value
        while len(_LAST_GOOD) > 256:
            _LAST_GOOD.popitem(last=False)
    return value


def _closing(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    finally:
        # A knowledge read may open a database connection in this worker thread;
        # close it, as Django does after a request, so none outlives the call.
        connections.close_all()


async def off_loop(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run a sync knowledge read in a worker thread, off the event loop."""
    return await sync_to_async(_closing, thread_sensitive=False)(fn, *args, **kwargs)
