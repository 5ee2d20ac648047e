"""Quotes are the person's words as written (Coach 3 §3): the one guard, both modes."""

from __future__ import annotations

import pytest

from agent import quotes
from tests.agent.test_offline import Chat

SOURCES = [
    "我妈一个人把我和我弟拉扯大，我就是想让她放心",
    "「公平」：每个人都被同样对待",
]


def test_a_verbatim_span_passes_and_a_rewritten_one_does_not():
    assert quotes.verbatim("我妈一个人把我和我弟拉扯大", SOURCES)
    assert quotes.verbatim("我妈一个人把我…", SOURCES)  # clipped, still theirs
    assert not quotes.verbatim("你妈一个人把你和你弟拉扯大", SOURCES)  # 我 → 你
    assert not quotes.verbatim("小时候被说疯了", SOURCES)  # never written


def test_repair_drops_only_the_sentence_with_the_invented_quote():
    reply = "你写到「我就是想让她放心」。你说“小时候你就很独立”。哪一刻你最在意？"
    text, dropped = quotes.repair(reply, SOURCES)
    assert dropped == 1
    assert text == "你写到「我就是想让她放心」。哪一刻你最在意？"


def test_a_reply_of_nothing_but_invented_quotes_says_it_wants_to_be_sure():
    text, dropped = quotes.repair("你说“我热爱自由”。", SOURCES)
    assert dropped == 1 and text == quotes.SAFE_LINE


@pytest.mark.parametrize(
    "message",
    [
        "我妈一个人把我和我弟拉扯大，我希望别人说我靠得住",
        "书店我现在基本只去童书区给我家老大挑绘本，自己的书好几年没买了",
        "我做了五年会计，但一直觉得没意思，我喜欢和人打交道",
        "小时候拆闹钟拆收音机，装不回去被我爸揍",
        "同事ppt字体不统一 对齐不对 我看着就急死",
    ],
)
async def test_a_story_is_said_back_in_their_words_never_with_pronouns_swapped(
    kb, offline_config, message
):
    reply = await Chat(offline_config).say(message)
    spans = quotes.quoted(reply.text)
    assert all(quotes.verbatim(s, [message, reply.text]) for s in spans)
    for swapped in ("把你和你弟", "你家老大", "你爸揍", "你看着就急"):
        assert swapped not in reply.text, reply.text
    assert "小时候" not in reply.text or "小时候" in message  # no invented childhood


async def test_an_earlier_message_is_not_quoted_as_if_it_were_this_one(
    kb, offline_config
):
    chat = Chat(offline_config)
    await chat.say("我对心理学特别感兴趣，经常看相关的书")
    reply = await chat.say("自由")
    assert "心理学特别感兴趣" not in reply.text, reply.text
