"""Public API of the agent for the chat layer: run a turn, build a nudge."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass

from agent import prompts
from agent.checkpoint import checkpointer_get
from agent.configuration import Configuration
from agent.context import SessionSnapshot
from agent.graph import build_graph
from agent.nodes import reserve
from agent.notes import notes_update
from agent.tools import off_loop, proactive_data, step_chips

logger = logging.getLogger(__name__)
CHUNK_CHARS = 40  # the answer is complete and checked before it streams
LAST_RESORT = (
    "（AI 教练暂时不可用。）先不急着写完整答案，比如用一句话记下你想到的第一个场景，"
    "等会儿我们再一起整理，好吗？"
)
_GRAPHS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class TurnDelta:
    """A chunk of the final answer, in order."""

    text: str


@dataclass(frozen=True)
class TurnResult:
    """The end of a turn: the whole answer and what the chat layer stores with it."""

    text: str
    tools_used: list[str]
    examples: list[dict]
    guide_questions: list[dict]
    trace: dict
    notes: dict


async def _graph(config: Configuration, *, persistent: bool = True):
    loop = asyncio.get_running_loop()
    graphs = _GRAPHS.setdefault(loop, {})
    key = (persistent, config.retry_interval)
    if key not in graphs:
        saver = await checkpointer_get() if persistent else None
        graphs[key] = build_graph(saver, retry_interval=config.retry_interval)
    return graphs[key]


def _chips(step: str, exclude: str | None) -> list[dict]:
    return [c for c in step_chips(step) if c["id"] != exclude]


async def _invoke(
    config: Configuration, inputs: dict, thread_id: str, persistent: bool
) -> dict:
    graph = await _graph(config, persistent=persistent)
    run_config = {
        "configurable": {"thread_id": thread_id},
        "recursion_limit": config.recursion_limit,
    }
    return await graph.ainvoke(
        inputs, run_config, context=config, durability=config.durability
    )


async def _offline_turn(
    config: Configuration, inputs: dict, thread_id: str, end: float
) -> dict:
    """Answer with the offline coach after the graph failed or ran out of time.

    It runs with the persistent saver if it can, else without, and stops at
    ``end`` (a ``time.monotonic()`` value): the deadline holds even here.
    """
    offline = dataclasses.replace(
        config,
        llm_mode="offline",
        chat_model=None,
        max_answer_chars=config.max_answer_chars - len(prompts.FALLBACK_NOTE),
    )
    for persistent in (True, False):
        budget = end - time.monotonic()
        if budget < 0.02:
            break
        try:
            state = await asyncio.wait_for(
                _invoke(offline, inputs, thread_id, persistent), budget
            )
            return {
                **state,
                "fallback": True,
                "final_answer": prompts.FALLBACK_NOTE + state["final_answer"],
            }
        except Exception:
            logger.exception("offline coach failed (persistent=%s)", persistent)
    return {"final_answer": LAST_RESORT, "fallback": True, "fallback_reason": "error"}


async def run_turn(
    *,
    snapshot: SessionSnapshot,
    text: str,
    selection: str = "",
    guide_id: str | None = None,
    config: Configuration | None = None,
) -> AsyncIterator[TurnDelta | TurnResult]:
    """Run one coaching turn; yield answer chunks, then exactly one TurnResult.

    The answer is checked and checkpointed before its first chunk is yielded, so
    what the person sees is already saved. Model and tool failures never raise:
    the offline coach answers, with a short note, within AGENT_TURN_DEADLINE.

    Args:
        snapshot: The session as the chat layer knows it.
        text: The person's message (ignored when ``guide_id`` is a known chip).
        selection: Text the person highlighted on the page.
        guide_id: A quick-pick chip (``guide_1`` …) answered from the knowledge base.
        config: Overrides for tests and benchmarks; settings and env otherwise.

    Yields:
        TurnDelta chunks of the final answer, then one TurnResult.
    """
    config = config or Configuration()
    started = time.perf_counter()
    inputs = {
        "user_text": text,
        "selection": selection or "",
        "guide_id": guide_id,
        "session": dataclasses.asdict(snapshot),
        "deadline": time.time() + config.turn_deadline,
    }
    state: dict = {}
    try:
        state = await asyncio.wait_for(
            _invoke(config, inputs, snapshot.session_id, True),
            config.turn_deadline - reserve(config),
        )
    except Exception as exc:  # TimeoutError included: the deadline cut the turn
        logger.warning("turn failed, offline coach answers: %r", exc)
        end = time.monotonic() + max(
            reserve(config), config.turn_deadline - (time.perf_counter() - started)
        )
        state = await _offline_turn(config, inputs, snapshot.session_id, end)
        state.setdefault("fallback_reason", type(exc).__name__)
    answer = state["final_answer"]
    for i in range(0, len(answer), CHUNK_CHARS):
        yield TurnDelta(answer[i : i + CHUNK_CHARS])
        await asyncio.sleep(0)
    tools_used = list(state.get("tools_used", []))
    try:
        notes = await off_loop(
            notes_update,
            notes=snapshot.notes or {},
            user_text=state.get("user_text", text),
            answers=snapshot.answers,
            reply=answer,
            tools_used=tools_used,
        )
        chips = await off_loop(_chips, snapshot.step, guide_id)
    except Exception:
        logger.exception("notes or chips failed; the old notes stay")
        notes, chips = snapshot.notes or {}, []
    fallback = bool(state.get("fallback"))
    yield TurnResult(
        text=answer,
        tools_used=tools_used,
        examples=list(state.get("examples", []))[:3],
        guide_questions=chips,
        trace={
            "rounds": state.get("iteration_count", 0),
            "latency_ms": round((time.perf_counter() - started) * 1000, 1),
            "tokens_in": state.get("tokens_in", 0),
            "tokens_out": state.get("tokens_out", 0),
            "model": "offline/coach" if fallback else config.model,
            "fallback": fallback,
            "fallback_reason": state.get("fallback_reason", "") if fallback else "",
            "tools": state.get("tool_trace", []),
            "checks": state.get("checks", {}),
            "repaired": state.get("repaired", False),
            "scenario": state.get("scenario", ""),
            "quick": bool(state.get("quick_plan")),
            "turn": state.get("turn", 0),
        },
        notes=notes,
    )


def guidance_build(
    *, trigger: str, snapshot: SessionSnapshot, minutes_idle: int, answer_text: str = ""
) -> dict:
    """Build a proactive nudge with the proactive_guide tool's logic (sync, Celery).

    Args:
        trigger: idle_timeout, short_answer, vague_answer or stuck.
        snapshot: The session to nudge.
        minutes_idle: Minutes since the person's last activity.
        answer_text: The answer that raised the trigger, if any.

    Returns:
        ``{"text", "examples", "suggestions", "guide_questions"}``.
    """
    context = {
        "current_step": snapshot.step,
        "question_id": snapshot.question_id,
        "session_id": snapshot.session_id,
        "turn": (snapshot.notes or {}).get("turns", 0),
    }
    answer = answer_text or snapshot.answers.get(snapshot.question_id or "", "")
    try:
        data = proactive_data(
            trigger=trigger,
            minutes_idle=minutes_idle,
            answer_text=answer,
            context=context,
        )
    except Exception:
        logger.exception("knowledge unavailable; plain nudge")
        data = {
            "text": LAST_RESORT.split("）", 1)[1],
            "examples": [],
            "suggestions": [],
            "guide_questions": [],
        }
    return {k: data[k] for k in ("text", "examples", "suggestions", "guide_questions")}
