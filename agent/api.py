"""Public API of the agent for the chat layer: run a turn, build a nudge."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
import weakref
from collections.abc import AsyncGenerator, AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from langchain_core.runnables import RunnableConfig

from agent.cache import off_loop
from agent.checkpoint import checkpointer_get, checkpoints_delete, checkpoints_prune
from agent.configuration import Configuration
from agent.context import SessionSnapshot
from agent.dialogue.choices import choice_text
from agent.dialogue.facts import content_chars, is_shrug
from agent.graph import build_graph
from agent.llm import is_offline, model_for
from agent.lookups import proactive_data, step_chips
from agent.notes import notes_update
from agent.safety import NONE as NO_RISK
from agent.safety import Risk, assess, assess_all, assess_written, replies

__all__ = [
    "NO_RISK",
    "Configuration",
    "Risk",
    "assess",
    "assess_all",
    "assess_written",
    "replies",
    "SessionSnapshot",
    "TurnDelta",
    "TurnResult",
    "TurnStatus",
    "checkpoints_delete",
    "choice_text",
    "checkpoints_prune",
    "content_chars",
    "guidance_build",
    "is_shrug",
    "run_turn",
    "warm_up",
]
# The evaluation harness (agent.evaluation) is served from here too, loaded on
# first use: it drives run_turn itself, so importing it eagerly would be circular.
_EVALUATION = {
    "CaseError",
    "evaluate",
    "report_render",
    "report_to_dict",
    "safety_summary",
    "sessions_load",
}


def __getattr__(name: str):
    """Return an evaluation name on first use (PEP 562)."""
    if name in _EVALUATION:
        from agent import evaluation

        return getattr(evaluation, name)
    raise AttributeError(name)


logger = logging.getLogger(__name__)
CHUNK_CHARS = 40  # a model's streamed text goes out in pieces of at most this
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
class TurnStatus:
    """What the coach is doing between tokens; the text streamed so far is void.

    ``kind`` is ``tool`` (looking things up: ``tools`` names them) or ``retry``
    (a model round failed part-way and starts over).
    """

    kind: str
    tools: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnResult:
    """The end of a turn: the whole answer and what the chat layer stores with it."""

    text: str
    tools_used: list[str]
    examples: list[dict]
    guide_questions: list[dict]
    trace: dict
    notes: dict
    actions: dict = field(default_factory=dict)  # e.g. {"guide_mode": "quiet"}
    question_id: str = ""  # the question the reply is about ("" : the message's)


def warm_up() -> None:
    """Load the classifiers now, so no person's first turn waits for them.

    Every message passes the risk check first, then the intent classifier.
    With a real model configured, its client library (~1.5 s to import) and
    the coach's HTTP side of it load now too.
    """
    from agent import safety
    from agent.dialogue import classifier

    safety.warm_up()
    classifier.model()
    classifier.task_model()  # tasks said in new words (tasks_route.classified_task)
    if Configuration().llm_mode == "openai":
        import agent.model_http  # noqa: F401


async def _graph(config: Configuration, *, persistent: bool = True):
    loop = asyncio.get_running_loop()
    graphs = _GRAPHS.setdefault(loop, {})
    key = (persistent, config.retry_interval)
    if key not in graphs:
        saver = await checkpointer_get() if persistent else None
        graphs[key] = build_graph(saver, retry_interval=config.retry_interval)
    return graphs[key]


def _pieces(text: str) -> list[str]:
    return [text[i : i + CHUNK_CHARS] for i in range(0, len(text), CHUNK_CHARS)]


def _chips(step: str, exclude: str | None) -> list[dict]:
    return [c for c in step_chips(step) if c["id"] != exclude]


def _after_turn(
    snapshot: SessionSnapshot, guide_id: str | None, **notes: Any
) -> tuple[dict, list[dict]]:
    """Return the updated notes and the step's chips: one trip off the loop."""
    return notes_update(**notes), _chips(snapshot.step, guide_id)


async def _stream(
    config: Configuration, inputs: dict, thread_id: str, persistent: bool
) -> AsyncIterator[tuple[str, Any]]:
    graph = await _graph(config, persistent=persistent)
    run_config: RunnableConfig = {
        "configurable": {"thread_id": thread_id},
        "recursion_limit": config.recursion_limit,
    }
    # The custom stream (tokens, tool status) makes LangGraph run nodes beside a
    # waiter task, ~2 ms a turn: only a model that writes tokens is worth it.
    tokens = config.streaming and not is_offline(model_for(config))
    async for mode, chunk in graph.astream(
        inputs,
        run_config,
        context=config,
        durability=config.durability,
        stream_mode=["custom", "values"] if tokens else ["values"],
    ):
        yield mode, chunk


async def _graph_turn(
    config: Configuration, inputs: dict, thread_id: str
) -> AsyncIterator[TurnDelta | TurnStatus | dict]:
    """Run the graph, yielding its events and, last, its final state.

    If the checkpointer fails, the graph runs once more without one. The
    deadline and the offline fallback are the graph's own (agent/clock.py);
    this only keeps an infrastructure fault (the saver's database) from
    costing the person their answer.
    """
    error: Exception | None = None
    for persistent in (True, False):
        state: dict | None = None
        try:
            async for mode, chunk in _stream(config, inputs, thread_id, persistent):
                if mode == "values":
                    state = chunk
                elif "delta" in chunk:
                    yield TurnDelta(chunk["delta"])
                elif "tools" in chunk:
                    yield TurnStatus("tool", tuple(chunk["tools"]))
                elif "round" in chunk:
                    yield TurnStatus("retry")
        except Exception as exc:
            error = exc
            logger.exception(
                "turn failed%s", "; retrying without the saver" * persistent
            )
            yield TurnStatus("retry")
            continue
        if state is not None:
            yield state
            return
    yield {
        "final_answer": LAST_RESORT,
        "fallback": True,
        "fallback_reason": type(error).__name__ if error else "NoState",
    }


