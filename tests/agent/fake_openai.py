"""A small OpenAI-compatible Chat Completions server for tests, over real HTTP.

Each request takes the next step of a script: a tool call, a final text, an
HTTP 500, a hang, or a stream that drops mid-way. It records every request so a
test can see what the real ``ChatOpenAI`` client sent.
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer


@dataclass
class Step:
    """One scripted reply."""

    content: str | None = None
    tool_calls: list[dict] = field(default_factory=list)  # {"name", "arguments"}
    status: int = 200
    hang: float = 0.0
    drop: bool = False  # stream a little, then cut the connection
    chunk_delay: float = 0.0  # seconds before each streamed content chunk
    chunk_chars: int = 6  # characters per streamed content chunk


def text(content: str) -> Step:
    """Return a step answering ``content``."""
    return Step(content=content)


def calls(*pairs: tuple[str, dict], content: str | None = None) -> Step:
    """Return a step calling tools ``(name, arguments)``."""
    return Step(
        content=content, tool_calls=[{"name": n, "arguments": a} for n, a in pairs]
    )


class FakeOpenAI:
    """The scripted server; ``url`` is its ``/v1`` base URL once started."""

    def __init__(self, script: list[Step] | None = None) -> None:
        self.script = list(script or [])
        self.requests: list[dict] = []
        # time.perf_counter() stamps, for benchmarks: when each request arrived,
        # and when the first non-empty content chunk of each stream was written.
        self.request_at: list[float] = []
        self.first_token_at: list[float] = []
        self.server: TestServer | None = None
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self.chat)
        self.app = app

    @property
    def url(self) -> str:
        """Return the base URL the client should use."""
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.port}/v1"

    async def start(self) -> FakeOpenAI:
        """Start listening on a free local port."""
        self.server = TestServer(self.app, host="127.0.0.1")
        await self.server.start_server()
        return self

    async def close(self) -> None:
        """Stop the server (cancels any hanging request)."""
        if self.server is not None:
            await self.server.close()

    def _next(self) -> Step:
        if len(self.script) > 1:
            return self.script.pop(0)
        return self.script[0] if self.script else text("好的。")

    async def chat(self, request: web.Request) -> web.StreamResponse:
        """Answer one Chat Completions request from the script."""
        self.request_at.append(time.perf_counter())
        body = await request.json()
        self.requests.append(body)
        step = self._next()
        if step.hang:
            await asyncio.sleep(step.hang)
        if step.status != 200:
            return web.json_response(
                {"error": {"message": "scripted failure", "type": "server_error"}},
                status=step.status,
            )
        usage = {
            "prompt_tokens": 100 + len(json.dumps(body)) // 10,
            "completion_tokens": 20,
            "total_tokens": 0,
        }
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        if body.get("stream"):
            return await self._stream(request, body, step, usage)
        message: dict[str, Any] = {"role": "assistant", "content": step.content}
        if step.tool_calls:
            message["tool_calls"] = [
                {
                    "id": f"call_{uuid.uuid4().hex[:8]}",
                    "type": "function",
                    "function": {
                        "name": c["name"],
                        "arguments": json.dumps(c["arguments"], ensure_ascii=False),
                    },
                }
                for c in step.tool_calls
            ]
        return web.json_response(
            {
                "id": "chatcmpl-fake",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model"),
                "choices": [
                    {
                        "index": 0,
                        "message": message,
                        "finish_reason": "tool_calls" if step.tool_calls else "stop",
                    }
                ],
                "usage": usage,
            }
        )

    async def _stream(
        self, request: web.Request, body: dict, step: Step, usage: dict
    ) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        base = {
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": body.get("model"),
        }

        async def send(delta: dict, finish: str | None = None) -> None:
            chunk = {
                **base,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }
            data = json.dumps(chunk, ensure_ascii=False)
            await response.write(f"data: {data}\n\n".encode())

        await send({"role": "assistant", "content": ""})
        content = step.content or ""
        size = max(1, step.chunk_chars)
        for i in range(0, len(content), size):
            if step.chunk_delay:
                await asyncio.sleep(step.chunk_delay)  # a slow model: visible streaming
            await send({"content": content[i : i + size]})
            if i == 0:  # handed to the kernel: the model's first token is out
                self.first_token_at.append(time.perf_counter())
            if step.drop and i >= size:
                request.transport.close()  # the connection dies mid-answer
                return response
        for index, call in enumerate(step.tool_calls):
            arguments = json.dumps(call["arguments"], ensure_ascii=False)
            await send(
                {
                    "tool_calls": [
                        {
                            "index": index,
                            "id": f"call_{uuid.uuid4().hex[:8]}",
                            "type": "function",
                            "function": {"name": call["name"], "arguments": ""},
                        }
                    ]
                }
            )
            for i in range(0, len(arguments), 8):
                await send(
                    {
                        "tool_calls": [
                            {
                                "index": index,
                                "function": {"arguments": arguments[i : i + 8]},
                            }
                        ]
                    }
                )
        await send({}, "tool_calls" if step.tool_calls else "stop")
        if (body.get("stream_options") or {}).get("include_usage"):
            chunk = {**base, "choices": [], "usage": usage}
            await response.write(f"data: {json.dumps(chunk)}\n\n".encode())
        await response.write(b"data: [DONE]\n\n")
        await response.write_eof()
        return response
