"""What the results page keeps on the session: its JSON, read defensively."""

from coach.models import CoachingSession


def results_stored(*, session: CoachingSession) -> tuple[dict, dict]:
    """Return a copy of the session's results and its ``edited`` lists.

    The column is free JSON (an older row may hold anything), so both come back
    as dicts whatever is stored.
    """
    saved = dict(session.results) if isinstance(session.results, dict) else {}
    edited = saved.get("edited")
    return saved, dict(edited) if isinstance(edited, dict) else {}
