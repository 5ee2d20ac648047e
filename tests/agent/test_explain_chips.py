"""Questions about the workbook, the seed's answer rules, every chip and choice.

Coach 3 §7–§9, with the offline coach: "第5题是什么意思" is answered about
question 5 of the step on screen, in other words than the question, with what
fits and one example framed as someone else's; every built-in chip
(data/guide_questions.csv) and every choice (agent/dialogue/choices.py) gets
a reply about what it asks, in unbroken Chinese.
"""

from __future__ import annotations

import re

import pytest

from agent.dialogue.choices import CHOICES
from knowledge import selectors
from tests.agent.test_offline import Chat

V, S, P, X = (
    "values_exploration",
    "strengths_exploration",
    "interests_exploration",
    "synthesis",
)
FOCUS = {V: "V03", S: "S02", P: "P03", X: "C01"}
CARD_ASK = (
    "这个问题是什么意思？能换个说法或举个例子吗？"  # templates/coach/_strings.html
)
ANSWERS = {
    "V01": "我最佩服我外婆，她一辈子都很独立，什么事都靠自己。",
    "V03": "大学时带社团排练话剧，熬了三个月，撑我的是不想让队友失望。",
    "S02": "小时候总被说太磨蹭，做事慢，可交出去的东西很少出错。",
    "P03": "最近老搜咖啡豆的产地和手冲的教程，还收藏了好几篇。",
}


def broken(reply: str) -> list[str]:
    """Return what reads as broken Chinese in a reply (empty when none)."""
    found = []
    if re.search(r"[，。！？；：、]{2}", reply):
        found.append("doubled punctuation")
    if re.search(r"[{}]|None|\[|\]", reply):
        found.append("a template slot left over")
    if re.search(r"你说到?“我|你写到“我", reply):
        found.append("their clause pasted as ours")
    if "「」" in reply or "“”" in reply:
        found.append("an empty quote")
    if re.search(r"正因为把缺点|翻成优点，", reply):  # the chip's own words
        found.append("the request pasted into the frame")
    if not 0 < len(reply) <= 200:
        found.append(f"length {len(reply)}")
    if not reply.endswith(("。", "？", "！", "”", "」")):
        found.append("no sentence end")
    return found


def help_of(qid: str) -> selectors.QuestionHelpInfo:
    row = selectors.question_help_get(question_id=qid)
    assert row is not None, qid
    return row


# --- §7: questions about the workbook -------------------------------------


@pytest.mark.parametrize("step", [V, S, P, X])
async def test_every_numbered_question_is_rephrased_about_itself(
    kb, offline_config, step
):
    questions = selectors.questions_for_step(step=step)
    for q in questions:
        chat = Chat(offline_config, step, question_id=questions[0].id)
        result = await chat.say(f"第{q.number}题是什么意思？")
        reply, row = result.text, help_of(q.id)
        assert result.trace["act"] == "rephrase", (q.id, reply)
        assert row.rephrase[:12] in reply, (q.id, reply)  # its own other words
        assert q.text not in reply  # a rephrasing, not the question again
        assert "有人" in reply and (row.example[:10] in reply), (q.id, reply)
        assert not broken(reply), (q.id, broken(reply), reply)


async def test_the_step_on_screen_decides_what_a_number_means(kb, offline_config):
    values = await Chat(offline_config, V, question_id="V01").say("第5题是什么意思？")
    talents = await Chat(offline_config, S, question_id="S01").say("第5题啥意思")
    assert help_of("V05").rephrase[:12] in values.text
    assert help_of("S05").rephrase[:12] in talents.text
    # Never the question in focus when another was named.
    assert help_of("V01").rephrase[:12] not in values.text
    assert help_of("S01").rephrase[:12] not in talents.text


async def test_an_explicit_id_wins_over_the_step_and_the_focus(kb, offline_config):
    result = await Chat(offline_config, V, question_id="V01").say("S03是什么意思")
    assert help_of("S03").rephrase[:12] in result.text
    assert "擅长的事第3题" in result.text  # another step's question, named so


async def test_a_number_past_the_steps_end_is_said_so(kb, offline_config):
    result = await Chat(offline_config, S, question_id="S01").say("第9题是什么意思")
    assert "一共8题" in result.text and "第9题" in result.text, result.text


