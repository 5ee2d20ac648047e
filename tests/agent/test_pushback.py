"""Pushback, corrections and named answers are met with the person's own words.

Coach 3 §3 (blind5 review): a flip they find forced is agreed to be two-sided,
not argued; the habit is taken out of someone else's verdict; "不是A，是B" keeps
B; a refused item is dropped with their reason; feedback on a named question
quotes that answer; a state of mind is never the start of their answer; a
story is said back by their own act, not by what others did to them. The
phrasings here are new (not the blind sets').
"""

from __future__ import annotations

import re

from agent import claims
from agent.dialogue.facts import read
from tests.agent.test_honesty import Chat

V, S, P = "values_exploration", "strengths_exploration", "interests_exploration"
C = "synthesis"

# --- the pieces ------------------------------------------------------------


def test_a_state_of_mind_is_not_quoted_as_the_start_of_an_answer():
    message = "你就替我拿个主意吧，我现在脑子一团乱。"
    text, dropped = claims.check(
        "我不替你写，但你已经起了头：“我现在脑子一团乱”。下一句你会写什么？",
        message=message,
        sources=[],
    )
    assert dropped == 1 and "脑子一团乱" not in text
    # Hearing it is not making it their answer.
    kept, none = claims.check(
        "你说“我现在脑子一团乱”，我听到了。先歇一下也行。",
        message=message,
        sources=[],
    )
    assert none == 0 and "我听到了" in kept


def test_the_habit_is_taken_out_of_someone_elses_verdict():
    assert read("我老婆说我啰嗦是毛病，你还说是优点").scolded == "啰嗦"
    assert read("领导老说我太较真是缺点").scolded == "较真"


def test_a_story_is_said_back_by_their_own_act():
    said = read(
        "去年仓库盘点对不上，我一个人把三千多箱货重新点了一遍，"
        "老板当场给我加了五百块工资。"
    )
    assert said.vivid == "我一个人把三千多箱货重新点了一遍", said.vivid


# --- the coach, turn by turn -------------------------------------------------


async def test_a_flip_found_forced_is_agreed_to_have_two_sides(kb, offline_config):
    answers = {"S02": "上学时老师老说我啰嗦，一件事要讲三遍。"}
    chat = Chat(offline_config, S, question_id="S02", answers=answers)
    await chat.say("啰嗦也能翻成优点吗？")
    result = await chat.say("我老婆说我啰嗦是毛病，你非说成优点，太牵强了吧。")
    reply = result.text
    assert result.trace["act"] == "flip", (reply, result.trace["intent"])
    assert "啰嗦" in reply and re.search(r"不一定|两面", reply), reply
    assert "老婆说我" not in reply and "能翻" not in reply, reply
    assert "「" not in reply or "牵强" not in reply, reply
    assert reply.count("？") <= 1


async def test_a_correction_keeps_what_they_say_instead(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V03")
    await chat.say("有一年厂里效益不好，我没走，一直跟着师傅干到现在。")
    result = await chat.say(
        "你理解反了，我不是觉得工资高才留下的，是觉得跟着那个师傅能学到真东西。"
    )
    reply = result.text
    assert "跟着那个师傅能学到真东西" in reply, reply
    assert "「我不是觉得" not in reply, reply
    assert reply.count("？") <= 1


async def test_a_refused_item_is_dropped_with_their_reason(kb, offline_config):
    answers = {
        "S01": "看别人货架码得歪歪扭扭就难受，我一上手就整整齐齐。",
        "S04": "邻居吵架老叫我去劝，我也是被拉去的。",
    }
    chat = Chat(offline_config, S, question_id="S05", answers=answers)
    await chat.say("你从我写的里帮我看看，我到底擅长啥？")
    result = await chat.say("劝架那个我不认，那是人家硬拉我去的，我自己不爱管闲事。")
    reply = result.text
    assert "劝架" in reply and re.search(r"划掉|拿掉|不算", reply), reply
    assert "人家硬拉我去的" in reply, reply
    assert not re.search(r"没接住|换个方式说", reply), reply


async def test_feedback_on_a_named_question_quotes_that_answer(kb, offline_config):
    answers = {"V04": "早上买菜，中午给孙子做饭，下午去老年大学学二胡，晚上看新闻。"}
    chat = Chat(offline_config, V, question_id="V09", answers=answers)
    result = await chat.say("第4题我写得是不是太散了，没重点？")
    reply = result.text
    assert re.search(r"买菜|二胡|老年大学|孙子", reply), reply
    assert "还没写下内容" not in reply, reply
    assert reply.count("？") <= 1


async def test_an_example_asked_for_is_given_not_abstained_on(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P05")
    result = await chat.say("给我一个示例行吗？我想不出自己最爱跟人聊啥。")
    reply = result.text
    assert result.trace["act"] != "abstain", reply
    assert re.search(r"有人|比如|例如", reply), reply


async def test_a_state_of_mind_starts_no_draft(kb, offline_config):
    answers = {"S01": "给小区业主群做过团购表格，大家都说清楚。"}
    chat = Chat(offline_config, C, question_id="C01", answers=answers)
    result = await chat.say("你就替我拿主意吧，我现在脑子一团乱。")
    reply = result.text
    assert "脑子一团乱" not in reply and "开头" not in reply, reply


def test_a_task_over_their_answers_is_never_quoted_as_content():
    message = "从我写的里选两个最像我的吧，选完我就睡了。"
    text, dropped = claims.check(
        "你写到「从我写的里选两个最像我的吧」。你最想留下哪一句？",
        message=message,
        sources=[],
    )
    assert dropped == 1 and "从我写的" not in text


def test_lead_in_talk_is_not_quoted_as_part_of_a_story():
    from agent.dialogue.realise.mirror import FILLER

    for lead in ("嗯，你这么一问", "说真的", "噢，这样说来", "怎么说呢"):
        assert FILLER.search(lead), lead
    assert not FILLER.search("我在夜市摆摊那一年")


async def test_a_denial_is_not_where_their_answer_starts(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V06")
    result = await chat.say("我这人从来不掉眼泪的，这题写不了。")
    assert "「我这人从来不掉眼泪的」" not in result.text, result.text
