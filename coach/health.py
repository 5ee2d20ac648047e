"""Health of the parts the app needs, for /healthz.

Anyone may ask, so anonymous callers get booleans only; staff and callers
with the ``HEALTHZ_TOKEN`` get the details, and failures go to the logs.
"""

import asyncio
import logging
import time

from asgiref.sync import async_to_sync

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.utils.crypto import constant_time_compare

from coach.integrity import quick_check

HEARTBEAT_KEY = "health:worker-heartbeat"
TOKEN_HEADER = "X-Healthz-Token"
log = logging.getLogger(__name__)

WRITE_TIMEOUT_MS = 1000  # the write check's budget
SQLITE_BUSY_MS = 20000  # the connection's own busy timeout (coach/runtime.py), restored
# A write statement that matches no row: it needs the write path, changes nothing.
NO_OP_WRITE = "UPDATE django_migrations SET app = app WHERE id = -1"
LAYER_TIMEOUT = 0.8  # seconds for the channel layer's round trip


def heartbeat_record() -> None:
    """Store the current time as the worker's heartbeat."""
    cache.set(HEARTBEAT_KEY, time.time(), timeout=None)


def _write_path() -> None:
    """Take the write lock in a transaction that writes nothing, within 1 s.

    A read passes while every write fails (a held lock, a full disk, a
    read-only file): only a write transaction shows the path people need.
    """
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {WRITE_TIMEOUT_MS}")
        try:
            with transaction.atomic(), connection.cursor() as cursor:  # IMMEDIATE
                cursor.execute(NO_OP_WRITE)
        finally:
            with connection.cursor() as cursor:
                cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
        return
    with transaction.atomic(), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"SET LOCAL lock_timeout = {WRITE_TIMEOUT_MS}")
            cursor.execute(f"SET LOCAL statement_timeout = {WRITE_TIMEOUT_MS}")
        cursor.execute(NO_OP_WRITE)


def _database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    _write_path()
    problem = quick_check()  # SELECT 1 passes on a file with corrupt pages
    report = {"ok": problem is None, "vendor": connection.vendor}
    if problem:
        report["detail"] = f"quick_check: {problem}"
    return report


def _channel_layer() -> dict:
    layer = get_channel_layer()

    async def round_trip() -> dict:  # one event loop for the three calls
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "health.ping"})
        return await layer.receive(channel)

    async def bounded() -> dict:
        # A stalled Redis accepts the connection and never answers: /healthz
        # must still say so within its budget (docs/reliability.md).
        return await asyncio.wait_for(round_trip(), LAYER_TIMEOUT)

    received = async_to_sync(bounded)()
    return {"ok": received["type"] == "health.ping", "backend": type(layer).__name__}


def _worker() -> dict:
    beat = cache.get(HEARTBEAT_KEY)
    if beat is None:
        return {"ok": False, "detail": "还没有收到 worker 心跳"}
    age = time.time() - float(beat)
    limit = max(60.0, 4 * settings.HEARTBEAT_INTERVAL)
    return {"ok": age <= limit, "age_seconds": round(age, 1)}


def _knowledge() -> dict:
    from knowledge.selectors import knowledge_version

    return {"ok": True, "version": knowledge_version()}


def _coach() -> dict:
    from coach import warmth

    if warmth.is_warm():
        return {"ok": True}
    return {"ok": False, "detail": "正在加载教练的模型和知识索引（几秒钟）"}


CHECKS = {
    "database": _database,
    "redis": _channel_layer,
    "worker": _worker,
    "knowledge": _knowledge,
    "coach": _coach,
}


def health_report() -> tuple[bool, dict]:
    """Check every part; return (all required parts up, details)."""
    report: dict = {}
    for name, check in CHECKS.items():
        if name == "worker" and not report["redis"]["ok"]:
            # The heartbeat lives in Redis: don't wait on it a second time.
            report[name] = {"ok": False, "detail": "Redis 不可用，读不到 worker 心跳"}
            continue
        try:
            report[name] = check()
        except Exception as exc:  # a down part is a report, not a crash
            report[name] = {"ok": False, "detail": f"{type(exc).__name__}: {exc}"}
        if not report[name]["ok"]:
            log.warning("health check %s failed: %s", name, report[name])
    report["llm"] = {"ok": True, "mode": settings.COACH_LLM_MODE}
    required = ["database", "redis", "knowledge", "coach"]
    if settings.HEALTHZ_REQUIRE_WORKER:
        required.append("worker")
    healthy = all(report[name]["ok"] for name in required)
    report["status"] = "ok" if healthy else "degraded"
    report["checks"] = {name: report[name]["ok"] for name in CHECKS}
    return healthy, report


def health_details_allowed(*, request) -> bool:
    """Return whether the caller may see details: staff, or the configured token."""
    if getattr(request, "user", None) is not None and request.user.is_staff:
        return True
    token = request.headers.get(TOKEN_HEADER, "")
    return bool(settings.HEALTHZ_TOKEN) and constant_time_compare(
        token, settings.HEALTHZ_TOKEN
    )


def health_public(report: dict) -> dict:
    """Return what anyone may see: the status and one boolean per check."""
    return {"status": report["status"], "checks": report["checks"]}
