"""The words the matcher looks for: entry names and signals, and the lexicon.

Built once per knowledge version from the read API, so an admin's new alias or
lexicon term is used within about a second of its save.
"""

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from knowledge import selectors
from knowledge.evidence.records import CATEGORIES, Category
from knowledge.search.text import normalize

Kind = Literal["entry", "homonym", "negation", "shrug", "weak", "scope_break"]

# Words that end a negation's reach inside a clause: "不加班就能陪家人", "不在乎钱
# 也不在乎名声", "不是为了钱而是为了成长", "比起钱我更看重家人". A closed class
# of conjunctions and adverbs, so kept here rather than in the editable lexicon.
# "直接" opens a second verb the "不" does not reach: "不看字幕直接追番".
SCOPE_BREAKS = (
    "但是 但 可是 不过 然而 而是 只是 却 反而 倒是 也 就 更 所以 因为 同时 直接".split()
)

# Per category: the column holding the entry's name, and the list columns whose
# words only hint at it (keywords, example topics, signals).
COLUMNS: dict[Category, tuple[str, tuple[str, ...]]] = {
    "values": ("name", ("keywords", "signals")),
    "strengths": ("name", ("keywords", "evidence_signals")),
    "interests": ("field", ("keywords", "example_topics", "curiosity_signals")),
}
MIN_HINT = 2  # a one-character keyword ("吃", "茶") hints at too much


@dataclass(frozen=True)
class Word:
    """A string to find in a folded answer, and what finding it means."""

    text: str  # folded like search text (NFKC, case-folded)
    kind: Kind
    names: tuple[str, ...] = ()  # entry ids whose name or alias this is
    hints: tuple[str, ...] = ()  # entry ids it only hints at
    before: bool = False  # a negation of the word after it ("不在乎钱")
    after: bool = False  # a negation of the word before it ("钱不重要")


@dataclass(frozen=True)
class Vocabulary:
    """Every word by its first character, longest first, and the entries' names."""

    by_first: dict[str, tuple[Word, ...]]
    entries: dict[str, tuple[str, Category]]  # entry id -> (name, category)
    homonyms: frozenset[str] = frozenset()  # "借钱": also split ("借人钱")
    takebacks: tuple[str, ...] = ()  # "这辈子是做不到了": see takeback.py


def _items(cell: str) -> list[str]:
    # Signals are short phrases; some cells hold two, separated by a space.
    return [w for item in cell.split("|") for w in item.split() if w]


def _entry_words() -> tuple[dict[str, Word], dict[str, tuple[str, Category]]]:
    names: dict[str, dict[str, None]] = {}  # dicts as ordered sets
    hints: dict[str, dict[str, None]] = {}
    entries: dict[str, tuple[str, Category]] = {}
    for category in CATEGORIES:
        name_column, hint_columns = COLUMNS[category]
        for hit in selectors.entries_all(category=category):
            entries[hit.id] = (hit.name, category)
            own = [hit.data[name_column], *_items(hit.data.get("aliases", ""))]
            for word in filter(None, (normalize(w).strip() for w in own)):
                names.setdefault(word, {})[hit.id] = None
            for column in hint_columns:
                for word in (normalize(w).strip() for w in _items(hit.data[column])):
                    if len(word) >= MIN_HINT:
                        hints.setdefault(word, {})[hit.id] = None
    words = {}
    for text in names.keys() | hints.keys():
        named = tuple(names.get(text, {}))
        # A word that names an entry points there, not at its category's other
        # entries that list it as a keyword ("独立" is 「独立」, not 「自由」).
        named_in = {i[0] for i in named}
        hinted = tuple(i for i in hints.get(text, {}) if i[0] not in named_in)
        words[text] = Word(text, "entry", named, hinted)
    return words, entries


@lru_cache(maxsize=2)
def _build(version: int) -> Vocabulary:
    entry_words, entries = _entry_words()
    words = list(entry_words.values())

    def terms(kind: str) -> set[str]:
        found = {normalize(t).strip() for t in selectors.lexicon_terms(kind=kind)}
        return found - {""}

    before, after = terms("negation"), terms("negation_after")
    # A term listed both ways ("不在乎") negates on either side: one word.
    words += [
        Word(t, "negation", before=t in before, after=t in after)
        for t in before | after
    ]
    # An alias that is also a dismissal after a word ("够用就好", 知足's alias):
    # it names its entry and still turns down what it follows ("钱这东西够用
    # 就好", round 14), as a negation of the same length could not.
    words = [
        replace(w, after=True) if w.kind == "entry" and w.text in after else w
        for w in words
    ]
    words += [Word(t, "homonym") for t in terms("homonym")]
    words += [Word(t, "shrug") for t in terms("shrug")]
    words += [Word(t, "weak") for t in terms("weak")]
    words += [Word(t, "scope_break") for t in SCOPE_BREAKS]
    by_first: dict[str, list[Word]] = {}
    for word in sorted(words, key=lambda w: (-len(w.text), w.text)):
        by_first.setdefault(word.text[0], []).append(word)
    return Vocabulary(
        {c: tuple(ws) for c, ws in by_first.items()},
        entries,
        frozenset(terms("homonym")),
        tuple(sorted(terms("takeback"))),
    )


def vocabulary_current() -> Vocabulary:
    """Return the vocabulary of the knowledge version being served."""
    return _build(selectors.knowledge_version())
