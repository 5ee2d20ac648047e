"""The knowledge version stamp: kept in the database, mirrored in the shared cache."""

import asyncio
import concurrent.futures
import logging
import time

from django.core.cache import cache
from django.db import connections

log = logging.getLogger(__name__)
CACHE_KEY = "knowledge:version"
# A lost or stale mirror heals itself from the database within this time.
CACHE_TIMEOUT = 300

# After a cache failure the database answers for this long without asking Redis
# again: a stalled Redis would otherwise cost every page its full timeout.
CACHE_BACKOFF = 5.0
_cache_down_until = 0.0

_pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="kb")


def db_call(fn):
    """Run a database read, off the event loop's thread when called from async code."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return fn()
    # Django refuses the ORM inside a running loop; a short blocking read in a worker
    # thread is the price of keeping the read API plain functions.
    return _pool.submit(_closing, fn).result()


def _closing(fn):
    try:
        return fn()
    finally:
        connections.close_all()  # this thread's own connections; none outlive the call


def db_version() -> int:
    """Return the version the database holds (0 before any knowledge)."""
    from knowledge.models import Workbook

    return Workbook.objects.filter(pk=1).values_list("version", flat=True).first() or 0


def stamp_read() -> int:
    """Return the current version, from the cache or else the database.

    With Redis down the database answers: pages must render during an outage.
    """
    global _cache_down_until
    if time.monotonic() < _cache_down_until:
        return db_call(db_version)
    try:
        version = cache.get(CACHE_KEY)
    except Exception as exc:  # the cache's client raises its own errors
        _cache_down_until = time.monotonic() + CACHE_BACKOFF
        log.warning("knowledge stamp: cache unavailable, reading the database: %s", exc)
        return db_call(db_version)
    if version is None:
        version = db_call(db_version)
        # add, not set: a writer that published meanwhile must win over this older read.
        try:
            cache.add(CACHE_KEY, version, CACHE_TIMEOUT)
        except Exception as exc:
            log.warning("knowledge stamp: cache unavailable: %s", exc)
    return version


def stamp_publish(*, version: int) -> None:
    """Tell every process about a new version (called after the write commits).

    If Redis is down the other processes' mirrors expire within CACHE_TIMEOUT
    and they read the new version from the database.
    """
    try:
        cache.set(CACHE_KEY, version, CACHE_TIMEOUT)
    except Exception as exc:
        log.warning("knowledge stamp: not published, cache unavailable: %s", exc)
