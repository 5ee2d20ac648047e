"""The coach's suggested candidate for one step-4 field ("让教练给建议").

A suggestion, never a write: the page shows it beside the field, and only the
person's click puts it into their text (and can take it out again).
"""

from coach.models import CoachingSession
from coach.results.build import results_build
from coach.results.edits import ResultsInvalid, candidate_ids
from coach.selectors import answers_by_question


def candidate_suggest(*, session: CoachingSession, question_id: str) -> str:
    """Return a candidate for field ``question_id``: names and the person's quotes.

    Built from a confirmed talent × field pair (``candidates.suggestion_text``).
    Candidates already written into another field are skipped, so each field
    gets a different one; field C02 starts at the second suggestion.

    Raises:
        ResultsInvalid: not a candidate field, or no talent and field to combine.
    """
    ids = candidate_ids()
    if question_id not in ids:
        raise ResultsInvalid("这个问题不是“想做的事”的候选栏。")
    answers = answers_by_question(session=session)
    written = [answers.get(qid, "") for qid in ids if qid != question_id]
    texts = [c["suggestion"] for c in results_build(session=session)["candidates"]]
    pool = [t for t in texts if not any(t in w for w in written)]
    if not pool:
        raise ResultsInvalid(
            "还没有可以组合的才能和领域：先在“擅长的事”和“喜欢的事”里多写几题，"
            "或到结果页确认教练找到的线索。"
        )
    return pool[ids.index(question_id) % len(pool)]


# The longest text each card field keeps (coach/services/cards.py checks them).
CARD_LIMITS = {"title": 60, "question": 200, "experiment": 500}


def _first(card_refs: list, data: dict, *, kind: str, key: str) -> str:
    """Return the card's first name of ``kind``, else the person's first row's."""
    for ref in card_refs:
        if isinstance(ref, dict) and ref.get("kind") == kind and ref.get("name"):
            return str(ref["name"])
    rows = data[key]
    return rows[0]["name"] if rows else ""


def card_suggestions(*, card, data: dict) -> dict[str, str]:
    """Return a suggestion per card field, from the person's words and names only.

    The title and question put knowledge-base names (or names the person typed)
    into a short frame; the experiment is the person's own candidate, the one
    marked 这周就试 first. A field gets nothing when there is nothing of theirs
    to build it from, or when the suggestion is what the field already says.
    A suggestion is shown beside the field and written only on the person's
    click (``card_suggestion_accept``).
    """
    refs = card.draws_on if isinstance(card.draws_on, list) else []
    value = _first(refs, data, kind="values", key="top_values")
    talent = _first(refs, data, kind="talents", key="talents")
    field = _first(refs, data, kind="passions", key="fields")
    out = {}
    if talent and field:
        out["title"] = f"用「{talent}」做「{field}」"
    if field and value:
        out["question"] = f"在「{field}」里做事，真的离我看重的「{value}」更近吗？"
    elif talent and field:
        out["question"] = f"在「{field}」里，我能经常用上「{talent}」吗？"
    mine = sorted(data["mine"], key=lambda c: not c["try"])  # 这周就试 first
    if mine:
        out["experiment"] = mine[0]["text"].strip()
    current = {"title": card.title, "question": card.question}
    current["experiment"] = card.experiment
    return {
        name: text
        for name, text in out.items()
        if text and len(text) <= CARD_LIMITS[name] and text != current[name]
    }
