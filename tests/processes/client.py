"""A minimal browser stand-in: gets a session cookie, then speaks the protocol."""

import asyncio
import http.client
import json
import time
import urllib.request

import websockets


def _cookie(response, name: str) -> str:
    cookies = response.headers.get_all("Set-Cookie") or []
    for cookie in cookies:
        if cookie.startswith(f"{name}="):
            return cookie.split(";", 1)[0]
    raise AssertionError(f"no {name} cookie in {cookies}")


def _forwarded(address: str) -> dict:
    # What a trusted proxy adds (daphne --proxy-headers, TRUSTED_PROXY=1).
    return {"X-Forwarded-For": address} if address else {}


def session_cookie(port: int, *, address: str = "") -> str:
    """Load the workbook like a browser, start the session its script starts.

    A page view alone creates no session: the page's script POSTs /session/
    (with the CSRF token the page carries) before it opens the socket.
    ``address``: the client address a trusted proxy says the visitor has.
    """
    base = f"http://127.0.0.1:{port}"
    page = urllib.request.Request(f"{base}/workbook/", headers=_forwarded(address))
    with urllib.request.urlopen(page, timeout=30) as response:
        csrf = _cookie(response, "csrftoken")
    request = urllib.request.Request(
        f"{base}/session/",
        method="POST",
        headers={
            "Cookie": csrf,
            "X-CSRFToken": csrf.split("=", 1)[1],
            **_forwarded(address),
        },
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return _cookie(response, "sessionid")


async def tab_open(port: int, cookie: str, *, address: str = "", timeout=10):
    """Open a tab's socket; return it with its first frame (``session`` or not)."""
    ws = await websockets.connect(
        f"ws://127.0.0.1:{port}/ws/coach/",
        origin=f"http://127.0.0.1:{port}",
        additional_headers={"Cookie": cookie, **_forwarded(address)},
        open_timeout=timeout,
        ping_interval=None,
    )
    return ws, json.loads(await asyncio.wait_for(ws.recv(), timeout))


class Client:
    """One tab's socket to /ws/coach/."""

    def __init__(self, port: int, cookie: str | None = None):
        self.port = port
        self.cookie = cookie or session_cookie(port)
        self.ws = None
        self.session: dict = {}

    async def __aenter__(self) -> "Client":
        await self.connect()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.ws.close()

    async def connect(self) -> dict:
        """Open the socket and return the `session` frame."""
        self.ws = await websockets.connect(
            f"ws://127.0.0.1:{self.port}/ws/coach/",
            origin=f"http://127.0.0.1:{self.port}",
            additional_headers={"Cookie": self.cookie},
            open_timeout=10,
        )
        self.session = await self.recv()
        assert self.session["type"] == "session", self.session
        return self.session

    async def send(self, **frame) -> None:
        """Send one frame."""
        await self.ws.send(json.dumps(frame, ensure_ascii=False))

    async def recv(self, timeout: float = 10) -> dict:
        """Receive one frame."""
        return json.loads(await asyncio.wait_for(self.ws.recv(), timeout))

    async def wait_for(self, kind: str, timeout: float) -> dict:
        """Return the next frame of ``kind``, skipping others, within ``timeout``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            frame = await self.recv(timeout=max(0.01, deadline - loop.time()))
            if frame["type"] == kind:
                return frame

    async def nothing_of(self, kind: str, seconds: float) -> bool:
        """Return True if no frame of ``kind`` arrives for ``seconds``."""
        try:
            await self.wait_for(kind, seconds)
        except TimeoutError:
            return True
        return False


def huge_post(
    port: int, size: int, path: str = "/admin/knowledge/valueentry/import/"
) -> tuple[int, str, float]:
    """POST a ``size``-byte CSV upload to daphne; return status, page and seconds."""
    boundary = "----coach-upload"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="import_file"; '
        'filename="values.csv"\r\nContent-Type: text/csv\r\n\r\n'
    ).encode()
    body = head + b"V001,x\n" * (size // 7) + f"\r\n--{boundary}--\r\n".encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    started = time.monotonic()
    conn.request(
        "POST",
        path,
        body=body,
        headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
    )
    response = conn.getresponse()
    page = response.read().decode()
    conn.close()
    return response.status, page, time.monotonic() - started
