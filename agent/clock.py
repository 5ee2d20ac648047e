"""The one clock of a turn: a ``time.monotonic()`` deadline set by ``read_input``.

Every node measures what is left against it; only the graph decides to fall
back to the offline coach (``call_model`` when time is out, the model node's
error handler after its retries), and ``format_answer`` adds the note once.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from typing import Any

from agent.configuration import Configuration


def reserve(config: Configuration) -> float:
    """Return the seconds kept back at the end of a turn for the offline answer."""
    return min(1.0, 0.1 * config.turn_deadline)


def deadline_for(config: Configuration) -> float:
    """Return the monotonic deadline of a turn that starts now."""
    return time.monotonic() + config.turn_deadline


def remaining(state: Mapping[str, Any], config: Configuration) -> float:
    """Return the seconds left for model work, after the offline reserve."""
    return state["deadline"] - time.monotonic() - reserve(config)


def variation(state: Mapping[str, Any]) -> int:
    """Return the stable variety seed of this session's turn.

    Seeded from ``SessionSnapshot.variety`` when set (an evaluation run: the
    case id), else from the session id.
    """
    session = state.get("session", {})
    stem = session.get("variety") or session.get("session_id")
    key = f"{stem}|{state.get('turn', 0)}"
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16)
