"""The answer rules of seed §8, and cutting text only where a reader pauses."""

from __future__ import annotations

import pytest

from agent.rules import answer_checks, answer_length, answer_repair, clip, fit

STOPS = "。！？!?…"
PAUSES = "，、；：,;:"
EXAMPLE = "比如看重「自由」的人会自己定计划"
POINTER = "你先想到的是哪一件事？"
# A workbook example (V03): clauses, then one sentence end.
WORKBOOK = (
    "高三那年我每天早起练长跑准备体考，支撑我的不是分数，"
    "而是想证明自己说到做到，不想辜负当初许下的承诺。"
)


def test_length_counts_each_cjk_character_as_one():
    assert answer_length("价值观") == 3
    assert answer_length("比如 AI。") == 6
    assert answer_length("") == 0


def test_a_good_answer_passes_every_rule_of_a_normal_act():
    text = "价值观是你最看重的东西。比如看重「自由」的人会自己定计划。你呢？"
    checks = answer_checks(text, grounding=["自由"], act="explain")
    assert set(checks) == {"length", "has_example", "specific", "next_step"}
    assert all(checks.values())


def test_a_normal_act_must_have_an_example():
    text = "价值观是你做选择时最看重的东西。你先想到的是哪一件事？"
    checks = answer_checks(text, grounding=["价值观"], act="explain")
    assert checks["has_example"] is False


def test_a_crisis_reply_is_not_held_to_the_example_rule():
    text = (
        "听到你这么说，我很担心你。可以打心理援助热线 12356，或者告诉一个你信任的人。"
    )
    checks = answer_checks(text, grounding=[], act="crisis")
    assert "has_example" not in checks and "next_step" not in checks
    assert all(checks.values())


@pytest.mark.parametrize("act", ["refuse", "greet", "clarify", "empathy"])
def test_light_acts_need_a_next_step_but_no_example(act):
    checks = answer_checks("好的，我在。", grounding=[], act=act)
    assert set(checks) == {"length", "next_step"}
    assert checks["next_step"] is False
    assert all(
        answer_checks("好的，我在。你想从哪题开始？", grounding=[], act=act).values()
    )


def test_length_rule_uses_the_budget_and_rejects_an_empty_answer():
    assert answer_checks("比" * 201, grounding=[], act="crisis") == {"length": False}
    assert answer_checks("比" * 200, grounding=[], act="crisis") == {"length": True}
    assert answer_checks("比" * 150, grounding=[], max_chars=140, act="crisis") == {
        "length": False
    }
    assert answer_checks("", grounding=[], act="crisis") == {"length": False}


def test_clip_cuts_after_a_sentence_end():
    assert clip("第一句话。第二句话很长很长。", 8) == "第一句话。"


def test_clip_falls_back_to_a_clause_end_and_closes_it():
    assert clip("我喜欢做饭，也喜欢旅行和读书还有写作", 10) == "我喜欢做饭。"


def test_clip_drops_a_text_without_pauses_rather_than_cutting_it():
    assert clip("一二三四五六七八九十", 5) == ""
    assert clip("短词", 5) == "短词"  # fits: nothing to cut


def test_clip_never_cuts_mid_word():
    cuts = set()
    for limit in range(1, len(WORKBOOK) + 2):
        out = clip(WORKBOOK, limit)
        assert len(out) <= limit
        cuts.add(out)
    assert WORKBOOK in cuts and "" in cuts and len(cuts) >= 4
    for out in cuts - {"", WORKBOOK}:
        body = out[:-1]
        assert WORKBOOK.startswith(body), out
        # The character cut after is a stop or a pause (a pause becomes 。).
        assert WORKBOOK[len(body)] in STOPS + PAUSES, out
        assert out[-1] in STOPS, out


def test_fit_keeps_whole_parts_that_fit():
    assert fit(["开头。", "", "结尾？"], 200) == "开头。结尾？"


def test_fit_drops_middle_parts_last_first_before_clipping():
    parts = ["开头。", "中间一。", "中间二。", "结尾？"]
    assert fit(parts, 10) == "开头。中间一。结尾？"
    assert fit(parts, 6) == "开头。结尾？"


def test_fit_clips_the_first_part_at_a_pause_and_keeps_the_last():
    assert (
        fit(["很长的第一句，后面还有很多很多字。", "结尾？"], 12)
        == "很长的第一句。结尾？"
    )


def test_fit_returns_nothing_rather_than_a_word_cut_in_half():
    assert fit(["一二三四五六七八九十一二三四五", "结尾？"], 12) == ""


def test_repair_adds_an_example_and_a_next_step_within_budget():
    text = "价值观是你做选择时最看重的东西"
    checks = answer_checks(text, grounding=[], act="explain")
    assert not checks["has_example"] and not checks["next_step"]
    fixed = answer_repair(
        text, checks=checks, example=EXAMPLE, pointer=POINTER, budget=200
    )
    assert fixed == f"{text}。{EXAMPLE}。{POINTER}"
    assert all(answer_checks(fixed, grounding=[], act="explain").values())


def test_repair_drops_platitudes_but_keeps_what_is_concrete():
    text = "因人而异，没有标准答案。看重「自由」的人讨厌被盯着打卡。"
    checks = answer_checks(text, grounding=["自由"], act="explain")
    assert checks["specific"] is False
    fixed = answer_repair(
        text, checks=checks, example=EXAMPLE, pointer=POINTER, budget=200
    )
    assert "因人而异" not in fixed and "没有标准答案" not in fixed
    assert "讨厌被盯着打卡" in fixed
    assert all(answer_checks(fixed, grounding=["自由"], act="explain").values())


def test_repair_of_an_over_long_answer_keeps_the_added_example():
    text = "价值观就是你做选择时最看重的东西，" * 15
    checks = answer_checks(text, grounding=[], act="explain")
    assert not checks["length"] and not checks["has_example"]
    fixed = answer_repair(
        text, checks=checks, example=EXAMPLE, pointer=POINTER, budget=200
    )
    assert answer_length(fixed) <= 200
    assert EXAMPLE in fixed and fixed.endswith(POINTER)
    assert all(answer_checks(fixed, grounding=[], act="explain").values())


def test_repair_of_an_over_long_answer_keeps_a_next_step():
    text = (
        "价值观是你最看重的东西。比如看重「自由」的人会自己定计划。"
        + "它会影响你怎么选工作，" * 20
        + "你呢？"
    )
    checks = answer_checks(text, grounding=["自由"], act="explain")
    assert checks == {
        "length": False,
        "has_example": True,
        "specific": True,
        "next_step": True,
    }
    fixed = answer_repair(
        text, checks=checks, example=EXAMPLE, pointer=POINTER, budget=200
    )
    assert answer_length(fixed) <= 200
    assert all(answer_checks(fixed, grounding=["自由"], act="explain").values()), fixed
