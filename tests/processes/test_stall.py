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

from django.conf import settings

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


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """One stack for the stalls: each test undoes its stall and waits for health.

    The header timeout is the slowloris test's; the other tests' requests send
    their headers at once.
    """
    stack = ProcessStack(tmp_path_factory.mktemp("stall"), HTTP_HEADER_TIMEOUT="3")
    try:
        stack.start_all("daphne", "worker", "beat")
        yield stack
    finally:
        stack.close()


@pytest.fixture
def own_redis(request, tmp_path):
    """A stack with a Redis of its own, to pause: the shared one on the default."""
    if settings.EMBEDDED_TEST_REDIS:
        yield request.getfixturevalue("stack")
        return
    stack = ProcessStack(tmp_path, embedded=True)  # CI's shared Redis is not paused
    try:
        stack.start_all("daphne", "worker", "beat")
        yield stack
    finally:
        stack.close()


def test_a_paused_redis_gets_a_degraded_health_and_pages_within_two_seconds(
    own_redis,
):
    stack = own_redis
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


def test_a_held_write_lock_turns_healthz_red_within_two_seconds(stack):
    """Reads pass while every write waits: /healthz proves the write path."""
    stack.wait_ready()
    if stack.db_url is None:  # the embedded default: SQLite in the var dir
        import sqlite3

        holder = sqlite3.connect(stack.var_dir / "db.sqlite3", timeout=10)
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


def test_headers_trickled_slowly_are_cut_off_while_a_socket_lives_on(stack):
    """Slowloris: one header line every second never completes the request."""
    import asyncio
    import socket

    from tests.processes.client import Client

    deadline = time.monotonic() + 60
    while _get(stack.port, "/")[0] != 200:  # daphne up (no worker needed)
        assert time.monotonic() < deadline
        time.sleep(0.3)

    async def socket_outlives_the_deadline() -> None:
        async with Client(stack.port) as tab:  # a page's socket, idle 5 s
            await asyncio.sleep(5)
            await tab.send(type="ping")
            assert (await tab.wait_for("pong", 5))["type"] == "pong"

    slow = socket.create_connection(("127.0.0.1", stack.port), timeout=10)
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    started, closed = time.monotonic(), False
    for i in range(12):  # bounded: 12 lines, one a second
        try:
            slow.sendall(f"X-Slow-{i}: {i}\r\n".encode())
            time.sleep(1)
            if slow.recv(1, socket.MSG_DONTWAIT) == b"":
                closed = True
                break
        except BlockingIOError:
            continue
        except OSError:
            closed = True
            break
    slow.close()
    assert closed and time.monotonic() - started < 8, "trickled headers held on"
    asyncio.run(socket_outlives_the_deadline())
    assert _get(stack.port, "/")[0] == 200  # ordinary requests unaffected
