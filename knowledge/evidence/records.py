"""The record the evidence matcher returns: what an answer said, and where."""

from dataclasses import dataclass
from typing import Literal

Strength = Literal["named", "suspected"]
# Whose words the mention is in: the person's own, or someone else's (a
# parent's creed, a boss's order, a friend's taste, a wish for someone else).
Voice = Literal["own", "others"]
Category = Literal["values", "strengths", "interests"]
CATEGORIES: tuple[Category, ...] = ("values", "strengths", "interests")
CATEGORY_OF: dict[str, Category] = {"V": "values", "T": "strengths", "P": "interests"}


@dataclass(frozen=True)
class Evidence:
    """One knowledge entry an answer speaks of, with the words that show it.

    ``strength`` is "named" when the answer uses the entry's name or one of its
    aliases in a positive sense, "suspected" when only a keyword, a signal or a
    word containing the name appears, or the mention is hedged ("不知道算不算
    自由") or a double negative ("不是不在乎钱"): those are shown apart, for the
    person to confirm.
    """

    entry_id: str
    name: str
    category: Category
    question_id: str
    strength: Strength
    quote: str  # the answer's clause or sentence around the match, verbatim
    start: int  # answer[start:end] == quote
    end: int
    surface: str  # the matched words, verbatim from the answer
    surface_start: int  # answer[surface_start:surface_end] == surface
    surface_end: int
    # "我妈说考公稳定" names 「安心」 only in the mother's words: shown apart on
    # the results page, never picked by the coach as the person's own.
    voice: Voice = "own"
