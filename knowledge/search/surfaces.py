"""Entity surfaces: the words that name an entry, for the coach to recognise it."""

from knowledge.search.docs import LAYOUT, Doc

NAME_WEIGHT = 3  # the entry's name, or a passion's field
ALIAS_WEIGHT = 3  # an admin-curated other word for the same thing
KEYWORD_WEIGHT = 1  # related, but often shared by several entries
MIN_LENGTH = 2  # one character ("钱", "美") is too ambiguous to point anywhere

Surface = tuple[str, str, int]  # (surface text, entry id, weight)


def _items(cell: str) -> list[str]:
    return [item for item in cell.split("|") if item]


def _lower_ascii(text: str) -> str:
    # Only ASCII letters fold ("AI" → "ai"); Chinese text is left exactly as written.
    return "".join(c.lower() if c.isascii() else c for c in text)


def surfaces_from_docs(docs: list[Doc]) -> tuple[Surface, ...]:
    """Return every value, talent and passion's name, aliases and keywords.

    A word listed twice for one entry (a keyword equal to its name) keeps its
    highest weight, once.
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
            surface = _lower_ascii(word.strip())
            key = (surface, doc.hit.id)
            if len(surface) >= MIN_LENGTH and weight > found.get(key, 0):
                found[key] = weight
    return tuple((surface, entry_id, w) for (surface, entry_id), w in found.items())