def _about(answer: str, asked: str, snapshot: SessionSnapshot) -> str:
    """Return the question the reply is about (its label on the page)."""
    from agent.about import reply_question
    from knowledge.selectors import questions_all

    try:
        questions = questions_all()
    except Exception:  # no knowledge snapshot: the message's question stands
        return asked
    return reply_question(
        answer, default=asked, step=snapshot.step, questions=questions
    )


async def run_turn(
    *,
    snapshot: SessionSnapshot,
    text: str,
    selection: str = "",
    guide_id: str | None = None,
    question_id: str | None = None,
    config: Configuration | None = None,
    choice: str = "",
) -> AsyncGenerator[TurnDelta | TurnStatus | TurnResult, None]:
    """Run one coaching turn; yield answer chunks, then exactly one TurnResult.

    A model's answer streams as it is written; the format step still checks
    it, and the TurnResult carries the checked text. Model and tool failures
    never raise: the offline coach answers, with a short note, within
    AGENT_TURN_DEADLINE. Cancelling the consuming task (Stop) cancels the
    model call with it.

    Args:
        snapshot: The session as the chat layer knows it.
        text: The person's message (ignored when ``guide_id`` is a known chip).
        selection: Text the person highlighted on the page.
        guide_id: A quick-pick chip (``guide_1`` …) answered from the knowledge base.
        choice: A choice offered under the last reply (agent.dialogue.choices):
            its act runs without classification.
        question_id: The question the message is about, if not the focus.
        config: Overrides for tests and benchmarks; settings and env otherwise.

    Yields:
        TurnDelta chunks as the model writes the answer (an answer that did
        not stream, such as the offline coach's, in pieces once checked),
        TurnStatus when the coach looks things up or starts a round over
        (the text so far is void), then one TurnResult whose ``text`` is the
        checked answer and replaces whatever streamed.
    """
    config = config or Configuration()
    started = time.perf_counter()
    inputs = {
        "user_text": text,
        "selection": selection or "",
        "guide_id": guide_id,
        "choice": choice,
        "session": dataclasses.asdict(snapshot),
        "current_question_id": question_id or snapshot.question_id,
    }
    state: dict = {}
    shown = ""  # what the person sees now: the final reply replaces it anyway
    async for event in _graph_turn(config, inputs, snapshot.session_id):
        if isinstance(event, dict):
            state = event
        elif isinstance(event, TurnDelta):
            shown += event.text
            for piece in _pieces(event.text):
                yield TurnDelta(piece)
        elif event.kind == "tool" or shown:  # a "round" with nothing shown is noise
            shown = ""
            yield event
    answer = state["final_answer"]
    if not shown:  # the offline coach: its checked answer goes out whole
        # (in 40-character pieces it cost daphne a frame each, a socket write
        # and a JSON dump, for text that arrives at once and that the final
        # `reply` frame carries again).
        yield TurnDelta(answer)
    tools_used = list(state.get("tools_used", []))
    try:
        notes, chips = await off_loop(
            _after_turn,
            snapshot,
            guide_id,
            notes=snapshot.notes or {},
            user_text=state.get("user_text", text),
            answers=snapshot.answers,
            reply=answer,
            tools_used=tools_used,
        )
    except Exception:
        logger.exception("notes or chips failed; the old notes stay")
        notes, chips = snapshot.notes or {}, []
    about = _about(answer, state.get("current_question_id") or "", snapshot)
    fallback = bool(state.get("fallback"))
    plan = state.get("plan") or {}
    understanding = state.get("understanding") or {}
    yield TurnResult(
        text=answer,
        tools_used=tools_used,
        examples=list(state.get("examples", []))[:3],
        guide_questions=chips,
        trace={
            "act": plan.get("act", ""),
            "intent": understanding.get("intent", ""),
            "confidence": understanding.get("confidence", 0),
            "gap": plan.get("gap", ""),
            "risk": understanding.get("risk") or {},
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
            "quote_repairs": state.get("quote_repairs", 0),
            "choices": plan.get("choices") or [],
            "quick": bool(state.get("quick")),
            "turn": state.get("turn", 0),
        },
        notes=notes,
        actions=dict(plan.get("actions") or {}),
        question_id=about,
    )


def guidance_build(
    *,
    trigger: str,
    snapshot: SessionSnapshot,
    minutes_idle: int,
    answer_text: str = "",
    away: bool = False,
) -> dict:
    """Build a proactive nudge with the proactive_guide tool's logic (sync, Celery).

    Args:
        trigger: idle_timeout, short_answer, vague_answer or stuck.
        snapshot: The session to nudge.
        minutes_idle: Minutes since the person's last activity.
        answer_text: The answer that raised the trigger, if any.
        away: The page was hidden or closed for a while: the nudge may
            greet the person back; otherwise it never says "欢迎回来".

    Returns:
        ``{"text", "examples", "suggestions", "guide_questions"}``.
    """
    context = {
        "current_step": snapshot.step,
        "question_id": snapshot.question_id,
        "session_id": snapshot.session_id,
        "turn": (snapshot.notes or {}).get("turns", 0),
        "away": away,
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
