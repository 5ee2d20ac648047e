"""Kill a launcher's child and wait for the site to answer again.

Shared by tests/processes/test_recovery.py (that it comes back, nothing lost)
and bench/recovery.py (how fast).
"""

import asyncio
import time
import urllib.request

import psutil

from tests.processes.client import Client
from tests.processes.stack import Stack


def pids(stack: Stack, role: str) -> list[int]:
    """Return the pids of the launcher's children playing ``role``."""
    found = []
    for child in psutil.Process(stack.proc.pid).children():
        try:
            if role in " ".join(child.cmdline()).replace("/", " ").split():
                found.append(child.pid)
        except psutil.NoSuchProcess:
            pass
    return sorted(found)


def _page(port: int, cookie: str, timeout: float) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/workbook/", headers={"Cookie": cookie}
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        response.read()
        return response.status


async def site_answers(
    port: int, cookie: str, *, text: str, until: float
) -> tuple[dict, int]:
    """Load the page and chat, as a reloading tab would, until both work.

    Every try sends the same ``client_id``, as the page's resend does: a chat
    saved by a try that lost its reply is answered, never saved twice.
    Return the reply and the number of tries; AssertionError once ``until``
    (a ``time.monotonic()`` instant) has passed.
    """
    client_id = f"back-{time.monotonic_ns()}"
    tries = 0
    while True:
        left = until - time.monotonic()
        tries += 1
        try:
            assert await asyncio.to_thread(_page, port, cookie, max(0.1, left)) == 200
            async with Client(port, cookie) as tab:
                await tab.send(type="chat", text=text, client_id=client_id)
                left = max(0.1, until - time.monotonic())
                return await tab.wait_for("reply", left), tries
        except Exception as exc:  # refused, reset, closed, timed out: try again
            if time.monotonic() >= until:
                raise AssertionError(f"not back in time: {exc!r}") from exc
            await asyncio.sleep(0.2)
