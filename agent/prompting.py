"""The LLM's prompt: the typed turn context, the understanding as hints, the turn.

The same understanding the offline coach acts on goes to a real model as
context and a suggested act; older tool results are re-viewed from their
artifacts with a smaller budget (whole rows dropped, never text cut).
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import (
    AIMessage,
    AnyMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)

from agent import prompts
from agent.notes import notes_render
from agent.state import AgentState
from agent.tools import view

OLD_VIEW_CHARS = 300  # seed 001: older tool output is shortened in the prompt


def _render(value: Any, empty: str = "（未填写）") -> str:
    if not value:
        return empty
    if isinstance(value, dict):
        return "；".join(f"{k}：{v}" for k, v in value.items())
    return "；".join(_render(v) for v in value)


def _scenario(state: AgentState) -> str:
    ctx, act = state["turn_context"], state["plan"]["act"]
    question = ctx.get("question") or {}
    target = state["plan"].get("target") or {}
    if missing := target.get("missing"):
        return (
            f"\n场景：用户问的第{missing}题不存在（这一步一共{target.get('total')}题）。"
            "请直接说明，再问他想问的是哪一题。"
        )
    named = target.get("question_id")
    if named and named != question.get("id"):  # "第5题是什么意思": that one
        from knowledge import selectors as kb

        found = kb.question_get(question_id=named)
        question = {"id": found.id, "text": found.text} if found else question
    if act == "explain":
        return prompts.CONCEPT_PROMPT.format(concept=ctx["text"])
    if act in ("rephrase", "feedback", "explain_text"):
        draft = ctx["answers"].get(question.get("id", ""), "")
        return prompts.QUESTION_PROMPT.format(  # the draft itself is shown above
            question=question.get("text", ""),
            user_answer="（见上方草稿）" if draft else "（还没写）",
        )
    if act in ("examples", "more"):
        return prompts.EXAMPLES_PROMPT.format(
            topic=ctx["text"], current_step=ctx["step"]
        )
    return ""


def prompt_messages(state: AgentState) -> list[AnyMessage]:
    """Return the prompt: system text, the last messages, and this turn so far."""
    context, ctx = state["context"], state["turn_context"]
    u, plan = state["understanding"], state["plan"]
    dialogue = state.get("dialogue") or {}
    q = ctx.get("question") or {}
    answered = context.get("answered_questions") or {}
    question = (
        "（未选定问题）"
        if not q
        else (
            f"{q['id']}（第{q['number']}/{ctx.get('total', '?')}题）{q['text']}"
            f"\n  提示：{q['hint']}\n  示例回答：{q['example']}"
        )
    )
    system = prompts.SYSTEM_PROMPT.format(
        current_step=ctx["step"],
        step_title=ctx["step"],
        current_question=question,
        completed_count=context.get("answered_count", 0),
        total_count=ctx.get("total", 0),
        user_info=_render(context.get("user_info")),
        work_history=_render(context.get("work_history")),
        draft=answered.get(q.get("id", ""), "（还没写）"),
        # The draft is shown once, above; the other answers of the step follow.
        answered_questions=_render(
            {k: v for k, v in answered.items() if k != q.get("id")}, "（还没有）"
        ),
        notes=notes_render(context.get("notes") or {}),
        last_act=dialogue.get("last_act") or "（无）",
        shown="、".join(
            f"{i + 1}.{s['name']}"
            for i, s in enumerate((dialogue.get("shown") or [])[:3])
        )
        or "（无）",
        intent=u["intent"],
        confidence=u["confidence"],
        entities="、".join(e["name"] for e in u["entities"][:2]) or "（无）",
        act=plan["act"],
        act_hint=prompts.ACT_HINTS.get(plan["act"], ""),
        scenario_prompt=_scenario(state),
    )
    pairs = list(context.get("conversation_history", []))
    if pairs and tuple(pairs[-1]) == ("user", state.get("user_text", "")):
        pairs = pairs[:-1]  # saved before the turn: it comes once, as this turn's
    history: list[AnyMessage] = [
        HumanMessage(text) if role == "user" else AIMessage(text)
        for role, text in pairs
    ]
    turn = list(state["messages"])
    last_ai = max(
        (i for i, m in enumerate(turn) if isinstance(m, AIMessage)), default=-1
    )
    for i, m in enumerate(turn):
        if isinstance(m, ToolMessage) and i < last_ai and isinstance(m.artifact, dict):
            turn[i] = m.model_copy(update={"content": view(m.artifact, OLD_VIEW_CHARS)})
    return [SystemMessage(system), *history, *turn]
