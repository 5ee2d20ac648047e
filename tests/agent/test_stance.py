"""Stories, follow-ups, pushback and mixed messages, as a person meets them.

The blind review of 2026-11-27 scored these lowest: the coach quoted the
person's request as if it were their answer, pasted someone else's plan in as
theirs, abstained on clear messages ("填这些对我没啥用吧"), said "当然算" and
then hedged. Each test uses a message of its own, not one of the eval sets'.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import asks, span_of
from tests.agent.test_offline import Chat, P, S, V

QUOTE = re.compile(r"「([^「」]*)」")


def quotes(reply: str) -> list[str]:
    """Return the spans a reply puts in 「」."""
    return QUOTE.findall(reply)


def test_a_request_or_the_question_said_back_is_never_quotable():
    text = "你问我最看重什么，我也说不清，反正上次换工作是因为想离家近点"
    assert asks(text, "你问我最看重什么")
    assert span_of(text, "你问我最看重什么") == ""
    assert span_of(text, "反正上次换工作是因为想离家近点")
    mixed = "ok 那这个算 talent 吗 or just luck"
    assert asks(mixed, "or just luck")
    assert asks("挑出我最像样的两个价值观", "挑出我最像样的两个价值观")


async def test_a_story_is_met_at_its_heart_with_one_question(kb, offline_config):
    chat = Chat(offline_config, V)
    result = await chat.say(
        "我在县城开了八年书店，赔多赚少，可每次有学生在店里蹲着看一下午书，"
        "我就觉得最值得"
    )
    reply = result.text
    assert result.trace["act"] == "reflect", reply
    assert "我就觉得最值得" in quotes(reply), reply
    assert "贴进去" not in reply and "什么滋味" not in reply, reply
    assert reply.count("？") <= 1, reply


async def test_someone_elses_plan_is_not_pasted_in_as_their_answer(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say(
        "我爸非让我回老家考公务员，说铁饭碗最踏实，我现在一想未来的日子，"
        "满脑子都是他的话"
    )
    reply = result.text
    assert "贴进去" not in reply, reply
    assert not any("公务员" in q or "铁饭碗" in q for q in quotes(reply)), reply
    assert "满脑子都是他的话" in reply, reply


async def test_doubt_about_the_exercise_gets_a_reason_and_a_smaller_step(
    kb, offline_config
):
    chat = Chat(offline_config, V, question_id="V02")
    result = await chat.say("唉 写这些东西到底有啥用")
    reply = result.text
    assert result.trace["act"] == "repair", reply
    assert "没把握" not in reply and "没太抓准" not in reply, reply
    assert "12356" not in reply
    assert re.search(r"保存|歇|停", reply) and "一句" in reply, reply


async def test_a_correction_that_hands_over_the_value_is_taken(kb, offline_config):
    chat = Chat(offline_config, V)
    await chat.say("我最近在想要不要换工作，留下来的话收入稳，可是每天都被安排得死死的")
    result = await chat.say("你理解错了，我不是图安稳，我就是想要自由")
    reply = result.text
    assert "「自由」" in reply, reply
    assert "理解错" in reply or "说偏" in reply, reply
    assert any("想要自由" in q for q in quotes(reply)), reply
    assert "没把握" not in reply and reply.count("？") <= 1, reply


async def test_whether_to_follow_a_parent_stays_their_call(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say("你是不是也觉得我该听我爸的，回去接他的店")
    reply = result.text
    assert result.trace["act"] == "autonomy", reply
    assert re.search(r"替你定|你的决定|由你", reply), reply
    assert "你该听" not in reply and "应该听" not in reply, reply
    assert "12356" not in reply


async def test_their_saved_answer_is_read_not_their_request(kb, offline_config):
    answer = "那年冬天我陪外婆住院一个月，每天给她读报纸，她走的时候握着我的手。"
    chat = Chat(offline_config, V, answers={"V03": answer})
    result = await chat.say("帮我看看第3题我写的，背后能看出啥价值观")
    reply = result.text
    assert result.trace["act"] == "read_answer", reply
    spans = quotes(reply)
    assert any(q in answer for q in spans), reply  # their answer, verbatim
    assert not any("背后" in q or "帮我" in q for q in spans), reply
    assert "还是" in reply and reply.count("？") <= 1, reply  # offered, not asserted


async def test_a_skill_or_certificate_is_told_apart_from_a_talent(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S04")
    result = await chat.say("我有驾照还会用PS修图，这算才能吗")
    reply = result.text
    assert "技能" in reply, reply
    assert not reply.startswith(("算", "当然算")), reply


async def test_does_it_count_never_says_of_course_and_then_hedges(kb, offline_config):
    chat = Chat(offline_config, P)
    result = await chat.say("我喜欢刷短视频，这也算喜欢的事吗")
    assert "当然算" not in result.text, result.text
    money = await Chat(offline_config, P, question_id="P04").say(
        "又没花几个钱，这也算吗"
    )
    assert money.text.startswith("算"), money.text
    assert "12356" not in money.text


async def test_an_answer_written_in_the_message_gets_feedback(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V08")
    result = await chat.say("我想让大家说小林做事靠谱、从不甩锅，这样写行吗")
    reply = result.text
    assert "还没写下内容" not in reply, reply
    assert "靠谱" in reply, reply


async def test_asked_for_english_the_coach_answers_in_english(kb, offline_config):
    chat = Chat(offline_config, P)
    result = await chat.say("could you reply in English please? my Chinese is rusty")
    reply = result.text
    assert result.trace["act"] == "english", reply
    assert reply.startswith("Sure"), reply
    assert "我主要用中文回答" not in reply


async def test_a_no_with_their_own_words_keeps_their_words(kb, offline_config):
    chat = Chat(offline_config, V)
    await chat.say("我做了六年销售，业绩还行，可每天陪客户喝酒真的很累")
    result = await chat.say("你说得不对，我压根不想再跑业务了，陪酒陪到怕")
    reply = result.text
    assert result.trace["act"] == "repair", reply
    assert any("不想再跑业务" in q for q in quotes(reply)), reply
    assert "没接住" not in reply, reply
    other = Chat(offline_config, V)
    await other.say("我爸当了一辈子木匠，我小时候天天看他刨木头，现在我也在做家具")
    kept = await other.say("你理解错了，我不是怕我爸，我是敬重他这个人")
    assert "「怕我爸」" in kept.text and "「敬重他这个人」" in kept.text, kept.text


async def test_an_english_fragment_in_a_chinese_message_is_not_quoted(
    kb, offline_config
):
    chat = Chat(offline_config, P)
    result = await chat.say("最近 totally hooked on 拼乐高, 一拼就是一晚上")
    assert not any(re.fullmatch(r"[ -~]+", q) for q in quotes(result.text)), result
    said = await Chat(offline_config, P).say(
        "Honestly I really enjoy restoring old radios, does that count as a passion?"
    )
    assert "restoring old radios" in said.text, said.text
    assert said.text.count("?") + said.text.count("？") <= 1, said.text


async def test_a_partners_should_is_not_read_as_their_own_start(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V07")
    result = await chat.say("我男朋友说我应该去考公，你是不是也这么觉得")
    reply = result.text
    assert "考公" not in "".join(quotes(reply)), reply
    assert re.search(r"替你|你的决定|由你", reply), reply


async def test_a_shrug_before_the_answer_quotes_the_answer(kb, offline_config):
    chat = Chat(offline_config, P, question_id="P01")
    result = await chat.say("没啥 小时候就是瞎折腾 折纸飞机 给蚂蚁搭窝")
    spans = quotes(result.text)
    assert spans and not any("没啥" in q or "瞎折腾" in q for q in spans), result
    assert any("纸飞机" in q or "蚂蚁" in q for q in spans), result.text


async def test_money_pressure_is_said_back_with_the_heart(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V02")
    result = await chat.say(
        "我在工地干了六年，一个月八千，房租每月两千，老婆身体不好，哪有得选，只能接着干"
    )
    reply = result.text
    assert "房租每月两千" in reply and "哪有得选" in reply, reply
    assert "贴进去" not in reply and "什么滋味" not in reply, reply
