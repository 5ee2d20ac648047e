"""What a reply was based on, kept for a following "为什么这么说" (Coach 3 §3–§5).

A reply that sets no reason of its own gets one here, read off what it showed:
the person's words it quoted, the knowledge entry it named, or the workbook
question it served, and what the act was for. Never a sentence that would fit
any reply.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, asks, spans
from agent.dialogue.realise.phrases import q_ref, q_short

# What each act is for, said plainly (the "why" of a reply with no deeper reason).
PURPOSE = {
    "empathy": "先接住你说的处境，再给一个很小的下一步，不急着让你答完题",
    "reflect": "把你的原话照实还给你，再问一句让它更具体",
    "counts": "回答它算不算线索，再问一个能分清的问题",
    "flip": "把被念叨的习惯翻过来，看它在哪里反而是长处",
    "rephrase": "把这道题换个说法讲清楚，让你好下笔",
    "examples": "给你看几个别人的例子，看哪个像你",
    "more": "再换几个例子，看哪个像你",
    "feedback": "看你写下的答案还缺哪一块",
    "concrete": "帮你把写下的答案补得更具体",
    "explain": "把这个说法讲清楚",
    "explain_text": "把这个说法讲清楚",
    "greet": "把话头带回题目上",
    "abstain": "在没听明白你的意思时，列出我能做的几件事让你挑",
    "scope": "说明这件事不在我能帮的范围里，再回到题目",
    "refuse": "说明这个请求我不会照做",
    "quiet": "确认安静模式已经打开",
    "checkin": "确认你现在是否安全",
    "crisis": "先顾你的安全，给你能马上找到的帮助",
    "care": "先顾你的安全",
    "synthesis": "把你写下的答案组合成可以试的方向",
    "compare": "把两个候选放在一起比一比",
    "purpose": "给你一个填空框，让工作目的由你自己的话拼出来",
    "means": "把你说的处境算进来，换一个不花钱的小步",
    "first_step": "从你已经在做的事里找一个这周就能试的小步",
    "answer_here": "你在聊天里答了这题，先把它当成这题的答案接住",
    "together": "把你点名的几题和你刚说的放在一起看",
    "experiment": "给一个能马上试的小实验",
    "progress": "告诉你写到了哪里",
    "summary": "把你写下的内容归拢一下",
    "repair": "承认我没接住，问你最想要哪一部分",
    "honour": "你说了不是这样，我就不再往那边套，换个问法再问",
    "top": "从你的答案里挑出说到它的句子，每一条都带着你的原话",
    "read_answer": "从你写下的答案里读出它背后可能的东西，由你来认",
    "interpret": "从你刚说的话里找出说到它的那几个字，由你来认",
}
DEFAULT = "接着你刚才的话往下走一步"

# Quoted spans in a reply: 「their words」 or “their words”.
QUOTED = re.compile(r"「([^」]{2,40})」|“([^”]{2,40})”")
# Two-character runs too common to show that a reply took up their words.
COMMON = re.compile(
    r"[的了我你这那个是一不就都也在有吗呢吧啊么什怎]|比如|因为|所以|但是|可是|还是"
    r"|如果|觉得|现在|时候|自己|可以|知道|真的|其实|已经"
)
EXPLAINS = ("explain", "explain_text", "rephrase")


def purpose(act: str) -> str:
    """Return what a reply of ``act`` was trying to do, in plain words."""
    return PURPOSE.get(act, DEFAULT)


def _theirs(quote: str, words: list[str]) -> bool:
    return any(quote in w for w in words if w)


def _echoed(message: str, reply: str) -> str:
    """Return the clause of ``message`` the reply took words from, verbatim, or ''."""

    def shared(c: str) -> int:
        return sum(
            c[i : i + 2] in reply and not COMMON.search(c[i : i + 2])
            for i in range(len(c) - 1)
        )

    found = [
        c
        for c in spans(message)
        if len(c) <= QUOTE_MAX and not asks(message, c) and shared(c)
    ]
    # The most words taken up; of equals, the shortest (it says the least extra).
    return max(found, key=lambda c: (shared(c), -len(c)), default="")


def basis(
    *,
    act: str,
    reply: str,
    message: str,
    answers: dict[str, str],
    history: list[str],
    shown: list[dict],
    question: dict,
) -> str:
    """Return the reason behind ``reply``, for a following "为什么这么说"."""
    words = [message, *answers.values(), *history]
    # A task's quote is cut with "…" ("「…到现场一定乱」"): its words are theirs.
    quotes = [(a or b).strip("…") for a, b in QUOTED.findall(reply)]
    own = next((q for q in quotes if _theirs(q, words)), "") or _echoed(message, reply)
    does = purpose(act)
    if own:
        return f"因为你写到「{own}」，我那句是照着它说的：想{does}。"
    first = re.match(r"[^。！？]{8,80}。", reply)
    if act in EXPLAINS and first:  # an explanation: its own first point
        return f"我那句的要点是：{first.group(0)}这样讲，是想{does}。"
    if shown:
        return f"我是从知识库里「{shown[0]['name']}」的意思讲的，想{does}。"
    if question:
        asked = q_short(question)
        return f"那句是为{q_ref(question)}说的，这题问的是{asked}；我想{does}。"
    return ""
