"""Graph nodes (seed 003 §1.4): each returns a partial state and never mutates it.

``format_answer`` lives in ``agent/finish.py`` and the prompt in
``agent/prompting.py``; this module reads the input, runs the model round and
the tools, and routes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any, Literal

from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    RemoveMessage,
    message_chunk_to_message,
)
from langchain_core.runnables import Runnable
from langgraph.errors import NodeError
from langgraph.graph.message import REMOVE_ALL_MESSAGES
from langgraph.runtime import Runtime
from langgraph.types import Command

from agent import prompts
from agent.acting import observe_results, run_tools  # noqa: F401  (graph nodes)
from agent.cache import COMMON_TTL, cached, off_loop
from agent.clock import deadline_for, remaining, variation
from agent.configuration import Configuration
from agent.context import ContextManager, SessionSnapshot, TurnContext
from agent.dialogue import facts
from agent.dialogue.choices import CHOICES, choices_for, likely_choices
from agent.dialogue.policy import GUARDED, decide
from agent.dialogue.state import DialogueState
from agent.dialogue.understanding import understand
from agent.llm import OFFLINE, is_offline, model_for
from agent.prompting import prompt_messages
from agent.state import AgentState
from agent.tools import TOOLS
from knowledge import selectors as kb

logger = logging.getLogger(__name__)


class ModelTimeoutError(Exception):
    """A model round ran past AGENT_LOOP_TIMEOUT (worth another try)."""


class DeadlineError(ModelTimeoutError):
    """A model round ran into the turn's deadline: no time for another try."""


