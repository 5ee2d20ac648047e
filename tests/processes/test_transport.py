"""Hardening through the real transport: one daphne, real sockets, real HTTP.

One stack for the module (daphne only: nothing here needs the worker). The
half-open connections are opened first and checked near the end, so their
60 s timeout overlaps the other tests; Redis goes down in the last test.
"""

import asyncio
import http.client
import http.cookiejar
import json
import re
import socket
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
import websockets

from tests.processes.client import Client, huge_post, session_cookie
from tests.processes.procs import ProcessStack
from tests.processes.stack import (
    ADMIN_PASSWORD,
    HEALTHZ_TOKEN,
    healthz,
    superuser_create,
)

pytestmark = pytest.mark.processes
HALF_OPEN = 20  # a bounded number of handshakes that never finish, on loopback
PASSWORD = ADMIN_PASSWORD


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    stack = ProcessStack(
        tmp_path_factory.mktemp("transport"), CHAT_RATE_PER_ADDRESS="3"
    )
    superuser_create(stack.env)
    stack.start("daphne")
    yield stack
    stack.close()


@pytest.fixture(scope="module")
def half_open(stack):
    """Open handshakes that stop mid-header and never finish."""
    socks = []
    for _ in range(HALF_OPEN):
        sock = socket.create_connection(("127.0.0.1", stack.port), timeout=5)
        sock.sendall(
            f"GET /ws/coach/ HTTP/1.1\r\nHost: 127.0.0.1:{stack.port}\r\n"
            "Upgrade: websocket\r\n".encode()
        )
        socks.append(sock)
    yield socks, time.monotonic()
    for sock in socks:
        sock.close()


def _url(stack, path: str) -> str:
    return f"http://127.0.0.1:{stack.port}{path}"


async def _handshake(stack, origin: str | None, host: str = "127.0.0.1"):
    return await websockets.connect(
        f"ws://{host}:{stack.port}/ws/coach/",
        origin=origin,
        additional_headers={"Cookie": session_cookie(stack.port)},
        open_timeout=10,
    )


def test_origin_matrix_through_daphne(stack, half_open):
    port = stack.port

    async def verdict(origin, host="127.0.0.1") -> bool:
        try:
            ws = await _handshake(stack, origin, host)
        except websockets.exceptions.InvalidHandshake:
            return False
        frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
        await ws.close()
        return frame["type"] == "session"

    async def matrix() -> dict:
        cases = {
            "same origin": (f"http://127.0.0.1:{port}", "127.0.0.1"),
            "same origin, localhost": (f"http://localhost:{port}", "localhost"),
            "other port": ("http://127.0.0.1:9999", "127.0.0.1"),
            "other scheme": (f"https://127.0.0.1:{port}", "127.0.0.1"),
            "https default port": ("https://127.0.0.1", "127.0.0.1"),
            "other host": (f"http://evil.example:{port}", "127.0.0.1"),
            "null": ("null", "127.0.0.1"),
            "missing": (None, "127.0.0.1"),
        }
        return {name: await verdict(*case) for name, case in cases.items()}

    assert asyncio.run(matrix()) == {
        "same origin": True,
        "same origin, localhost": True,
        "other port": False,
        "other scheme": False,
        "https default port": False,
        "other host": False,
        "null": False,
        "missing": False,
    }


def test_oversized_frames_get_too_long_and_huge_ones_are_dropped(stack, half_open):
    async def run():
        async with Client(stack.port) as tab:
            for size in (9 * 1024, 60 * 1024):  # over the 8 KB protocol limit
                await tab.send(type="answer", question_id="V01", text="x" * size)
                error = await tab.wait_for("error", 10)
                assert error["code"] == "too_long"
            await tab.send(type="ping")
            assert await tab.wait_for("pong", 5) == {"type": "pong"}
        # Past daphne's 64 KB cap the connection is dropped before the app
        # sees (or buffers) the frame; the server serves the next one.
        tab = Client(stack.port)
        await tab.connect()
        await tab.send(type="answer", question_id="V01", text="x" * 200_000)
        with pytest.raises(websockets.exceptions.ConnectionClosed):
            await tab.recv(timeout=10)
        async with Client(stack.port) as again:
            await again.send(type="ping")
            assert await again.wait_for("pong", 5) == {"type": "pong"}

    asyncio.run(run())


def test_new_cookies_from_one_address_share_its_chat_limit(stack, half_open):
    async def chat(text: str, **headers) -> dict:
        tab = Client(stack.port)
        tab.ws = await websockets.connect(
            f"ws://127.0.0.1:{stack.port}/ws/coach/",
            origin=f"http://127.0.0.1:{stack.port}",
            additional_headers={"Cookie": tab.cookie, **headers},
            open_timeout=10,
        )
        await tab.recv()  # the session frame
        await tab.send(type="chat", text=text)
        while True:
            frame = await tab.recv(timeout=30)
            if frame["type"] in ("reply", "error"):
                await tab.ws.close()
                return frame

    async def run() -> list[dict]:
        frames = [await chat(f"能给我一个示例吗？{i}") for i in range(3)]
        # No trusted proxy is configured: a forged X-Forwarded-For changes nothing.
        frames.append(await chat("再来一个", **{"X-Forwarded-For": "203.0.113.9"}))
        return frames

    frames = asyncio.run(run())
    assert [f["type"] for f in frames] == ["reply", "reply", "reply", "error"]
    assert frames[3]["code"] == "rate_limited" and frames[3]["retry_after"] > 0


