"""The action and observation nodes: run the round's tool calls, record results.

A tool failure degrades the answer, never the turn: it becomes an error
``ToolMessage`` the model (or the offline coach) sees.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from langchain_core.messages import ToolMessage
from langgraph.runtime import Runtime

from agent.clock import remaining, reserve
from agent.configuration import Configuration
from agent.state import AgentState
from agent.tools import TOOLS_BY_NAME

logger = logging.getLogger(__name__)


def _tool_context(state: AgentState) -> dict:
    ctx = state["turn_context"]
    qid = state.get("current_question_id") or ""
    return {
        "session_id": ctx["session_id"],
        "turn": state.get("turn"),
        "current_step": state["current_step"],
        "question_id": qid,
        "answer_text": ctx["answers"].get(qid, ""),
    }


async def _run_one(
    call: dict, context: dict, timeout: float
) -> tuple[ToolMessage, dict]:
    started = time.perf_counter()
    trace: dict[str, Any] = {"name": call["name"], "ok": True, "cached": False}
    tool = TOOLS_BY_NAME.get(call["name"])
    try:
        if tool is None:
            raise LookupError(f"未知工具：{call['name']}")
        args = {**call.get("args", {}), "context": context}
        message = await asyncio.wait_for(tool.ainvoke({**call, "args": args}), timeout)
        artifact = message.artifact or {}
        trace.update(
            cached=bool(artifact.get("cached")), degraded=bool(artifact.get("degraded"))
        )
    except Exception as exc:  # a tool failure degrades the answer, never the turn
        logger.warning("tool %s failed: %r", call["name"], exc)
        message = ToolMessage(
            content='{"error": "知识库暂时查不到，先按已知信息回答。"}',
            tool_call_id=call["id"],
            name=call["name"],
            status="error",
            artifact={},
        )
        trace.update(ok=False, degraded=True, error=type(exc).__name__)
    trace["ms"] = round((time.perf_counter() - started) * 1000, 2)
    return message, trace


async def run_tools(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Run the tool calls of the last model message concurrently."""
    last = state["messages"][-1]
    calls = getattr(last, "tool_calls", None) or []
    if not calls:
        return {"observations": state["observations"]}
    timeout = max(0.5, remaining(state, runtime.context) + reserve(runtime.context))
    context = _tool_context(state)
    done = await asyncio.gather(*(_run_one(c, context, timeout) for c in calls))
    rnd = state["iteration_count"] + 1
    return {
        "observations": [
            *state["observations"],
            *({"round": rnd, "message": m, **t} for m, t in done),
        ]
    }


async def observe_results(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Add this round's tool results to the messages, the tools used and the trace."""
    rnd = state["iteration_count"] + 1
    fresh = [o for o in state["observations"] if o.get("round") == rnd]
    keys = ("name", "ok", "cached", "degraded", "ms")
    return {
        "messages": [o["message"] for o in fresh],
        "tools_used": [*state["tools_used"], *(o["name"] for o in fresh)],
        "tool_trace": [
            *state["tool_trace"],
            *({k: o.get(k) for k in keys} for o in fresh),
        ],
        "iteration_count": rnd,
        "out_of_time": remaining(state, runtime.context) <= 0,
    }
