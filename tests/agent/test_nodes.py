"""Each node on its own, and the router's every branch."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.errors import NodeError
from langgraph.runtime import Runtime

from agent import prompts
from agent.configuration import Configuration
from agent.graph import build_graph
from agent.nodes import (
    call_model,
    fall_back_offline,
    format_answer,
    observe_results,
    prompt_messages,
    read_input,
    run_tools,
    should_continue,
)
from tests.agent.conftest import snapshot
from tests.agent.scripted import ScriptedModel, tool_call

OFFLINE = Runtime(context=Configuration(llm_mode="offline"))


async def state_after_input(**inputs) -> dict:
    """Return the state right after ``read_input`` for V03."""
    state = {
        "user_text": "什么是价值观？",
        "selection": "",
        "guide_id": None,
        "session": dataclasses.asdict(snapshot()),
        "deadline": time.time() + 30,
        "messages": [],
        "turn": 4,
        **inputs,
    }
    update = await read_input(state, OFFLINE)
    messages = [m for m in update.pop("messages") if m.type != "remove"]
    return {**state, **update, "messages": messages}


async def test_read_input_resets_the_turn_and_reads_the_focus(kb):
    state = await state_after_input(selection="工作目的", user_text="这是什么意思？")
    assert state["turn"] == 5
    assert state["tools_used"] == [] and state["final_answer"] is None
    assert state["current_question_id"] == "V03"
    assert state["context"]["question"]["number"] == 3
    assert state["context"]["total_count"] >= 7
    assert "「工作目的」" in state["messages"][0].text
    assert state["scenario"] == "concept" and state["quick_plan"] == []


async def test_read_input_turns_a_chip_into_a_quick_plan(kb):
    state = await state_after_input(user_text="", guide_id="guide_2")
    assert state["user_text"] == "能给我一个示例吗？"
    assert state["quick_plan"] == [
        {"name": "recommend_examples", "args": {"topic": ""}}
    ]


async def test_read_input_never_mutates_its_state(kb):
    state = {
        "user_text": "你好",
        "selection": "",
        "guide_id": None,
        "session": dataclasses.asdict(snapshot()),
        "deadline": time.time() + 30,
    }
    frozen = json.dumps(state, sort_keys=True)
    await read_input(state, OFFLINE)
    assert json.dumps(state, sort_keys=True) == frozen


async def test_call_model_asks_the_offline_coach_for_tools(kb):
    state = await state_after_input()
    update = await call_model(state, OFFLINE)
    assert update["messages"][0].tool_calls[0]["name"] == "explain_concept"
    assert update["final_answer"] is None
    assert update["reasoning"] == ["call explain_concept"]


async def test_call_model_on_the_quick_path_calls_no_model(kb):
    state = await state_after_input(guide_id="guide_3")
    runtime = Runtime(
        context=Configuration(
            chat_model=ScriptedModel(script=[AssertionError("no model")])
        )
    )
    update = await call_model(state, runtime)
    assert update["messages"][0].tool_calls[0]["name"] == "guide_question"


async def test_call_model_uses_offline_coach_after_fallback(kb):
    state = {**(await state_after_input()), "fallback": True}
    runtime = Runtime(
        context=Configuration(
            chat_model=ScriptedModel(script=[AssertionError("no model")])
        )
    )
    update = await call_model(state, runtime)
    assert update["messages"][0].tool_calls


async def test_call_model_past_deadline_switches_to_offline(kb):
    state = {**(await state_after_input()), "deadline": time.time() - 1}
    runtime = Runtime(
        context=Configuration(
            chat_model=ScriptedModel(script=[AssertionError("no model")])
        )
    )
    update = await call_model(state, runtime)
    assert update["fallback"] is True and update["fallback_reason"] == "deadline"


def test_error_handler_routes_back_to_reasoning_as_fallback():
    command = fall_back_offline({}, NodeError(node="reasoning", error=TimeoutError()))
    assert command.goto == "reasoning"
    assert command.update == {"fallback": True, "fallback_reason": "TimeoutError"}


async def test_run_tools_runs_calls_concurrently_and_degrades(kb):
    state = await state_after_input()
    message = AIMessage(
        "",
        tool_calls=[
            {
                "name": "explain_concept",
                "args": {"concept": "价值观"},
                "id": "a",
                "type": "tool_call",
            },
            {"name": "nope", "args": {}, "id": "b", "type": "tool_call"},
        ],
    )
    state = {**state, "messages": [*state["messages"], message]}
    update = await run_tools(state, OFFLINE)
    ok, bad = update["observations"]
    assert ok["ok"] and ok["round"] == 1 and "definition" in ok["data"]
    assert not bad["ok"] and bad["error"] == "LookupError"


async def test_observe_results_adds_tool_messages_and_examples(kb):
    state = await state_after_input()
    rows = [{"id": "V001", "name": "自由", "category": "values", "definition": "自主"}]
    state = {
        **state,
        "observations": [
            {
                "id": "a",
                "name": "search_content",
                "ok": True,
                "round": 1,
                "cached": False,
                "degraded": False,
                "ms": 1.0,
                "data": {"entries": rows * 2},
            }
        ],
    }
    update = await observe_results(state, OFFLINE)
    assert isinstance(update["messages"][0], ToolMessage)
    assert update["tools_used"] == ["search_content"]
    assert update["examples"] == [
        {"id": "V001", "name": "自由", "category": "values", "text": "自主"}
    ]
    assert update["iteration_count"] == 1 and update["out_of_time"] is False


ROUTER_BASE = {
    "final_answer": None,
    "quick_plan": [],
    "iteration_count": 1,
    "iteration_limit": 5,
    "out_of_time": False,
    "observations": [{"round": 1}],
}


@pytest.mark.parametrize(
    ("change", "route"),
    [
        ({}, "continue"),
        ({"final_answer": "好"}, "end"),
        ({"quick_plan": [{"name": "guide_question"}]}, "end"),
        ({"iteration_count": 5}, "end"),
        ({"out_of_time": True}, "end"),
        ({"observations": []}, "end"),
    ],
)
def test_should_continue_every_branch(change, route):
    assert should_continue({**ROUTER_BASE, **change}) == route


def test_graph_has_the_seed_shape():
    graph = build_graph().get_graph()
    edges = {(e.source, e.target) for e in graph.edges}
    assert {
        ("__start__", "input"),
        ("input", "reasoning"),
        ("reasoning", "action"),
        ("action", "observation"),
        ("observation", "reasoning"),
        ("observation", "format"),
        ("format", "__end__"),
    } <= edges


async def test_format_keeps_a_good_answer(kb):
    state = await state_after_input()
    good = "价值观是你做选择时最看重的东西。比如看重「自由」的人会自己定计划。你呢？"
    update = await format_answer({**state, "final_answer": good}, OFFLINE)
    assert update["final_answer"] == good and update["repaired"] is False


@pytest.mark.parametrize(
    "bad",
    [
        "价值观就是你做选择时最看重的东西，" * 15,  # over-long
        "价值观是你做选择时最看重的东西。你呢？",  # no example
        # abstract
        "价值观因人而异，没有标准答案，相信自己，多思考。比如想一想。你呢？",
    ],
)
async def test_format_repairs_a_rule_breaking_answer(kb, bad):
    state = await state_after_input()
    runtime = Runtime(
        context=Configuration(chat_model=ScriptedModel(script=[AIMessage(bad)]))
    )
    update = await format_answer({**state, "final_answer": bad}, runtime)
    assert update["repaired"] is True
    assert len(update["final_answer"]) <= 200
    assert all(update["checks"].values()), (update["checks"], update["final_answer"])


async def test_format_composes_when_the_model_never_answered(kb):
    state = await state_after_input()
    runtime = Runtime(
        context=Configuration(
            chat_model=ScriptedModel(script=[tool_call("search_content", query="x")])
        )
    )
    update = await format_answer({**state, "iteration_count": 5}, runtime)
    assert update["fallback"] is True
    assert update["final_answer"].startswith(prompts.FALLBACK_NOTE)
    assert len(update["final_answer"]) <= 200


async def test_prompt_carries_notes_and_recent_messages_only(kb):
    notes = {"candidate_values": [{"id": "V001", "name": "自由", "hits": 2}]}
    state = await state_after_input(
        session=dataclasses.asdict(
            snapshot(
                notes=notes, recent_messages=[("user", f"消息{i}") for i in range(30)]
            )
        )
    )
    messages = prompt_messages(state)
    assert "候选价值观：自由" in messages[0].text
    assert "V03（第3/" in messages[0].text and "场景：概念解释" in messages[0].text
    history = [m.text for m in messages[1:-1]]
    assert history == [f"消息{i}" for i in range(20, 30)]
    assert isinstance(messages[-1], HumanMessage)


async def test_prompt_truncates_older_tool_output(kb):
    state = await state_after_input()
    big = ToolMessage("x" * 2000, tool_call_id="a", name="search_content")
    state = {
        **state,
        "messages": [
            *state["messages"],
            tool_call("search_content"),
            big,
            tool_call("search_content"),
            big,
        ],
    }
    messages = prompt_messages(state)
    tool_texts = [m.text for m in messages if m.type == "tool"]
    assert len(tool_texts[0]) < 400 and len(tool_texts[1]) == 2000
