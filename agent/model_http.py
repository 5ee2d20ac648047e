"""The HTTP side of a real model: small connection pools, a lean event stream.

Imported only when a real model is configured (the OpenAI SDK is ~50 MB).
Both exist for hundreds of model turns in flight in one process (issue 29:
300 turns on a 2-second model), where the SDK's and httpcore's per-request
and per-chunk costs, not the model, had become the turn's time.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator

import httpx
import openai
from langchain_core.messages import AIMessageChunk
from langchain_core.outputs import ChatGenerationChunk
from langchain_openai import ChatOpenAI

KEEP_ALIVE = 500  # idle model connections kept open for the next turns
# httpcore's pool walks all its connections for each of its idle ones on every
# request and every response closed (O(n²)): with 300 streams open at once that
# walk was ~15% of daphne's CPU (issue 29). Requests are spread round robin over
# this many pools instead, so each holds a dozen connections or so.
POOL_SHARDS = 32


class ShardedTransport(httpx.AsyncBaseTransport):
    """Requests round robin over ``POOL_SHARDS`` pools; no cap on connections."""

    def __init__(self) -> None:
        """Open no connection yet: each pool opens its own on demand."""
        limits = httpx.Limits(
            max_connections=None,
            max_keepalive_connections=max(1, KEEP_ALIVE // POOL_SHARDS),
        )
        tls = httpx.create_ssl_context()  # one: each loads the CA bundle
        self.pools = [
            httpx.AsyncHTTPTransport(verify=tls, limits=limits)
            for _ in range(POOL_SHARDS)
        ]
        self.turn = itertools.count()

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Send ``request`` through the next pool."""
        pool = self.pools[next(self.turn) % len(self.pools)]
        return await pool.handle_async_request(request)

    async def aclose(self) -> None:
        """Close every pool."""
        for pool in self.pools:
            await pool.aclose()


class LeanChatOpenAI(ChatOpenAI):
    """ChatOpenAI whose streamed answer skips the SDK's response models.

    The SDK builds a typed object for every streamed chunk, then LangChain
    dumps it back to the dict it came from: ~15% of daphne's CPU with 300 model
    turns in flight (issue 29). Here the request still goes through the SDK
    (its auth, headers and error types: a 4xx is still a BadRequestError for
    ``retry_on``) without its type walk of the body, and the event stream is
    read as JSON lines.
    """

    async def _astream(  # type: ignore[override]
        self, messages, stop=None, run_manager=None, **kwargs
    ) -> AsyncIterator[ChatGenerationChunk]:
        stream_usage = self._should_stream_usage(
            kwargs.pop("stream_usage", None), **kwargs
        )
        kwargs["stream"] = True
        if stream_usage:
            kwargs["stream_options"] = {"include_usage": True}
        payload = self._get_request_payload(messages, stop=stop, **kwargs)
        if (
            "response_format" in payload
            or self.include_response_headers
            or self._use_responses_api(payload)
        ):  # not the coach's calls: LangChain's own path
            async for chunk in super()._astream(
                messages, stop, run_manager, stream_usage=stream_usage, **kwargs
            ):
                yield chunk
            return
        kind: type = AIMessageChunk
        # The request body goes as ``extra_body``, which the SDK merges over
        # its own fields as it is: its type-driven walk of every message and
        # tool schema (``maybe_transform``) took ~14% of daphne's CPU. What
        # LangChain built is the API's JSON already.
        body = {**payload, **(payload.pop("extra_body", None) or {})}
        create = self.async_client.with_streaming_response.create
        async with create(
            model=payload["model"], messages=[], stream=True, extra_body=body
        ) as response:
            async for line in response.iter_lines():
                if not line.startswith("data:"):
                    continue  # blank separators, comments, event names
                data = line[5:].strip()
                if data == "[DONE]":
                    break
                chunk = json.loads(data)
                if chunk.get("error"):  # as the SDK's stream raises it
                    raise openai.APIError(
                        str(chunk["error"]),
                        response.http_response.request,
                        body=chunk["error"],
                    )
                generation = self._convert_chunk_to_generation_chunk(chunk, kind, {})
                if generation is None:
                    continue
                kind = generation.message.__class__
                if run_manager:
                    await run_manager.on_llm_new_token(
                        generation.text, chunk=generation
                    )
                yield generation
