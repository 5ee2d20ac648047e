"""Fixtures for the product app: loaded knowledge and visitors with cookies."""

import asyncio
from dataclasses import dataclass

import pytest

from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command

from coach import warmth
from coach.asgi import application
from coach.models import CoachingSession
from coach.services.sessions import SESSION_KEY

# As daphne does, the import started the warm-up beside it: the tests, like the
# stacks' wait for /healthz, begin once it is done.
warmth.wait(120)

ORIGIN = (b"origin", b"http://127.0.0.1:8000")


@pytest.fixture
def knowledge(db):
    """Load the real knowledge base from data/."""
    call_command("load_knowledge", verbosity=0)


@dataclass
class Visitor:
    """A browser with a session cookie and its coaching session."""

    session: CoachingSession
    cookie: bytes

    def communicator(self, *, origin=ORIGIN) -> WebsocketCommunicator:
        """Return a communicator for /ws/coach/ carrying this visitor's cookie."""
        headers = [(b"cookie", self.cookie)]
        if origin is not None:
            headers.append(origin)
        return WebsocketCommunicator(application, "/ws/coach/", headers=headers)


def make_visitor() -> Visitor:
    """Create a visitor as a first page view would."""
    store = SessionStore()
    coaching = CoachingSession.objects.create()
    store[SESSION_KEY] = coaching.pk
    store.save()
    cookie = f"{settings.SESSION_COOKIE_NAME}={store.session_key}".encode()
    return Visitor(session=coaching, cookie=cookie)


@pytest.fixture
def visitor(knowledge):
    """One visitor with the knowledge loaded."""
    return make_visitor()


@pytest.fixture
def other_visitor(knowledge):
    """A second, unrelated visitor."""
    return make_visitor()


async def connect(visitor: Visitor) -> tuple[WebsocketCommunicator, dict]:
    """Open a socket and return it with the `session` frame."""
    comm = visitor.communicator()
    connected, _ = await comm.connect(timeout=10)
    assert connected
    frame = await comm.receive_json_from(timeout=10)
    assert frame["type"] == "session"
    return comm, frame


async def reply_to(
    comm: WebsocketCommunicator, payload: dict, timeout: float = 20
) -> tuple[list[dict], dict]:
    """Send a chat-like frame; return (frames before, final `reply`)."""
    await comm.send_json_to(payload)
    frames = []
    while True:
        frame = await comm.receive_json_from(timeout=timeout)
        if frame["type"] == "reply":
            return frames, frame
        assert frame["type"] != "error", frame
        frames.append(frame)


@pytest.fixture
async def saver_closed():
    """After the test: let its turns finish, then close its loop's checkpointer.

    Each test has its own event loop and so its own checkpointer (a connection
    pool on PostgreSQL); left open they add up to PostgreSQL's client limit.
    """
    yield
    from agent.checkpoint import checkpointer_close
    from coach import streaming

    loop = asyncio.get_running_loop()
    mine = [t for t in streaming._running if t.get_loop() is loop]
    await asyncio.wait_for(asyncio.gather(*mine, return_exceptions=True), 30)
    await checkpointer_close()