@pytest.mark.parametrize("text", ["这题什么意思", CARD_ASK, "这道题能换个说法吗？"])
async def test_this_question_means_the_one_on_screen(kb, offline_config, text):
    # The card's 问教练 sends CARD_ASK with its own question id as the focus.
    result = await Chat(offline_config, P, question_id="P02").say(text)
    reply = result.text
    assert result.trace["act"] == "rephrase", reply
    assert help_of("P02").rephrase[:12] in reply
    assert "合适的回答" in reply or "怎么答比较合适" in reply  # what kind fits
    assert "有人" in reply
    # A rephrasing, not a list of knowledge entries in its place.
    assert "「" not in reply, reply
    assert not broken(reply), reply


def test_a_model_is_told_about_the_named_question_not_the_focus(kb):
    from agent.prompting import _scenario

    focus = selectors.question_get(question_id="V01")
    named = selectors.question_get(question_id="V05")
    assert focus is not None and named is not None
    state = {
        "turn_context": {
            "question": {"id": focus.id, "text": focus.text},
            "answers": {},
            "text": "第5题是什么意思？",
            "step": V,
        },
        "plan": {"act": "rephrase", "target": {"question_id": "V05"}},
    }
    scenario = _scenario(state)  # type: ignore[arg-type]
    assert named.text in scenario and focus.text not in scenario


async def test_asked_again_the_example_changes(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V05")
    first = (await chat.say("这题什么意思")).text
    second = (await chat.say("这题还是没看懂")).text
    assert help_of("V05").example[:10] in first
    assert help_of("V05").example[:10] not in second and "有人" in second


async def test_a_mood_said_with_the_question_is_not_quoted_as_a_start(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say("这题问理想的一天，我现在哪有心思想这个")
    assert "就从这里写起" not in result.text, result.text


async def test_a_statement_about_a_question_is_not_a_question_about_it(
    kb, offline_config
):
    result = await Chat(offline_config, V, question_id="V01").say("第5题我写完了")
    assert help_of("V05").rephrase[:12] not in result.text, result.text


# --- §8: the seed's answer rules ------------------------------------------


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("什么是价值观？", V),
        ("举个例子", V),
        ("才能是什么意思", S),
        ("能给我一个示例吗？", P),
        ("给我几个价值观的例子", V),
        ("什么叫热情领域", P),
    ],
)
async def test_an_explanation_or_example_carries_someone_elses_example(
    kb, offline_config, text, step
):
    result = await Chat(offline_config, step).say(text)
    assert "有人" in result.text, result.text
    assert not re.search(r"你(?:就是|也是)「", result.text)  # never filed as theirs
    assert not broken(result.text), result.text


async def test_a_highlighted_workbook_sentence_is_placed_and_gets_an_example(
    kb, offline_config
):
    result = await Chat(offline_config, S).say(
        "这句没太懂", selection="它不是学来的技能，也不需要比别人强"
    )
    reply = result.text
    assert result.trace["act"] == "explain_text", reply
    assert "“擅长的事”这一步" in reply  # where it comes from: not the opening
    assert "有人" in reply and not broken(reply), reply


async def test_which_part_gets_a_category_offered_not_a_plan(kb, offline_config):
    result = await Chat(offline_config, S).say("我喜欢画画和做手工，这属于哪一类？")
    reply = result.text
    assert result.trace["act"] == "sort", reply
    assert "喜欢的事" in reply
    interests = {r.name for r in selectors.entries_all(category="interests")}
    named = set(re.findall(r"「(.+?)」", reply))
    assert named & interests, reply  # the entry it resembles
    assert reply.endswith("？") and "还是" in reply  # offered, theirs to decide
    assert not re.search(r"用「.+?」在「.+?」里做", reply)  # not a combination plan


# --- §9: every built-in chip and every choice -------------------------------

# What a reply to each kind of chip must be about (guide_questions.csv "type").
CHIP_ABOUT = {
    "concept_query": lambda r, s: (
        help_of(FOCUS[s]).rephrase[:12] in r
        if s == V
        else any(w in r for w in ("才能", "热情", "领域", "擅长"))
        if s in (S, P)
        else "组合" in r or "用「" in r
    ),
    "example_request": lambda r, s: "有人" in r,
    "confusion": lambda r, s: help_of(FOCUS[s]).rephrase[:12] in r,
    "relevance": lambda r, s: "问这个，是为了" in r,
    "reframe": lambda r, s: "正因为" in r and "有人" in r,
    "distinguish": lambda r, s: "真好奇" in r and "有用" in r,
    "experiment": lambda r, s: "实验" in r and re.search(r"周|天", r),
}


