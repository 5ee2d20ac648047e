"""Nudges in the person's own words: what they wrote, what it still lacks, one example.

A nudge arrives unasked, so it has to earn its place: it names the question,
says back what the person wrote (or that the field is still empty), asks the
one thing their answer is missing (a scene, a reason, the reversal of a habit)
and shows one person's example, picked for what they wrote when it names a
knowledge entry. The seed's §7.4 templates are the skeleton; the slots vary.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import is_shrug, read
from agent.dialogue.realise.asks import HEAVY, asks, someone_else
from agent.dialogue.realise.phrases import (
    combos,
    q_ref,
    q_short,
    quote_whole,
    someone,
)
from agent.rules import clip

BUDGET = 150  # seed §5 scene 4: a nudge is at most 150 characters


def _quote(answer: str) -> str:
    """Return the person's answer in 「」, whole when short, else its first clause."""
    text = " ".join(answer.split()).rstrip("。！!，,")
    if len(text) <= 18:
        return f"「{text}」"
    said = read(text)
    part = clip(said.vivid or (said.clauses or [text])[0], 18) or text[:16]
    return f"「{part.rstrip('。')}……」"


def _example(
    focus: dict, rows: list[dict], row: dict | None, variant: int
) -> list[str]:
    """Return examples, the entry the person named first, then the question's own."""
    if row:  # their own word's entry is the apt example; two ways of saying it
        return [f"比如{someone(row, variant + i)}。" for i in range(2)]
    workbook = quote_whole(focus.get("example", ""), 56)
    if workbook:  # written for this very question: the aptest example we have
        workbook = workbook.replace("“", "「").replace("”", "」")
        return [f"比如有人这样写：“{workbook}”。"]
    return [f"比如{someone(r, variant)}。" for r in rows[:2]]


def _openers(trigger: str, focus: dict, answer: str, minutes: int) -> list[str]:
    ref, quote = q_ref(focus) or "这一题", _quote(answer) if answer else ""
    if answer and HEAVY.search(answer):
        if trigger == "idle_timeout":
            return [f"你在{ref}写下了{quote}，停下来想一想很正常。"]
        return [
            f"{ref}你写下了{quote}。这样的时刻不好写，慢慢来。",
            f"谢谢你愿意在{ref}写下{quote}。不急，慢慢写。",
        ]
    if trigger == "idle_timeout":
        where = (
            f"你在{ref}写到{quote}。"
            if answer
            else f"{ref}还空着：{q_short(focus, 36)}？"
        )
        if focus.get("away"):  # the page was hidden or closed for a while
            return [f"欢迎回来。{where}", f"回来啦。{where}"]
        if minutes <= 0:  # short test timeouts: no "0 minutes", no greeting
            return [f"停了一会儿了，不着急。{where}", where]
        return [
            f"你已经{minutes}分钟没有操作了，不着急。{where}",
            f"{minutes}分钟没动静了，想事情也好，歇一会儿也好。{where}",
            f"停了{minutes}分钟了。{where}",
        ]
    if trigger == "stuck":
        if answer:
            return [
                f"{ref}你写到{quote}，之后停了一阵。",
                f"{ref}写了{quote}，好像卡在这儿了。",
            ]
        return [
            f"{ref}要是不好下笔，我换个方式解释：",
            f"{ref}好像不太好下笔。换个角度：",
        ]
    if trigger == "vague_answer" and is_shrug(answer):
        return [
            f"{ref}写{quote}也没关系，这题本来就不好一下子答上来。",
            f"{ref}一时想不出来很正常。",
        ]
    if trigger == "vague_answer":
        return [
            f"{ref}的{quote}是个方向，不过只有这么几个字，过几天回头看可能就想不起它对你意味着什么了。",
            f"{ref}你写了{quote}，还有点笼统。",
        ]
    return [  # short_answer
        f"{ref}你写了{quote}，是个好开头。",
        f"看到你在{ref}写下{quote}，方向有了。",
        f"{ref}的{quote}——再多写一两句，这个答案会更有用。",
    ]


def nudge(
    trigger: str,
    *,
    focus: dict,
    rows: list[dict],
    row: dict | None,
    minutes: int,
    variant: int,
) -> str:
    """Return the nudge for ``trigger``: opener, one question, one example, a close.

    ``row`` is the knowledge entry the person's answer names, if it names one.
    """
    answer = (focus.get("user_answer") or "").strip()
    if someone_else(answer):
        row = None  # their colleague's PPT names no talent of theirs
    rephrased = focus.get("rephrased", "")
    blank = not answer or is_shrug(answer)
    explain = rephrased and trigger == "stuck" and not answer
    middle = [f"{rephrased}。"] if explain else []
    if trigger == "idle_timeout" and not answer:
        questions = ["需要我帮你理解这个问题吗？", "要不要我换个说法讲讲这题？"]
    elif blank:  # nothing to build on yet: an easier way in, then one sentence
        questions = [f"换个角度想：{rephrased}。"] if rephrased and not middle else []
        questions = questions or ["先写一句也行，想到什么写什么。"]
    else:
        questions = asks(focus.get("step", ""), answer, row, focus.get("text", ""))
    closes = {
        "idle_timeout": ["", "想到了就接着写。"],
        "short_answer": ["写一两句就够，之后还能改。", "想到什么先记下来。"],
        "vague_answer": ["想到一点写一点。", "不用完整，先有个影子。"],
        "stuck": ["先写一句也行。", "写不完整也没关系。"],
    }[trigger]
    if not answer or "先写一句" in questions[0] or HEAVY.search(answer):
        closes = [""]
    ask, example = questions[:2] or [""], _example(focus, rows, row, variant)
    # With nothing written yet, the example comes before the offer of help.
    body = [example, ask] if not answer else [ask, example]
    slots = [_openers(trigger, focus, answer, minutes), middle or [""], *body, closes]
    options = combos(slots, variant)
    for drop in ((), (4,), (4, 3 if answer else 2)):  # the close, then the example
        for parts in options:
            text = "".join(p for i, p in enumerate(parts) if i not in drop)
            if text and len(text) <= BUDGET:
                return re.sub(r"([？！。])。", r"\1", text)
    return clip(slots[0][0], BUDGET)
