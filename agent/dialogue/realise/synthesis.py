"""Acts at the seams: a summary in their words, candidates from the three parts."""

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


def synthesis(t: Turn) -> Draft:
    """Combine values, talents and passions into 2–3 candidate sentences."""
    parts = profile.three_parts(t.ctx, t.u)
    labels = (
        ("重要的事", "values"),
        ("擅长的事", "strengths"),
        ("喜欢的事", "interests"),
    )
    missing = [label for label, key in labels if not parts[key]]
    if len(missing) >= 2:
        have = "、".join(
            f"「{r['name']}」"
            for key in ("values", "strengths", "interests")
            for r in parts[key][:1]
        )
        return Draft(
            combos(
                [
                    [
                        f"从你写的看，我只找到{have}，还缺{'、'.join(missing)}的线索。"
                        if have
                        else f"你写的内容里还看不出{'、'.join(missing)}的线索，"
                        "现在组合就是我瞎编了。"
                    ],
                    ["比如先写一句：哪些事你做几个小时也不累？"],
                    ["你想先补哪一块？"],
                ],
                t.seed,
            )
        )
    lines = profile.candidates(parts, limit=2)
    said = [
        r["evidence"]
        for key in ("strengths", "interests")
        for r in parts[key][:1]
        if r.get("evidence")
    ]
    quoted = "“" + "”“".join(said) + "”"
    intro = (
        [f"你写过{quoted}，可以先试这两条：", f"从你写的{quoted}出发，先试两条："]
        if said
        else ["从你写的看，可以先试这两条：", "把你的线索组合一下："]
    )
    rows = [r for key in ("strengths", "interests", "values") for r in parts[key]]
    return Draft(
        combos(
            [
                intro,
                ["；\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1)) + "。"],
                [
                    "哪条更让你心动？这周就能先做一件小事试试手感。",
                    "哪条读起来最像你？挑一条，我们设计个小实验。",
                ],
            ],
            t.seed,
        ),
        rows=rows,
        pending={
            "why": "每条都取自你答案里出现过的词："
            + "、".join(f"「{r['name']}」" for r in rows[:4])
            + "。",
            "more": "挑一条，这周花两小时做个最小版本试试。",
            "lines": lines,
        },
    )


ACTS = {"summary": summary, "synthesis": synthesis}
