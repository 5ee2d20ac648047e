"""Knowledge rows for examples and searches: new rows first, nothing repeated.

The other half of the tools' reads (concepts, questions, nudges) is in
``lookups.py``; both return plain data, cached by knowledge version.
"""

from __future__ import annotations

from agent import guidance
from agent.cache import COMMON_TTL, EXAMPLES_TTL, cached
from agent.lookups import (
    CATEGORY_LABEL,
    _question,
    _rows_for_focus,
    _seed,
    _step_category,
    row_of,
)
from knowledge import selectors as kb


def examples_data(
    *, topic: str, category: str, limit: int, context: dict, exclude: tuple = ()
) -> dict:
    """Return 2–3 knowledge rows on ``topic`` (or the question in focus), new ones.

    Rows in ``exclude`` (shown earlier this session) are skipped, so "再举一个"
    never repeats; when the focus runs dry the category's other rows follow.
    """
    qid = context.get("question_id")
    category = _step_category(context) if category in ("auto", "") else category
    topic = "" if guidance.is_generic_topic(topic) else topic
    limit = max(1, min(int(limit or 3), 5))
    skip = frozenset(exclude or ())
    cats = (category,) if category in CATEGORY_LABEL else tuple(CATEGORY_LABEL)

    def compute() -> dict:
        rows: list[dict] = []
        seen = set(skip)

        def add(candidates) -> None:
            for row in candidates:
                if row["id"] not in seen and len(rows) < limit:
                    rows.append(row)
                    seen.add(row["id"])

        if topic:
            hits = kb.entry_search(query=topic, category=category, limit=limit + 8)
            add(row_of(h) for h in hits if h.category != "questions")
        for cat in cats:
            add(_rows_for_focus(cat, qid, limit + len(skip)))
        for cat in cats:
            pool = kb.entries_sample(
                category=cat,
                limit=limit + len(skip) + 3,
                seed=_seed(qid, cat, len(skip)),
            )
            add(row_of(h) for h in pool)
        return {
            "topic": topic,
            "category": category,
            "entries": rows,
            "question": _question(qid),
        }

    key = (topic, category, limit, qid, ",".join(sorted(skip)))
    return cached("examples", EXAMPLES_TTL, key, compute)


def search_data(*, query: str, category: str, limit: int) -> dict:
    """Return knowledge rows and workbook questions that match ``query``."""
    limit = max(1, min(int(limit or 5), 10))

    def compute() -> dict:
        if category == "questions":  # questions come with "all"; keep only them
            hits = [
                h
                for h in kb.entry_search(query=query, category="all", limit=30)
                if h.category == "questions"
            ][:limit]
        else:
            hits = kb.entry_search(query=query, category=category, limit=limit)
        rows = [{**row_of(h), "score": round(float(h.score), 3)} for h in hits]
        top = rows[0] if rows else None
        if top and top["name"] == query.strip() and top.get("group"):
            # A search for an entry's own name also brings its neighbours: the
            # entries of the same group ("自由" → 独立, 自主 …).
            mates = [
                row_of(h)
                for h in kb.entries_sample(category=top["category"], limit=200, seed=0)
                if str((h.data or {}).get("category")) == top["group"]
                and h.id != top["id"]
            ]
            seen = {r["id"] for r in rows}
            rows += [r for r in mates if r["id"] not in seen][: max(0, limit - 1)]
        return {"query": query, "category": category, "entries": rows}

    return cached("search", COMMON_TTL, (query, category, limit), compute)
