"""Graph nodes (seed 003 §1.4): each returns a partial state and never mutates it."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from typing import Any, Literal

from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    HumanMessage,
    RemoveMessage,
    SystemMessage,
    ToolMessage,
)
from langgraph.errors import NodeError
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.runtime import Runtime
from langgraph.types import Command

from agent import prompts
from agent.answer import answer_checks, answer_compose, answer_repair, materials
from agent.configuration import Configuration
from agent.context import ContextManager, SessionSnapshot
from agent.llm import OFFLINE, is_offline, model_for
from agent.notes import notes_render
from agent.offline import intent_plan
from agent.state import AgentState
from agent.tools import (
    COMMON_TTL,
    TOOLS,
    TOOLS_BY_NAME,
    cached,
    example_of,
    off_loop,
)
from knowledge import selectors as kb

logger = logging.getLogger(__name__)
OLD_TOOL_CHARS = 300  # seed 001: older tool output is truncated in the prompt
TOOL_CHARS = 2400


class ModelTimeoutError(Exception):
    """A model round ran past AGENT_LOOP_TIMEOUT or the turn deadline."""


def reserve(config: Configuration) -> float:
    """Return the seconds kept back at the end of a turn for the offline answer."""
    return min(1.0, 0.1 * config.turn_deadline)


def variation(state: AgentState) -> int:
    """Return the stable variety seed of this session's turn."""
    key = f"{state.get('session', {}).get('session_id')}|{state.get('turn', 0)}"
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16)


def _focus(step: str, question_id: str | None) -> dict:
    def compute() -> dict:
        info = kb.step_info(step=step)
        question = kb.question_get(question_id=question_id) if question_id else None
        return {
            "step_title": info.title if info else step,
            "total_count": len(kb.questions_for_step(step=step)),
            "question": None
            if question is None
            else {
                "id": question.id,
                "step": question.step,
                "number": question.number,
                "text": question.text,
                "hint": question.hint,
                "example": question.example,
            },
        }

    return cached("focus", COMMON_TTL, (step, question_id), compute)


def _quick_plan(step: str, guide_id: str | None, question_id: str | None) -> tuple:
    guide = kb.guide_question_get(step=step, guide_id=guide_id) if guide_id else None
    if guide is None:
        return None, []
    plan = intent_plan(text=guide.text, step=step, question_id=question_id)
    if guide.type == "example_request":
        plan.calls = [{"name": "recommend_examples", "args": {"topic": ""}}]
    return guide.text, plan.calls


