"""The graph state of one coaching turn (seed 003 §1.3 ``AgentState``)."""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


class AgentState(TypedDict, total=False):
    """State of the ReAct loop; every field but ``messages`` is last-write-wins.

    The thread (one per coaching session) outlives a turn, so ``read_input``
    resets the per-turn fields; ``turn`` and ``dialogue`` carry over.
    """

    # Reducer add_messages. This turn's messages only: the person's message, the
    # model's tool calls and the tool results; older turns live in the notes.
    messages: Annotated[list[AnyMessage], add_messages]
    # Raw turn input, as the chat layer sent it.
    user_text: str
    selection: str
    guide_id: str | None
    choice: str  # a choice under the last reply, run without classification
    session: dict[str, Any]  # the SessionSnapshot as a plain dict
    # The typed TurnContext (agent.context) as a plain dict: person, focus
    # question, answers, notes, history. Built once per turn by read_input.
    turn_context: dict[str, Any]
    # Raw context built by ContextManager (clipped for the prompt).
    context: dict[str, Any]
    current_step: str
    current_question_id: str | None
    # Understanding and Plan (agent.dialogue) as plain dicts: computed once per
    # turn, read by the offline coach, the prompt and format.
    understanding: dict[str, Any]
    plan: dict[str, Any]
    # DialogueState (agent.dialogue.state): carried across turns on the thread.
    dialogue: dict[str, Any]
    quick: bool  # a quick-pick chip: the plan's tools run without a model round
    tools_used: list[str]  # names of the tools run this turn, in order
    observations: list[dict[str, Any]]  # the last round's tool results (raw)
    examples: list[dict[str, Any]]  # knowledge rows surfaced this turn
    reasoning: list[str]  # one line per round: what the model decided
    final_answer: str | None  # the model's answer; format_answer validates it
    iteration_count: int  # completed ReAct rounds
    iteration_limit: int  # AGENT_MAX_ITERATIONS, copied for the pure router
    deadline: float  # time.monotonic() end of the turn: the one clock of a turn
    out_of_time: bool  # set by observe_results when the deadline is near
    fallback: bool  # the offline coach answered after a model failure
    fallback_reason: str
    tokens_in: int
    tokens_out: int
    tool_trace: list[dict[str, Any]]  # per tool call: name, ok, cached, ms
    checks: dict[str, bool]  # the answer rules and whether each held
    repaired: bool  # format_answer regenerated or repaired the answer
    quote_repairs: int  # sentences dropped for quoting words nobody wrote
    turn: int  # turns taken on this thread (drives the offline coach's variety)
