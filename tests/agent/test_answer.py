"""The answer rules of seed §8 and their repair."""

from __future__ import annotations

from agent.answer import (
    answer_checks,
    answer_compose,
    answer_length,
    answer_repair,
    materials,
)

GROUNDING = ["自由", "第3题"]
MATERIALS = {
    "example": "比如看重「自由」的人，被盯着打卡就难受。",
    "pointer": "你呢？写下一个具体场景？",
    "grounding": GROUNDING,
}


def test_length_counts_each_cjk_character_as_one():
    assert answer_length("价值观") == 3
    assert answer_length("比如 AI") == 5


def test_a_good_answer_passes_every_rule():
    text = "价值观是你最看重的东西。比如看重「自由」的人会自己定计划。你呢？"
    assert all(answer_checks(text, grounding=GROUNDING).values())


def test_over_long_answer_fails_length_and_is_trimmed():
    text = "价值观是你最看重的东西，" * 20 + "比如「自由」。你呢？"
    checks = answer_checks(text, grounding=GROUNDING)
    assert checks["length"] is False
    fixed = answer_repair(text, checks=checks, m=MATERIALS)
    assert answer_length(fixed) <= 200
    assert all(answer_checks(fixed, grounding=GROUNDING).values())


def test_answer_without_example_gets_one():
    text = "价值观是你做选择时最看重的东西。你呢？"
    checks = answer_checks(text, grounding=GROUNDING)
    assert checks["has_example"] is False
    fixed = answer_repair(text, checks=checks, m=MATERIALS)
    assert "比如看重「自由」" in fixed
    assert all(answer_checks(fixed, grounding=GROUNDING).values())


def test_abstract_answer_loses_its_platitudes():
    text = "这因人而异，没有标准答案，相信自己就好。比如想一想。你呢？"
    checks = answer_checks(text, grounding=GROUNDING)
    assert checks["specific"] is False
    fixed = answer_repair(text, checks=checks, m=MATERIALS)
    assert "因人而异" not in fixed
    assert all(answer_checks(fixed, grounding=GROUNDING).values())


def test_answer_without_a_next_step_gets_a_pointer():
    text = "价值观是你最看重的东西。比如看重「自由」的人会自己定计划。"
    checks = answer_checks(text, grounding=GROUNDING)
    assert checks["next_step"] is False
    fixed = answer_repair(text, checks=checks, m=MATERIALS)
    assert fixed.endswith("你呢？写下一个具体场景？")


def test_composer_passes_the_rules_from_raw_tool_results():
    rows = [
        {
            "id": "V001",
            "name": "自由",
            "category": "values",
            "definition": "能由自己决定做什么",
            "signals": "被盯着打卡就难受|自己定计划",
        }
    ]
    observations = [
        {
            "name": "search_content",
            "ok": True,
            "data": {"query": "自由", "entries": rows},
        }
    ]
    context = {"current_step": "values_exploration", "question": None}
    for variant in range(6):
        text = answer_compose(
            observations=observations,
            context=context,
            user_text="和自由有关的",
            variant=variant,
            budget=120,
        )
        m = materials(observations, context, variant)
        assert answer_length(text) <= 120
        assert all(answer_checks(text, grounding=m["grounding"]).values()), text
