"""Shared wording: picking a variant the person has not just read, rows as examples.

A reply is built from slots (opening, body, example, question), each with a
few alternatives; ``choose`` takes the first combination, in a per-turn order,
whose opening and closing sentences were not among the last five replies' and
which fits the budget.
"""

from __future__ import annotations

import itertools
import random
import re

from agent.dialogue.state import DialogueState, edges
from agent.rules import clip, fit, sentence

MAX_COMBOS = 96
QWORD = re.compile(r"谁|哪|什么|怎么|怎样|为什么|多少|吗")


def cell(value: object, first: bool = False) -> str:
    """Return a CSV cell as prose: '|' separates items, spaces were clause breaks.

    Signal cells speak to the reader ("别人冒进时你会着急"); in a sentence about
    "有人" they must not, so the second person is dropped.
    """
    text = str(value or "")
    if first:
        text = text.split("|")[0]
    text = (
        text.replace("你会", "会")
        .replace("找你", "找他")
        .replace("你的", "自己的")
        .replace("你", "自己")
    )
    return "，".join(text.replace("|", "、").split())


def combos(slots: list[list[str]], seed: int) -> list[list[str]]:
    """Return combinations of one alternative per slot, in a seeded order."""
    slots = [s or [""] for s in slots]
    every = list(itertools.islice(itertools.product(*slots), 400))
    random.Random(seed).shuffle(every)
    return [list(c) for c in every[:MAX_COMBOS]]


def choose(options: list[list[str]], d: DialogueState, budget: int) -> str:
    """Return the first option that fits and repeats no recent opening or closing."""
    texts = [fit([_close(p) for p in o], budget) for o in options]
    texts = [t for t in texts if t]
    recent_open, recent_close = set(d.openers), set(d.closers)
    for text in texts:
        opener, closer = edges(text)
        if opener not in recent_open and closer not in recent_close:
            return text
    for text in texts:
        if edges(text)[0] not in recent_open:
            return text
    return texts[0] if texts else ""


def _close(part: str) -> str:
    """End a slot with a full stop, also after a closing quotation mark."""
    if not part or part[-1] in "？?：:\n":
        return part
    return part + "。" if part[-1] in "”」" else sentence(part)


def q_ref(question: dict) -> str:
    """Return "第3题" for the question in focus, or ''."""
    return f"第{question['number']}题" if question.get("number") else ""


def q_short(question: dict, limit: int = 26) -> str:
    """Return the question's text cut at a pause, without its question mark."""
    # One question per reply: a two-part question is quoted as one ("…？…？").
    text = (question.get("text") or "").rstrip("？?").replace("？", "，")
    text = text.replace("“", "「").replace("”", "」")  # quoted inside our own quotes
    first = re.split(r"[？?]", question.get("text") or "")[0]
    if len(text) > limit and 8 <= len(first) <= limit and first != text:
        # "…是什么？反过来看，…": the first question whole, not cut mid-clause
        return first.replace("“", "「").replace("”", "」")
    short = clip(text, limit).rstrip("。？?")
    if not QWORD.search(re.sub("「.*?」", "", short)) and len(text) <= limit + 16:
        return text  # "如果不用考虑钱，也不用在意别人的眼光" asks nothing: say it whole
    return short or text.split("，")[0][:limit]


def quote_whole(text: str, limit: int) -> str:
    """Return a workbook text whole, or cut at a sentence end; never mid-word."""
    return clip(text, limit).rstrip("。")


def someone(row: dict, variant: int) -> str:
    """Return one "有人……" sentence about a knowledge row (never "你就是……").

    Every wording opens with 有人: an example is always someone else's (§8).
    """
    name, kind = row.get("name", ""), row.get("category")
    if kind == "values":
        options = [
            f"有人看重「{name}」，表现是{cell(row.get('signals'), True)}"
            if row.get("signals")
            else "",
            f"有人看重「{name}」，常说“{cell(row.get('self_statement'))}”"
            if row.get("self_statement")
            else "",
        ]
    elif kind == "strengths":
        options = [
            f"有人擅长「{name}」，常说“{cell(row.get('reframe_example'))}”"
            if row.get("reframe_example")
            else "",
            f"有人擅长「{name}」，{cell(row.get('evidence_signals'), True)}"
            if row.get("evidence_signals")
            else "",
        ]
    elif kind == "interests":
        options = [
            f"有人对「{name}」着迷，{cell(row.get('curiosity_signals'), True)}"
            if row.get("curiosity_signals")
            else "",
            f"有人对「{name}」着迷，想弄明白{cell(row.get('description'))}"
            if row.get("description")
            else "",
        ]
    else:
        options = []
    options = [o for o in options if o]
    return options[variant % len(options)] if options else f"有人会想到「{name}」"


def meaning(row: dict) -> str:
    """Return what a knowledge row means, in one clause."""
    return cell(row.get("definition") or row.get("description") or row.get("text"))


def dig(row: dict) -> str:
    """Return the row's own deepening question, if it has one (it speaks to "你")."""
    question = "，".join(str(row.get("dig_question") or "").split()).rstrip("？?")
    return f"{question}？" if question else ""


STEP_QUESTIONS = {
    "values_exploration": [
        "哪一个最让你有感觉，它让你想起哪件事？",
        "你心里冒出来的是哪个人、哪件事？",
        "读到哪一个时，你心里动了一下？",
        "这几个里，哪个离你最近？",
        "如果只留一个，你会留哪个，为了哪件事？",
        "哪一个你曾经为它放弃过别的东西？",
        "哪一个让你想起一个具体的人？",
    ],
    "strengths_exploration": [
        "哪一条最像你，别人常因为什么找你帮忙？",
        "你身上哪个习惯，被人说过、也被人谢过？",
        "哪一条让你想起自己做事的样子？",
        "别人夸过你、也嫌过你的，是哪一条？",
        "哪一条是你不用刻意就会做的？",
        "小时候被念叨的习惯里，有哪条的影子？",
        "哪一条在你最忙的时候反而冒出来？",
    ],
    "interests_exploration": [
        "哪一个让你忍不住想多了解一点？",
        "最近一次你主动花时间去了解的是什么？",
        "哪一个你愿意花一个周末去琢磨？",
        "哪一个你会忍不住跟朋友聊起来？",
        "如果免费学一年，你会选哪个方向？",
        "哪一个你曾经主动搜过、买过书？",
    ],
    "synthesis": ["把它放进你的候选里，会是哪一条？"],
}


def ask(step: str, row: dict | None = None, single: bool = False) -> list[str]:
    """Return closing questions for a reply that showed rows (one, or several)."""
    own = [dig(row)] if row and dig(row) else []
    if single:  # one item on the table: no "哪一个"
        return own + [
            "你身上哪一次有过这样的时候？",
            "这让你想起自己的哪件事？",
            "你最近一次这样，是在什么时候？",
            "在你身上，它会以什么样子出现？",
        ]
    return own + STEP_QUESTIONS.get(step, STEP_QUESTIONS["values_exploration"])


def back_to(q: dict) -> list[str]:
    """Return ways back to the question in focus (or the step)."""
    if not q:
        return [
            "我们回到工作簿，从这一步的第一题开始？",
            "哪一道题你最有感觉，先写两句？",
        ]
    ref, short = q_ref(q), q_short(q)
    return [
        f"我们刚才停在{ref}：{short}？",
        f"回到{ref}吧——{short}，你先想到的是什么？",
        f"要不我们接着看{ref}：{short}？",
    ]
