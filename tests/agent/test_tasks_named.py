"""Tasks the person names in passing (Coach 3 §6, blind set 5).

Pick-top-N said with the part's verb after the number, "到底擅长啥" read off
their answers, income stated as the need, a rewrite that draws on the story
they just told, an id named in the message, "下一题" on a step's last question,
a number past a step's end, and named answers read together with what the
message adds. Phrasings are new, not the blind set's.
"""

from __future__ import annotations

from tests.agent.test_offline import Chat, S, V, X
from tests.agent.test_tasks import check
from tests.agent.test_tasks_stated import say

SHOP = {
    "S03": "帮老顾客记住口味，下次来了不用开口我就备好。",
    "S04": "新同事不会盘点都来问我，我带两天就能上手。",
    "S05": "我最怕写报告，一写就头疼。",
}


async def test_pick_n_with_the_verb_after_the_number_quotes_their_answers(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S05", answers=SHOP)
    result = await chat.say("从我填的里面选两个我最擅长的，选完我要去接孩子了")
    assert result.trace["act"] == "top", result.text
    assert "带两天就能上手" in result.text or "记住口味" in result.text
    assert "最怕写报告" not in result.text  # a weakness is not picked as a talent
    assert "从我填的里面" not in result.text  # the request is not content
    check(result.text, [*SHOP.values()])


async def test_which_talent_asked_of_their_answers_runs_top(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S06", answers=SHOP)
    result = await chat.say("所以我到底擅长什么，你从我写的那些里看看")
    assert result.trace["act"] == "top", result.text
    assert "「" in result.text
    check(result.text, [*SHOP.values()])


async def test_income_first_is_taken_with_their_words_and_a_step(kb, offline_config):
    answers = {"S04": "工友手机坏了都找我弄，换个屏幕我十分钟搞定。"}
    chat = Chat(offline_config, S, question_id="S03", answers=answers)
    result = await chat.say("写这些没用，我得赶紧挣钱，孩子下学期学费还没着落")
    assert result.trace["act"] == "means", result.text
    assert "挣钱" in result.text and "学费" in result.text
    assert "换个屏幕" in result.text or "找我弄" in result.text  # a step of theirs
    assert "忘了时间" not in result.text
    check(result.text, [*answers.values(), "我得赶紧挣钱，孩子下学期学费还没着落"])


async def test_a_rewrite_draws_on_the_story_just_told_in_chat(kb, offline_config):
    answers = {"V03": "在工地干了十几年，从没出过事故。"}
    story = (
        "有一回塔吊底座螺栓松了，别人都说没事，我不放心，一个人爬上去拧了一晚上，"
        "第二天刮大风，整个工地就我们那台没晃。我就是信不过差不多。"
    )
    chat = Chat(
        offline_config, V, question_id="V03", answers=answers, recent_messages=[]
    )
    await say(chat, story)
    result = await say(chat, "你帮我把第3题弄得具体一点，太干巴了")
    assert result.trace["act"] == "concrete", result.text
    assert "信不过差不多" in result.text  # the heart of the story, verbatim
    assert "一晚上" in result.text or "螺栓" in result.text
    check(result.text, [*answers.values(), story])


async def test_an_id_named_in_the_message_wins_over_the_question_on_screen(
    kb, offline_config
):
    answers = {
        "C01": "用会做饭的手艺，给上班的邻居做午饭盒饭。",
        "S04": "邻居家办酒席都请我去掌勺。",
    }
    chat = Chat(offline_config, X, question_id="C03", answers=answers)
    result = await chat.say("把C01改一改，改成下周就能开张、能收点钱的")
    assert result.trace["act"] == "concrete", result.text
    assert "午饭盒饭" in result.text
    assert "第3题" not in result.text
    assert "收多少" in result.text
    check(result.text, [*answers.values()])


async def test_next_question_on_the_last_question_says_there_is_none(
    kb, offline_config
):
    chat = Chat(offline_config, X, question_id="C05", answers={"C01": "开个修车铺。"})
    result = await chat.say("行，这周日先去朋友的修车铺帮半天忙。下一题呢？")
    assert result.trace["act"] == "progress", result.text
    assert "最后一题" in result.text and "结果页" in result.text
    assert "这周日先去朋友的修车铺帮半天忙" in result.text


async def test_a_number_past_the_end_says_how_many_there_are(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S02")
    result = await chat.say("第十二题是什么？我想先看一眼")
    assert "一共8题" in result.text and "第12题" in result.text, result.text


async def test_named_answers_read_together_take_the_message_as_the_missing_one(
    kb, offline_config
):
    answers = {"S02": "我爸老说我死脑筋，一件事非要弄明白才睡得着。"}
    chat = Chat(offline_config, S, question_id="S05", answers=answers)
    result = await chat.say(
        "把第2题跟第5题放一起看看，第5题我还没写，就是我做不来推销，一开口就脸红"
    )
    assert result.trace["act"] == "together", result.text
    assert "死脑筋" in result.text  # the saved answer, quoted
    assert "一开口就脸红" in result.text  # the message stands in for question 5
    assert "正因为" in result.text
    check(result.text, [*answers.values(), "就是我做不来推销，一开口就脸红"])


async def test_named_answers_and_this_one_asked_for_a_field_name_none_invented(
    kb, offline_config
):
    answers = {"P01": "小时候自己拆闹钟，拆完再装回去。", "P02": "老看修手表的视频。"}
    chat = Chat(
        offline_config, "interests_exploration", question_id="P04", answers=answers
    )
    result = await chat.say(
        "上个月花三百买了块旧手表自己修。你把第1题第2题还有这个合起来看看，算个啥领域"
    )
    assert result.trace["act"] == "together", result.text
    assert "拆闹钟" in result.text and "修手表" in result.text
    assert "旧手表" in result.text
    check(result.text, [*answers.values(), "上个月花三百买了块旧手表自己修"])


async def test_a_new_version_after_a_colon_is_the_draft_reviewed(kb, offline_config):
    answers = {"S05": "我最烦算账，月底对账能拖好几天。"}
    chat = Chat(offline_config, S, question_id="S05", answers=answers)
    result = await chat.say(
        "改好了，你看这样写行吗：我最烦算账。正因为我不爱算，所以我跟客户谈得特别细。"
    )
    assert result.trace["act"] == "feedback", result.text
    assert "对账能拖好几天" not in result.text  # the old answer is not the one asked
    assert "正因为我不爱算" in result.text or "跟客户谈得特别细" in result.text


async def test_a_past_need_for_money_inside_a_story_is_not_income_first(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V02")
    result = await chat.say("那时候要挣钱养家，就没去读高中，直接进了厂")
    assert result.trace["act"] != "means", result.text
