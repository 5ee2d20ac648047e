"""The five tools on the real knowledge data, their schemas and their caching."""

from __future__ import annotations

import json

import pytest
from langchain_core.utils.function_calling import convert_to_openai_tool

from agent import cache as agent_cache
from agent import tools
from agent.api import guidance_build
from tests.agent.conftest import snapshot
from tests.conftest import cache_clear_own_keys

CONTEXT = {
    "current_step": "values_exploration",
    "question_id": "V03",
    "session_id": "s-test",
    "turn": 1,
}


async def call(name: str, **args) -> dict:
    """Invoke a tool as the graph does (a tool call) and return its artifact."""
    message = await tools.TOOLS_BY_NAME[name].ainvoke(
        {
            "name": name,
            "args": {**args, "context": CONTEXT},
            "id": "t1",
            "type": "tool_call",
        }
    )
    assert json.loads(message.content)  # the model's view is valid JSON
    return message.artifact


async def test_the_models_view_drops_whole_rows_never_cuts_text(kb):
    data = await call("search_content", query="成长", limit=10)
    full = [json.dumps(r, ensure_ascii=False) for r in data["entries"]]
    small = json.loads(tools.view(data, budget=600))
    assert len(json.dumps(small, ensure_ascii=False)) <= 600
    assert 0 < len(small["entries"]) < len(data["entries"])
    for row in small["entries"]:  # every row kept is whole
        assert json.dumps(row, ensure_ascii=False) in full


async def test_more_examples_skip_the_ids_already_shown(kb):
    first = await call("recommend_examples", topic="", limit=3)
    shown = [r["id"] for r in first["entries"]]
    again = await call("recommend_examples", topic="", limit=3, exclude=shown)
    assert again["entries"] and not {r["id"] for r in again["entries"]} & set(shown)


def test_five_tools_with_typed_arguments_and_no_session_handle():
    schemas = {t.name: convert_to_openai_tool(t)["function"] for t in tools.TOOLS}
    assert set(schemas) == {
        "explain_concept",
        "guide_question",
        "recommend_examples",
        "search_content",
        "proactive_guide",
    }
    for schema in schemas.values():
        props = schema["parameters"]["properties"]
        assert "context" not in props and "session_id" not in props
        assert schema["description"]
    assert schemas["search_content"]["parameters"]["required"] == ["query"]
    assert set(
        schemas["proactive_guide"]["parameters"]["properties"]["trigger"]["enum"]
    ) == {"idle_timeout", "short_answer", "vague_answer", "stuck"}


async def test_explain_concept_is_grounded_in_the_workbook(kb):
    data = await call("explain_concept", concept="重要的事（价值观）")
    assert data["key"] == "values"
    assert "为什么而工作" in data["source"]
    assert data["entries"] and all(e["category"] == "values" for e in data["entries"])


async def test_explain_concept_finds_a_knowledge_entry(kb):
    data = await call("explain_concept", concept="自由")
    assert data["key"] == "entry"
    assert data["entries"][0]["name"] == "自由"
    assert data["definition"].startswith("能由自己决定")


async def test_guide_question_rephrases_the_question_in_focus(kb):
    data = await call("guide_question")
    assert data["found"] and data["id"] == "V03" and data["number"] == 3
    assert data["total"] >= 7 and data["step_title"] == "重要的事"
    assert data["rephrased"] and data["example"] and len(data["directions"]) >= 2


async def test_guide_question_unknown_id_lists_the_step(kb):
    data = await call("guide_question", question_id="Z99")
    assert data["found"] is False and data["questions"][0]["id"] == "V01"


async def test_recommend_examples_for_the_question_and_for_a_topic(kb):
    focus = await call("recommend_examples")
    assert len(focus["entries"]) == 3
    assert {e["id"] for e in focus["entries"]} & {"V002", "V007", "V010"}
    design = await call("recommend_examples", topic="设计", category="interests")
    assert any("设计" in e["name"] for e in design["entries"])


async def test_search_content_finds_a_talent_by_its_weakness(kb):
    data = await call("search_content", query="想太多", category="strengths")
    assert data["entries"][0]["name"] == "预见风险"
    questions = await call("search_content", query="投入 心血", category="questions")
    assert questions["entries"][0]["id"] == "V03"


async def test_proactive_guide_fills_the_template(kb):
    data = await call("proactive_guide", trigger="stuck")
    # Nothing written on V03 yet: the question said another way, and an example.
    assert "第3题" in data["text"] and "想想那些很辛苦却没有放弃的时刻" in data["text"]
    assert "比如" in data["text"] and len(data["text"]) <= 150
    assert data["question"]["id"] == "V03"
    assert 1 <= len(data["examples"]) <= 3
    # Its chips are next steps for being stuck, never the step's chips that
    # already sit under the input (UX 3).
    from agent.lookups import step_chips

    chips = data["guide_questions"]
    assert [c["id"] for c in chips] == [
        "choice_rephrase",
        "choice_example",
        "choice_stuck",
    ]
    under_input = {c["text"] for c in step_chips("values_exploration")}
    assert not under_input & {c["text"] for c in chips}


async def test_results_are_cached_by_query_and_knowledge_version(kb, monkeypatch):
    first = await call("search_content", query="自由")
    again = await call("search_content", query=" 自由！")  # same normalised query
    assert "cached" not in first and again["cached"] is True
    monkeypatch.setattr(kb, "knowledge_version", lambda: 999_999)
    fresh = await call("search_content", query="自由")
    assert "cached" not in fresh


@pytest.mark.parametrize(
    ("kind", "ttl"), [("concept", 24 * 3600), ("examples", 600), ("search", 3600)]
)
def test_cache_lifetimes_follow_seed_9_1(kind, ttl):
    assert {
        "concept": agent_cache.CONCEPT_TTL,
        "examples": agent_cache.EXAMPLES_TTL,
        "search": agent_cache.COMMON_TTL,
    }[kind] == ttl


async def test_knowledge_failure_serves_the_last_good_result(kb, monkeypatch):
    await call("search_content", query="成长")

    def down(**kwargs):
        raise RuntimeError("database gone")

    cache_clear_own_keys()
    monkeypatch.setattr(kb, "entry_search", down)
    data = await call("search_content", query="成长")
    assert data["degraded"] is True and data["entries"]
    with pytest.raises(RuntimeError):
        await call("search_content", query="从没查过的词")


@pytest.mark.parametrize(
    "trigger", ["idle_timeout", "short_answer", "vague_answer", "stuck"]
)
def test_guidance_build_for_every_trigger(kb, trigger):
    nudge = guidance_build(
        trigger=trigger, snapshot=snapshot(), minutes_idle=12, answer_text="还行"
    )
    assert set(nudge) == {"text", "examples", "suggestions", "guide_questions"}
    assert 1 <= len(nudge["examples"]) <= 3
    assert {"id", "name", "category", "text"} <= set(nudge["examples"][0])
    assert nudge["suggestions"] and nudge["guide_questions"]
    text = nudge["text"]
    assert len(text) <= 150 and "第3题" in text and "比如" in text
    assert "「还行」" in text  # what the person wrote is said back
    if trigger == "idle_timeout":
        assert "12分钟" in text
    else:  # "还行" holds nothing to build on: an easier way into the question
        assert "想想那些很辛苦却没有放弃的时刻" in text


def test_guidance_build_without_a_question(kb):
    nudge = guidance_build(
        trigger="idle_timeout", snapshot=snapshot(question_id=None), minutes_idle=15
    )
    assert "15分钟" in nudge["text"] and nudge["examples"]
