"""A minimal browser stand-in: gets a session cookie, then speaks the protocol."""

import asyncio
import json
import urllib.request

import websockets


def session_cookie(port: int) -> str:
    """Load the start page like a browser and return its session cookie."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
        cookies = response.headers.get_all("Set-Cookie") or []
    for cookie in cookies:
        if cookie.startswith("sessionid="):
            return cookie.split(";", 1)[0]
    raise AssertionError(f"no session cookie in {cookies}")


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
