"""Entity surfaces: the words that name an entry, for the coach to recognise it."""

from knowledge.search import text
from knowledge.search.docs import LAYOUT, Doc

NAME_WEIGHT = 3  # the entry's name, or a passion's field
ALIAS_WEIGHT = 3  # an admin-curated other word for the same thing
KEYWORD_WEIGHT = 1  # related, but often shared by several entries
MIN_LENGTH = 2  # one character ("钱", "美") is too ambiguous to point anywhere

Surface = tuple[str, str, int]  # (surface text, entry id, weight)


def _items(cell: str) -> list[str]:
    return [item for item in cell.split("|") if item]


def surfaces_from_docs(docs: list[Doc]) -> tuple[Surface, ...]:
    """Return every value, talent and passion's name, aliases and keywords.

    Surfaces are folded like search text (NFKC, lower case: "ＡＩ工具" and
    "AI工具" both become "ai工具"), so a linker that folds the user's text the
    same way finds them. A word listed twice for one entry (a keyword equal to
    its name) is kept once, at its highest weight.
    """
    found: dict[tuple[str, str], int] = {}
    for doc in docs:
        category, row = doc.hit.category, doc.hit.data
        if category == "questions":
            continue
        words = [(row[LAYOUT[category][0]], NAME_WEIGHT)]
        words += [(a, ALIAS_WEIGHT) for a in _items(row.get("aliases", ""))]
        words += [(k, KEYWORD_WEIGHT) for k in _items(row.get("keywords", ""))]
        for word, weight in words:
            surface = text.normalize(word).strip()
            key = (surface, doc.hit.id)
            if len(surface) >= MIN_LENGTH and weight > found.get(key, 0):
                found[key] = weight
    return tuple((surface, entry_id, w) for (surface, entry_id), w in found.items())
