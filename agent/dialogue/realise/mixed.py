"""Mixed feelings answered first ("我佩服他能力强，可他老让我们加班，这个矛盾吗").

Both sides are the person's material. What they admire is quoted as they wrote
it for the question on screen; the other side is pointed to the question that
asks for it (what angers them, what they do not want), not argued away.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, span_of, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import q_ref

ADMIRED = re.compile(r"佩服|欣赏|敬佩|羡慕|喜欢|服气|厉害|学他|学她")
# Where the other side belongs, by step: a question that asks for it.
OTHER_SIDE = {
    "values_exploration": "不认同的那一头，可以留给第5题（什么事让你特别生气）",
    "strengths_exploration": "做不好的那一头，正是第5题要的材料",
    "interests_exploration": "不喜欢的那一头，先放一边就行",
    "synthesis": "放不下的那一头，可以写成另一条候选",
}


def mixed(t: Turn) -> Draft:
    """Say it is no contradiction, quote what they admire, place the other side."""
    text = t.ctx.text or ""
    liked = next(
        (c for c in spans(text) if ADMIRED.search(c) and 4 <= len(c) <= QUOTE_MAX), ""
    )
    quoted = span_of(text, liked) if liked else ""
    ref = q_ref(t.ctx.question) or "这题"
    keep = (
        f"{ref}写你佩服的那一点就行，比如你说的「{quoted}」。"
        if quoted
        else f"{ref}只写吸引你的那一点就行，不用写整个人。"
    )
    other = OTHER_SIDE.get(t.ctx.step, OTHER_SIDE["values_exploration"])
    return Draft(
        [
            [
                "不矛盾：一个人身上可以既有你佩服的，也有你不认同的，两头都是线索。",
                keep,
                f"{other}。",
                "你想先写哪一头？",
            ]
        ],
        rows=[],
    )
