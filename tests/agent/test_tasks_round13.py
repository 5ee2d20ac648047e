"""Tasks said in new words (session 2026-12-06).

What their words show, a pick asked without the usual verbs, the candidate the
last reply gave, an answer cut shorter. Messages and answers here are our own,
not a blind set's.
"""

from __future__ import annotations

import re

from tests.agent.test_offline import Chat, S, V, X
from tests.agent.test_tasks import FULL, check

QUOTE = re.compile(r"「([^「」]+)」")
FIXER = (
    "上周组里项目乱成一锅粥，我把要做的事分类列了张清单，又排了流程，第二天大家就不乱了"
)


async def test_what_a_story_shows_is_offered_from_its_own_words(kb, offline_config):
    chat = Chat(
        offline_config,
        S,
        recent_messages=[("user", FIXER), ("coach", "这段你记得很清楚。")],
    )
    result = await chat.say("那这说明我擅长啥？")
    reply = result.text
    assert result.trace["act"] == "interpret", reply
    check(reply, [FIXER])
    quotes = QUOTE.findall(reply)
    # their words, verbatim, and an entry offered, never stated as theirs
    assert any(q in FIXER for q in quotes), reply
    assert "可能" in reply and "由你定" in reply, reply
    assert "你擅长" not in reply


async def test_a_story_with_no_named_talent_gets_no_invented_name(kb, offline_config):
    told = "昨天下班去菜市场买了两斤排骨，回家炖了一锅汤"
    chat = Chat(offline_config, S, recent_messages=[("user", told), ("coach", "嗯。")])
    reply = (await chat.say("这能看出我有什么才能吗")).text
    assert "不乱安名字" in reply or "不替你起名" in reply, reply
    assert not QUOTE.findall(reply), reply


async def test_a_pick_asked_without_the_usual_verbs_is_a_top_list(kb, offline_config):
    """Neither a number with 挑/选 nor 'top' (signals.TOP_ASK): the task model."""
    chat = Chat(offline_config, V, answers=FULL)
    result = await chat.say("照我填的，我最看重的到底是哪几样")
    assert result.trace["act"] == "top", result.text
    assert "成长" in result.text


async def test_a_story_using_compare_words_is_not_a_comparison(kb, offline_config):
    told = "周末聚会我拉着两个新同事跟大家一个个认识，最后他俩玩得比谁都开心"
    result = await Chat(offline_config, S).say(told)
    assert result.trace["act"] != "compare", result.text


async def test_the_candidate_just_given_is_compared_with_a_saved_one(
    kb, offline_config
):
    answers = {**FULL, "C01": "开一家讲历史故事的小书店"}
    chat = Chat(offline_config, X, answers=answers)
    first = await chat.say("把我的三部分组合一下")
    assert first.trace["act"] == "synthesis", first.text
    result = await chat.say("C01和你刚才给的第一条比一比")
    reply = result.text
    assert result.trace["act"] == "compare", reply
    # the saved candidate and the direction, never the words of the request
    assert "刚才给的" not in reply and "比一比" not in reply, reply
    assert "小书店" in reply or "讲历史故事" in reply, reply


async def test_this_one_of_two_is_asked_which_not_guessed(kb, offline_config):
    answers = {**FULL, "C01": "开一家讲历史故事的小书店"}
    chat = Chat(offline_config, X, answers=answers)
    first = await chat.say("把我的三部分组合一下")
    lines = re.findall(r"\n?\d\. ", first.text)
    result = await chat.say("C01跟你刚给的这个哪个更适合我")
    if len(lines) >= 2:
        assert "第几条" in result.text, result.text


async def test_an_answer_cut_shorter_keeps_only_their_words(kb, offline_config):
    long = (
        "其实吧，怎么说呢，我就是那种能对着账本坐一下午的人，然后对账的时候特别静得下心，"
        "去年帮我姐的小店把两年的流水都理了一遍，其实就是喜欢把数对上，就这样。"
    )
    chat = Chat(offline_config, S, question_id="S03", answers={"S03": long})
    result = await chat.say("S03写得太啰嗦了，帮我精简一下")
    reply = result.text
    assert result.trace["act"] == "concrete", reply
    check(reply, [long])
    quotes = QUOTE.findall(reply)
    assert quotes and all(q in long for q in quotes), reply
    assert "只删不加" in reply and "其实吧" not in reply.split("删掉")[0], reply


async def test_a_short_answer_is_said_to_be_short_already(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S03", answers={"S03": "对账静得下心。"})
    reply = (await chat.say("帮我把S03改短一点")).text
    assert "不长" in reply, reply
