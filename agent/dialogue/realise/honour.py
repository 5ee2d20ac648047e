"""A denial honoured: they said it is not so, the coach drops it and asks again.

"我一个大老爷们，没哭过啊" after a question about a moment that moved someone
to tears: the reply says tears are not needed, names what counts instead, and
asks the question again without the denied thing (``claims`` then keeps every
later reply from taking it for granted).
"""

from __future__ import annotations

from agent.dialogue import denial
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos, q_ref

# What counts instead of the denied thing, and the question without it.
# Keyed by the kin group's name (``denial.KIN``); the rest get the plain line.
INSTEAD = {
    "哭": (
        [
            "不用真掉眼泪，心里一热、鼻子一酸、愣了一下，都算。",
            "不一定要哭出来，心里被戳了一下就算。",
        ],
        [
            "哪一次你心里一热，哪怕只有一下？",
            "想想哪一刻你愣了一下、半天没说话？",
        ],
    ),
    "生气": (
        ["不一定要发火，心里不舒服、看不下去，也算。"],
        ["最近哪件事让你心里不舒服，哪怕没说出口？"],
    ),
    "感动": (
        ["不一定非得被感动，让你多看了两眼、记到现在的事也算。"],
        ["有哪件事你到现在还记得清清楚楚？"],
    ),
    "累": (
        ["好，不累就好，那我们接着来。"],
        ["这件事里，哪一步你做得最顺？"],
    ),
}
PLAIN = (
    ["好，那就不是这样，我不往那边套。", "明白，是我想当然了，这个不算。"],
    ["那你心里真实的那一下，是什么样的？"],
)


def honour(t: Turn) -> Draft:
    """Acknowledge the denial, drop what it denied, ask without it."""
    name = (t.u.denied or [""])[0]
    ack, ask = INSTEAD.get(name, PLAIN)
    if t.ctx.question and name not in INSTEAD:
        ask = [f"放回{q_ref(t.ctx.question)}，你真实想到的是哪一件事？"]
    return Draft(combos([ack, ask], t.seed))


def asked_without(t: Turn) -> list[str]:
    """Return the question on screen asked without what they denied, or [].

    "甚至流下眼泪的一刻" asked again of the man who never cried: the question's
    own words would take it for granted once more.
    """
    text = t.ctx.question.get("text") or ""
    for name in t.d.denied:
        if denial.mentions(text, name):
            ref = q_ref(t.ctx.question)
            ask = INSTEAD.get(name, PLAIN)[1][0]
            return [f"回到{ref}，换个问法：{ask}" if ref else ask]
    return []


ACTS = {"honour": honour}
