"""Tasks asked in the person's own words (Coach 3 §6, review round 4).

Two options named in the message are compared against their saved answers;
a purpose asked "more concrete" keeps the limit they state; the progress
count agrees with the next question; an answer told in chat is quoted back
and offered to be kept, not asked again. Phrasings are new, not the review's.
"""

from __future__ import annotations

import dataclasses

from tests.agent.test_offline import Chat, V, X
from tests.agent.test_tasks import check


async def say(chat: Chat, text: str):
    """Say ``text`` and keep both lines in the chat's history, as the app does."""
    result = await chat.say(text)
    said = [*chat.snapshot.recent_messages, ("user", text), ("coach", result.text)]
    chat.snapshot = dataclasses.replace(chat.snapshot, recent_messages=said)
    return result


TRADES = {
    "S04": "家里电器坏了都是我来修，我会修也爱拆开看看里面。",
    "P03": "最爱看各种面包的做法视频，周末自己在家揉面烤。",
    "V07": "早上送孩子上学，白天干自己的活，晚上一家人吃饭。",
}


async def test_two_options_in_the_message_are_each_laid_against_their_answers(
    kb, offline_config
):
    chat = Chat(offline_config, X, answers=TRADES)
    result = await chat.say("学做面包和当水电工，你帮我比一下")
    assert result.trace["act"] == "compare", result.text
    assert "「学做面包」" in result.text and "「当水电工」" in result.text
    assert "没认出" not in result.text
    assert "面包" in result.text.split("「当水电工」")[0]  # A stands on P03
    assert "我来修" in result.text  # B stands on S04, in their words
    assert "你应该" not in result.text
    check(result.text, [*TRADES.values(), "学做面包和当水电工"])


async def test_after_a_compare_a_worry_gets_a_test_and_the_second_stays_pointable(
    kb, offline_config
):
    chat = Chat(offline_config, X, answers=TRADES, recent_messages=[])
    await say(chat, "学做面包和当水电工，你帮我比一下")
    worry = await say(chat, "我爸觉得开面包房风险太大，你觉得呢？")
    assert worry.trace["act"] == "experiment", worry.text
    assert "「开面包房风险太大」" in worry.text and "由你们定" in worry.text
    assert "没太抓准" not in worry.text
    second = await say(chat, "那第二个呢")
    assert second.trace["act"] == "item_why", second.text
    assert "当水电工" in second.text and "我来修" in second.text
    assert "没有列过" not in second.text


WORK = {
    "V07": "白天在社区给老人教用手机，晚上回家做饭。",
    "S04": "大家手机不会用都来问我，我能一步步教会他们。",
    "V08": "希望别人说我这人靠得住，交给我的事都办得妥妥的。",
}
PROFILE = {
    "nickname": "老梁",
    "occupation": "待业",
    "about": "去年工厂倒闭，儿子在上大学",
}


async def test_a_purpose_made_concrete_keeps_the_limit_they_state_in_their_words(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V08", answers=WORK, user_info=PROFILE)
    await chat.say("帮我写一句工作目的")
    result = await chat.say("太虚了，写实在点，我得先有收入")
    assert result.trace["act"] == "purpose", result.text
    assert "「我得先有收入」" in result.text
    assert "教" in result.text  # what they do, from V07 or S04
    assert "「儿子在上大学」" in result.text or "「去年工厂倒闭」" in result.text
    assert "我工作是为了……" not in result.text  # revised, not the frame again
    check(result.text, [*WORK.values(), *PROFILE.values(), "我得先有收入"])


async def test_the_progress_count_names_the_open_questions_the_next_one_skips(
    kb, offline_config
):
    chat = Chat(
        offline_config, V, question_id="V02", answers={"V05": "最受不了说话不算数。"}
    )
    result = await chat.say("下一题写哪个？")
    assert result.trace["act"] == "progress", result.text
    assert "1/9" in result.text
    assert "第1题" in result.text and "第2题" in result.text and "还空着" in result.text


STORY = "最投入的是去年给村里小学修操场，连着三个周末没休息，看着孩子们在上面跑特别值"


async def test_a_yes_after_the_story_said_back_keeps_it_as_the_answer(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V03", recent_messages=[])
    await say(chat, STORY)
    result = await say(chat, "嗯，算是吧")
    assert "「最投入的是去年给村里小学修操场」" in result.text, result.text
    assert "第3题" in result.text and "已经答了" in result.text
    assert "哪段经历" not in result.text  # the question is not asked again


async def test_an_english_answer_named_by_its_question_is_quoted_not_asked_again(
    kb, offline_config
):
    chat = Chat(offline_config, X)
    result = await chat.say(
        "S04: friends ask me to fix their laptops, I can spend a whole evening on it."
    )
    assert "S04" in result.text
    assert "「friends ask me to fix their laptops」" in result.text
    assert "Here is how it works" not in result.text


async def test_an_ideal_day_made_concrete_asks_forward_and_offers_their_own_doings(
    kb, offline_config
):
    answers = {
        "V07": "理想的一天就是自在一点，做做喜欢的事，陪陪家里人。",
        "S03": "周末给邻居小孩辅导数学，讲一下午也不累。",
    }
    chat = Chat(offline_config, V, question_id="V07", answers=answers)
    result = await chat.say("第7题帮我写具体点")
    assert result.trace["act"] == "concrete", result.text
    assert "那次" not in result.text and "当时" not in result.text
    assert "给邻居小孩辅导数学" in result.text  # their own doing, quoted
    check(result.text, [*answers.values()])


async def test_the_purpose_frame_fills_what_to_do_from_what_they_already_do(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V08", answers=WORK)
    result = await chat.say("帮我写一句工作目的")
    assert result.trace["act"] == "purpose", result.text
    assert "做什么：第7题「在社区给老人教用手机」" in result.text
    check(result.text, [*WORK.values()])
