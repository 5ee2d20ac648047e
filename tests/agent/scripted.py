"""A chat model that replays a script: for graph tests that need no network."""

from __future__ import annotations

import asyncio
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool


def tool_call(name: str, **args: Any) -> AIMessage:
    """Return a model message calling one tool."""
    return AIMessage(
        "",
        tool_calls=[
            {"name": name, "args": args, "id": f"c-{name}", "type": "tool_call"}
        ],
    )


class ScriptedModel(BaseChatModel):
    """Replay ``script``: an AIMessage, an Exception to raise, or seconds to sleep.

    The last item repeats once the script runs out; ``seen`` records each prompt.
    """

    script: list[Any]
    seen: list[Any] = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools, **kwargs):  # type: ignore[override]
        """Bind tools like a provider model."""
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    def _next(self, messages) -> Any:
        self.seen.append(messages)
        item = self.script.pop(0) if len(self.script) > 1 else self.script[0]
        if isinstance(item, AIMessage):  # a fresh message each time, as a model sends
            n = len(self.seen)
            item = item.model_copy(
                update={
                    "id": None,
                    "tool_calls": [
                        {**c, "id": f"{c['id']}-{n}"} for c in item.tool_calls
                    ],
                }
            )
        return item

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        item = self._next(messages)
        if isinstance(item, Exception):
            raise item
        return ChatResult(generations=[ChatGeneration(message=item)])

    async def _agenerate(
        self, messages, stop=None, run_manager=None, **kwargs
    ) -> ChatResult:
        item = self._next(messages)
        if isinstance(item, float):
            await asyncio.sleep(item)
            item = AIMessage("太慢了。")
        if isinstance(item, Exception):
            raise item
        return ChatResult(generations=[ChatGeneration(message=item)])
