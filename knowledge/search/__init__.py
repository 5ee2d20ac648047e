"""Per-process knowledge snapshot: warmed at start-up, rebuilt on a new version."""

import logging
import threading
import time

from knowledge.search import stamp, text

logger = logging.getLogger(__name__)

# The stamp lives in Redis; reading it on every query would cost more than the query
# itself, so each process looks at most this often (an admin edit shows within ~1 s).
CHECK_INTERVAL = 1.0

_lock = threading.Lock()
_snapshot = None
_checked_at = 0.0


def snapshot_current():
    """Return the snapshot for the current knowledge version, rebuilding if needed."""
    global _snapshot, _checked_at
    snap = _snapshot
    now = time.monotonic()
    if snap is not None and now - _checked_at < CHECK_INTERVAL:
        return snap
    try:
        version = stamp.stamp_read()
    except Exception:
        if snap is None:
            raise
        # Cache outage: keep answering from memory rather than failing the coach.
        logger.warning("knowledge version unreadable; serving the cached index")
        _checked_at = now
        return snap
    _checked_at = now
    if snap is not None and snap.version == version:
        return snap
    # One thread rebuilds; the others keep answering from the old snapshot meanwhile.
    if not _lock.acquire(blocking=snap is None):
        return snap
    try:
        if _snapshot is None or _snapshot.version != version:
            # One process builds each version; the others load its copy
            # (knowledge.search.shared).
            _snapshot = _build(version)
        return _snapshot
    except Exception:
        if snap is None:
            raise
        logger.exception("knowledge index rebuild failed; serving v%s", snap.version)
        return snap
    finally:
        _lock.release()


def _build(version: int):
    from knowledge.search.shared import snapshot_shared

    started = time.perf_counter()
    snap = stamp.db_call(lambda: snapshot_shared(version=version))
    elapsed = (time.perf_counter() - started) * 1000
    logger.info("knowledge index v%s ready in %.0f ms", version, elapsed)
    return snap


def snapshot_expire() -> None:
    """Make this process re-read the version on its next query (after a local write)."""
    global _checked_at
    _checked_at = 0.0


def index_warm() -> None:
    """Load jieba and build the index now, so the first query is fast.

    Called where processes start (coach/asgi.py, the Celery worker_init signal).
    A database that is not migrated yet only postpones the build to the first query.
    """
    text.tokenizer_init()
    try:
        snapshot_current()
    except Exception as exc:  # a cold index only slows one query
        logger.warning("knowledge index not warmed: %s", exc)
