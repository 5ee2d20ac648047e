"""Load and validate an evaluation file: one scripted session per JSONL line."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CATEGORIES = tuple(
    "distress crisis off_topic injection quiet feedback story synthesis selection "
    "concept question_help examples followup robustness search other".split()
)
# JSON key → the types its value may have; None is always allowed for optional keys.
SESSION_TYPES: dict[str, tuple[type, ...]] = {
    **dict.fromkeys("id category step question_id guide_mode note".split(), (str,)),
    **dict.fromkeys(("profile", "answers", "notes"), (dict,)),
    **dict.fromkeys(("work_history", "turns"), (list,)),
}
TURN_TYPES: dict[str, tuple[type, ...]] = {
    **dict.fromkeys("text selection guide_id focus step category note".split(), (str,)),
    **dict.fromkeys(("answer", "expect"), (dict,)),
}
EXPECT_TYPES: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(("act", "tool"), (str, list)),
    **dict.fromkeys(("contains", "contains_any", "absent"), (list,)),
    **dict.fromkeys(
        ("no_tools", "new_examples", "has_example", "asks_at_most_one_question"),
        (bool,),
    ),
    "refers_to": (int,),
    "guide_mode": (str,),
    "risk": (str,),  # a risk kind (agent.safety.KINDS) or "none"
}


class CaseError(ValueError):
    """A problem in an evaluation file, located as ``file:line``."""


@dataclass(frozen=True)
class Turn:
    """One message of a scripted session and what its reply must satisfy."""

    text: str = ""
    expect: dict[str, Any] = field(default_factory=dict)
    selection: str = ""
    guide_id: str | None = None
    focus: str | None = None  # the question in focus from this turn on
    step: str | None = None  # the workbook step from this turn on
    answer: dict[str, str] = field(default_factory=dict)  # saved before the turn
    category: str | None = None  # overrides the session's category for scoring
    note: str = ""


@dataclass(frozen=True)
class Session:
    """A scripted session: the person, their workbook so far, and the turns."""

    id: str
    category: str
    step: str
    turns: list[Turn]
    question_id: str | None = None
    profile: dict[str, str] = field(default_factory=dict)
    work_history: list[dict[str, str]] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)
    guide_mode: str = "normal"
    note: str = ""
    where: str = ""  # file:line, for messages


def _require(ok: bool, problem: str) -> None:
    if not ok:
        raise ValueError(problem)


def _typed(raw: Any, types: dict[str, tuple[type, ...]], what: str) -> dict:
    """Check ``raw``'s keys and value types; return it without null values."""
    _require(isinstance(raw, dict), f"a {what} must be a JSON object")
    extra = sorted(set(raw) - set(types))
    _require(not extra, f"unknown {what} key(s): {', '.join(extra)}")
    for key, value in raw.items():
        ok = isinstance(value, types[key])
        if key == "refers_to":  # a bool is an int in Python; k is 1-based
            ok = ok and not isinstance(value, bool) and value >= 1
        if isinstance(value, list) and what == "expectation":
            ok = ok and bool(value) and all(isinstance(v, str) for v in value)
        _require(ok or value is None, f"{what} key {key!r} has a bad value: {value!r}")
    return {k: v for k, v in raw.items() if v is not None}


def _turn(raw: Any) -> Turn:
    values = _typed(raw, TURN_TYPES, "turn")
    text_ok = bool(
        values.get("guide_id") or values.get("text", "").strip() or values.get("answer")
    )
    _require(text_ok, "text is missing (required unless guide_id or answer is given)")
    category = values.get("category", "")
    _require(not category or category in CATEGORIES, f"unknown category {category!r}")
    values["expect"] = _typed(values.get("expect", {}), EXPECT_TYPES, "expectation")
    return Turn(**values)


def _session(raw: Any, where: str) -> Session:
    values = _typed(raw, SESSION_TYPES, "session")
    for name in ("id", "category", "step", "turns"):
        _require(bool(values.get(name)), f"{name} is missing")
    _require(values["category"] in CATEGORIES, f"unknown category {raw['category']!r}")
    turns = []
    for index, item in enumerate(values.pop("turns"), start=1):
        try:
            turns.append(_turn(item))
        except ValueError as exc:
            raise ValueError(f"turn {index}: {exc}") from None
    return Session(**values, turns=turns, where=where)


def sessions_load(*, path: Path | str) -> list[Session]:
    """Read an evaluation file and validate every line (blank and ``#`` lines skip).

    Args:
        path: A JSONL file, one session per line.

    Returns:
        The sessions in file order.

    Raises:
        CaseError: On the first bad line, as ``file:line: problem``.
    """
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(f"{path}: cannot read: {exc}") from None
    sessions: list[Session] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{path}:{number}"
        try:
            session = _session(json.loads(line), where)
            _require(all(s.id != session.id for s in sessions), "duplicate id")
        except json.JSONDecodeError as exc:
            problem = f"bad JSON: {exc.msg} (column {exc.colno})"
            raise CaseError(f"{where}: {problem}") from None
        except ValueError as exc:
            raise CaseError(f"{where}: {exc}") from None
        sessions.append(session)
    if not sessions:
        raise CaseError(f"{path}: no sessions")
    return sessions
