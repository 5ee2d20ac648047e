"""The person's verdict on a suspected row: confirm, dismiss, or take it back."""

from coach.models import CoachingSession
from coach.results.build import EDITED
from coach.results.edits import LISTS, ResultsInvalid, results_list_save
from coach.results.evidence import review_stored, rows_found
from coach.results.stored import results_stored
from coach.selectors import answers_by_question
from coach.services import results_save

ACTIONS = ("confirm", "dismiss", "undo")


def _pending(*, session: CoachingSession, entry_id: str) -> dict | None:
    """Return the row of ``entry_id`` if the answers suspect it (reviewed or not)."""
    saved, _ = results_stored(session=session)
    found = rows_found(
        answers=answers_by_question(session=session),
        notes=session.notes if isinstance(session.notes, dict) else {},
        review=review_stored(saved),
    )
    for rows in found.values():
        for row in (r for kind in rows.values() for r in kind):
            if row["id"] == entry_id and row["state"] != "named":
                return row
    return None


def evidence_review(*, session: CoachingSession, entry_id: str, action: str) -> str:
    """Record the person's verdict on one suspected row; return its name.

    "confirm" counts it as theirs (their own edited list, if they keep one,
    gets it too), "dismiss" sets it aside, "undo" takes either back.

    Raises:
        ResultsInvalid: unknown action, or no such suspected row in the answers.
    """
    row = _pending(session=session, entry_id=entry_id)
    if action not in ACTIONS or row is None:
        raise ResultsInvalid("这条线索已经不在了，请刷新页面后再试。")
    saved, edited = results_stored(session=session)
    review = review_stored(saved)
    kind = EDITED[row["category"]]
    own = edited.get(kind)
    if action == "undo":
        was = review.pop(entry_id, None)
        if was == "confirmed" and isinstance(own, list) and row["name"] in own:
            own = [name for name in own if name != row["name"]]
    else:
        review[entry_id] = "confirmed" if action == "confirm" else "dismissed"
        if action == "confirm" and isinstance(own, list) and row["name"] not in own:
            if len(own) >= LISTS[kind][1]:
                raise ResultsInvalid(f"这一栏最多 {LISTS[kind][1]} 条，请先删掉一些。")
            own = [*own, row["name"]]
    if isinstance(own, list):
        results_list_save(session=session, kind=kind, items=own)
        saved, _ = results_stored(session=session)
    results_save(session=session, results={**saved, "review": review})
    return row["name"]
