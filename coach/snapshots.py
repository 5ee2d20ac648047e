"""The session snapshot a chat turn starts from, kept warm in this process.

Building it reads the person's profile, answers and last ten messages, three
queries on every turn: a quarter of daphne's time under load (issue 29). Here
each session's last snapshot is kept and checked against the session row's
``data_version``, which database triggers bump on every insert, update or
delete of the session's answers, profile or chat messages, whoever writes
them (this process, another daphne, a worker, the admin). This process counts
the bumps its own writes cause; a version that differs from the count means
someone else wrote, and the snapshot is read afresh. The session's own fields
(step, question, notes, mode, risk) come from that same row read, every turn.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from uuid import UUID

from agent.api import SessionSnapshot
from coach import selectors
from coach.models import CoachingSession

KEEP_MAX = 4096  # sessions kept per process (a few KB each)
_ROW = (
    "data_version",
    "step",
    "question_id",
    "notes",
    "guide_mode",
    "risk_at",
    "risk_kind",
)


@dataclass(frozen=True)
class _Kept:
    """What a snapshot read from the session's other tables, at ``version``."""

    version: int
    user_info: dict
    work_history: list
    answers: dict
    recent: tuple[tuple[str, str], ...]


# Keyed by the session's public id, never reused (a row id can come back
# after a database is flushed or restored, or in tests).
_kept: OrderedDict[UUID, _Kept] = OrderedDict()
_lock = threading.Lock()  # database work runs on executor threads


def _get(key: UUID) -> _Kept | None:
    with _lock:
        return _kept.get(key)


def _put(key: UUID, kept: _Kept) -> None:
    with _lock:
        _kept[key] = kept
        _kept.move_to_end(key)
        while len(_kept) > KEEP_MAX:
            _kept.popitem(last=False)


def forget(session: CoachingSession) -> None:
    """Drop the kept snapshot (a write this module cannot count, e.g. regenerate)."""
    with _lock:
        _kept.pop(session.public_id, None)


def _read(session: CoachingSession, version: int) -> _Kept:
    """Read the kept parts afresh; ``version`` was read before them."""
    base = selectors.session_snapshot(session=session)
    return _Kept(
        version=version,
        user_info=base.user_info,
        work_history=base.work_history,
        answers=base.answers,
        recent=tuple(base.recent_messages),
    )


def turn_snapshot(
    *,
    session: CoachingSession,
    own_writes: int = 0,
    added: tuple[str, str] | None = None,
) -> SessionSnapshot:
    """Return what the agent may know about ``session`` now, reading little.

    ``own_writes``: the versions this process's writes since the kept snapshot
    account for (1 for the message a turn just saved), ``added`` that message
    as (role, text). Refreshes the session object's snapshot fields from the
    row too: another tab may have moved the step or the mode.
    """
    row = selectors.session_row(session=session, fields=_ROW)
    version = row.pop("data_version")
    for name, value in row.items():
        setattr(session, name, value)
    kept = _get(session.public_id)
    if kept is not None and kept.version + own_writes == version:
        recent = kept.recent + ((added,) if added else ())
        kept = replace(
            kept, version=version, recent=recent[-selectors.RECENT_FOR_AGENT :]
        )
    else:
        # The version was read first: a write landing between it and these
        # reads makes the kept one look older than it is (one more read next
        # turn), never newer.
        kept = _read(session, version)
    _put(session.public_id, kept)
    return SessionSnapshot(
        session_id=str(session.public_id),
        step=session.step,
        question_id=session.question_id or None,
        user_info=dict(kept.user_info),
        work_history=list(kept.work_history),
        answers=dict(kept.answers),
        recent_messages=list(kept.recent),
        notes=dict(session.notes),
        guide_mode=session.guide_mode,
        care=session.risk_kind if selectors.care_active(session=session) else "",
    )


def reply_saved(*, session: CoachingSession, text: str) -> None:
    """Count a reply this process just saved (one version) into the kept snapshot."""
    kept = _get(session.public_id)
    if kept is None:
        return
    recent = (*kept.recent, ("coach", text))[-selectors.RECENT_FOR_AGENT :]
    _put(session.public_id, replace(kept, version=kept.version + 1, recent=recent))
