"""The offline coach says only what is true about the person (Coach 3 §3–§5).

No reply states a fact, a feeling or a situation the person did not write; a
"为什么这么说" explains the last reply, not any reply; "这也算吗" on a fear or a
weakness flips it (正因为……所以……) instead of naming its opposite; a message
that already answers the question on screen is taken as that answer.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from tests.agent.test_offline import Chat as OneTurn


class Chat(OneTurn):
    """A session whose recent messages grow as the chat layer keeps them."""

    async def say(self, text: str, **kwargs):
        result = await super().say(text, **kwargs)
        recent = [
            *self.snapshot.recent_messages,
            ("user", text),
            ("coach", result.text),
        ]
        self.snapshot = dataclasses.replace(self.snapshot, recent_messages=recent)
        return result


V, S, P = "values_exploration", "strengths_exploration", "interests_exploration"

# Situations a reply must not bring up unless the message did.
UNSAID = {
    "简历": r"简历",
    "孩子": r"孩子|儿子|女儿",
    "父母": r"爸|妈|父母",
    "小时候": r"小时候|童年",
}
# Verdicts on the person the coach cannot know from one message.
VERDICTS = re.compile(r"扛了一阵子|韧劲|说明了你的分量|别人未必撑得下来|挺消耗人")

DISTRESS = [
    ("上个月刚被裁，38了，干了十二年平面设计。现在填这个有点讽刺", V, "V02"),
    ("被公司裁员了，我都不知道自己还能干嘛", S, "S02"),
    ("连着三个月加班，现在干啥都累，不想写了", S, "S03"),
    ("我觉得自己一无是处，什么都做不好", V, "V03"),
    ("我都45了，现在想这些是不是太晚了", P, "P03"),
    ("好烦，这些题有什么用", V, "V03"),
]


@pytest.mark.parametrize(("text", "step", "qid"), DISTRESS)
async def test_distress_replies_state_nothing_the_person_did_not_say(
    kb, offline_config, text, step, qid
):
    for seed_text in (text, text + "。"):  # two wordings pick other variants
        result = await Chat(offline_config, step, question_id=qid).say(seed_text)
        # A workbook example in “” is someone else's words, not said about them.
        ours = re.sub(r"“[^”]*”", "", result.text)
        for name, pattern in UNSAID.items():
            if not re.search(pattern, text):
                assert not re.search(pattern, ours), (name, result.text)
        assert not VERDICTS.search(result.text), result.text


@pytest.mark.parametrize(
    "text",
    [
        "下班还得做饭辅导作业，累得一个字都写不动了",
        "今天好累，不想写了",
        "太累了，先放弃吧",
        "天天加班，现在干点啥都累，一件不累的事都想不出来",
    ],
)
async def test_a_tired_person_is_given_rest_not_homework(kb, offline_config, text):
    for seed_text in (text, text + "。"):
        result = await Chat(offline_config, V, question_id="V04").say(seed_text)
        ours = re.sub(r"“[^”]*”", "", result.text)  # an example is not a task
        assert not re.search(r"先写|写下第一个|挑一个|写一句就", ours), result.text


async def test_a_long_tenure_is_said_back_without_a_verdict(kb, offline_config):
    result = await Chat(offline_config, V, question_id="V03").say(
        "我做产品经理做了八年，每天开会写文档，最开心的是上线那天看到用户真在用"
    )
    assert not VERDICTS.search(result.text), result.text


async def test_why_after_an_empathy_reply_names_what_it_took_up(kb, offline_config):
    chat = Chat(offline_config, V, question_id="V02")
    first = await chat.say(
        "上个月刚被裁，38了，干了十二年平面设计，公司说AI能出图了就不用我了"
    )
    why = await chat.say("为什么这么说")
    assert why.trace["act"] == "why", why.text
    assert "写得越具体" not in why.text
    quoted = re.findall(r"「([^」]+)」", why.text)
    message = "上个月刚被裁，38了，干了十二年平面设计，公司说AI能出图了就不用我了"
    # What the reply quoted of theirs (a shared everyday word such as "不用"
    # is not taking up their words).
    taken = [q for q in re.findall(r"[「“]([^」”]+)[」”]", first.text) if q in message]
    assert all(q in message for q in quoted), why.text  # their words, verbatim
    if taken:  # it took up their words: the why quotes a clause holding them
        assert any(any(w in q or q in w for w in taken) for q in quoted), (
            first.text,
            why.text,
        )
    else:  # else a clause of the message it answered, or the question on screen
        assert quoted or "第2题" in why.text, (first.text, why.text)


async def test_why_after_a_reflection_quotes_the_story(kb, offline_config):
    chat = Chat(offline_config, S, question_id="S03")
    await chat.say("以前大学能熬一整晚给开源项目修bug，修好了特别爽")
    why = await chat.say("为什么这么说")
    assert "写得越具体" not in why.text
    assert re.search(r"「[^」]*(?:修bug|开源|特别爽)[^」]*」", why.text), why.text


async def test_two_whys_after_different_replies_differ(kb, offline_config):
    one = Chat(offline_config, V, question_id="V03")
    await one.say("什么是价值观")
    a = await one.say("为什么这么说")
    two = Chat(offline_config, P, question_id="P03")
    await two.say("能举个例子吗？")
    b = await two.say("为什么这么说")
    assert a.text != b.text
    for r in (a, b):
        assert "写得越具体" not in r.text


FEARS = [
    ("最怕在大会上发言，一上台脑子就空白，这也算才能吗", "上台|发言|空白"),
    ("我不会拒绝别人，同事一找我帮忙我就答应，算吗", "拒绝|答应|帮忙"),
]


@pytest.mark.parametrize(("text", "words"), FEARS)
async def test_counts_on_a_weakness_flips_it(kb, offline_config, text, words):
    result = await Chat(offline_config, S, question_id="S05").say(text)
    assert result.trace["act"] == "counts", result.text
    assert "正因为" in result.text, result.text
    assert re.search(words, result.text), result.text
    assert "享受舞台" not in result.text
    assert "不是你已经会" not in result.text  # the interests line, on a talent


async def test_counts_on_a_saved_fear_quotes_it_and_names_no_opposite(
    kb, offline_config
):
    answers = {
        "S03": "整理Excel表格、做库存清单，做一下午都不累",
        "S05": "最怕在大会上发言，一上台脑子就空白",
    }
    result = await Chat(offline_config, S, question_id="S06", answers=answers).say(
        "上台那个呢，怕发言也算才能？"
    )
    assert result.trace["act"] == "counts", result.text  # routed as "does it count"
    assert "最怕在大会上发言" in result.text or "一上台脑子就空白" in result.text
    assert "「享受舞台」" not in result.text
    assert "正因为" in result.text


async def test_counts_quotes_their_english_words(kb, offline_config):
    result = await Chat(offline_config, S, question_id="S03").say(
        "I can fix old bikes for hours lol 这个算吗"
    )
    assert result.trace["act"] == "counts", result.text  # routed as "does it count"
    assert "fix old bikes" in result.text, result.text


async def test_an_answer_inside_a_doubt_is_taken_as_the_answer(kb, offline_config):
    text = (
        "要是能免费学一年我想学园艺，阳台那几盆月季养了八年了。可我都55了，学了有啥用"
    )
    chat = Chat(offline_config, P, question_id="P07")
    result = await chat.say(text)
    quoted = re.findall(r"「([^」]+)」", result.text)
    assert any("园艺" in q or "月季" in q for q in quoted), result.text
    assert all(q in text for q in quoted), result.text
    assert "第7题" in result.text
    assert not re.search(r"工作|面试|简历", result.text), result.text
    why = await chat.say("为什么这么说")
    assert "第7题" in why.text and re.search("园艺|月季", why.text), why.text


async def test_why_with_nothing_to_explain_says_what_the_reply_did(kb, offline_config):
    chat = Chat(offline_config, "synthesis", question_id=None)
    first = await chat.say("你好")
    why = await chat.say("为什么这么说")
    assert why.trace["act"] == "why", why.text
    assert "写得越具体" not in why.text
    if "「" not in why.text:
        # No quote and no entry to point at: it says what it was doing, and offers.
        assert "我只是想" in why.text and "？" in why.text, (first.text, why.text)


async def test_counts_on_a_plain_hobby_quotes_it(kb, offline_config):
    result = await Chat(offline_config, P, question_id="P03").say(
        "我周末老去河边钓鱼，一坐一整天，这也算吗"
    )
    assert result.trace["act"] == "counts", result.text  # routed as "does it count"
    assert "钓鱼" in result.text, result.text
    assert "正因为" not in result.text  # no flip on something they enjoy


async def test_an_english_answer_in_the_first_message_is_taken_not_asked_again(
    kb, offline_config
):
    chat = Chat(offline_config, S, question_id="S04")
    first = await chat.say(
        "Can we do this in English? For S04, my neighbours always bring me "
        "their broken radios and lamps."
    )
    assert "「my neighbours always bring me their broken radios and lamps」" in (
        first.text
    ), first.text
    # Asked what it says about them: their own words, then a question, no verdict.
    second = await chat.say("so what does that say about me?")
    assert "broken radios" in second.text, second.text
    assert second.text.count("?") <= 1 and not re.search(
        r"\byou are (?:a|so)\b", second.text, re.I
    ), second.text


async def test_a_draft_too_long_for_the_budget_never_becomes_an_empty_reply(
    kb, offline_config, monkeypatch
):
    from agent.dialogue.realise import Draft, scope

    monkeypatch.setitem(
        scope.ACTS, "english", lambda t: Draft([["word " * 60]])
    )  # 300 characters with no pause to cut at
    result = await Chat(offline_config, S, question_id="S04").say(
        "what is this question about?"
    )
    assert result.text.strip() and len(result.text) <= 200, result.text


def test_a_role_is_the_first_clause_of_a_free_text_occupation():
    from agent.context import TurnContext

    ctx = TurnContext(
        session_id="s",
        step="values_exploration",
        text="",
        person={"occupation": "原纺织厂车间主任，失业半年"},
    )
    assert ctx.role == "原纺织厂车间主任"


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        (
            "Not really into books. I mostly watch cooking shows from Sichuan, "
            "for hours. Would that count?",
            "I mostly watch cooking shows from Sichuan",
        ),
        (
            "On weekends I often fix my neighbours' bikes in the yard.",
            "I often fix my neighbours' bikes in the yard",
        ),
    ],
)
async def test_an_english_answer_is_quoted_and_taken_up_not_met_with_the_intro(
    kb, offline_config, text, quoted
):
    result = await Chat(offline_config, P, question_id="P02").say(text)
    assert f"「{quoted}」" in result.text, result.text
    assert "Here is how it works" not in result.text and "In short" not in result.text
    assert result.text.count("?") <= 1, result.text
    if "count" in text:
        assert "counts" in result.text, result.text
