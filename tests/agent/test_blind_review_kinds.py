"""The kinds the blind reviews of 2026-11-27 (coach_blind6, 7) found, in new words.

A yes to a pause is a goodbye, not a yes to an answer; someone else's pastime
is not offered as the person's passion; "这跟…有啥关系" is answered, not met
with a menu; "第N条的缺点" gets the knowledge base's general word on it (or a
plain "I can't say"); "你帮我挑三个就行" picks; two entries the person names
are the ones combined; "第二个改成我平时说话的样子" after a comparison uses
their answers. None of these messages is in an evaluation set.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, P, S, V, X
from tests.agent.test_tasks import check
from tests.agent.test_tasks_stated import say


async def test_a_yes_to_the_pause_is_a_goodbye_not_an_answer_kept(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04", recent_messages=[])
    tired = "仓库盘点搞了一整周，人都散架了，今天先不写了"
    first = await say(chat, tired)
    assert first.trace["act"] == "empathy", first.text
    result = await say(chat, "好")
    assert "已经答了" not in result.text and "贴进" not in result.text, result.text
    assert "歇" in result.text or "休息" in result.text, result.text
    assert "不客气" not in result.text  # nobody said thanks
    assert "保存" in result.text  # what they wrote is safe


async def test_someone_elses_pastime_is_not_offered_as_their_passion(
    kb, offline_config
):
    chat = Chat(offline_config, P, question_id="P01", recent_messages=[])
    text = "我侄子一放假就打游戏，我倒是周末爱带他去博物馆看青铜器，一看就是一下午"
    result = await say(chat, text)
    assert "影视游戏" not in result.text, result.text
    check(result.text, [text])


async def test_what_this_has_to_do_with_it_is_answered_with_their_own_words(
    kb, offline_config
):
    chat = Chat(offline_config, P, question_id="P06", recent_messages=[])
    await say(chat, "我们小区好多老人不会用手机挂号，我每周末帮他们弄")
    result = await say(chat, "这跟找想做的事有啥关系？我就是个开货车的")
    assert result.trace["act"] in ("rephrase", "question_help"), result.text
    assert "没太抓准" not in result.text and "没把握" not in result.text
    assert "帮他们弄" in result.text or "挂号" in result.text, result.text


TALENTS = {
    "S03": "同事总说我能把复杂的报销流程讲明白，一听就懂。",
    "S04": "客人吵起来，店长都让我去劝，我去了一般就能平下来。",
}


async def test_the_downside_of_an_item_is_the_general_word_or_an_honest_none(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S06", answers=TALENTS)
    listed = await say(chat, "帮我从我写的里挑两个最像我的才能")
    assert listed.trace["act"] == "top", listed.text
    result = await say(chat, "第一条的短板呢")
    assert result.trace["act"] == "item_why", result.text
    assert "没列出" not in result.text and "没太抓准" not in result.text
    # Either the knowledge base's general word, said as not about them, or
    # their own clause with no downside made up.
    assert "不是在说你" in result.text or "不乱编" in result.text, result.text
    check(result.text, [*TALENTS.values()])


VALUES = {
    "V02": "当年放弃大厂选了小公司，就是想自己说了算。",
    "V05": "最看不惯领导说一套做一套，答应的事从来不兑现。",
    "V08": "希望同事提起我时说：这人靠谱，交给他放心。",
}


async def test_pick_three_and_nothing_more_picks_on_any_question(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V06", answers=VALUES)
    result = await chat.say("写什么工作目的啊，你帮我挑三个就行")
    assert result.trace["act"] == "top", result.text
    assert "我不替你写" not in result.text
    check(result.text, [*VALUES.values()])


PARTS = {
    "S04": "朋友吵架都找我评理，我能让两边都把话说完。",
    "P02": "最爱刷老房子翻新的视频。",
}


async def test_the_two_entries_they_name_are_the_ones_combined(kb, offline_config):
    chat = Chat(offline_config, X, answers=PARTS, recent_messages=[])
    result = await say(chat, "就这俩拼一下吧，居中调和和社区营造，写个侯选")
    assert result.trace["act"] == "synthesis", result.text
    assert "「居中调和」" in result.text and "「社区营造」" in result.text
    assert "没太抓准" not in result.text


# Read from coach_blind7 (scored blind first), in other words again.


async def test_quiet_asked_for_then_a_yes_stays_quiet(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V03", recent_messages=[])
    first = await say(chat, "先别问我了，我自己琢磨一会儿")
    assert first.trace["act"] == "quiet", first.text
    result = await say(chat, "嗯")
    assert "题" not in result.text and "？" not in result.text, result.text
    assert "不出声" in result.text or "不打扰" in result.text, result.text


CANDIDATES = {
    "C01": "用会做饭在社区食堂里做帮厨",
    "C02": "用会算账在小店里做记账",
    "S04": "邻居家办酒席都叫我去掌勺。",
    "S03": "我家的账我算得清清楚楚。",
}


async def test_the_downside_of_a_compared_candidate_named_by_its_id(kb, offline_config):
    chat = Chat(offline_config, X, question_id="C01", answers=CANDIDATES)
    await say(chat, "帮我比一比C01和C02")
    result = await say(chat, "C01的短处呢")
    assert result.trace["act"] == "item_why", result.text
    assert "社区食堂" in result.text and "不替你下结论" in result.text, result.text
    check(result.text, [*CANDIDATES.values()])


async def test_a_rewrite_of_a_named_answer_is_no_risk(kb, offline_config):
    answers = {"S03": "我家的账我算得清清楚楚。"}
    result = await Chat(offline_config, S, question_id="S05", answers=answers).say(
        "帮我把S03那个回答改一改，用我自己的话说"
    )
    assert result.trace["act"] not in ("checkin", "crisis"), result.text
    assert "12356" not in result.text


async def test_which_talents_and_a_number_picks(kb, offline_config):
    result = await Chat(offline_config, S, question_id="S06", answers=TALENTS).say(
        "那我到底擅长啥，你给我列两个"
    )
    assert result.trace["act"] == "top", result.text
    check(result.text, [*TALENTS.values()])


async def test_someone_elses_thing_corrected_is_not_quoted_in_pieces(
    kb, offline_config
):
    chat = Chat(offline_config, P, question_id="P02", recent_messages=[])
    await say(chat, "我表哥天天钓鱼，我有时候跟着去，主要是我自己爱研究鱼竿")
    result = await say(chat, "不对，钓鱼是我表哥喜欢的不是我，我只是陪着")
    assert "「我」" not in result.text, result.text
    assert "不算你的" in result.text, result.text


async def test_a_colleague_who_left_early_gets_no_condolence(kb, offline_config):
    text = "部门解散那天，主管拿完补偿，他就先走了，剩下我们几个收拾烂摊子，越想越憋屈"
    result = await Chat(offline_config, V, question_id="V05").say(text)
    assert "离开的人" not in result.text and "想对" not in result.text, result.text


async def test_the_talents_flip_is_not_said_on_a_values_question(kb, offline_config):
    text = "有个客户非说我报价坑他，在群里骂了我半天，后来查清楚是他自己看错了单位"
    result = await Chat(offline_config, V, question_id="V05").say(text)
    assert "换了地方可能就是本事" not in result.text, result.text
