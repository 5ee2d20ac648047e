"""The person's own words behind a value, talent or passion (Coach 3 §6).

One reading for the coach's tasks (top, combine, compare, "第二条为什么"): the
evidence matcher of the results page (knowledge/evidence), never a search.
Each step's answers are read for that step's own part, as the results page
reads them; the step-4 candidates (C…) are never evidence for themselves.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import jieba

from knowledge import selectors as kb
from knowledge.evidence import Evidence, evidence_find, spans_match
from knowledge.evidence.records import Category

PART_OF: dict[str, Category] = {"V": "values", "S": "strengths", "P": "interests"}
STEP_OF = {
    "values": "values_exploration",
    "strengths": "strengths_exploration",
    "interests": "interests_exploration",
}
# What the workbook calls each step, and what a part is called in a sentence.
STEP_NAME = {"values": "重要的事", "strengths": "擅长的事", "interests": "喜欢的事"}
PART_NAME = {"values": "价值观", "strengths": "才能", "interests": "喜欢的事"}
# Answers that show the part at work, likeliest first; a weakness answer (S02,
# S05) shows it only once turned over, which is theirs to do, not ours.
OWN_ORDER = {
    "strengths": ("S04", "S03", "S06", "S01", "S08", "S07"),
    "values": ("V03", "V02", "V05", "V08", "V01", "V06", "V04", "V07", "V09"),
    # What they talk of all night, did as a child, keep watching: before one
    # search (P03), which is often an errand ("给我妈搜过…手机").
    "interests": ("P05", "P01", "P02", "P03", "P04", "P07", "P06", "P08"),
}
CLAUSE = re.compile(r"[^，,、：:；;\s]+")
MIN_SURFACE = 2  # "钱" in "借出去的钱从来不催" is no evidence of 「财富」
# A guess (a keyword, not a name) of two characters says too little alone:
# "小程序" → 「法治」, "负责上线" → 「责任」, "投入" → 「沉浸」 (coach_blind9–11).
HINT_MIN = 3


def hint_alone(e: Evidence) -> bool:
    """Tell whether a suspected record's words say enough to offer it alone."""
    return len(e.surface) >= HINT_MIN


def usable(e: Evidence) -> bool:
    """Tell whether a record is the person's own words, whole.

    Not characters taken from other words, nor someone else's words ("我妈说
    考公稳定": the mother's 「安心」, never picked, combined or compared as
    theirs, Coach 3 §4).
    """
    return e.voice == "own" and len(e.surface) >= MIN_SURFACE and not straddles(e)


def straddles(e: Evidence) -> bool:
    """Tell whether the matched words cut across the words of their sentence.

    "一家教培机构" holds 家教 (「教养」) only across 一家|教培: no one wrote 家教.
    A word that holds the match whole ("一家人") is left to the matcher, and
    so is a longer match ("小众目的地"): jieba's cut ("搜小众") errs more
    often than a match of three characters or more.
    """
    if len(e.surface) > MIN_SURFACE:
        return False
    s = e.surface_start - e.start
    end = s + len(e.surface)
    for _, a, b in jieba.tokenize(e.quote):
        if (a < s < b < end) or (s < a < end < b):
            return True
    return False


def own_step(answers: Mapping[str, str]) -> list[Evidence]:
    """Return the evidence of each step's answers for its own part, by question."""
    found: list[Evidence] = []
    for qid in sorted(answers):
        category = PART_OF.get(qid[:1])
        text = answers[qid] or ""
        if category and text.strip():
            found.extend(
                e
                for e in spans_match(text=text, question_id=qid, categories=(category,))
                if usable(e)
            )
    return found


def for_entry(
    answers: Mapping[str, str], entry_id: str, category: Category
) -> list[Evidence]:
    """Return every answer's words for one entry, named before suspected.

    All workbook answers are read (as "挑出最重要的5个" reads them), not the
    step-4 candidates.
    """
    workbook = {q: t for q, t in sorted(answers.items()) if q[:1] in PART_OF}
    found = [
        e
        for e in evidence_find(answers=workbook, categories=(category,))
        if e.entry_id == entry_id and usable(e)
    ]
    return sorted(found, key=lambda e: e.strength != "named")


def in_text(text: str, categories: Iterable[Category]) -> list[Evidence]:
    """Return what a message or a candidate names by itself (any strength)."""
    return [
        e
        for e in spans_match(text=text, question_id="", categories=tuple(categories))
        if usable(e)
    ]


def number(qid: str) -> int:
    """Return a question's number within its step ("V03" → 3)."""
    digits = "".join(c for c in qid if c.isdigit())
    return int(digits) if digits else 0


