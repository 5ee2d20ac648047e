"""A scripted session as the chat layer holds it between turns (history, notes)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agent import api
from agent.evaluation.cases import Session, Turn
from agent.evaluation.checks import Observed

HISTORY_LIMIT = 10  # recent_messages kept between turns, as the chat layer does


@dataclass
class SessionThread:
    """The session as the chat layer would hold it between two turns."""

    session: Session
    session_id: str  # unique per run: the coach's checkpoints start fresh
    step: str = ""
    focus: str | None = None
    answers: dict[str, str] = field(default_factory=dict)
    notes: dict[str, Any] = field(default_factory=dict)
    guide_mode: str = "normal"
    messages: list[tuple[str, str]] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)  # example ids shown so far
    last_examples: list[dict] = field(default_factory=list)

    @classmethod
    def start(cls, session: Session, session_id: str) -> SessionThread:
        """Return the thread of ``session`` before its first turn."""
        return cls(
            session, session_id, session.step, session.question_id,
            dict(session.answers), dict(session.notes), session.guide_mode,
        )  # fmt: skip

    def snapshot(self, turn: Turn) -> api.SessionSnapshot:
        """Apply the turn's focus, step and answer changes; return the snapshot."""
        self.step, self.focus = turn.step or self.step, turn.focus or self.focus
        self.answers.update(turn.answer)
        return api.SessionSnapshot(
            session_id=self.session_id,
            step=self.step,
            question_id=self.focus,
            user_info=dict(self.session.profile),
            work_history=[dict(job) for job in self.session.work_history],
            answers=dict(self.answers),
            recent_messages=list(self.messages),
            notes=dict(self.notes),
            guide_mode=self.guide_mode,
            variety=self.session.id,  # a rerun of the file reads the same
        )

    def advance(self, turn: Turn, seen: Observed, result: Any) -> None:
        """Carry the reply, notes, mode and examples over to the next turn."""
        said = [("user", turn.text or f"[{turn.guide_id}]"), ("coach", seen.reply)]
        self.messages = [*self.messages, *said][-HISTORY_LIMIT:]
        if result is not None:
            self.notes = dict(getattr(result, "notes", self.notes) or {})
            self.guide_mode = str(seen.actions.get("guide_mode") or self.guide_mode)
        self.shown.update(str(e.get("id", "")) for e in seen.examples)
        self.last_examples = seen.examples or self.last_examples
