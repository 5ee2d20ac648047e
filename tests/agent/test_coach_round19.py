"""What coach_blind17 showed untrue or undone, checked here in our own words.

A question about the question is answered as one, however it is put; a hard
feeling inside a longer message is met first; a want asked away is no answer;
someone else's tears are not theirs; a question about a year or a person asks
nothing about "a day"; a draft quoted in the message is the one looked at;
words we never said are said to be not ours; an ideal day is rewritten whole
and in order; "没意义" asked of someone else is no doubt about the workbook.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V, X
from tests.agent.test_tasks import check


async def test_a_question_about_the_question_is_answered_as_one(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V03")
    result = await chat.say("这个题啥意思 付出心血 我天天就是搬砖挣钱 哪谈得上心血")
    assert result.trace["act"] == "rephrase", result.text
    assert "「付出心血」" not in result.text, result.text


async def test_the_question_quoted_back_with_how_to_answer_is_answered(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S04")
    result = await chat.say("'最常找你帮什么忙'是要写一件事，还是写个词就行？")
    assert result.trace["act"] == "rephrase", result.text


async def test_the_method_s_words_asked_about_are_explained(kb, offline_config):
    chat = Chat(offline_config, X, question_id="C01")
    result = await chat.say("完全不知道从哪下手😵 领域和才能搭在一起是啥意思")
    assert result.trace["act"] == "explain", result.text


async def test_a_hard_feeling_in_a_longer_message_is_met_first(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P02")
    text = "家里一直让我去考编，说男孩子要稳。我现在看见招聘网站就烦，感觉自己挺失败的"
    result = await chat.say(text)
    assert result.trace["act"] == "empathy", result.text
    assert "这一幕，你写得很具体" not in result.text, result.text


async def test_a_want_asked_away_is_not_quoted_as_the_answer(kb, offline_config):
    chat = Chat(offline_config, X, question_id="C05")
    result = await chat.say(
        "老实说填这个有时候觉得挺可笑的，五十岁的人了还想什么想做的事，"
        "一家老小靠我送货，哪有资格挑"
    )
    assert result.trace["act"] == "empathy", result.text  # the doubt met first
    assert "正好就是" not in result.text, result.text
    assert "「五十岁的人了还想什么想做的事」" not in result.text, result.text


async def test_someone_else_s_tears_are_not_theirs(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V01")
    result = await chat.say(
        "我写我初中的语文老师吧。她下课会留下来陪哭的学生，不多说话，就递张纸巾。"
        "我当时觉得她特别稳"
    )
    assert "掉眼泪" not in result.text, result.text


async def test_a_year_to_learn_is_not_asked_about_as_a_day(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P07")
    result = await chat.say(
        "免费学一年的话我想学园林。小时候跟外公在菜园里转，他什么花都认识"
    )
    assert "这样的一天" not in result.text, result.text
    assert "这一天里" not in result.text, result.text


async def test_a_draft_quoted_in_the_message_is_the_one_looked_at(kb, offline_config):
    chat = Chat(
        offline_config, V, question_id="V08", answers={"V08": "还没想好，以后再说"}
    )
    result = await chat.say("那这题我就写一句'他是个实在人'，行不")
    assert result.trace["act"] == "feedback", result.text
    assert "他是个实在人" in result.text, result.text
    assert "以后再说" not in result.text, result.text


async def test_words_we_never_said_are_said_to_be_not_ours(kb, offline_config):
    chat = Chat(
        offline_config,
        V,
        question_id="V09",
        recent_messages=[("coach", "你写到「规矩」。这段几乎就是第9题的答案。")],
    )
    result = await chat.say("你说我在意的是'公平'，这个我不太认同。我在意的是守时")
    assert "没有说过「公平」" in result.text, result.text


async def test_an_ideal_day_is_written_up_whole_and_in_order(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say(
        "大概就是：睡到自然醒，去公园打一套拳，下午在阳台侍弄花草，晚上跟老伴看戏。"
        "你帮我按时间顺序理一下写进去"
    )
    assert result.trace["act"] == "concrete", result.text
    for part in ("「睡到自然醒」", "「去公园打一套拳」", "「晚上跟老伴看戏」"):
        assert part in result.text, result.text
    check(
        result.text, ["睡到自然醒，去公园打一套拳，下午在阳台侍弄花草，晚上跟老伴看戏"]
    )


async def test_meaning_asked_of_someone_else_is_no_doubt_about_us(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P08")
    result = await chat.say("想找莫言聊！想问他写了一辈子，会不会也有写到觉得没意义")
    assert result.trace["act"] != "repair", result.text
    assert "尺子" not in result.text, result.text
