"""A work purpose, "帮我写一句工作目的": a fill-in frame of their own words (§6).

A work purpose is 为了什么 (a value) + 用什么方式 (a talent) + 做什么 (a
field). The coach writes none of it: each slot shows what their answers name,
with the words it was read from, or, where nothing is named, the words of one
answer of that step to draw from; a step with no answer is an empty slot and
the question to write. The sentence itself is theirs to fill.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn, revise
from agent.dialogue.realise.combine import parts_of
from agent.dialogue.realise.grounds import (
    PART_OF,
    STEP_NAME,
    cite,
    first_open,
    number,
    short,
)
from agent.dialogue.signals import SHORTER_ASK
from agent.dialogue.tasks_route import AGAIN
from knowledge.evidence import Evidence
from knowledge.evidence.records import Category

# Slot → the part it is filled from, and the answer read first when none names
# it (V08 asks what they want said of them: the nearest to a purpose).
SLOTS: tuple[tuple[str, Category, tuple[str, ...]], ...] = (
    ("为了什么", "values", ("V08", "V03", "V06", "V05", "V01")),
    ("用什么方式", "strengths", ("S04", "S03", "S06", "S01")),
    ("做什么", "interests", ("P06", "P07", "P02", "P03", "P04")),
)
CLAUSE = re.compile(r"[^，,。；;：:！!？?\n]+")
SAYS_SOMETHING = 8  # characters: a shorter answer is a shrug, not material


def _answer_of(category: Category, first: tuple[str, ...], answers: dict) -> str:
    """Return the question id of the answer to draw this slot from, or ''."""
    prefix = next(p for p, c in PART_OF.items() if c == category)
    saved = [
        q
        for q in sorted(answers)
        if q.startswith(prefix) and len((answers[q] or "").strip()) >= SAYS_SOMETHING
    ]
    return next((q for q in first if q in saved), saved[0] if saved else "")


def _slot(label: str, found: list[Evidence], qid: str, answers: dict, room: int) -> str:
    """Return one slot: a named entry with its words, and an answer's words.

    The answer read first for the slot (V08 for 为了什么) is shown beside a
    named entry read elsewhere: the frame is filled from their own lines.
    """
    named = [e for e in found if e.strength == "named"]
    shown = [f"「{e.name}」（{cite(e, room=room)}）" for e in named[:1]]
    if qid and not any(e.question_id == qid for e in named[:1]):
        text = answers[qid].strip()
        # Its longest clause: "她让孩子们觉得自己是被看见的", not "希望别人说".
        longest = max(CLAUSE.findall(text) or [text], key=len).strip()
        words = short(text, longest, room).rstrip("。！!")
        shown.append(f"第{number(qid)}题「{words}」")
    return f"{label}：" + "，或".join(shown) if shown else ""


# "我的工作目的是“让家里人不用操心”": their purpose, said; taken as it is.
STATED = re.compile(
    r"工作目的(?:其实)?(?:是|就是|写的是)[“「\"]?([^”」\"。！？!?，,]{2,24})[”」\"]?"
)


def purpose(t: Turn) -> Draft:
    """Return the work-purpose frame, each slot from their answers."""
    if stated := STATED.search(t.ctx.text or ""):
        words = stated.group(1)
        return Draft(
            [
                [
                    f"好，就按你的话：「{words}」。这就是你的工作目的，不用我再拼。",
                    "要拿它去比你的候选，跟我说按这个比就行。",
                ]
            ],
            rows=[],
            pending={"purpose": words},
        )
    if t.d.last_act == "purpose" and AGAIN.search(t.ctx.text):
        if (draft := revise.revise(t)) is not None:
            return draft  # "太空了，改实在点": their words, under their limit
    answers = t.ctx.answers
    parts = {  # a name they struck from our list is no slot of theirs
        c: [e for e in found if e.name not in t.d.dropped]
        for c, found in parts_of(answers, t.ctx.text).items()
    }
    if (
        t.d.last_act == "purpose"
        and SHORTER_ASK.search(t.ctx.text)
        # "帮我提炼一句工作目的": the frame asked for again, not cut
        and not re.search(r"一句工作目的|提炼", t.ctx.text)
    ):
        # "太长了，能压到二十个字以内吗": each slot cut to its fewest words;
        # the sentence is still theirs to say (coach_blind15).
        slots = [
            (label, parts[category], _answer_of(category, first, answers))
            for label, category, first in SLOTS
        ]
        cut = [x for x in (_slot(lb, p, q, answers, 10) for lb, p, q in slots) if x]
        if cut:
            return Draft(
                [
                    [
                        "压短的办法是每格只留几个字：" + "；".join(cut) + "。",
                        "照“我工作是为了……，用……，做……”连成一句，"
                        "二十字以内就够，写好发我。",
                    ]
                ],
                rows=[],
            )
    for room in (16, 12, 9):
        lines, empty = [], []
        for label, category, first in SLOTS:
            qid = _answer_of(category, first, answers)
            line = _slot(label, parts[category], qid, answers, room)
            if not line and category == "interests":
                # No passion written yet: what they already do for others
                # ("上午帮几家小店记记账" in an ideal day) fills 做什么.
                at, words = revise.doing_in(answers)
                if at and not at.startswith("S"):
                    line = f"{label}：第{number(at)}题「{short(words, words, room)}」"
            if line:
                lines.append(line)
            else:
                empty.append((label, category))
        text = "；\n".join(lines)
        if len(text) + 110 <= t.budget:
            break
    if not lines:
        return Draft(
            [
                [
                    "工作目的就是把为了什么、用什么方式、做什么连成一句话，"
                    "得从你自己的答案里来；你还没写下能用的答案，"
                    "可以先写「重要的事」第8题：很多年后，你希望别人怎么说起你。"
                ]
            ]
        )
    missing = ""
    if empty:
        label, category = empty[0]
        qid = first_open(category, answers)
        missing = f"“{label}”这格还空着，" + (
            f"可以先写「{STEP_NAME[category]}」第{number(qid)}题。"
            if qid
            else "你可以自己补一句。"
        )
    return Draft(
        [
            [
                "工作目的＝为了什么＋用什么方式＋做什么。我不替你写，"
                "这几格可以从你自己的话里取：\n" + text + "。\n",
                missing + "照“我工作是为了……，用……的方式，做……”连成一句，"
                "写好发我，我帮你看哪里还能更像你。",
            ]
        ],
        rows=[],
    )


ACTS = {"purpose": purpose}
