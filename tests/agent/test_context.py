"""ContextManager (seed §4): raw context, clipped and bounded."""

from __future__ import annotations

from agent.context import ContextManager
from tests.agent.conftest import snapshot


def test_build_context_keeps_the_step_and_the_last_ten_messages():
    snap = snapshot(
        answers={"V01": "导师", "V02": "自由", "S01": "整理", "P01": "蚂蚁"},
        recent_messages=[("user", f"m{i}") for i in range(25)],
    )
    context = ContextManager().build_context(snap, "values_exploration")
    assert list(context["answered_questions"]) == ["V01", "V02"]
    assert context["answered_count"] == 2
    assert [t for _, t in context["conversation_history"]] == [
        f"m{i}" for i in range(15, 25)
    ]
    assert context["user_info"]["occupation"] == "产品经理"
    assert context["work_history"][0]["role"] == "产品经理"
    assert context["current_step"] == "values_exploration"


def test_synthesis_sees_every_answer_and_long_texts_are_clipped():
    snap = snapshot(
        step="synthesis",
        answers={q: "很长的回答" * 100 for q in ("V01", "V02", "S01", "P01", "P02")},
    )
    context = ContextManager().build_context(snap, "synthesis")
    assert context["answered_count"] == 5
    assert sum(map(len, context["answered_questions"].values())) <= 240
    assert all(len(t) <= 40 for t in context["answered_questions"].values())


def test_extension_points_exist_and_default_to_identity():
    manager = ContextManager()
    context = manager.build_context(
        snapshot(notes={"step_summaries": {"values_exploration": "已答1题"}}),
        "values_exploration",
    )
    assert manager.filter_context(context) == context
    assert (
        manager.compress_context(context)["answered_questions"]
        == context["answered_questions"]
    )
    assert manager.summarize_context(context) == "已答1题"
