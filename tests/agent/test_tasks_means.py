"""Tasks on the saved answers, read against the person's words and means (§5, §6).

What a person checks in a task reply: the items it names come with the very
words they wrote; hints are put to them apart, as a question; a step they
wrote is never called missing; a comparison finds each candidate in their own
answers and counts the limit they stated; a stated lack of money gets a step
that costs nothing. Messages here are not in the evaluation sets.
"""

from __future__ import annotations

import re

from agent.dialogue import situation
from agent.dialogue.realise.grounds import number
from tests.agent.test_offline import Chat, P, V, X
from tests.agent.test_tasks import check

QUOTED_ITEM = re.compile(r"「([^「」]+)」（第(\d)题「([^「」]+)」）")

NURSE = {
    "V01": "我佩服我们护士长，对谁都公平，从不看人下菜碟。",
    "V02": "当年放弃了去外地的机会，选了离家近的医院，我看重成长也想守着爸妈。",
    "V05": "最受不了有人对病人不耐烦，凭什么呵斥人家。",
    "V08": "希望别人说：她让病人觉得自己是被看见的。",
}


def pieces(quote: str) -> list[str]:
    """Return a quote's verbatim pieces (a cut is marked with …)."""
    return [p for p in quote.split("…") if p]


async def test_top_lists_named_items_with_their_words_and_hints_apart(
    kb, offline_config
):
    chat = Chat(offline_config, V, answers=NURSE)
    result = await chat.say("从我写的答案里帮我挑4个最要紧的价值观")
    reply = result.text
    assert result.trace["act"] == "top"
    check(reply, list(NURSE.values()))
    named, _, hinted = reply.partition("可能也是")
    listed = QUOTED_ITEM.findall(named)
    assert listed, reply
    for _name, qid, quote in listed:  # each named item: its question, their words
        answer = NURSE[f"V0{qid}"]
        assert all(p in answer for p in pieces(quote)), (quote, answer)
    if hinted:  # hints offered as a question, never among the named
        assert "？" in hinted and "算不算" in hinted, reply
        assert not {n for n, _, _ in listed} & {
            n for n, _, _ in QUOTED_ITEM.findall(hinted)
        }
        assert "不凑数" in reply or len(listed) + len(QUOTED_ITEM.findall(hinted)) >= 4


async def test_why_of_an_item_cites_the_span_the_item_was_read_from(kb, offline_config):
    chat = Chat(offline_config, V, answers=NURSE)
    top = await chat.say("从我写的答案里帮我挑4个最要紧的价值观")
    items = QUOTED_ITEM.findall(top.text)
    assert len(items) >= 2, top.text
    name, qid, quote = items[1]
    why = await chat.say("第二个依据是什么")
    assert why.trace["act"] == "item_why"
    assert why.text.startswith(f"第二条「{name}」"), why.text
    assert f"第{qid}题" in why.text
    assert all(p in why.text for p in pieces(quote) if len(p) >= 4), (quote, why.text)


async def test_a_word_read_across_two_words_is_not_a_value(kb, offline_config):
    answers = {"V02": "毕业那年差点去了一家教培机构，最后回老家陪我妈。"}
    result = await Chat(offline_config, V, answers=answers).say(
        "帮我挑出最重要的3个价值观"
    )
    assert "「教养」" not in result.text, result.text


async def test_work_purpose_is_a_frame_of_their_words_not_a_checklist(
    kb, offline_config
):
    answers = {
        "V08": "希望别人说：有他在，老人看病就不发愁。",
        "S04": "邻居家老人不会用手机挂号，都来找我帮忙弄。",
        "P06": "老人看病太难了，总得有人帮他们跑流程。",
    }
    result = await Chat(offline_config, V, answers=answers).say(
        "能帮我凑一句工作目的吗"
    )
    reply = result.text
    assert result.trace["act"] == "purpose"
    check(reply, list(answers.values()))
    for slot in ("为了什么", "用什么方式", "做什么"):
        assert f"{slot}：" in reply, reply
    assert "第8题「…老人看病就不发愁」" in reply  # V08, the nearest a purpose
    assert "我工作是为了……" in reply and "不替你写" in reply
    assert "什么时候、在哪儿" not in reply  # not the make-it-concrete checklist


