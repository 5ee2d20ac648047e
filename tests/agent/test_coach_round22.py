"""What coach_blind20 showed untrue or undone, checked here in our own words.

An ask about wording, a guess asked of us and an answer to our last reply are
never quoted back as a story; a question about what a numbered question wants
is answered ("不一定"), not met with a menu; "哪几条太空" names the thinnest
answers with their words, and "最空的那条" is that one; a range of ids is every
question in it; a third line that was never given is said to be missing; a
preface ("有一件事：") is no part of a quote; no role from a guessed field is
put into an experiment.
"""

from __future__ import annotations

import re

from tests.agent.test_offline import Chat, P, S, V

STORY = (
    "去年冬天仓库盘点，我一个人把三百多种货对了一遍，找出两处账错了，主管当场就改了流程"
)


async def test_a_wording_ask_after_a_story_is_not_said_back_as_one(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S03", recent_messages=[("user", STORY)])
    result = await chat.say("这段太生硬了，像写报告，换个轻松点的说法吧")
    assert result.trace["act"] != "reflect", result.text
    assert "「换个轻松点的说法" not in result.text, result.text


async def test_a_guess_asked_of_us_is_not_quoted_as_their_story(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say("照我前面写的，你猜猜我最适合过什么样的周末")
    assert result.trace["act"] != "reflect", result.text
    assert "这一幕" not in result.text and "「照我前面写的" not in result.text


async def test_an_answer_to_what_we_said_is_no_story(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04")
    result = await chat.say("你之前说我擅长“沟通”，这也太虚了，谁上班不沟通")
    assert result.trace["act"] != "reflect", result.text
    assert "换了地方可能就是本事" not in result.text, result.text


async def test_must_the_answer_be_one_kind_is_answered_not_always(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V06")
    result = await chat.say("V06非得是特别感动的事吗？我这人挺冷的，好像写不出来")
    assert result.trace["act"] == "rephrase", result.text
    assert result.text.startswith("不一定"), result.text
    assert "「好像写不出来」" not in result.text, result.text


async def test_asked_another_way_the_question_is_rephrased(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S06")
    result = await chat.say("你换种问法吧，这么问我真答不上")
    assert result.trace["act"] == "rephrase", result.text
    assert "「你换种问法" not in result.text, result.text
    assert not result.text.startswith("差不多"), result.text


THIN = {
    "V02": "看工资",
    "V03": "2019年双十一大促，我连续熬了两周，每天睡四小时，最后把退货率压到一半，"
    "特别有成就感",
    "V05": "讨厌不公平",
    "V08": "前年带新人，我手把手教了三个月，她后来升了组长，我挺开心",
}


async def test_which_answers_are_thin_names_them_with_their_words(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V05", answers=THIN)
    result = await chat.say("你直说，我写的这些里哪几条太虚了")
    assert result.trace["act"] == "thin", result.text
    assert "「看工资」" in result.text and "「讨厌不公平」" in result.text, result.text
    assert "第3题" not in result.text and "第8题" not in result.text, result.text


async def test_the_thinnest_one_is_the_answer_worked_on(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V05", answers=THIN)
    result = await chat.say("就改最虚的那条，给我两个版本挑")
    assert result.trace["act"] == "concrete", result.text
    assert "看工资" in result.text, result.text
    assert "「给我两个版本" not in result.text, result.text


async def test_a_range_of_ids_reads_every_answer_in_it(kb, offline_config):
    answers = {
        "V01": "我舅舅，修了一辈子自行车",
        "V02": "选这份工作是因为离家近，能照顾我妈",
        "V03": "那年我妈住院，我请了一个月假照顾她",
        "V04": "想继承我爸的勤快",
    }
    chat = Chat(offline_config, V, question_id="V04", answers=answers)
    result = await chat.say("V01到V04里，有没有反复出现的东西？")
    assert result.trace["act"] == "repeats", result.text
    assert "两题没有同一个词" not in result.text, result.text
    assert re.search("第2题|第3题", result.text), result.text


async def test_a_preface_is_no_part_of_a_quote(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S06")
    result = await chat.say(f"有一件事：{STORY}")
    assert "「有一件事" not in result.text, result.text


async def test_no_role_from_a_guessed_field_in_an_experiment(kb, offline_config):
    answers = {"P02": "抖音老看做饭的", "S04": "以前店里员工都说我带人有一套"}
    chat = Chat(offline_config, "synthesis", question_id="C04", answers=answers)
    result = await chat.say("给我配个一两周的小实验，花钱别超过两百")
    assert result.trace["act"] == "experiment", result.text
    assert "那样做一小件事" not in result.text, result.text


async def test_a_wording_ask_shows_their_sentences_and_rewords_none(kb, offline_config):
    answers = {"V05": "看到新来的实习生被组长当众骂哭，我当时就站出来说了一句"}
    chat = Chat(offline_config, V, question_id="V05", answers=answers)
    result = await chat.say("太书面了，别用“担当”这种大词，口语一点")
    assert result.trace["act"] == "concrete", result.text
    assert "「我当时就站出来说了一句」" in result.text, result.text
    assert "没有「担当」" in result.text, result.text  # never in their answer


async def test_a_line_never_given_is_said_to_be_missing(kb, offline_config):
    answers = {
        "S07": "朋友都说我脑洞大，老爱想如果",
        "P02": "B站只看游戏设计和桌游",
    }
    chat = Chat(offline_config, "synthesis", question_id="C01", answers=answers)
    first = await chat.say("帮我用前面写的组合出几个方向")
    assert first.trace["act"] == "synthesis", first.text
    lines = re.findall(r"^\d\.", first.text, re.M)
    assert 1 <= len(lines) <= 3, first.text
    result = await chat.say(f"第一条和第{'四' if len(lines) == 3 else '三'}条比一比")
    assert result.trace["act"] == "compare", result.text
    assert f"只列了{len(lines)}条" in result.text, result.text


async def test_summing_up_an_empty_question_says_it_is_empty(kb, offline_config):
    answers = {"P01": "小时候爱搭积木，一搭一下午", "P05": "跟朋友聊装修能聊一晚上"}
    chat = Chat(offline_config, P, question_id="P07", answers=answers)
    result = await chat.say("就按P07，你帮我梳理一下，我会选学什么")
    assert result.trace["act"] == "summary", result.text
    assert "P07还空着" in result.text and "搭积木" in result.text, result.text
    assert "还没写下答案" not in result.text, result.text
