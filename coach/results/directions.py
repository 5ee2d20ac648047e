"""Direction cards as the page, the PDF and ``/results.json`` show them (reads).

A card holds only the person's words: what they typed, what they accepted with
a click, and references to their own confirmed rows with the quote each stands
on. The coach's suggestions (``suggest.py`` beside this) are shown apart.
"""

from coach.models import CoachingSession, DirectionCard
from coach.results.build import results_build
from coach.results.suggest import card_suggestions
from coach.selectors import cards_for_session

CARDS_MAX = 3
# Gauge key -> the question the person answers from 1 to 5 (Designing Your Life's
# resources, likeability, confidence, coherence).
GAUGES = {
    "resources": "资源够不够",
    "liking": "有多喜欢",
    "confidence": "有多大把握",
    "coherence": "和我在意的事一致吗",
}
GAUGE_RANGE = range(1, 6)
# The page's lists under the contract names of /results.json.
SOURCE_LISTS = {"values": "values", "talents": "talents", "passions": "fields"}
KIND_TITLES = {"values": "重要的事", "talents": "擅长的事", "passions": "喜欢的事"}


def card_sources(*, data: dict) -> list[dict]:
    """Return the confirmed rows a card may draw on, each with its first quote.

    ``data`` is ``results_build``'s: only the person's own rows (named, confirmed
    or typed by them) are there; suspected ones are not.
    """
    sources = []
    for kind, key in SOURCE_LISTS.items():
        for row in data[key]:
            first = row["evidence"][0] if row["evidence"] else {}
            sources.append(
                {
                    "ref": f"{kind}:{row['key']}",
                    "kind": kind,
                    "kind_title": KIND_TITLES[kind],
                    "id": row["id"],
                    "name": row["name"],
                    "question_id": first.get("question_id", ""),
                    "quote": first.get("quote", ""),
                }
            )
    return sources


def source_ref(ref: dict) -> str:
    """Return the form value of a stored ``draws_on`` reference."""
    return f"{ref.get('kind')}:{ref.get('id') or ref.get('name')}"


def gauges_clean(raw) -> dict[str, int | None]:
    """Return all four gauges from stored JSON, unset or odd values as None."""
    raw = raw if isinstance(raw, dict) else {}
    return {key: raw[key] if raw.get(key) in GAUGE_RANGE else None for key in GAUGES}


def card_view(card: DirectionCard, *, current_round: int) -> dict:
    """Return one card as the page and the PDF show it."""
    gauges = gauges_clean(card.gauges)
    refs = [r for r in card.draws_on if isinstance(r, dict)] if card.draws_on else []
    return {
        "card": card,
        "id": card.pk,
        "round": card.round,
        "position": card.position,
        "title": card.title,
        "question": card.question,
        "experiment": card.experiment,
        "editable": card.round == current_round and card.archived_at is None,
        "gauges": [
            {"key": key, "label": label, "value": gauges[key]}
            for key, label in GAUGES.items()
        ],
        "draws_on": [
            {**r, "kind_title": KIND_TITLES.get(r.get("kind", ""), "")} for r in refs
        ],
        "refs": {source_ref(r) for r in refs},
        "notes": list(card.notes.all()),
    }


def suggestions_shown(*, card: DirectionCard, data: dict) -> dict:
    """Return the suggestions still on offer and the fields an accept can undo.

    A suggestion the person set aside stays away until its text changes.
    """
    state = card.suggestions if isinstance(card.suggestions, dict) else {}
    dismissed = state.get("dismissed") or {}
    undo = state.get("undo") or {}
    offered = card_suggestions(card=card, data=data)
    return {
        "suggestions": {
            f: t for f, t in offered.items() if dismissed.get(f) != t and f not in undo
        },
        "undoable": {f: True for f in undo} if isinstance(undo, dict) else {},
    }


def directions_build(*, session: CoachingSession, data: dict) -> dict:
    """Return the cards of this round (editable) and older rounds (read-only)."""
    current: list[dict] = []
    older: dict[int, list[dict]] = {}
    for card in cards_for_session(session=session):
        view = card_view(card, current_round=session.round)
        if view["editable"]:
            view.update(suggestions_shown(card=card, data=data))
            current.append(view)
        else:
            older.setdefault(card.round, []).append(view)
    return {
        "round": session.round,
        "current": current,
        "older": [{"round": n, "cards": cards} for n, cards in older.items()],
        "sources": card_sources(data=data),
        "can_add": len(current) < CARDS_MAX,
        "gauge_range": list(GAUGE_RANGE),
    }


def results_page(*, session: CoachingSession) -> dict:
    """Return the results page's context: the results and the direction cards."""
    data = results_build(session=session)
    return {**data, "directions": directions_build(session=session, data=data)}


def direction_payload(card: DirectionCard, *, current_round: int) -> dict:
    """Return one card for ``/results.json`` (docs/protocol.md)."""
    return {
        "id": card.pk,
        "round": card.round,
        "position": card.position,
        "archived": not (card.round == current_round and card.archived_at is None),
        "title": card.title,
        "question": card.question,
        "experiment": card.experiment,
        "gauges": gauges_clean(card.gauges),
        "draws_on": [
            {k: r.get(k, "") for k in ("kind", "id", "name", "question_id", "quote")}
            for r in card.draws_on
            if isinstance(r, dict)
        ],
        "notes": [
            {"date": n.happened_on.isoformat(), "text": n.text}
            for n in card.notes.all()
        ],
        "created_at": card.created_at.isoformat(),
        "updated_at": card.updated_at.isoformat(),
    }


def directions_payload(*, session: CoachingSession) -> list[dict]:
    """Return every card of the session, this round's first."""
    return [
        direction_payload(card, current_round=session.round)
        for card in cards_for_session(session=session)
    ]
