"""Tasks asked in coach_blind10's ways, said here in our own words.

A place in the list pointed at ("排第二的那个"), the parts put together in
everyday verbs ("配一配"), a number of one part ("归纳成三个"), the count after
the verb, a draft made of what they just told, and a top list that offers
their own answers instead of a keyword's guess.
"""

from __future__ import annotations

import re

from tests.agent.test_offline import Chat, S, V, X
from tests.agent.test_tasks import check

QUOTE = re.compile(r"「([^「」]+)」")
SIX = {
    "V01": "我小姨，在杭州做室内设计，活得很自由，说走就走",
    "V02": "毕业没回老家考编，留在杭州，就是不想一眼看到头",
    "V03": "去年负责社区团购的上线，熬了两个月，但是学到很多",
    "V05": "最烦有人为了冲业绩让我把数据改好看一点",
    "V06": "带我爸去看我们做的展，他在门口站了好久",
    "V07": "早上睡到自然醒，下午去湖边骑车",
}


async def test_a_place_in_the_list_asked_why_gets_that_item(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V08", answers=SIX)
    await chat.say("帮我从这几题里挑3个我最看重的价值观")
    result = await chat.say("你排第二的那个凭什么放前面？我是哪句话让你这么看的")
    assert result.trace["act"] == "item_why", result.text
    assert "第二条" in result.text, result.text
    check(result.text, list(SIX.values()))


async def test_the_count_asked_is_the_one_after_the_verb(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V08", answers=SIX)
    reply = (await chat.say("前面六个答案里挑2个我最看重的")).text
    assert len(set(re.findall(r"第(\d)题", reply))) <= 2, reply


async def test_a_keyword_is_not_offered_as_a_value(kb, offline_config):
    """做设计 is not 「美感」, 负责 a launch is not 「责任」 (coach_blind10)."""
    chat = Chat(offline_config, V, question_id="V08", answers=SIX)
    reply = (await chat.say("挑5个我最看重的价值观，排个序")).text
    assert "「美感」" not in reply and "「责任」" not in reply, reply
    assert "「自由」" in reply, reply  # named, an alias in their own words
    check(reply, list(SIX.values()))


async def test_the_parts_put_together_in_everyday_words_is_a_combination(
    kb, offline_config
):
    answers = {
        "S01": "别人讲不明白的东西，我三句话就讲清楚",
        "P02": "刷视频总停在修老物件的",
    }
    chat = Chat(offline_config, X, question_id="C02", answers=answers)
    result = await chat.say("你把我的本事跟喜欢的事配一配，给我两个就行")
    assert result.trace["act"] == "synthesis", result.text


async def test_a_number_of_talents_summed_up_is_a_top_list(kb, offline_config):
    answers = {"S04": "同事电脑一坏就找我，我都能修好", "S03": "拼乐高能拼一整天"}
    chat = Chat(offline_config, S, question_id="S07", answers=answers)
    result = await chat.say("加上我前面写的，帮我归纳成两个核心才能")
    assert result.trace["act"] == "top", result.text


async def test_a_story_just_told_is_drafted_into_an_empty_answer(kb, offline_config):
    told = (
        "你这么一说我想起来一个。前年厂里搞运动会，本来是工会负责，他们忙不过来就甩给我了。"
        "我两天排好了十二个项目的赛程，还拉了个群通知到每个车间。那天一个项目都没拖。"
    )
    chat = Chat(
        offline_config,
        S,
        question_id="S06",
        answers={"S01": "看表格一眼能看出错"},
        recent_messages=[("user", told), ("coach", "这段你记得很清楚。")],
    )
    result = await chat.say("帮我把刚刚这段整理成S06的答案吧，重点写我是怎么做的")
    reply = result.text
    assert result.trace["act"] == "concrete", reply
    quotes = QUOTE.findall(reply)
    assert len(quotes) >= 2 and all(q.strip("…") in told for q in quotes), reply
    assert not any("想起来" in q for q in quotes), reply  # the lead-in is no content
    assert any(q.startswith("我两天") for q in quotes), reply  # what they did
    check(reply, [told])


async def test_a_redo_leaves_the_old_answer_out(kb, offline_config):
    old = "好像没啥做得久不累的，上班肯定累"
    told = (
        "要说不累的 可能是那次仓库盘点 大家都嫌烦 我一个人对完了三百多种货 "
        "那天还挺得意的"
    )
    chat = Chat(
        offline_config,
        S,
        question_id="S03",
        answers={"S03": old},
        recent_messages=[("user", told), ("coach", "那天你挺得意的。")],
    )
    reply = (await chat.say("把刚才这事帮我塞进S03那条里 原来写的太水了")).text
    assert "上班肯定累" not in reply, reply
    assert "我一个人对完了三百多种货" in reply, reply


async def test_a_parent_answer_is_quoted_whole_in_a_top_list(kb, offline_config):
    answers = {"V04": "我爸常说做生意要守信，这点我想留着；不想学他一年到头不休息"}
    chat = Chat(offline_config, V, question_id="V04", answers=answers)
    reply = (await chat.say("那帮我挑挑这题里能看出什么价值观")).text
    assert "守信" in reply, reply


async def test_parts_no_entry_names_are_combined_in_their_own_words(kb, offline_config):
    answers = {
        "V03": "从零带一个小程序上线，三个月每天凌晨两点才睡",
        "S01": "同学拼装模型卡住了，我看一眼图纸就知道哪步装反了",
        "P02": "刷视频总停在老师傅修钟表的",
    }
    chat = Chat(offline_config, X, question_id="C01", answers=answers)
    result = await chat.say("帮我把三部分组合成几个方向")
    reply = result.text
    assert result.trace["act"] == "synthesis", reply
    assert "「法治」" not in reply, reply  # "程序" is no value of theirs
    assert "修钟表" in reply and "我看一眼图纸" in reply, reply
    check(reply, list(answers.values()))
    again = await chat.say("第一个说得像我平时说话那样")
    assert again.trace["act"] == "plain", again.text
    assert "修钟表" in again.text or "看一眼图纸" in again.text, again.text


async def test_two_directions_of_theirs_weighed_is_a_comparison(kb, offline_config):
    chat = Chat(offline_config, X, question_id="C02")
    result = await chat.say(
        "我写的这两个方向，有没有哪个能跟上班同时进行的：C01开网店，C02做家教"
    )
    assert result.trace["act"] == "compare", result.text


async def test_a_ranking_asked_for_says_how_it_is_ordered(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V08", answers=SIX)
    reply = (await chat.say("挑3个我最看重的价值观，排个序")).text
    assert "先后是这样排的" in reply and "顺序由你改" in reply, reply
    check(reply, list(SIX.values()))
    plain = (
        await Chat(offline_config, V, question_id="V08", answers=SIX).say(
            "挑3个我最看重的价值观"
        )
    ).text
    assert "先后是这样排的" not in plain, plain
