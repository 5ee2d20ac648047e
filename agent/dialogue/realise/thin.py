"""Which answers are thin: "我写的这几条里哪几条太空了，直说没关系".

An answer is read for the four things that make it concrete (a moment, a deed
of theirs, a number, a feeling; the same marks concrete.py asks for). The
thinnest are named with their own words and what each lacks; nothing is judged
on taste, and nothing is written for them. "就改最空的那条" then finds the
same answer (concrete.py asks ``thinnest``).
"""

from __future__ import annotations

import re

from agent.dialogue.facts import is_shrug
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, number, telling
from agent.dialogue.realise.tasks import named_ids

SHOWN_MAX = 2  # the two thinnest, each quoted: under 200 characters
THIN_CHARS = 12  # a shorter answer is thin whatever it holds
ALL = re.compile(r"全部|所有|都|三部分|三步")
MISSING = ("具体时间", "你做了什么", "数字", "感受")


def _marks(answer: str) -> list[bool]:
    """Return, for each of MISSING, whether the answer has it."""
    from agent.dialogue.realise.concrete import ACTION, FEELING, MOMENT, NUMBER

    return [bool(p.search(answer)) for p in (MOMENT, ACTION, NUMBER, FEELING)]


def _scope(t: Turn) -> dict[str, str]:
    """Return the saved answers asked about: named, this step's, or all."""
    answers = {
        q: a.strip()
        for q, a in (t.ctx.answers or {}).items()
        if q[:1] in PART_OF and a.strip()
    }
    if ids := [q for q in named_ids(t) if q in answers]:
        return {q: answers[q] for q in ids}
    part = (t.ctx.question.get("id") or "")[:1]
    mine = {q: a for q, a in answers.items() if q[:1] == part}
    return answers if ALL.search(t.ctx.text or "") or not mine else mine


def _rank(answers: dict[str, str]) -> list[tuple[str, str, int]]:
    """Return (id, answer, marks held) from the thinnest, shrugs first."""
    rows = [(q, a, 0 if is_shrug(a) else sum(_marks(a))) for q, a in answers.items()]
    return sorted(rows, key=lambda r: (r[2], len(r[1])))


def thinnest(answers: dict[str, str]) -> str:
    """Return the id of the thinnest answer, or '' when none is saved."""
    ranked = _rank({q: a for q, a in answers.items() if q[:1] in PART_OF and a})
    return ranked[0][0] if ranked else ""


def thin(t: Turn) -> Draft:
    """Name the thinnest answers with their words and what each lacks."""
    ranked = _rank(_scope(t))
    if not ranked:
        return Draft(
            [["这一步还没有写下的答案，我没法说哪条空。", "先写一题，哪怕一句？"]]
        )
    weak = [r for r in ranked if r[2] <= 1 or len(r[1]) < THIN_CHARS][:SHOWN_MAX]
    if not weak:
        q, a, _ = ranked[0]
        return Draft(
            [
                [
                    f"你写的{len(ranked)}题都有具体的事、时间或感受，没有特别空的。",
                    f"相对最短的是第{number(q)}题「{telling(a, 16)}」，想先补它吗？",
                ]
            ],
            pending={"thinnest": q},
        )
    said = []
    for q, a, _ in weak:
        lacks = "、".join(
            m for m, has in zip(MISSING, _marks(a), strict=True) if not has
        )
        said.append(f"第{number(q)}题「{telling(a, 14)}」，还缺{lacks}")
    first = weak[0][0]
    return Draft(
        [
            [
                "按有没有具体时间、你做了什么、数字和感受来看，最空的是："
                + "；".join(said)
                + "。",
                f"要不要先补第{number(first)}题？我问你几个让它具体的问题。",
            ]
        ],
        pending={"thinnest": first},
    )


ACTS = {"thin": thin}