def _focus(step: str, question_id: str | None) -> dict:
    def compute() -> dict:
        question = kb.question_get(question_id=question_id) if question_id else None
        return {
            "total": len(
                kb.questions_for_step(step=question.step if question else step)
            ),
            "question": {}
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


def _understand(session: SessionSnapshot, state: AgentState, qid: str | None) -> dict:
    """Build the typed context, understand the message and plan the act (once)."""
    focus = _focus(session.step, qid)
    chip = None
    if guide_id := state.get("guide_id"):
        chip = kb.guide_question_get(step=session.step, guide_id=guide_id)
    choice = CHOICES.get(state.get("choice") or "")
    ctx = TurnContext(
        session_id=session.session_id,
        step=session.step,
        text=(
            chip.text if chip else choice.text if choice else state.get("user_text", "")
        ).strip(),
        selection=(state.get("selection") or "").strip()[:300],
        question=focus["question"],
        total=focus["total"],
        person={k: v for k, v in (session.user_info or {}).items() if v},
        jobs=list(session.work_history or [])[:3],
        # "还没写" saved as an answer is an open question, not words to quote
        answers={
            k: v for k, v in (session.answers or {}).items() if not facts.unwritten(v)
        },
        notes=dict(session.notes or {}),
        history=list(session.recent_messages or [])[-10:],
        guide_mode=session.guide_mode,
        care=session.care,
    )
    dialogue = DialogueState.load(state.get("dialogue"))
    u = understand(ctx, dialogue, quick=chip is not None)
    if choice and choice.intent and not u.crisis:
        u.intent = choice.intent  # a click names its act: nothing to guess
    plan = decide(ctx, u, dialogue)
    plan.choices = choices_for(plan.act, ctx, likely_choices(u.leans, ctx))
    return {"ctx": ctx, "u": u.dump(), "plan": plan.dump(), "quick": chip is not None}


async def read_input(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Read the message and its context; understand it once; reset the turn."""
    config = runtime.context
    deadline = deadline_for(config)  # the person has been waiting since now
    session = SessionSnapshot(**state["session"])
    qid = state.get("current_question_id") or session.question_id
    read = await off_loop(_understand, session, state, qid)
    ctx: TurnContext = read["ctx"]
    manager = config.context_manager or ContextManager()
    content = ctx.text + (
        prompts.SELECTION_NOTE.format(selection=ctx.selection) if ctx.selection else ""
    )
    return {
        "messages": [RemoveMessage(id=REMOVE_ALL_MESSAGES), HumanMessage(content)],
        "user_text": ctx.text,
        "turn_context": ctx.__dict__ | {"history": [list(p) for p in ctx.history]},
        "context": manager.build_context(session, session.step),
        "current_step": session.step,
        "current_question_id": ctx.question.get("id"),
        "understanding": read["u"],
        "plan": read["plan"],
        "dialogue": state.get("dialogue") or {},
        "quick": read["quick"],
        "tools_used": [],
        "observations": [],
        "examples": [],
        "reasoning": [],
        "final_answer": None,
        "iteration_count": 0,
        "iteration_limit": config.max_iterations,
        "deadline": deadline,
        "out_of_time": False,
        "fallback": False,
        "fallback_reason": "",
        "tokens_in": 0,
        "tokens_out": 0,
        "tool_trace": [],
        "checks": {},
        "repaired": False,
        "quote_repairs": 0,
        "turn": state.get("turn", 0) + 1,
    }


def question_ref(state: AgentState) -> str:
    """Return "第N题" when the message is about a question not on screen, else "".

    The browser sends the question a selection or chip came from; when that is
    not the session's focus the person should see which question was answered.
    """
    question = state["turn_context"].get("question") or {}
    focus = (state.get("session") or {}).get("question_id")
    if not question or question.get("id") == focus:
        return ""
    return f"第{question['number']}题"


def about_note(ref: str) -> str:
    """Return the note naming the question a reply is about ("" for no ref)."""
    return f"（关于{ref}）" if ref else ""


def offline_binding(
    state: AgentState, config: Configuration, *, fallback: bool = False
) -> dict:
    """Return the typed turn the offline coach is bound with."""
    note = len(prompts.FALLBACK_NOTE) if state.get("fallback") or fallback else 0
    note += len(about_note(question_ref(state)))
    return {
        "context": state["turn_context"],
        "understanding": state["understanding"],
        "plan": state["plan"],
        "dialogue": state.get("dialogue") or {},
        "seed": variation(state),
        "budget": config.max_answer_chars - note,
    }


async def _ask(
    model: Runnable, messages: Sequence[BaseMessage], write, *, streaming: bool
) -> AIMessage:
    """Run one model round; with streaming, pass the answer's tokens to ``write``.

    A round's text is only known to be the answer while no tool call has
    appeared; text a model writes before calling a tool has already been
    shown, so the ``tools`` event that follows tells the chat layer to
    withdraw it.
    """
    if not streaming:
        return await model.ainvoke(messages)
    full: AIMessageChunk | None = None
    calling = False
    async for chunk in model.astream(messages):
        if not isinstance(chunk, AIMessageChunk):  # a model that cannot stream
            if not chunk.tool_calls and chunk.text:
                write({"delta": chunk.text})
            return chunk
        full = chunk if full is None else full + chunk
        calling = calling or bool(chunk.tool_call_chunks)
        if not calling and chunk.text:
            write({"delta": chunk.text})
    if full is None:
        return AIMessage("")
    message = message_chunk_to_message(full)
    assert isinstance(message, AIMessage)
    return message


async def call_model(state: AgentState, runtime: Runtime[Configuration]) -> dict:
    """Ask the model (tools bound) for the next action or the answer.

    Crisis, refusal, quiet mode and quick-pick chips are answered by the
    dialogue manager before any model: the offline coach takes those rounds.
    """
    config = runtime.context
    left = remaining(state, config)
    guarded = state.get("quick") or state["plan"]["act"] in GUARDED
    model = OFFLINE if guarded or state.get("fallback") else model_for(config)
    update: dict[str, Any] = {}
    if left <= 0 and not is_offline(model):
        model, update = OFFLINE, {"fallback": True, "fallback_reason": "deadline"}
    # Every round starts over: what a failed or retried one streamed is void.
    runtime.stream_writer({"round": True})
    if is_offline(model):
        binding = offline_binding(state, config, fallback=bool(update))
        response = await model.bind_tools(TOOLS, turn=binding).ainvoke(
            state["messages"]
        )
    else:
        try:
            response = await asyncio.wait_for(
                _ask(
                    model.bind_tools(TOOLS),
                    prompt_messages(state),
                    runtime.stream_writer,
                    streaming=config.streaming,
                ),
                timeout=min(config.loop_timeout, left),
            )
        except TimeoutError as exc:
            kind = DeadlineError if left <= config.loop_timeout else ModelTimeoutError
            raise kind(
                f"model round over {min(left, config.loop_timeout):.1f}s"
            ) from exc
    usage: dict[str, Any] = dict(response.usage_metadata or {})
    names = [c["name"] for c in response.tool_calls]
    if names and not is_offline(model):
        runtime.stream_writer({"tools": names})  # seconds of lookups: say so
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


def should_continue(state: AgentState) -> Literal["continue", "end"]:
    """Route back to reasoning, or on to format (seed §1.4.5)."""
    if state.get("final_answer") is not None:
        return "end"
    if state.get("quick") and state["iteration_count"] >= 1:
        return "end"  # a chip: the knowledge base answered, format realises it
    if state["iteration_count"] >= state["iteration_limit"] or state.get("out_of_time"):
        return "end"
    rnd = state["iteration_count"]
    if not any(o.get("round") == rnd for o in state.get("observations", [])):
        return "end"  # the model neither answered nor called a tool
    return "continue"
