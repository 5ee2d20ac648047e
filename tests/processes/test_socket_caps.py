"""Open sockets are capped per session and per address, across daphne processes.

One stack for the module, behind a simulated trusted proxy so each test's
visitors come from addresses of their own (X-Forwarded-For). Low caps and a
5 s slot expiry keep it fast; a second daphne shares the stack's Redis and
database, and the last test kills the first.
"""

import asyncio
import functools
import socket
import subprocess
import time

import pytest
import websockets

from django.test import override_settings

from coach.launcher import process_command
from tests.processes.client import session_cookie, tab_open
from tests.processes.procs import ProcessStack
from tests.processes.stack import ROOT, free_port

pytestmark = pytest.mark.processes
PER_SESSION, PER_ADDRESS, TTL, IDLE = 3, 5, 5.0, 1


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    stack = ProcessStack(
        tmp_path_factory.mktemp("socket-caps"),
        TRUSTED_PROXY="1",
        WS_PER_SESSION=str(PER_SESSION),
        WS_PER_ADDRESS=str(PER_ADDRESS),
        WS_SLOT_TTL=str(TTL),
        REDIS_POOL_IDLE=str(IDLE),
    )
    with override_settings(TRUSTED_PROXY=True):  # daphne gets --proxy-headers
        stack.start("daphne")
    yield stack
    stack.close()


@pytest.fixture(scope="module")
def second(stack, tmp_path_factory):
    """Another daphne on the stack's database and Redis; yield its port."""
    port = free_port()
    with override_settings(TRUSTED_PROXY=True):
        command = process_command("daphne", host="127.0.0.1", port=port)
    log = open(tmp_path_factory.mktemp("second") / "daphne.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(command, cwd=ROOT, env=stack.env, stdout=log, stderr=log)
    deadline = time.monotonic() + 60
    while not _listening(port):
        assert time.monotonic() < deadline and proc.poll() is None, "no second daphne"
        time.sleep(0.1)
    yield port
    proc.terminate()
    proc.wait(timeout=10)
    log.close()


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


async def refusal(port: int, cookie: str, address: str) -> tuple[dict, int | None]:
    """Open a socket the server refuses; return its error frame and close code."""
    ws, frame = await tab_open(port, cookie, address=address)
    with pytest.raises(websockets.ConnectionClosed):
        await asyncio.wait_for(ws.recv(), 10)
    return frame, ws.close_code


async def opens(port: int, cookie: str, address: str, timeout: float = 5):
    """Return a socket that got its `session` frame, retrying while refused."""
    deadline = time.monotonic() + timeout
    while True:
        ws, frame = await tab_open(port, cookie, address=address)
        if frame["type"] == "session":
            return ws
        assert time.monotonic() < deadline, frame
        await ws.close()
        await asyncio.sleep(0.2)


def test_one_cookie_opens_at_most_the_cap_and_another_session_still_can(stack):
    address = "10.20.0.1"
    cookie, other = (session_cookie(stack.port, address=address) for _ in range(2))

    async def run():
        tabs = [await opens(stack.port, cookie, address) for _ in range(PER_SESSION)]
        frame, code = await refusal(stack.port, cookie, address)
        assert code == 4429
        assert frame["type"] == "error" and frame["code"] == "too_many_sockets"
        assert frame["detail"] == "session"
        assert "太多标签页" in frame["message"]
        # Another workbook from the same address is not this one's tabs.
        tabs.append(await opens(stack.port, other, address, timeout=0))
        # A closed tab frees its slot for the next one.
        await tabs.pop(0).close()
        tabs.append(await opens(stack.port, cookie, address))
        for tab in tabs:
            await tab.close()

    asyncio.run(run())


def test_one_address_opens_at_most_its_cap_whatever_the_cookies(stack):
    address = "10.21.0.1"
    cookies = [session_cookie(stack.port, address=address) for _ in range(6)]

    async def run():
        tabs = [await opens(stack.port, c, address) for c in cookies[:PER_ADDRESS]]
        frame, code = await refusal(stack.port, cookies[PER_ADDRESS], address)
        assert (code, frame["code"], frame["detail"]) == (
            4429,
            "too_many_sockets",
            "address",
        )
        assert "网络" in frame["message"]
        # Another address is not affected.
        elsewhere = await opens(stack.port, cookies[PER_ADDRESS], "10.22.0.1", 0)
        for tab in [*tabs, elsewhere]:
            await tab.close()

    asyncio.run(run())


def test_the_cap_counts_the_sockets_of_every_daphne(stack, second):
    """Two daphnes on one Redis: the tabs of one cookie count together."""
    address = "10.23.0.1"
    cookie = session_cookie(stack.port, address=address)

    async def run():
        tabs = [await opens(stack.port, cookie, address) for _ in range(2)]
        tabs.append(await opens(second, cookie, address))
        for port in (second, stack.port):
            frame, code = await refusal(port, cookie, address)
            assert (code, frame["detail"]) == (4429, "session")
        for tab in tabs:
            await tab.close()

    asyncio.run(run())


def test_redis_connections_go_back_after_a_burst(stack):
    """The Redis clients of daphne do not grow with the sockets it once held.

    Each of its two async pools (the channel layer's, the limiter's) keeps at
    most REDIS_POOL_IDLE (1 here) idle connections, which the warm-up burst
    may or may not have left open: that is the slack, not the 30 sockets.
    """
    addresses = [f"10.24.{i}.1" for i in range(30)]

    async def burst(cookies) -> None:
        pairs = zip(cookies, addresses, strict=True)
        tabs = await asyncio.gather(*(opens(stack.port, c, a, 30) for c, a in pairs))
        await asyncio.gather(*(tab.close() for tab in tabs))

    async def run() -> tuple[int, int]:
        start = functools.partial(session_cookie, stack.port)
        cookies = await asyncio.gather(
            *(asyncio.to_thread(start, address=a) for a in addresses)
        )
        await burst(cookies)  # warm
        await asyncio.sleep(1)
        floor = stack.redis_clients()
        await burst(cookies)
        await burst(cookies)
        deadline = time.monotonic() + 10
        while stack.redis_clients() > floor and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        return floor, stack.redis_clients()

    floor, after = asyncio.run(run())
    assert after <= floor + 2 * IDLE, (floor, after)


def test_a_killed_daphnes_slots_expire(stack, second):
    """No disconnect runs in a killed process: its slots go after WS_SLOT_TTL."""
    address = "10.25.0.1"
    cookie = session_cookie(stack.port, address=address)

    async def run() -> float:
        tabs = [await opens(stack.port, cookie, address) for _ in range(PER_SESSION)]
        await asyncio.to_thread(stack.stop, "daphne", kill=True)
        killed = time.monotonic()
        # Renewed at most TTL/3 ago: still counted, on the other daphne too.
        frame, code = await refusal(second, cookie, address)
        assert (code, frame["detail"]) == (4429, "session")
        tab = await opens(second, cookie, address, timeout=TTL + 5)
        took = time.monotonic() - killed
        for ws in [*tabs, tab]:
            await ws.close()
        return took

    assert asyncio.run(run()) <= TTL + 5
