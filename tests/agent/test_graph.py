"""Whole turns through the graph: shapes of the ReAct loop, failures, persistence."""

from __future__ import annotations

import re
import time

import pytest

from agent import api, tools
from agent import cache as agent_cache
from agent.api import TurnDelta, TurnResult, TurnStatus, run_turn
from agent.checkpoint import checkpointer_get
from agent.configuration import Configuration
from agent.graph import build_graph
from agent.rules import EXAMPLE_RE
from tests.agent.conftest import on_screen, snapshot
from tests.agent.scripted import ScriptedModel, tool_call

GOOD = (
    "价值观就是你做选择时最看重的东西。比如看重「自由」的人，被盯着打卡就难受。"
    "你呢？哪次选择最能说明你在意什么？"
)


def scripted(*script, **overrides) -> Configuration:
    values = {
        "chat_model": ScriptedModel(script=list(script)),
        "turn_deadline": 10.0,
        "retry_interval": 0.01,
    }
    values.update(overrides)
    return Configuration(**values)


async def turn(config: Configuration, text: str = "什么是价值观？", **kwargs):
    snap = kwargs.pop("snap", None) or snapshot()
    events = [
        e async for e in run_turn(snapshot=snap, text=text, config=config, **kwargs)
    ]
    assert isinstance(events[-1], TurnResult)
    assert all(isinstance(e, TurnDelta | TurnStatus) for e in events[:-1])
    return events


async def test_direct_answer_needs_no_tool(kb):
    events = await turn(
        scripted(
            tool_call("x")
            .model_copy(update={"tool_calls": []})
            .model_copy(update={"content": GOOD})
        )
    )
    result = events[-1]
    assert result.text == GOOD and result.tools_used == []
    assert result.trace["rounds"] == 1 and result.trace["fallback"] is False


async def test_one_tool_then_answer(kb):
    from langchain_core.messages import AIMessage

    config = scripted(tool_call("explain_concept", concept="价值观"), AIMessage(GOOD))
    result = (await turn(config))[-1]
    assert result.tools_used == ["explain_concept"]
    assert result.trace["rounds"] == 2
    prompts_seen = config.chat_model.seen
    assert prompts_seen[1][-1].type == "tool"  # the result went back to the model


async def test_several_tools_run_in_one_round(kb):
    from langchain_core.messages import AIMessage

    both = tool_call("explain_concept", concept="价值观")
    both = both.model_copy(
        update={
            "tool_calls": [
                *both.tool_calls,
                {
                    "name": "search_content",
                    "args": {"query": "自由"},
                    "id": "c-2",
                    "type": "tool_call",
                },
            ]
        }
    )
    result = (await turn(scripted(both, AIMessage(GOOD))))[-1]
    assert result.tools_used == ["explain_concept", "search_content"]
    assert result.trace["rounds"] == 2
    assert {t["name"] for t in result.trace["tools"]} == {
        "explain_concept",
        "search_content",
    }


async def test_iteration_cap_stops_the_loop(kb):
    config = scripted(tool_call("search_content", query="自由"), max_iterations=3)
    result = (await turn(config))[-1]
    assert result.trace["rounds"] == 3
    assert result.tools_used == ["search_content"] * 3
    assert len(result.text) <= 200 and EXAMPLE_RE.search(result.text)
    assert result.trace["fallback"] is True  # the model never answered


async def test_failing_tool_degrades_instead_of_crashing(kb, monkeypatch):
    from langchain_core.messages import AIMessage

    def broken(**kwargs):
        raise RuntimeError("index gone")

    monkeypatch.setattr(tools, "search_data", broken)
    config = scripted(tool_call("search_content", query="一个新词"), AIMessage(GOOD))
    result = (await turn(config))[-1]
    assert result.text == GOOD
    assert result.trace["tools"][0]["ok"] is False
    assert "知识库暂时查不到" in config.chat_model.seen[1][-1].text


async def test_unknown_tool_and_bad_arguments_degrade(kb):
    from langchain_core.messages import AIMessage

    bad = AIMessage(
        "",
        tool_calls=[
            {"name": "delete_everything", "args": {}, "id": "c-1", "type": "tool_call"},
            {
                "name": "search_content",
                "args": {"limit": "many"},
                "id": "c-2",
                "type": "tool_call",
            },
        ],
    )
    result = (await turn(scripted(bad, AIMessage(GOOD))))[-1]
    assert [t["ok"] for t in result.trace["tools"]] == [False, False]
    assert result.text == GOOD


async def test_model_past_the_deadline_gets_offline_answer(kb):
    config = scripted(30.0, turn_deadline=1.5)
    started = time.monotonic()
    result = (await turn(config))[-1]
    # Cut by the 1.5 s deadline, not after the model's 30 s; the bound leaves
    # room for a loaded machine, the reason says what cut it.
    assert time.monotonic() - started < 10
    assert result.trace["fallback_reason"] in {"deadline", "DeadlineError"}
    assert result.trace["fallback"] is True
    assert len(result.text) <= 200 and EXAMPLE_RE.search(result.text)


