"""A stalled Redis (paused, not dead): pages and /healthz still answer fast.

A paused server accepts connections and never replies, which a refused
connection test cannot show: every Redis call needs its own short timeout.
"""

import os
import signal
import time
import urllib.error
import urllib.request

import pytest

from tests.processes.procs import ProcessStack

pytestmark = [pytest.mark.processes]


def _get(port: int, path: str) -> tuple[int, float]:
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            status = r.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.monotonic() - started


def test_a_paused_redis_gets_a_degraded_health_and_pages_within_two_seconds(
    tmp_path,
):
    stack = ProcessStack(tmp_path, embedded=True)  # our own Redis, to pause
    try:
        for name in ("daphne", "worker", "beat"):
            stack.start(name)
        stack.wait_ready()
        assert _get(stack.port, "/healthz")[0] == 200
        os.kill(stack.redis_proc.pid, signal.SIGSTOP)
        try:
            status, took = _get(stack.port, "/healthz")
            assert status == 503 and took < 2.0, (status, took, stack.logs())
            for path in ("/", "/workbook/"):
                status, took = _get(stack.port, path)
                assert status == 200 and took < 2.0, (path, status, took)
        finally:
            os.kill(stack.redis_proc.pid, signal.SIGCONT)
        stack.wait_ready(timeout=30)  # and it heals on its own
    finally:
        stack.close()


def test_a_held_write_lock_turns_healthz_red_within_two_seconds(tmp_path):
    """Reads pass while every write waits: /healthz proves the write path."""
    stack = ProcessStack(tmp_path)
    try:
        for name in ("daphne", "worker", "beat"):
            stack.start(name)
        stack.wait_ready()
        if stack.db_url is None:  # the embedded default: SQLite in the var dir
            import sqlite3

            holder = sqlite3.connect(tmp_path / "db.sqlite3", timeout=10)
            holder.execute("BEGIN IMMEDIATE")  # the write lock, held
        else:
            import psycopg

            holder = psycopg.connect(stack.db_url)
            holder.execute("LOCK TABLE django_migrations IN ACCESS EXCLUSIVE MODE")
        try:
            status, took = _get(stack.port, "/healthz")
            assert status == 503 and took < 2.0, (status, took)
        finally:
            holder.rollback()
            holder.close()
        stack.wait_ready(timeout=30)  # the lock gone, healthy again
    finally:
        stack.close()
