"""The coaching graph of seed 003 §2.1.

input → reasoning → action → observation, back to reasoning until the
observation says to stop, then format.
"""

from __future__ import annotations

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import RetryPolicy

from agent.configuration import Configuration
from agent.finish import format_answer
from agent.llm import retry_on
from agent.nodes import (
    call_model,
    fall_back_offline,
    observe_results,
    read_input,
    run_tools,
    should_continue,
)
from agent.state import AgentState


def build_graph(
    checkpointer: BaseCheckpointSaver | None = None, *, retry_interval: float = 0.3
) -> CompiledStateGraph[AgentState, Configuration, AgentState, AgentState]:
    """Compile the graph.

    Args:
        checkpointer: Where state is saved per thread (one thread per session).
        retry_interval: First back-off of the model node's retries, in seconds.

    Returns:
        The compiled graph; run it with ``context=Configuration(...)``.
    """
    builder = StateGraph(AgentState, context_schema=Configuration)
    builder.add_node("input", read_input)
    builder.add_node(
        "reasoning",
        call_model,
        retry_policy=RetryPolicy(
            max_attempts=3, initial_interval=retry_interval, retry_on=retry_on
        ),
        error_handler=fall_back_offline,
    )
    builder.add_node("action", run_tools)
    builder.add_node("observation", observe_results)
    builder.add_node("format", format_answer)
    builder.add_edge(START, "input")
    builder.add_edge("input", "reasoning")
    builder.add_edge("reasoning", "action")
    builder.add_edge("action", "observation")
    builder.add_conditional_edges(
        "observation", should_continue, {"continue": "reasoning", "end": "format"}
    )
    builder.add_edge("format", END)
    return builder.compile(checkpointer=checkpointer, name="coach")


graph = build_graph()
