"""The fake OpenAI-compatible server on its own thread, for a stack in a child process.

``tests/agent/fake_openai.py`` is an aiohttp app that lives on an event loop; the
browser tests are synchronous (Playwright's sync API) and the stack runs as a
child process, so the fake gets a loop on a daemon thread and the stack reaches
it over HTTP through ``OPENAI_BASE_URL``.
"""

from __future__ import annotations

import asyncio
import threading

from tests.agent.fake_openai import FakeOpenAI, Step


class ThreadedFakeOpenAI:
    """A ``FakeOpenAI`` served from a background thread; ``script`` may be swapped."""

    def __init__(self, script: list[Step]) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.fake = self._call(self._start(script))

    async def _start(self, script: list[Step]) -> FakeOpenAI:
        return await FakeOpenAI(script).start()

    def _call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=30)

    @property
    def url(self) -> str:
        """Return the ``/v1`` base URL for OPENAI_BASE_URL."""
        return self.fake.url

    @property
    def requests(self) -> list[dict]:
        """Return the Chat Completions requests received so far."""
        return list(self.fake.requests)

    def script(self, *steps: Step) -> None:
        """Answer the next requests with ``steps`` (the last one repeats)."""

        async def swap() -> None:
            self.fake.script = list(steps)

        self._call(swap())

    def close(self) -> None:
        """Stop the server and its loop."""
        try:
            self._call(self.fake.close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)
