"""Where a clause or a sentence of a folded answer starts and ends.

One place for the marks every reader of knowledge/evidence splits on (the
answer is folded first: full-width punctuation is ASCII, see lift.fold), so a
clause means the same thing to the stance, sense and reading passes.
"""

from __future__ import annotations

SENTENCE_ENDS = frozenset(".;!?。\n")
CLAUSE_ENDS = frozenset(",.;:!?。()[]~\"'“”‘’—…") | frozenset(" \t\r\n")
# A list's 、 also ends a clause where a sense is read ("做饭、修车、带娃").
LIST_CLAUSE_ENDS = CLAUSE_ENDS | frozenset("、")


def sentence_start(folded: str, i: int) -> int:
    """Return the index where the sentence holding ``i`` starts."""
    while i > 0 and folded[i - 1] not in SENTENCE_ENDS:
        i -= 1
    return i


def sentence_end(folded: str, i: int) -> int:
    """Return the index where the sentence holding ``i`` ends."""
    while i < len(folded) and folded[i] not in SENTENCE_ENDS:
        i += 1
    return i


def clause_start(folded: str, i: int, ends: frozenset[str] = CLAUSE_ENDS) -> int:
    """Return the index where the clause holding ``i`` starts."""
    while i > 0 and folded[i - 1] not in ends:
        i -= 1
    return i


def clause_end(folded: str, i: int, ends: frozenset[str] = CLAUSE_ENDS) -> int:
    """Return the index where the clause holding ``i`` ends."""
    while i < len(folded) and folded[i] not in ends:
        i += 1
    return i
