"""The results as data (``GET /results.json``): rows and the quotes they stand on."""

from coach.models import CoachingSession
from coach.results.build import results_build
from coach.results.directions import directions_payload

# The page's lists under their contract names (docs/protocol.md).
LISTS = {"values": "values", "talents": "talents", "passions": "fields"}


def _row(row: dict) -> dict:
    return {
        "id": row["id"],  # "" for a name the person typed that the base lacks
        "name": row["name"],
        "confirmed": row["confirmed"],
        "evidence": [
            {"question_id": e["question_id"], "quote": e["quote"]}
            for e in row["evidence"]
        ],
    }


def results_payload(*, session: CoachingSession) -> dict:
    """Return the session's rows: theirs first (ranked), then the suspected ones.

    Dismissed rows are left out; ``directions`` holds every direction card,
    this round's first.
    """
    data = results_build(session=session)
    out: dict[str, list] = {
        key: [_row(r) for r in [*data[kind], *data["review"][kind]["suspected"]]]
        for key, kind in LISTS.items()
    }
    return {**out, "directions": directions_payload(session=session)}
