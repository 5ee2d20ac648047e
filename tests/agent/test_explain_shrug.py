"""Examples, concepts, fields, shrugs, decide-for-me and mixed messages (Coach 3).

From the blind review of 2026-11-27 (explanation 3.75, shrug 4.33, English 2.67):
an example must fit the kind of question in focus, "这算个啥领域" asks which
field, a shrug gets one smaller way in, "考还是不考" keeps the choice theirs but
builds the step from their two options and their stated limits, and "这种算
passion 吗" is about the thing they just said. Each test uses its own messages,
none of the eval sets'.
"""

from __future__ import annotations

import re

from tests.agent.test_offline import Chat, P, S, V, X

QUOTE = re.compile(r"「([^「」]*)」")


def after(text: str) -> dict:
    """Return a session history whose last message from the person is ``text``."""
    return {"recent_messages": [("user", text), ("coach", "嗯，我在听，接着说说？")]}


async def test_an_example_for_s02_is_a_habit_turned_over(kb, offline_config):
    told = after("第2题是啥意思，小时候被骂的毛病跟我擅长啥有什么关系")
    chat = Chat(offline_config, S, question_id="S02", **told)
    await chat.say("第2题是啥意思，小时候被骂的毛病跟我擅长啥有什么关系")
    result = await chat.say("给我举个例子吧")
    reply = result.text
    assert result.trace["act"] == "examples", reply
    assert "有人总被说" in reply and "正因为" in reply, reply  # the two sides
    assert reply.count("？") <= 1 and len(reply) <= 200, reply


async def test_what_a_flaw_has_to_do_with_a_talent_is_answered_first(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S05")
    reply = (await chat.say("干不好的事跟优点有啥关系啊")).text
    assert reply.startswith("关系很直接"), reply
    assert "用错了地方" in reply and "第5题" in reply, reply
    assert "没太抓准" not in reply, reply


async def test_values_and_talents_told_apart_not_the_formula(kb, offline_config):
    reply = (await Chat(offline_config, S).say("才能和价值观有啥不一样")).text
    assert "为什么" in reply and "方式" in reply, reply
    assert "×" not in reply, reply  # the formula is not the difference


async def test_which_field_names_the_field_of_their_last_message(kb, offline_config):
    told = after("一有空我就在阳台捣鼓种菜，番茄辣椒都种过")
    chat = Chat(offline_config, P, question_id="P05", **told)
    result = await chat.say("这算个啥领域啊")
    reply = result.text
    assert result.trace["act"] == "sort", reply
    assert "你刚才说的「" in reply, reply  # the earlier message, named
    assert "？" in reply and "当然算" not in reply, reply  # offered as a question
    named = [q for q in QUOTE.findall(reply) if q not in ("种菜",)]
    assert named, reply  # at least one knowledge field named
    assert "消遣" not in reply, reply  # not answered as "does it count"


async def test_which_field_without_a_match_invents_none(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P05")
    reply = (await chat.say("这属于什么领域")).text
    assert "没找到" in reply or "「" in reply, reply
    assert "当然算" not in reply, reply


async def test_a_shrug_gets_a_smaller_question_for_the_one_on_screen(
    kb, offline_config
):
    for qid, step, frame in (("V07", V, "早上"), ("S03", S, "不觉得累")):
        chat = Chat(offline_config, step, question_id=qid)
        reply = (await chat.say("不知道诶")).text
        assert "小问法" in reply and frame in reply, reply
        assert "……" in reply, reply  # a frame to fill in
        assert "有人对「" not in reply and "有人擅长「" not in reply, reply
        assert reply.count("？") <= 1, reply


async def test_write_it_for_me_is_a_way_in_not_out_of_scope(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P01")
    reply = (await chat.say("你随便帮我写点吧")).text
    assert "工作簿" not in reply or "小问法" in reply, reply
    assert "小时候" in reply and "……" in reply, reply
    assert "不在行" not in reply and "范围" not in reply, reply


async def test_decide_for_me_builds_the_step_from_their_options_and_limit(
    kb, offline_config
):
    told = after("我在琢磨要不要去考教师编，现在做销售，家里还有房贷要还")
    chat = Chat(offline_config, X, question_id=None, **told)
    result = await chat.say("你直接告诉我考还是不考")
    reply = result.text
    assert result.trace["act"] == "autonomy", reply
    assert "你来定" in reply or "自己定" in reply, reply
    assert "考教师编" in reply, reply  # the option they named
    assert "房贷" in reply, reply  # the limit they stated
    assert "各花一个周末试一下" not in reply, reply
    assert reply.count("？") <= 1, reply


async def test_decide_between_two_named_options_names_both(kb, offline_config):
    chat = Chat(offline_config, X, question_id=None)
    reply = (await chat.say("回老家开民宿还是留在深圳上班，你给个准话")).text
    assert "「回老家开民宿」" in reply and "「留在深圳上班」" in reply, reply
    assert "不替你" in reply or "你来定" in reply, reply


async def test_mixed_counts_question_is_about_the_thing_they_said(kb, offline_config):
    told = after("这阵子下班就在研究怎么冲手冲咖啡，磨豆子能磨一晚上")
    chat = Chat(offline_config, P, question_id="P03", **told)
    reply = (await chat.say("那这个算 passion 吗 or just 打发时间")).text
    assert "你刚才说的「" in reply, reply
    assert re.search(r"咖啡|磨豆子", reply), reply
    assert "or just" not in reply and "passion 吗" not in reply, reply


async def test_question_help_uses_their_own_material(kb, offline_config):
    told = after("我妈这辈子最看重安稳，一份工作干到退休")
    chat = Chat(offline_config, V, question_id="V04", **told)
    reply = (await chat.say("那第4题我该怎么写")).text
    assert re.search(r"「[^」]*(?:干到退休|最看重安稳)[^」]*」", reply), reply
    assert "留下" in reply and "避开" in reply, reply
    assert reply.count("？") <= 1, reply


async def test_a_clear_request_elsewhere_gets_the_scope_reply(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S03")
    reply = (await chat.say("帮我算算年终奖三万扣完税还剩多少")).text
    assert "没太抓准" not in reply and "没把握" not in reply, reply
    assert "工作簿" in reply and "第3题" in reply, reply


async def test_half_english_counts_question_is_answered_as_one(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04")
    text = "my friends always ask me to fix their 电脑, is that a 才能?"
    result = await chat.say(text)
    reply = result.text
    assert result.trace["act"] == "counts", reply
    assert "一小步一小步" not in reply and "当然算" not in reply, reply
    assert reply.count("？") <= 1, reply


async def test_question_help_never_offers_someone_elses_plan_as_theirs(
    kb, offline_config
):
    told = after("我妈天天催我考公务员，说女孩子稳定最重要")
    chat = Chat(offline_config, V, question_id="V07", **told)
    reply = (await chat.say("那这题该怎么写")).text
    assert "就能用上" not in reply, reply
    assert not any("考公务员" in q for q in QUOTE.findall(reply)), reply
