"""Searchable documents: which columns of a row are its name, keywords and body."""

from dataclasses import dataclass

from knowledge.search.records import SearchHit

# Per category: name column, keyword columns, body columns, snippet column.
# Aliases (other words people use for an entry) are searched like keywords.
LAYOUT = {
    "values": (
        "name",
        "keywords aliases",
        "definition self_statement signals work_purpose_example category",
        "definition",
    ),
    "strengths": (
        "name",
        "keywords aliases",
        "definition strength_form weakness_form reframe_example evidence_signals "
        "fit_scenes category",
        "definition",
    ),
    "interests": (
        "field",
        "keywords aliases example_topics",
        "description curiosity_signals dig_question career_examples category",
        "description",
    ),
    "questions": ("text", "", "hint example", "hint"),
}


@dataclass(frozen=True)
class Doc:
    """One searchable entry: the hit to return and its three weighted texts."""

    hit: SearchHit
    fields: tuple[str, str, str]
    aliases: tuple[str, ...] = ()  # exact other names, for the alias bonus


def docs_from_rows(*, category: str, rows: list[dict]) -> list[Doc]:
    """Turn rows (CSV columns, or question fields) into searchable documents."""
    name, keywords, body, snippet = LAYOUT[category]

    def joined(columns, row):
        return " ".join(row[c].replace("|", " ") for c in columns.split())

    return [
        Doc(
            hit=SearchHit(category, row["id"], row[name], row[snippet], 0.0, row),
            fields=(row[name], joined(keywords, row), joined(body, row)),
            aliases=tuple(a for a in row.get("aliases", "").split("|") if a),
        )
        for row in rows
    ]


def dictionary_words(docs: list[Doc]) -> set[str]:
    """Return the names and keywords jieba should keep whole."""
    words: set[str] = set()
    for doc in docs:
        if doc.hit.category != "questions":
            words.update(doc.fields[0].split(), doc.fields[1].split())
    return words
