"""Health of the parts the app needs, for /healthz."""

import time

from asgiref.sync import async_to_sync

from channels.layers import get_channel_layer
from django.conf import settings
from django.core.cache import cache
from django.db import connection

HEARTBEAT_KEY = "health:worker-heartbeat"


def heartbeat_record() -> None:
    """Store the current time as the worker's heartbeat."""
    cache.set(HEARTBEAT_KEY, time.time(), timeout=None)


def _database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return {"ok": True, "vendor": connection.vendor}


def _channel_layer() -> dict:
    layer = get_channel_layer()

    async def round_trip() -> dict:  # one event loop for the three calls
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "health.ping"})
        return await layer.receive(channel)

    received = async_to_sync(round_trip)()
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


def health_report() -> tuple[bool, dict]:
    """Check every part; return (all required parts up, details)."""
    checks = {
        "database": _database,
        "redis": _channel_layer,
        "worker": _worker,
        "knowledge": _knowledge,
    }
    report: dict = {}
    for name, check in checks.items():
        try:
            report[name] = check()
        except Exception as exc:  # a down part is a report, not a crash
            report[name] = {"ok": False, "detail": f"{type(exc).__name__}: {exc}"}
    report["llm"] = {"ok": True, "mode": settings.COACH_LLM_MODE}
    required = ["database", "redis", "knowledge"]
    if settings.HEALTHZ_REQUIRE_WORKER:
        required.append("worker")
    healthy = all(report[name]["ok"] for name in required)
    report["status"] = "ok" if healthy else "degraded"
    return healthy, report
