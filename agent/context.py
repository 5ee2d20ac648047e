"""Session snapshot and the context manager of seed 003 §4 (raw data, no prose)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

STEP_PREFIX = {
    "values_exploration": "V",
    "strengths_exploration": "S",
    "interests_exploration": "P",
}
HISTORY_LIMIT = 10
ANSWERS_BUDGET = 180  # characters of the step's answers; the notes carry the rest
FOCUS_CHARS = 90
ANSWER_CHARS = 40
MESSAGE_CHARS = 200
COACH_CHARS = 90  # the coach's own earlier replies: their gist is enough
JOBS_LIMIT = 3


NO_ROLE = re.compile(r"失业|待业|无业|没工作|在家|全职(?:妈妈|爸爸|主妇|太太)|退休|无$")


@dataclass(frozen=True)
class SessionSnapshot:
    """What the chat layer knows about a session when a turn starts."""

    session_id: str
    step: str
    question_id: str | None
    user_info: dict = field(default_factory=dict)
    work_history: list[dict] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)
    recent_messages: list[tuple[str, str]] = field(default_factory=list)
    notes: dict = field(default_factory=dict)
    guide_mode: str = "normal"
    # The risk kind the session was flagged with in the last day ("" for none):
    # the care was given, and a model's replies are checked for method details.
    care: str = ""
    # What the phrase variety is seeded with (the session id when empty): an
    # evaluation run passes the case id, so the same file reads the same twice.
    variety: str = ""


def _clip(text: str, limit: int) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ContextManager:
    """Build the raw context of a turn; each step is a replaceable method."""

    def build_context(self, session: SessionSnapshot, step: str) -> dict[str, Any]:
        """Return user info, work history, answers, history and notes for a step.

        Args:
            session: The session snapshot sent by the chat layer.
            step: The workbook step the person is on.

        Returns:
            A dict of raw values; prompts format it at call time.
        """
        context = {
            "user_info": self.get_user_info(session),
            "work_history": self.get_work_history(session),
            "answered_questions": self.get_answered_questions(session, step),
            "conversation_history": self.get_conversation_history(
                session, limit=HISTORY_LIMIT
            ),
            "current_step": step,
            "question_id": session.question_id,
            "notes": session.notes or {},
            "guide_mode": session.guide_mode,
        }
        return self.compress_context(self.filter_context(context))

    def get_user_info(self, session: SessionSnapshot) -> dict[str, str]:
        """Return the basic profile fields that are filled in."""
        return {k: _clip(v, 40) for k, v in (session.user_info or {}).items() if v}

    def get_work_history(self, session: SessionSnapshot) -> list[dict[str, str]]:
        """Return the most recent jobs, newest first as the chat layer sends them."""
        return [
            {k: _clip(v, 60) for k, v in job.items() if v}
            for job in (session.work_history or [])[:JOBS_LIMIT]
        ]

    def get_answered_questions(
        self, session: SessionSnapshot, step: str
    ) -> dict[str, str]:
        """Return the answers of ``step`` (question id → text), in id order."""
        prefix = STEP_PREFIX.get(step)
        answers = session.answers or {}
        if prefix is None:  # synthesis works on every step's answers
            return {qid: answers[qid] for qid in sorted(answers) if answers[qid]}
        return {
            qid: answers[qid]
            for qid in sorted(answers)
            if qid.startswith(prefix) and answers[qid]
        }

    def get_conversation_history(
        self, session: SessionSnapshot, limit: int = HISTORY_LIMIT
    ) -> list[tuple[str, str]]:
        """Return the last ``limit`` messages, oldest first."""
        return list(session.recent_messages or [])[-limit:]

    def compress_context(self, context: dict[str, Any]) -> dict[str, Any]:
        """Clip texts to fixed budgets so the prompt stays flat (extension point).

        The answer in focus comes first and longest; the other answers of the
        step follow, newest first, until the budget is spent.
        """
        answers = context["answered_questions"]
        focus = context.get("question_id") or ""
        kept: dict[str, str] = {}
        budget = ANSWERS_BUDGET
        if focus in answers:
            kept[focus] = _clip(answers[focus], FOCUS_CHARS)
            budget -= len(kept[focus])
        for qid in sorted(answers, reverse=True):
            if qid == focus or budget < 12:
                continue
            kept[qid] = _clip(answers[qid], min(ANSWER_CHARS, budget))
            budget -= len(kept[qid])
        return {
            **context,
            "answered_count": len(answers),
            "answered_questions": dict(sorted(kept.items())),
            "conversation_history": [
                (role, _clip(text, COACH_CHARS if role == "coach" else MESSAGE_CHARS))
                for role, text in context["conversation_history"]
            ],
        }

    def summarize_context(self, context: dict[str, Any]) -> str:
        """Return a one-line summary of the current step (extension point)."""
        summaries = (context.get("notes") or {}).get("step_summaries") or {}
        return summaries.get(context["current_step"], "")

    def filter_context(self, context: dict[str, Any]) -> dict[str, Any]:
        """Drop what the current step does not need (extension point)."""
        return context


@dataclass(frozen=True)
class TurnContext:
    """The typed context of one turn: who, where, what they wrote and said.

    Built once by ``read_input`` from the snapshot and the knowledge base; the
    offline coach and the prompt both read it, so neither parses the other.
    """

    session_id: str
    step: str
    text: str  # the message (a chip's text for a quick pick)
    selection: str = ""
    question: dict = field(default_factory=dict)  # id, number, text, hint, example
    total: int = 0  # questions in the step
    person: dict = field(default_factory=dict)  # nickname, occupation, age_range…
    jobs: list[dict] = field(default_factory=list)  # role, period, highlights…
    answers: dict[str, str] = field(default_factory=dict)  # every step's answers
    notes: dict = field(default_factory=dict)
    history: list[tuple[str, str]] = field(default_factory=list)
    guide_mode: str = "normal"
    care: str = ""  # SessionSnapshot.care

    @property
    def draft(self) -> str:
        """Return the saved answer to the question in focus, or ''."""
        return self.answers.get(self.question.get("id", ""), "").strip()

    @property
    def role(self) -> str:
        """Return the person's current role: the profile's, else the newest job's."""
        occupation = (self.person.get("occupation") or "").strip()
        # "原纺织厂车间主任，失业半年": the role is the first clause; the rest is a
        # situation that "你做……攒下的本事" would garble.
        occupation = re.split(r"[，,、；;。/（(]", occupation)[0].strip()
        # "失业", "待业", "全职妈妈", "退休": a situation, not work done ("你做失业
        # 的日子", coach_blind15).
        if occupation and not NO_ROLE.search(occupation):
            return occupation
        return next((j.get("role", "") for j in self.jobs if j.get("role")), "")

    @classmethod
    def load(cls, raw: dict) -> TurnContext:
        """Return the context from its plain-dict form in the graph state."""
        raw = dict(raw)
        raw["history"] = [tuple(pair) for pair in raw.get("history", [])]
        return cls(**raw)