async def test_combine_never_calls_a_written_step_missing(kb, offline_config):
    answers = {  # written, in words that name no entry
        "V03": "带毕业班那年天天陪学生到晚上九点，看他们一个个考上。",
        "S04": "家长有事都爱来问我，我回得又快又清楚。",
    }
    result = await Chat(offline_config, X, answers=answers).say(
        "把我写的拼成几个方向看看"
    )
    reply = result.text
    assert result.trace["act"] == "synthesis"
    check(reply, list(answers.values()))
    assert "还缺价值观" not in reply and "还缺才能" not in reply, reply
    assert "还缺喜欢的事" in reply  # no answer of that step is saved
    for qid in answers:  # each written step is quoted by its question
        assert f"第{number(qid)}题写过「" in reply, (qid, reply)


async def test_compare_finds_each_candidate_in_any_answer_and_counts_the_limit(
    kb, offline_config
):
    answers = {
        "V05": "最看不惯医院里对老人爱答不理，问三遍都没人回。",
        "S04": "科里出院病人的随访电话都是我打，病人都说我问得细。",
        "P07": "如果能免费进修一年，我想读公共卫生的研究生。",
    }
    ask = (
        "对比一下 A 辞职去读公共卫生研究生；B 在医院申请调去做出院随访。"
        "我每月要还车贷四千"
    )
    result = await Chat(offline_config, X, answers=answers).say(ask)
    reply = result.text
    assert result.trace["act"] == "compare"
    check(reply, [*answers.values(), ask])
    a_line, b_line = (
        next(line for line in reply.split("\n") if line.startswith(x)) for x in "AB"
    )
    assert "公共卫生" in a_line and "还没找到" not in a_line, reply
    assert "随访" in b_line and "还没找到" not in b_line, reply
    assert "「我每月要还车贷四千」" in reply
    assert "由你定" in reply and "你应该选" not in reply


async def test_no_money_gets_a_step_that_costs_nothing_from_their_answers(
    kb, offline_config
):
    answers = {"S04": "楼里老人手机出问题都来敲我门，我一样样教他们。"}
    chat = Chat(offline_config, X, answers=answers)
    result = await chat.say("我哪有钱去上课，家里还有俩娃要养")
    reply = result.text
    assert result.trace["act"] == "means"
    check(reply, [*answers.values(), "我哪有钱去上课，家里还有俩娃要养"])
    assert "「我哪有钱去上课」" in reply  # the limit, in their words
    assert "不花钱" in reply
    assert "我一样样教他们" in reply  # a step from what they already do
    for paid in ("报班", "报名", "课程", "买"):
        assert paid not in reply.replace("不报班", ""), reply


async def test_examples_for_someone_short_of_money_leave_paid_ones_out(
    kb, offline_config
):
    profile = {"name": "小马", "occupation": "服务员", "about": "月薪三千，房租一千五"}
    for ask in ("这题能举个例子吗", "举个例子呗", "给我看看别人的例子"):
        chat = Chat(offline_config, P, question_id="P04", user_info=profile)
        reply = (await chat.say(ask)).text
        for paid in ("陶艺", "景德镇", "报班", "报课", "学费", "旅行", "留学"):
            assert paid not in reply, (ask, reply)


def test_situation_reads_the_limit_and_fits_the_example():
    found = situation.cues(
        text="我都待业半年了", person={"occupation": "待业", "about": "上个月被裁"}
    )
    assert found["jobless"] == "我都待业半年了"  # the message first, verbatim
    row = {"name": "家人", "signals": "加班时最惦记家里|做选择前会先问家人怎么想"}
    assert situation.fitting(row, found)["signals"] == "做选择前会先问家人怎么想"
    poor = situation.cues(text="我一个月三千，交完房租就没了")
    row = {"name": "手工与DIY", "example_topics": "编织|木工|皮具|陶艺"}
    assert "陶艺" not in situation.fitting(row, poor)["example_topics"]
    # Someone else's health in an answer is not the person's situation.
    assert not situation.cues(text="帮我挑", answers={"V02": "因为我妈身体不好"})


async def test_this_weeks_step_after_nothing_listed_comes_from_their_answers(
    kb, offline_config
):
    answers = {"S04": "楼里老人手机出问题都来敲我门，我一样样教他们。"}
    chat = Chat(offline_config, X, answers=answers)
    await chat.say("帮我把三部分组合一下")  # one part at most: nothing is listed
    step = await chat.say("第一条这周能先干点啥")
    assert step.trace["act"] == "first_step"
    check(step.text, list(answers.values()))
    assert "还没列出" in step.text and "这周" in step.text
    assert "我一样样教他们" in step.text
    again = await chat.say("可我没钱报班")  # the next step is not the same one
    assert again.trace["act"] == "means"
    assert "「可我没钱报班」" in again.text
