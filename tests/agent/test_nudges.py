"""Nudges read what the person wrote: quote it, ask what it lacks, show an example."""

from __future__ import annotations

import pytest

from agent.api import guidance_build
from tests.agent.conftest import snapshot


def nudge(trigger: str, question_id: str, answer: str, session: str = "s-n") -> str:
    step = {"V": "values", "S": "strengths", "P": "interests"}[question_id[0]]
    text = guidance_build(
        trigger=trigger,
        snapshot=snapshot(
            session_id=session,
            step=f"{step}_exploration",
            question_id=question_id,
            answers={question_id: answer} if answer else {},
        ),
        minutes_idle=12,
        answer_text=answer,
    )["text"]
    assert len(text) <= 150 and "比如" in text, text
    return text


@pytest.mark.parametrize("session", ["a", "b", "c", "d"])
def test_a_lone_value_is_asked_about_with_that_values_own_example(kb, session):
    text = nudge("vague_answer", "V03", "成长", session)
    assert "「成长」" in text
    # The example is about 成长 (its statement or its signal), not another value.
    assert "看重「成长」" in text, text


def test_a_person_and_a_trait_are_asked_for_the_scene(kb):
    texts = {nudge("short_answer", "V01", "我妈妈，她很坚强", s) for s in "abcdef"}
    assert all("「我妈妈，她很坚强」" in t for t in texts)
    assert all("妈妈" in t.split("」", 1)[1] for t in texts)  # asked about her
    assert any("妈妈的坚强" in t for t in texts)


def test_a_scolded_habit_is_turned_round(kb):
    text = nudge("stuck", "S02", "小时候我妈总说我太磨蹭")
    assert "正因为我磨蹭，所以" in text


def test_an_alias_is_quoted_and_the_talent_offered_as_a_guess(kb):
    texts = {nudge("short_answer", "S04", "帮忙做表格", s) for s in "abcdefgh"}
    assert all("「帮忙做表格」" in t and "整理秩序" in t for t in texts)
    assert any("「做表格」听起来像「整理秩序」" in t for t in texts)


def test_people_who_ask_for_help_lead_to_why_you(kb):
    answer = "同事总找我帮忙改PPT，做得又快"
    texts = {nudge("idle_timeout", "S04", answer, s) for s in "abcdef"}
    assert all("12分钟" in t and "「同事总找我帮忙改PPT" in t for t in texts)
    # They already said who asks: the nudge does not ask it back.
    assert not any("有人因为这个找你" in t for t in texts)
    assert any("同事" in t.split("」", 1)[1] for t in texts)


def test_a_shrug_gets_an_easier_way_in_not_a_why(kb):
    for s in "abcd":
        text = nudge("vague_answer", "V02", "还行吧，都可以", s)
        assert "「还行吧，都可以」" in text or "一时想不出来" in text
        assert "也看当时放弃了什么" in text  # V02 said another way
        assert "这么想" not in text  # there is no thought to ask the reason of


def test_an_empty_question_is_named_with_its_text(kb):
    text = nudge("idle_timeout", "V01", "")
    assert "第1题还空着" in text and "我也想活成那样" in text


def test_nudges_vary_between_sessions(kb):
    texts = {nudge("short_answer", "P01", "喜欢看心理学的书", s) for s in "abcdefgh"}
    assert len(texts) >= 3
    assert all("「喜欢看心理学的书」" in t for t in texts)


def test_a_loss_is_met_gently_not_praised_as_a_start(kb):
    for s in "abcd":
        text = nudge("short_answer", "V06", "外婆走的时候", s)
        assert "「外婆走的时候」" in text and "慢慢" in text
        assert not any(w in text for w in ("方向有了", "好开头", "为什么"))


def test_a_talent_in_a_negated_clause_is_not_offered(kb):
    answer = "我不擅长做PPT，一做就头大"
    texts = {nudge("idle_timeout", "S05", answer, s) for s in "abcd"}
    assert not any("听起来像" in t for t in texts)
    assert all("反过来看，它说明你擅长什么" in t for t in texts)  # S05's other half


@pytest.mark.parametrize(
    "question_id,answer,asked",
    [
        ("S02", "小时候我妈老说我", "妈妈说你什么"),
        ("V08", "希望别人说我", "别人说你什么"),
        ("P07", "心理学或者", "「或者」后面还想写什么"),
    ],
)
def test_a_sentence_left_hanging_is_asked_to_be_finished(
    kb, question_id, answer, asked
):
    assert asked in nudge("stuck", question_id, answer)


def test_two_options_ask_which_one(kb):
    text = nudge("stuck", "P06", "环保？贫困？说不清")
    assert "「环保」和「贫困」，哪一个你更放不下" in text


def test_an_evasive_answer_is_a_shrug_not_a_direction(kb):
    text = nudge("vague_answer", "V05", "都还好吧 没啥特别生气的")
    assert "方向" not in text and "违背了你心里的哪条原则" not in text
    assert "换个角度想" in text


def test_an_empty_long_question_is_quoted_whole(kb):
    text = nudge("idle_timeout", "V07", "")
    assert "如果不用考虑钱，也不用在意别人的眼光，你理想中的一天会怎么度过？" in text


@pytest.mark.parametrize("answer", ["看我老公洗碗洗不干净", "同事做PPT太慢"])
def test_someone_elses_doing_asks_how_they_would_do_it(kb, answer):
    text = nudge("short_answer", "S01", answer)
    assert "换成你来做，你会怎么做" in text and "听起来像" not in text


def test_helping_someone_is_still_their_own_doing(kb):
    texts = {nudge("short_answer", "S04", "帮同事修电脑", s) for s in "abcd"}
    assert not any("换成你来做" in t for t in texts)
