"""Where their answers pull two ways: "你看看我写的这些有没有互相矛盾的地方".

Only what the knowledge base says pulls against what (a value's
``tension_with``), found in their own words in two different answers by the
evidence matcher, each shown where it was written. Two values pulling is no
contradiction in them; which comes first is theirs to say. When no such pair
is found, that is said plainly: nothing is argued into a conflict.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import is_shrug, spans
from agent.dialogue.numbered import ids_named
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import short, usable, where
from knowledge import selectors as kb
from knowledge.evidence import evidence_find

ROOM = 16  # characters of each answer quoted: two sides in 200 characters


def _pulls(entry_id: str) -> set[str]:
    hit = kb.entry_get(entry_id=entry_id)
    pull = hit.data.get("tension_with") if hit else ""
    return {x for x in re.split(r"[|｜、\s]+", pull or "") if x}


def pairs(answers: dict) -> list[tuple]:
    """Return (evidence, evidence) pairs of values that pull apart, across answers."""
    found = [
        e
        for e in evidence_find(
            answers={q: a for q, a in answers.items() if a and not is_shrug(a)},
            categories=("values",),
        )
        if usable(e)
    ]
    pulls = {e.entry_id: _pulls(e.entry_id) for e in found}  # one lookup each
    out, seen = [], set()
    for a in found:
        for b in found:
            key = frozenset((a.name, b.name))
            if (
                a.question_id != b.question_id
                and b.name in pulls[a.entry_id]
                and key not in seen
            ):
                seen.add(key)
                out.append((a, b))
    # Their own names first: a word they wrote outright is the surer side.
    out.sort(key=lambda p: (p[0].strength != "named") + (p[1].strength != "named"))
    return out


def _closest(answer: str, text: str) -> str:
    """Return the clause of ``answer`` that shares most words with the message."""

    def shared(clause: str) -> int:
        return sum(clause[i : i + 2] in text for i in range(len(clause) - 1))

    clauses = spans(answer) or [answer]
    best = max(clauses, key=shared)  # the first clause when none is named
    return short(best, "", ROOM)


def named_pair(t: Turn, answers: dict) -> Draft | None:
    """Two answers they name as clashing, side by side, in their own words."""
    ids = [q for q in ids_named(t.ctx.text, t.ctx.step) if q in answers][:2]
    if len(ids) < 2:
        return None
    a, b = (
        f"{where(q, step=True)}写「{_closest(answers[q], t.ctx.text)}」" for q in ids
    )
    return Draft(
        [
            [
                f"你{a}，{b}。",
                "放在一起看像是往两头拉，也可能说的是不同的时候、不同的事，"
                "两样同时在你身上并不奇怪。",
                "在你看来，这两句说的是同一件事吗？",
            ]
        ],
        rows=[],
    )


def tension(t: Turn) -> Draft:
    """Show one pair of answers that pull apart, in their words, or say none do."""
    answers = {q: a for q, a in t.ctx.answers.items() if (a or "").strip()}
    if len(answers) < 2:
        return Draft(
            [
                [
                    "你写下的答案还不到两题，暂时没有可以对着看的。",
                    "先写两三题，再叫我一起看有没有互相拉扯的地方。",
                ]
            ],
            rows=[],
        )
    if pair := named_pair(t, answers):
        return pair
    found = pairs(answers)
    if not found:
        return Draft(
            [
                [
                    f"你写的{len(answers)}题我对了一遍，没看到两条明显互相拉扯的，"
                    "我不硬说有矛盾。",
                    "你自己觉得哪两条打架？告诉我题号，我们一起看。",
                ]
            ]
        )
    a, b = found[0]

    def side(e) -> str:
        return f"{where(e.question_id, step=True)}「{short(e.quote, e.surface, ROOM)}」"

    return Draft(
        [
            [
                f"有一处在拉扯：{side(a)}，更像看重「{a.name}」；"
                f"{side(b)}，更像看重「{b.name}」。",
                "两样都在意不算矛盾，只是排先后时得选一头。",
                "这两头，哪一头你更放不下？",
            ]
        ],
        rows=[],
    )


ACTS = {"tension": tension}
