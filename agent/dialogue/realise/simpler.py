"""Our last point said plainer ("太官方了，说人话" right after an explanation).

Our last reply is what they found stiff, not their answer. The point is said
again in one or two short lines: for "does it count", yes and where to put
their own words (quoted as written); for a question explained, the question in
its shortest form; otherwise what we can do next, as a question.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, span_of, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import q_ref, q_short
from agent.dialogue.signals import SHORTER_ASK

# "…，这算吗": the ask in their last message, never the thing quoted
ASKING = re.compile(r"算|吗|[？?]|怎么|什么|啥")


def simpler(t: Turn) -> Draft:
    """Say the point of our last reply again, short and plain."""
    ref = q_ref(t.ctx.question) or "这题"
    told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text][-1:]
    last = told[0] if told else ""
    own = next(
        (c for c in spans(last) if 6 <= len(c) <= QUOTE_MAX and not ASKING.search(c)),
        "",
    )
    quoted = span_of(last, own) if own else ""
    if t.d.last_act == "concrete":  # "太长了，压到50字以内": the asks, short
        line = f"{ref}补三样就具体了：哪一次、你做了什么、当时怎么想。"
    elif t.d.last_act == "counts" and quoted:
        line = f"算。你刚才说的「{quoted}」，原样写进{ref}就行，再加一句当时的事更好。"
    elif t.d.last_act == "counts":
        line = f"算，先写进{ref}，以后觉得不对再删。"
    elif t.ctx.question.get("text"):
        line = f"{ref}就是问：{q_short(t.ctx.question)}。写一件真事就行，不用写漂亮。"
    else:
        line = "我直说：你挑一题，写一件真事，我帮你看。"
    lead = "好，短一点：" if SHORTER_ASK.search(t.ctx.text or "") else "好，说白点："
    return Draft([[lead, line]], rows=[])
