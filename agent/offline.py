"""The offline coach model: the dialogue manager behind a chat-model interface.

It speaks the same tool-calling protocol as an OpenAI model (``bind_tools``,
``AIMessage.tool_calls``, ``ToolMessage`` results), so the graph does not know
which one it runs. It never reads the prompt: the graph binds the typed turn
(context, understanding, plan, dialogue state) and it reads tool results from
their artifacts.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    ToolMessage,
)
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool

from agent.context import TurnContext
from agent.dialogue import situation
from agent.dialogue.policy import Plan
from agent.dialogue.realise import Turn, realise
from agent.dialogue.state import DialogueState
from agent.dialogue.understanding import Understanding

_SCHEMAS: dict[tuple, list[dict]] = {}


def _tool_schemas(tools: tuple) -> list[dict]:
    # The same five tools every turn: convert their JSON schemas once per process.
    key = tuple((id(t), getattr(t, "name", "")) for t in tools)
    if key not in _SCHEMAS:
        _SCHEMAS[key] = [convert_to_openai_tool(t) for t in tools]
    return _SCHEMAS[key]


def artifacts(messages: Sequence[BaseMessage]) -> dict[str, dict]:
    """Return this turn's tool artifacts by tool name (after the last human message)."""
    last = max(
        (i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=-1
    )
    found: dict[str, dict] = {}
    for m in messages[last + 1 :]:
        if (
            isinstance(m, ToolMessage)
            and m.status != "error"
            and isinstance(m.artifact, dict)
        ):
            found[m.name or ""] = m.artifact
    return found


def turn_of(bound: dict, messages: Sequence[BaseMessage]) -> Turn:
    """Return the realiser's typed turn from what the graph bound.

    The knowledge rows' examples are fitted to the person's situation first
    (Coach 3 §5: no paid course for someone short of money).
    """
    ctx = TurnContext.load(bound["context"])
    return Turn(
        ctx=ctx,
        u=Understanding.load(bound["understanding"]),
        d=DialogueState.load(bound["dialogue"]),
        plan=Plan(**bound["plan"]),
        art=situation.artifacts_fitting(artifacts(messages), situation.of_turn(ctx)),
        seed=int(bound.get("seed", 0)),
        budget=int(bound.get("budget", 200)),
    )


class OfflineCoachModel(BaseChatModel):
    """A deterministic chat model: plans tool calls, then realises the reply."""

    chunk_chars: int = 12

    @property
    def _llm_type(self) -> str:
        return "offline-coach"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any):  # type: ignore[override]
        """Bind tools the way provider models do: as a ``tools`` call argument."""
        return self.bind(tools=_tool_schemas(tuple(tools)), **kwargs)

    def _reply(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        bound = kwargs.get("turn")
        usage_in = count_tokens_approximately(messages)
        if not bound:  # used as a plain chat model (e.g. a repair round): no plan
            return AIMessage(content="")
        tools = {t["function"]["name"] for t in kwargs.get("tools") or []}
        done = {m.name for m in messages if isinstance(m, ToolMessage)}
        calls = [
            c
            for c in bound["plan"]["calls"]
            if c["name"] in tools and c["name"] not in done
        ]
        if calls:
            return AIMessage(
                content="",
                tool_calls=[
                    {
                        "name": c["name"],
                        "args": c["args"],
                        "type": "tool_call",
                        "id": f"call_{uuid.uuid4().hex[:12]}",
                    }
                    for c in calls
                ],
                usage_metadata={
                    "input_tokens": usage_in,
                    "output_tokens": 8 * len(calls),
                    "total_tokens": usage_in + 8 * len(calls),
                },
            )
        reply = realise(turn_of(bound, messages))
        out = count_tokens_approximately([AIMessage(content=reply.text)])
        return AIMessage(
            content=reply.text,
            additional_kwargs={
                "coach": {
                    "shown": reply.shown,
                    "pending": reply.pending,
                    "marks": reply.marks,
                }
            },
            usage_metadata={
                "input_tokens": usage_in,
                "output_tokens": out,
                "total_tokens": usage_in + out,
            },
        )

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(
            generations=[ChatGeneration(message=self._reply(messages, **kwargs))]
        )

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        message = self._reply(messages, **kwargs)
        if message.tool_calls:
            chunks = [
                AIMessageChunk(
                    content="",
                    tool_call_chunks=[
                        {
                            "name": c["name"],
                            "args": json.dumps(c["args"], ensure_ascii=False),
                            "id": c["id"],
                            "index": i,
                            "type": "tool_call_chunk",
                        }
                        for i, c in enumerate(message.tool_calls)
                    ],
                )
            ]
        else:
            text = message.text
            chunks = [
                AIMessageChunk(content=text[i : i + self.chunk_chars])
                for i in range(0, len(text), self.chunk_chars)
            ] or [AIMessageChunk(content="")]
            chunks[0].additional_kwargs = dict(message.additional_kwargs)
        chunks[-1].usage_metadata = message.usage_metadata
        for chunk in chunks:
            if run_manager:
                run_manager.on_llm_new_token(
                    chunk.text, chunk=ChatGenerationChunk(message=chunk)
                )
            yield ChatGenerationChunk(message=chunk)
