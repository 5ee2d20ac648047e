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


async def test_a_parents_creed_is_never_picked_as_their_value(kb, offline_config):
    answers = {
        "V02": "填志愿时我爸说学医稳当，我没听，报了动画专业，就想做自己喜欢的",
        "V03": "带社团排了一学期的话剧，撑着我的是想让大家都有上台的机会",
    }
    reply = (
        await Chat(offline_config, V, answers=answers).say("帮我挑两个价值观")
    ).text
    check(reply, list(answers.values()))
    assert "我爸说学医稳当" not in reply, reply
    assert "「安心」" not in reply and "「长久」" not in reply, reply


async def test_a_number_past_the_list_is_said_not_denied(kb, offline_config):
    chat = Chat(offline_config, X, answers=FULL)
    first = await chat.say("把我的三部分组合一下")
    count = len(re.findall(r"^\d\. ", first.text, re.M))
    reply = (await chat.say("那第五个呢，具体能干啥")).text
    assert "没有列过" not in reply and "还没列出" not in reply, reply
    assert str(count) in reply, reply


async def test_two_saved_answers_are_compared_by_their_own_words(kb, offline_config):
    answers = {
        "S03": "帮邻居家孩子改作文，一改一晚上也不嫌烦",
        "S05": "当众讲话一上台腿就软，脑子一片空白",
    }
    chat = Chat(offline_config, S, answers=answers)
    result = await chat.say("S03 vs S05 哪个更像才能？")
    reply = result.text
    assert result.trace["act"] == "compare", reply
    check(reply, list(answers.values()))
    assert "第3题" in reply and "第5题" in reply, reply
    assert "翻过来" in reply, reply  # S05 is the weakness asked for


async def test_a_guess_from_a_shrugging_answer_builds_no_direction(kb, offline_config):
    answers = {
        "V02": "当年为了离家近选了县里的厂子，能天天回家吃饭",
        "S01": "看新来的徒弟接线接得乱七八糟，我就想自己上手",
        "P05": "不知道，跟人聊的都是孩子上学和房贷，说不上喜欢聊什么",
    }
    reply = (
        await Chat(offline_config, X, answers=answers).say("帮我组合几个方向")
    ).text
    assert "儿童教育" not in reply and "幼儿" not in reply, reply


async def test_a_question_about_a_question_is_answered_not_abstained(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S06")
    result = await chat.say("S06什么叫干劲最足的时候 我好像一直都没有 能跳过吗")
    assert result.trace["act"] == "rephrase", result.text
    assert "就从这里写起" not in result.text, result.text


async def test_someone_elses_years_are_not_said_back_as_theirs(kb, offline_config):
    told = (
        "今天店里一个来了三年的老顾客说要搬走了，我送了她一盒自己烤的饼干，心里挺舍不得"
    )
    reply = (await Chat(offline_config, V).say(told)).text
    assert "三年" not in reply or "不是一个小数字" not in reply, reply


async def test_why_item_n_is_heard_as_why_in_english_and_with_yang(kb, offline_config):
    chat = Chat(offline_config, V, answers=FULL)
    first = await chat.say("帮我挑两个价值观")
    assert first.trace["act"] == "top", first.text
    for ask in ("wait 第一个 why? 我没这么说过吧", "第二样为啥在里面"):
        result = await chat.say(ask)
        assert result.trace["act"] == "item_why", (ask, result.text)


async def test_a_job_hunt_with_no_answer_gets_care_first(kb, offline_config):
    told = "说真的 投了三十多份简历一个回音都没有 写这些像是在哄自己"
    result = await Chat(offline_config, V).say(told)
    assert result.trace["act"] == "empathy", result.text


async def test_the_ask_itself_in_the_history_is_not_read_as_the_story(
    kb, offline_config
):
    """The app's history ends with the message answered (the harness's does not)."""
    ask = "这说明我擅长啥？"
    chat = Chat(
        offline_config,
        V,
        recent_messages=[
            ("user", FIXER),
            ("coach", "这段你记得很清楚。"),
            ("user", ask),
        ],
    )
    reply = (await chat.say(ask)).text
    assert "「整理秩序」" in reply, reply
