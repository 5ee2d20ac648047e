"""One word for each answer they name: "把V01到V06每条都提炼成一个关键词".

Each word is the entry the evidence matcher finds in that answer alone, shown
with the words of theirs it rests on; an answer that names none is said so,
never given a word we made up. A guess (an entry the answer only suggests) is
marked as one: the words are offers for them to keep or change.
"""

from __future__ import annotations

from agent.dialogue.facts import is_shrug
from agent.dialogue.numbered import ids_named
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, usable
from knowledge.evidence import evidence_find

MOST = 6  # answers one reply can carry in 200 characters


def _word(qid: str, answer: str) -> str:
    """Return "V02「挣钱」→财富" for the answer, or "" when it names no entry."""
    found = [
        e
        for e in evidence_find(answers={qid: answer}, categories=(PART_OF[qid[:1]],))
        if usable(e)
    ]
    named = [e for e in found if e.strength == "named"]
    if not found:
        return ""
    e = (named or found)[0]
    mark = "" if e.strength == "named" else "（我猜的）"
    return f"{qid}「{e.surface}」→{e.name}{mark}"


def keywords(t: Turn) -> Draft:
    """Return one word per named answer, each with the words it rests on."""
    answers = t.ctx.answers or {}
    ids = [
        q
        for q in ids_named(t.ctx.text, t.ctx.step)
        if q[:1] in PART_OF
        and (a := (answers.get(q) or "").strip())
        and not is_shrug(a)
    ][:MOST]
    if not ids:
        return Draft([["你点的这几题还没写下内容，写好后我再帮你一条配一个词。"]])
    words = {q: _word(q, answers[q].strip()) for q in ids}
    found = [w for w in words.values() if w]
    none = [q for q, w in words.items() if not w]
    said = f"箭头前是你的原话：{'；'.join(found)}。" if found else ""
    missing = (
        f"{'、'.join(none)}我对不上现成的词，不替你硬起名；这几条你会各叫它什么？"
        if none
        else "哪个词不像你，就换成你自己的说法。"
    )
    if not found:
        return Draft(
            [
                [
                    "这几条我都对不上现成的词，不替你硬起名。",
                    "你读自己写的，每条会用哪个词叫它？",
                ]
            ],
            rows=[],
        )
    return Draft([["每条配一个词，" + said, missing]], rows=[])


ACTS = {"keywords": keywords}
