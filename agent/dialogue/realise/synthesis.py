"""A summary in their words (combining the parts is realise/combine.py)."""

from __future__ import annotations

from agent.dialogue import profile
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos,
)


def summary(t: Turn) -> Draft:
    """Gather what they wrote into two or three lines, in their own words."""
    lines = profile.answer_lines(t.ctx.answers, limit=3)
    if not lines:
        return Draft(
            [["你还没写下答案，所以暂时没什么可理的。", "先写一题，我再帮你整理？"]]
        )
    clues = profile.clue_names(t.ctx)
    return Draft(
        combos(
            [
                ["到目前你写了：", "帮你理一下："],
                ["；".join(lines) + "。"],
                [f"反复出现的线索是{clues}。" if clues else ""],
                ["哪一条最像你？", "读下来，哪一句最让你有感觉？"],
            ],
            t.seed,
        )
    )


ACTS = {"summary": summary}