async def test_model_errors_fall_back_to_offline_coach(kb):
    config = scripted(ConnectionError("refused"))
    result = (await turn(config))[-1]
    assert len(config.chat_model.seen) == 3
    assert result.trace["fallback"] is True
    assert result.trace["fallback_reason"] == "ConnectionError"


async def test_streaming_yields_only_the_final_answer(kb):
    from langchain_core.messages import AIMessage

    chatter = tool_call("explain_concept", concept="价值观").model_copy(
        update={"content": "我先想想要查什么。"}
    )
    events = await turn(scripted(chatter, AIMessage(GOOD)))
    deltas = on_screen(events[:-1])
    assert any(isinstance(e, TurnStatus) for e in events)  # the chatter is withdrawn
    assert len(deltas) > 1
    assert "".join(deltas) == events[-1].text == GOOD


async def test_quick_pick_chip_answers_without_a_model_round(kb):
    config = scripted(AssertionError("the model must not be called"))
    result = (await turn(config, text="", guide_id="guide_2"))[-1]
    assert result.tools_used == ["recommend_examples"]
    assert result.trace["quick"] is True and result.trace["rounds"] == 1
    assert result.trace["fallback"] is False
    assert result.examples and EXAMPLE_RE.search(result.text)
    assert all(c["id"] != "guide_2" for c in result.guide_questions)


async def test_confusion_chip_guides_the_question_in_focus(kb, offline_config):
    result = (await turn(offline_config, text="", guide_id="guide_3"))[-1]
    assert result.tools_used == ["guide_question"]
    assert "第3题" in result.text or "想想那些很辛苦" in result.text


async def test_recursion_limit_is_always_passed(kb, offline_config, monkeypatch):
    seen = {}
    original = api._stream

    async def spy(config, inputs, thread_id, persistent):
        graph = await api._graph(config, persistent=persistent)
        real = graph.astream

        def astream(inputs, run_config, **kwargs):
            seen.update(run_config)
            return real(inputs, run_config, **kwargs)

        monkeypatch.setattr(graph, "astream", astream)
        async for item in original(config, inputs, thread_id, persistent):
            yield item

    monkeypatch.setattr(api, "_stream", spy)
    await turn(offline_config)
    assert seen["recursion_limit"] == offline_config.recursion_limit == 30
    assert seen["configurable"]["thread_id"] == "s-test"


async def test_turns_are_checkpointed_per_session(kb, offline_config):
    await turn(offline_config, snap=snapshot(session_id="a"))
    await turn(offline_config, text="能给我一个示例吗？", snap=snapshot(session_id="a"))
    await turn(offline_config, snap=snapshot(session_id="b"))
    graph = build_graph(await checkpointer_get())
    state_a = (await graph.aget_state({"configurable": {"thread_id": "a"}})).values
    state_b = (await graph.aget_state({"configurable": {"thread_id": "b"}})).values
    assert state_a["turn"] == 2 and state_b["turn"] == 1
    assert state_a["user_text"] == "能给我一个示例吗？"
    assert (
        state_a["messages"][0].text == "能给我一个示例吗？"
    )  # last turn's messages only
    assert state_a["final_answer"] and state_a["session"]["session_id"] == "a"


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        ("什么是价值观？", ("为什么而工作", "价值")),
        ("能给我一个示例吗？", ("「",)),
        ("我不太确定怎么回答", ("第3题", "辛苦", "投入")),
    ],
)
async def test_done_when_questions_are_answered_helpfully(
    kb, offline_config, text, needles
):
    result = (await turn(offline_config, text=text))[-1]
    assert len(result.text) <= 200
    assert EXAMPLE_RE.search(result.text), result.text
    assert any(n in result.text for n in needles), result.text
    assert re.search(r"[？?]|下一步|试着|不妨", result.text[-40:]), result.text
    assert all(result.trace["checks"].values())
    assert result.trace["fallback"] is False and result.tools_used


async def test_concurrent_turns_of_many_sessions_all_answer(kb, offline_config):
    import asyncio

    async def one(i: int):
        return (await turn(offline_config, snap=snapshot(session_id=f"many-{i}")))[-1]

    results = await asyncio.gather(*(one(i) for i in range(20)))
    assert all(r.trace["fallback"] is False and r.text for r in results)
    assert len({r.text for r in results}) > 3  # varied by session


async def test_knowledge_outage_still_gets_an_answer(kb, offline_config, monkeypatch):
    def down(**kwargs):
        raise RuntimeError("knowledge gone")

    for name in (
        "entry_search",
        "entries_for_question",
        "entries_sample",
        "question_get",
        "questions_for_step",
        "step_info",
        "workbook_intro",
        "guide_question_get",
        "guide_questions_for_step",
    ):
        monkeypatch.setattr(kb, name, down)
    no_backup = type(agent_cache._LAST_GOOD)()
    monkeypatch.setattr(agent_cache, "_LAST_GOOD", no_backup)
    events = await turn(
        offline_config,
        text="从没问过的一个问题：什么是耐心？",
        snap=snapshot(session_id="outage"),
    )
    result = events[-1]
    assert result.text and len(result.text) <= 200
    assert all(t["ok"] is False for t in result.trace["tools"])
    assert result.guide_questions == []