def test_get_and_head_create_no_session(stack, half_open):
    def count() -> list[int]:  # workbooks and Django sessions, read directly
        return [
            stack.scalars(f"SELECT COUNT(*) FROM {table}")[0]
            for table in ("coach_coachingsession", "django_session")
        ]

    before = count()
    for path in ("/", "/workbook/", "/profile/", "/results/", "/results.md"):
        for method in ("GET", "HEAD"):
            for _ in range(10):
                request = urllib.request.Request(_url(stack, path), method=method)
                try:
                    with urllib.request.urlopen(request, timeout=10) as response:
                        assert response.status == 200
                        assert "sessionid" not in str(response.headers)
                except urllib.error.HTTPError as err:
                    assert err.code == 405 and method == "HEAD"  # GET-only pages
    assert count() == before


def test_a_huge_import_is_refused_at_once_while_answers_keep_saving(stack, half_open):
    async def save_answers(stop: asyncio.Event) -> list[dict]:
        frames = []
        async with Client(stack.port) as tab:
            n = 0
            while not stop.is_set():
                n += 1
                await tab.send(
                    type="answer", question_id="V01", text=f"第 {n} 稿：外婆"
                )
                frames.append(await tab.recv(timeout=10))
                await asyncio.sleep(0.25)
        return frames

    async def scenario():
        stop = asyncio.Event()
        saver = asyncio.create_task(save_answers(stop))
        await asyncio.sleep(0.5)
        uploads = [
            await asyncio.to_thread(huge_post, stack.port, 20 * 1024 * 1024)
            for _ in range(3)
        ]
        await asyncio.sleep(0.5)
        stop.set()
        return uploads, await saver

    uploads, frames = asyncio.run(scenario())
    for status, page, _ in uploads:
        assert status == 413 and "文件太大" in page and "2 MB" in page
    assert frames and all(f["type"] == "answer.saved" for f in frames), frames
    seconds = ", ".join(f"{t:.2f}" for *_, t in uploads)
    print(
        f"20 MB imports refused in {seconds} s; {len(frames)} answers saved meanwhile"
    )


def test_admin_lockout_through_daphne(stack, half_open):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    login = _url(stack, "/admin/login/?next=/admin/")

    def attempt(password: str) -> tuple[int, str]:
        page = opener.open(login, timeout=10).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        body = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token, "username": "boss", "password": password}
        ).encode()
        try:
            with opener.open(login, data=body, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode()

    statuses = [attempt(f"wrong-{i}")[0] for i in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    status, page = attempt(PASSWORD)
    assert status == 429 and "已被锁定 15 分钟" in page
    assert "Locking out" in stack.logs()


def test_half_open_handshakes_are_closed_by_the_server(stack, half_open):
    socks, opened = half_open
    # Meanwhile the server went on serving everyone else.
    assert healthz(stack.port)[1]["checks"]["database"] is True
    closed_after = []
    for sock in socks:
        sock.settimeout(max(1.0, opened + 90 - time.monotonic()))
        assert sock.recv(1024) == b""  # the server hung up
        closed_after.append(time.monotonic() - opened)
    print(f"{HALF_OPEN} half-open handshakes closed after {max(closed_after):.1f} s")


def test_pages_render_with_redis_down_and_the_socket_cannot_open(stack, half_open):
    stack.stop("daphne")
    stack.env["REDIS_URL"] = "redis://127.0.0.1:1/0"  # nothing listens there
    stack.start("daphne")
    for path in ("/", "/workbook/", "/profile/", "/results/"):
        with urllib.request.urlopen(_url(stack, path), timeout=20) as response:
            assert response.status == 200
    workbook = urllib.request.urlopen(_url(stack, "/workbook/"), timeout=20).read()
    assert 'data-question="V01"' in workbook.decode()  # from the database
    status, body = healthz(stack.port, token="")
    assert status == 503 and body["checks"]["redis"] is False
    status, body = healthz(stack.port, token=HEALTHZ_TOKEN)
    assert body["knowledge"]["ok"] and body["knowledge"]["version"] > 0

    async def socket_opens() -> bool:
        try:
            ws = await _handshake(stack, f"http://127.0.0.1:{stack.port}")
            frame = await asyncio.wait_for(ws.recv(), 10)
        except (websockets.exceptions.WebSocketException, TimeoutError, OSError):
            return False
        return json.loads(frame)["type"] == "session"

    # The browser's socket then keeps retrying: the coach panel says 重新连接中.
    assert asyncio.run(socket_opens()) is False