async def read_input(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Read the message, selection, step and question; reset the turn's fields."""
    session = SessionSnapshot(**state["session"])
    step = session.step
    qid = session.question_id
    manager = runtime.context.context_manager or ContextManager()
    context = manager.build_context(session, step)
    try:
        focus, (chip_text, quick) = await asyncio.gather(
            off_loop(_focus, step, qid),
            off_loop(_quick_plan, step, state.get("guide_id"), qid),
        )
    except Exception as exc:  # knowledge down: the coach still answers, plainer
        logger.warning("focus unavailable: %r", exc)
        focus = {"step_title": step, "total_count": 0, "question": None}
        chip_text, quick = None, []
    text = chip_text or state.get("user_text", "")
    selection = state.get("selection", "")
    plan = intent_plan(text=text, selection=selection, step=step, question_id=qid)
    content = text + (
        prompts.SELECTION_NOTE.format(selection=selection[:300]) if selection else ""
    )
    return {
        "messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), HumanMessage(content)],
        "user_text": text,
        "context": {**context, **focus, "session_id": session.session_id},
        "current_step": step,
        "current_question_id": qid,
        "scenario": plan.scenario,
        "quick_plan": quick,
        "tools_used": [],
        "observations": [],
        "examples": [],
        "reasoning": [],
        "final_answer": None,
        "iteration_count": 0,
        "iteration_limit": runtime.context.max_iterations,
        "out_of_time": False,
        "fallback": False,
        "fallback_reason": "",
        "tokens_in": 0,
        "tokens_out": 0,
        "tool_trace": [],
        "checks": {},
        "repaired": False,
        "turn": state.get("turn", 0) + 1,
    }


def _render(value: Any, empty: str = "（未填写）") -> str:
    if not value:
        return empty
    if isinstance(value, dict):
        return "；".join(f"{k}：{v}" for k, v in value.items())
    return "；".join(_render(v) for v in value)


def _scenario_prompt(state: AgentState) -> str:
    context, scenario = state["context"], state.get("scenario")
    question = context.get("question") or {}
    if scenario == "concept":
        return prompts.CONCEPT_PROMPT.format(concept=state.get("user_text", ""))
    if scenario == "question":
        answer = context.get("answered_questions", {}).get(question.get("id"), "")
        return prompts.QUESTION_PROMPT.format(
            question=question.get("text", ""), user_answer=answer or "（还没写）"
        )
    if scenario == "examples":
        return prompts.EXAMPLES_PROMPT.format(
            topic=state.get("user_text", ""), current_step=state["current_step"]
        )
    if scenario == "proactive":
        return prompts.PROACTIVE_PROMPT.format(trigger=state.get("user_text", ""))
    return ""


def prompt_messages(state: AgentState) -> list[AnyMessage]:
    """Return the prompt: system text, the last messages, and this turn so far."""
    context = state["context"]
    q = context.get("question")
    question = (
        "（未选定问题）"
        if not q
        else (
            f"{q['id']}（第{q['number']}/{context.get('total_count', '?')}题）"
            f"{q['text']}"
            f"\n  提示：{q['hint']}\n  示例回答：{q['example']}"
        )
    )
    system = prompts.SYSTEM_PROMPT.format(
        current_step=state["current_step"],
        step_title=context.get("step_title", ""),
        current_question=question,
        completed_count=context.get("answered_count", 0),
        total_count=context.get("total_count", 0),
        user_info=_render(context.get("user_info")),
        work_history=_render(context.get("work_history")),
        answered_questions=_render(context.get("answered_questions"), "（还没有）"),
        notes=notes_render(context.get("notes") or {}),
        scenario_prompt=_scenario_prompt(state),
    )
    history: list[AnyMessage] = [
        HumanMessage(text) if role == "user" else AIMessage(text)
        for role, text in context.get("conversation_history", [])
    ]
    turn = list(state["messages"])
    last_ai = max(
        (i for i, m in enumerate(turn) if isinstance(m, AIMessage)), default=-1
    )
    for i, m in enumerate(turn):
        if isinstance(m, ToolMessage) and i < last_ai and len(m.text) > OLD_TOOL_CHARS:
            turn[i] = m.model_copy(update={"content": m.text[:OLD_TOOL_CHARS] + "…"})
    return [SystemMessage(system), *history, *turn]


async def call_model(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Ask the model (tools bound) for the next action, or the quick path's plan."""
    config = runtime.context
    if state.get("quick_plan"):  # a chip: the knowledge base answers, no model round
        calls = [
            {**c, "id": f"quick_{i}", "type": "tool_call"}
            for i, c in enumerate(state["quick_plan"])
        ]
        return {
            "messages": [AIMessage("", tool_calls=calls)],
            "reasoning": [
                *state["reasoning"],
                "quick: " + ", ".join(c["name"] for c in calls),
            ],
        }
    remaining = state["deadline"] - time.time() - reserve(config)
    model = OFFLINE if state.get("fallback") else model_for(config)
    update: dict[str, Any] = {}
    if remaining <= 0 and not is_offline(model):
        model = OFFLINE
        update = {"fallback": True, "fallback_reason": "deadline"}
    kwargs: dict[str, Any] = {}
    if is_offline(model):
        kwargs["variation"] = variation(state)
        if state.get("fallback") or update:
            kwargs["budget"] = runtime.context.max_answer_chars - len(
                prompts.FALLBACK_NOTE
            )
    bound = model.bind_tools(TOOLS, **kwargs)
    messages = prompt_messages(state)
    if is_offline(model):
        response = await bound.ainvoke(messages)
    else:
        try:
            response = await asyncio.wait_for(
                bound.ainvoke(messages), timeout=min(config.loop_timeout, remaining)
            )
        except TimeoutError as exc:
            raise ModelTimeoutError(f"model round over {remaining:.1f}s") from exc
    usage: dict[str, Any] = dict(response.usage_metadata or {})
    names = [c["name"] for c in response.tool_calls]
    return {
        **update,
        "messages": [response],
        "final_answer": None if names else response.text,
        "reasoning": [
            *state["reasoning"],
            f"call {', '.join(names)}" if names else "answer",
        ],
        "tokens_in": state.get("tokens_in", 0) + usage.get("input_tokens", 0),
        "tokens_out": state.get("tokens_out", 0) + usage.get("output_tokens", 0),
    }


def fall_back_offline(
    state: AgentState, error: NodeError
) -> Command[Literal["reasoning"]]:
    """After the model's last retry fails, let the offline coach take the round."""
    logger.warning("model failed, offline coach answers: %r", error.error)
    return Command(
        update={"fallback": True, "fallback_reason": type(error.error).__name__},
        goto="reasoning",
    )


async def _run_one(call: dict, context: dict, timeout: float) -> dict:
    started = time.perf_counter()
    result: dict[str, Any] = {
        "id": call["id"],
        "name": call["name"],
        "args": call.get("args", {}),
    }
    tool = TOOLS_BY_NAME.get(call["name"])
    try:
        if tool is None:
            raise LookupError(f"未知工具：{call['name']}")
        raw = await asyncio.wait_for(
            tool.ainvoke({**call.get("args", {}), "context": context}), timeout
        )
        data = json.loads(raw)
        result.update(
            ok=True,
            data=data,
            cached=bool(data.get("cached")),
            degraded=bool(data.get("degraded")),
        )
    except Exception as exc:  # a tool failure degrades the answer, never the turn
        logger.warning("tool %s failed: %r", call["name"], exc)
        result.update(
            ok=False,
            data={"error": "知识库暂时查不到，先按已知信息回答。"},
            cached=False,
            degraded=True,
            error=type(exc).__name__,
        )
    result["ms"] = round((time.perf_counter() - started) * 1000, 2)
    return result


async def run_tools(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Run the tool calls of the last model message concurrently."""
    last = state["messages"][-1]
    calls = getattr(last, "tool_calls", None) or []
    if not calls:
        return {"observations": state["observations"]}
    context = state["context"]
    tool_context = {
        "session_id": context.get("session_id"),
        "turn": state.get("turn"),
        "current_step": state["current_step"],
        "question_id": state.get("current_question_id"),
        "answer_text": context.get("answered_questions", {}).get(
            state.get("current_question_id") or "", ""
        ),
    }
    timeout = max(0.5, state["deadline"] - time.time() - reserve(runtime.context))
    results = await asyncio.gather(*(_run_one(c, tool_context, timeout) for c in calls))
    rnd = state["iteration_count"] + 1
    return {
        "observations": [
            *state["observations"],
            *({**r, "round": rnd} for r in results),
        ]
    }


async def observe_results(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Add this round's tool results to the messages, tools used and examples."""
    rnd = state["iteration_count"] + 1
    fresh = [o for o in state["observations"] if o.get("round") == rnd]
    examples = list(state["examples"])
    seen = {e["id"] for e in examples}
    for o in fresh:
        for row in (o.get("data") or {}).get("entries") or []:
            if row.get("category") != "questions" and row.get("id") not in seen:
                examples.append(example_of(row))
                seen.add(row.get("id"))
    messages = [
        ToolMessage(
            content=json.dumps(o["data"], ensure_ascii=False)[:TOOL_CHARS],
            tool_call_id=o["id"],
            name=o["name"],
            status="success" if o["ok"] else "error",
        )
        for o in fresh
    ]
    deadline = state["deadline"] - reserve(runtime.context)
    return {
        "messages": messages,
        "tools_used": [*state["tools_used"], *(o["name"] for o in fresh)],
        "examples": examples[:6],
        "tool_trace": [
            *state["tool_trace"],
            *(
                {k: o.get(k) for k in ("name", "ok", "cached", "degraded", "ms")}
                for o in fresh
            ),
        ],
        "iteration_count": rnd,
        "out_of_time": time.time() >= deadline,
    }


def should_continue(state: AgentState) -> Literal["continue", "end"]:
    """Route back to reasoning, or on to format (seed §1.4.5)."""
    if state.get("final_answer") is not None or state.get("quick_plan"):
        return "end"
    if state["iteration_count"] >= state["iteration_limit"] or state.get("out_of_time"):
        return "end"
    rnd = state["iteration_count"]
    if not any(o.get("round") == rnd for o in state.get("observations", [])):
        return "end"  # the model neither answered nor called a tool
    return "continue"


async def _regenerate(
    state: AgentState, config: Configuration, text: str, failed: list, budget: float
) -> str | None:
    """Ask the model once to rewrite an answer that broke a rule (seed §8.1)."""
    prompt = prompts.REPAIR_PROMPT.format(
        failed="、".join(failed), answer=text, max_chars=config.max_answer_chars
    )
    try:
        model = model_for(config)
        reply = await asyncio.wait_for(
            model.ainvoke([*prompt_messages(state), HumanMessage(prompt)]), budget
        )
        return reply.text.strip() or None
    except Exception as exc:
        logger.warning("regeneration failed: %r", exc)
        return None


async def format_answer(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Apply the answer rules; regenerate or repair once when one fails (§8)."""
    config = runtime.context
    variant = variation(state)
    observations = state.get("observations", [])
    context = {
        "current_step": state["current_step"],
        "question": state["context"].get("question"),
    }
    model_answered = bool((state.get("final_answer") or "").strip())
    fallback = state.get("fallback", False)
    reason = state.get("fallback_reason", "")
    if (
        not model_answered
        and not state.get("quick_plan")
        and not (is_offline(model_for(config)) or fallback)
    ):
        fallback, reason = (
            True,
            reason or ("deadline" if state.get("out_of_time") else "iteration_limit"),
        )
    note = prompts.FALLBACK_NOTE if fallback else ""
    budget = config.max_answer_chars - len(note)
    m = materials(observations, context, variant)
    text = (state.get("final_answer") or "").strip()
    if not model_answered:
        text = answer_compose(
            observations=observations,
            context=context,
            user_text=state.get("user_text", ""),
            variant=variant,
            budget=budget,
        )
    checks = answer_checks(text, grounding=m["grounding"], max_chars=budget)
    repaired = False
    if not all(checks.values()):
        remaining = state["deadline"] - time.time() - reserve(config)
        if (
            model_answered
            and not fallback
            and remaining > 1
            and not is_offline(model_for(config))
        ):
            failed = [k for k, ok in checks.items() if not ok]
            again = await _regenerate(
                state, config, text, failed, min(config.loop_timeout, remaining)
            )
            if again:
                text, repaired = again, True
                checks = answer_checks(text, grounding=m["grounding"], max_chars=budget)
        if not all(checks.values()):
            text, repaired = (
                answer_repair(text, checks=checks, m=m, budget=budget),
                True,
            )
            if not all(
                answer_checks(text, grounding=m["grounding"], max_chars=budget).values()
            ):
                text = answer_compose(
                    observations=observations,
                    context=context,
                    user_text=state.get("user_text", ""),
                    variant=variant,
                    budget=budget,
                )
    final = note + text
    return {
        "final_answer": final,
        "checks": answer_checks(text, grounding=m["grounding"], max_chars=budget),
        "repaired": repaired,
        "fallback": fallback,
        "fallback_reason": reason,
    }
