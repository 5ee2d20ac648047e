"""Two questions told apart: "V08和V01不都一个意思？区别在哪" (Coach 3 §7).

Each named question is said in the workbook's own plainer words (the admin's
``question_help`` rows), side by side, so the difference is theirs to see; no
answer of theirs is read into it.
"""

from __future__ import annotations

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import where
from agent.dialogue.tasks_route import named
from agent.rules import clip
from knowledge import selectors as kb

EACH = 44  # characters of each question's plainer wording


def differ(t: Turn) -> Draft:
    """Return the named questions, each in plainer words, side by side."""
    ids = named(t.ctx.text, t.ctx.step)[:2]
    across = len({q[:1] for q in ids}) > 1
    said = []
    for qid in ids:
        help_ = kb.question_help_get(question_id=qid)
        question = kb.question_get(question_id=qid)
        plain = (help_.rephrase if help_ else "") or (question.text if question else "")
        if not plain:
            continue
        said.append(
            f"{where(qid, step=across)}问的是{clip(plain, EACH).rstrip('。？?')}"
        )
    if len(said) < 2:
        return Draft([["这两题我没对上号，告诉我是哪一步的第几题，我把它们放一起讲。"]])
    return Draft(
        [
            [
                "看着像，问的方向不一样：" + "；".join(said) + "。",
                "同一件事放进两题，答的角度也不同。",
                "你想先写哪一题？",
            ]
        ],
        rows=[],
    )


ACTS = {"differ": differ}