def every_chip() -> list[tuple[str, str, str, str]]:
    import csv
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "data" / "guide_questions.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        return [
            (r["step"], r["id"], r["text"], r["type"]) for r in csv.DictReader(handle)
        ]


def test_every_chip_type_has_a_check():
    assert {kind for *_, kind in every_chip()} <= set(CHIP_ABOUT)


@pytest.mark.parametrize(
    ("step", "guide_id", "text", "kind"),
    every_chip(),
    ids=[f"{s[:6]}-{g}" for s, g, *_ in every_chip()],
)
async def test_every_chip_gets_a_reply_about_it(
    kb, offline_config, step, guide_id, text, kind
):
    chat = Chat(offline_config, step, question_id=FOCUS[step], answers=dict(ANSWERS))
    result = await chat.say("", guide_id=guide_id)
    reply = result.text
    assert CHIP_ABOUT[kind](reply, step), (text, reply)
    assert not broken(reply), (text, broken(reply), reply)


# What a reply to each choice must be about, and the act it runs.
CHOICE_ABOUT = {
    "rephrase": ("rephrase", lambda r: help_of("V03").rephrase[:12] in r),
    "example": ("examples", lambda r: "有人" in r),
    "review": ("feedback", lambda r: "大学时带社团排练话剧" in r),  # their draft
    "stuck": ("stuck", lambda r: "先只写" in r and "一句话就够" in r),
    "next": ("progress", lambda r: "第4题" in r),
    "rest": ("greet", lambda r: "保存" in r and "第3题" not in r),
    "help": ("care", lambda r: "12356" in r),
    "fine": ("greet", lambda r: "12356" not in r and "第3题" in r),  # back to it
    "top5": ("top", lambda r: "价值观" in r),
    "combine": ("synthesis", lambda r: "「" in r),
    # item 1 of the top list before it, with the answer that names it
    "why1": ("item_why", lambda r: "独立" in r and "她一辈子都很独立" in r),
    "try": ("experiment", lambda r: "实验" in r or "试" in r),
    # Offered when unsure which task was meant (choices.likely_choices).
    "compare2": ("compare", lambda r: "C01" in r and "C02" in r),
    "polish": ("concrete", lambda r: "大学时带社团排练话剧" in r),  # their draft
    "summary": ("summary", lambda r: "大学时带社团排练话剧" in r),
}


# What comes before a choice that only makes sense after something.
PRELUDE = {
    "fine": "我最近累得想死，写不动",  # a check-in, then "我没事，继续"
    "why1": "帮我挑出最重要的5个价值观",  # a list, then "第一条为什么"
    "try": "比较一下：开咖啡馆和做话剧编导",  # a comparison offers a test of it
}


def test_every_choice_has_a_check():
    assert set(CHOICE_ABOUT) == set(CHOICES)


@pytest.mark.parametrize("choice", sorted(CHOICES))
async def test_every_choice_gets_a_reply_about_it(kb, offline_config, choice):
    chat = Chat(offline_config, V, question_id="V03", answers=dict(ANSWERS))
    if choice in PRELUDE:
        before = await chat.say(PRELUDE[choice])
        assert choice in {c["id"] for c in before.trace["choices"]}, before.trace
    result = await chat.say("", choice=choice)
    act, about = CHOICE_ABOUT[choice]
    reply = result.text
    assert not act or result.trace["act"] == act, (choice, result.trace["act"], reply)
    assert about(reply), (choice, reply)
    assert not broken(reply), (choice, broken(reply), reply)


async def test_a_list_that_found_nothing_offers_no_item_to_ask_about(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V03", answers={"V03": "不知道"})
    result = await chat.say("帮我挑出最重要的5个价值观")
    assert result.trace["act"] == "top", result.text
    offered = {c["id"] for c in result.trace["choices"]}
    assert "why1" not in offered and 1 <= len(offered) <= 3, result.trace["choices"]