def where(qid: str, *, step: bool) -> str:
    """Return how a question is named: 第3题, or 重要的事第3题 across steps."""
    category = PART_OF.get(qid[:1])
    lead = STEP_NAME[category] if step and category else ""
    return f"{lead}第{number(qid)}题"


def short(quote: str, surface: str, room: int) -> str:
    """Return up to ``room`` characters of the quote around its match, verbatim.

    The clause holding the match if it fits (a little over is better than a
    word cut in half), else a window. A cut is marked with "…", which the quote
    guard reads as a cut. A closing full stop is left out ("「…皮具」。", not
    "「…皮具。」。").
    """
    quote = quote.rstrip("。！!；;，, ")
    if len(quote) <= room:
        return quote
    at = max(0, quote.find(surface))
    for clause in CLAUSE.finditer(quote):
        if clause.start() <= at < clause.end() and len(clause.group()) <= room + 4:
            start, end = clause.start(), clause.end()
            return (
                ("…" if start else "")
                + quote[start:end]
                + ("…" if end < len(quote) else "")
            )
    start = max(0, min(at, len(quote) - room))  # from the match: no word cut before it
    end = start + room
    # Nor after it: the window ends where a word ends ("留给年…" → "留给…").
    ends = [b for _, _, b in jieba.tokenize(quote) if at + len(surface) <= b <= end]
    end = max(ends) if ends else end
    cut = quote[start:end]
    return ("…" if start else "") + cut + ("…" if end < len(quote) else "")


# A story's clauses, whole where they fit ("走之前我们组长把我做的618方案直接写成
# 他的名字汇报上去" cut at 16 lost what happened, coach_blind16); cut only
# when the pieces together would crowd the reply.
PIECE_MAX, PIECES_ROOM = 30, 80


def fit_pieces(picked: list[str], room: int = 16) -> list[str]:
    """Return the clauses whole when they fit together, else each cut to ``room``."""
    whole = all(len(c) <= PIECE_MAX for c in picked)
    if whole and sum(map(len, picked)) <= PIECES_ROOM:
        return list(picked)
    return [short(c, c, room) for c in picked]


def telling(sentence: str, room: int) -> str:
    """Return their sentence, or its most telling run of clauses, verbatim.

    The run of whole clauses that fits and holds the most Chinese, the later
    on a tie: "我们站长，话不多，谁家有事他都顶班" in little room is
    「…谁家有事他都顶班」, not 「我们站长…」; "offer 里选了小工作室 not
    大厂，因为能做自己的风格" is told by its reason.
    """
    sentence = sentence.rstrip("。！!；;，, ")
    if len(sentence) <= room + 2:
        return sentence
    spans = [m.span() for m in re.finditer(r"[^，,、；;：:]+", sentence)]
    runs = [
        (spans[i][0], spans[j][1])
        for i in range(len(spans))
        for j in range(i, len(spans))
        if spans[j][1] - spans[i][0] <= room + 2
    ]
    if not runs:  # one long clause: a window around its start
        return short(sentence, sentence[:2], room)

    def chinese(run: tuple[int, int]) -> int:
        return sum("\u4e00" <= ch <= "\u9fff" for ch in sentence[run[0] : run[1]])

    start, end = max(reversed(runs), key=chinese)
    return (
        ("…" if start else "")
        + sentence[start:end].strip()
        + ("…" if end < len(sentence) else "")
    )


def cite(e: Evidence, *, room: int = 12, step: bool = False) -> str:
    """Return "第3题「…their words…」" for one record.

    A record read from the message itself (no question) is named as what they
    just said, never "第0题" (coach_blind25).
    """
    at = where(e.question_id, step=step) if e.question_id else "你刚才说的"
    return f"{at}「{short(e.quote, e.surface, room)}」"


def first_open(category: Category, answers: Mapping[str, str]) -> str:
    """Return the first unanswered question of a part's step ("" if all are)."""
    for q in kb.questions_for_step(step=STEP_OF[category]):
        if not (answers.get(q.id) or "").strip():
            return q.id
    return ""


# A clause that only shrugs or hedges ("不知道", "没想过这么远", "怎么说呢").
EMPTY_CLAUSE = re.compile(
    r"(?:其实|就是|嗯+|呃+|那个)?(?:不知道|没想过[^，,。]{0,6}|说不上来?|想不出来?|"
    r"不清楚|不好说|怎么说呢|说实话)(?:吧|啊|呢)?"
)
_CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")


def substance(answer: str) -> str:
    """Return the answer from its first clause that says something, verbatim.

    "不知道，没想过这么远，可能就是希望别人说这小子人还行吧" is told by its
    last clause: the shrugs before it open no frame (blind8 review).
    """
    for m in _CLAUSE.finditer(answer):
        if not EMPTY_CLAUSE.fullmatch(m.group().strip()):
            return answer[m.start() :].strip()
    return answer
