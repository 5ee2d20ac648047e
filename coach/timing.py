"""When guidance may fire: the strategies' settings and each trigger's deadline.

The scan (coach/services/nudges.py) reads sessions and writes nudges; this
module only decides, from a session's rows and the clock, which trigger is due
now and when to look again. The pure rules are in coach/detectors.py.
"""

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings

from coach import detectors
from coach.models import Answer, CoachingSession


def strategy(name: str) -> dict:
    """Return one strategy's settings (enabled, timeout, threshold…)."""
    return settings.GUIDE_STRATEGIES[name]


def first_check_delay() -> timedelta:
    """Return how soon after any activity the scan should look at a session."""
    enabled = [s for s in settings.GUIDE_STRATEGIES.values() if s["enabled"]]
    seconds = [settings.GUIDE_ANSWER_SETTLE] + [
        s["timeout"] for s in enabled if "timeout" in s
    ]
    return timedelta(seconds=min(seconds))


def cause_of(question_id: str, since: datetime) -> str:
    """Return the dedupe key of a nudge: its question and when its cause began."""
    return f"{question_id}@{since.timestamp():.3f}"


def _answer_trigger(
    answer: Answer, labels_like: Callable[[str], frozenset[str]]
) -> str | None:
    """Return vague_answer or short_answer if ``answer`` is one (vague first)."""
    vague, short = strategy("vague_answer"), strategy("short_answer")
    if vague["enabled"] and detectors.is_vague(
        answer.text, labels=labels_like(answer.text)
    ):
        return "vague_answer"
    if short["enabled"] and detectors.is_short(
        answer.text, threshold=short["threshold"]
    ):
        return "short_answer"
    return None


def trigger_due(
    session: CoachingSession,
    answers: list[Answer],
    now: datetime,
    *,
    labels_like: Callable[[str], frozenset[str]],
    done: frozenset[tuple[str, str]] = frozenset(),
) -> tuple[str | None, dict]:
    """Return (trigger or None, facts) for one session at ``now``.

    Quiet mode never reaches here (the scan skips it). ``done`` holds the
    ``(trigger, cause)`` pairs already nudged: a cause is nudged once, so a
    toggle, a reconnect or another tab (each a new episode) cannot repeat the
    same stuck or idle nudge. ``facts["cause"]`` is the due trigger's key.
    """
    facts: dict = {"answer_judged": False, "deadlines": [], "cause": ""}
    answer = max(answers, key=lambda a: a.updated_at, default=None)
    focus = next(
        (a for a in answers if a.question_id == session.focus_question_id), None
    )
    if answer and (
        session.answer_judged_at is None or answer.updated_at > session.answer_judged_at
    ):
        settled = answer.updated_at + timedelta(seconds=settings.GUIDE_ANSWER_SETTLE)
        if settled <= now:
            facts.update(answer_judged=True, answer=answer)
            cause = cause_of(answer.question_id, answer.updated_at)
            name = _answer_trigger(answer, labels_like)
            if name and (name, cause) not in done:  # each version nudged once
                facts["cause"] = cause
                return name, facts
        else:
            facts["deadlines"].append(settled)
    stuck = strategy("stuck")
    if stuck["enabled"] and session.focus_question_id and session.focus_since:
        cause = cause_of(session.focus_question_id, session.focus_since)
        deadline = detectors.stuck_deadline(
            focus_since=session.focus_since,
            answer_changed=focus.updated_at if focus else None,
            stuck_timeout=stuck["timeout"],
        )
        if ("stuck", cause) not in done:  # once per visit to the question
            if detectors.is_due(deadline, now):
                facts["cause"] = cause
                return "stuck", facts
            facts["deadlines"].append(deadline)
    idle = strategy("idle_timeout")
    if idle["enabled"]:
        cause = cause_of(session.question_id, session.last_activity_at)
        deadline = detectors.idle_deadline(
            last_activity=session.last_activity_at,
            quiet=False,
            idle_timeout=idle["timeout"],
            quiet_timeout=idle["quiet_timeout"],
        )
        if ("idle_timeout", cause) not in done:  # once per idle period
            if detectors.is_due(deadline, now):
                facts["cause"] = cause
                return "idle_timeout", facts
            facts["deadlines"].append(deadline)
    return None, facts
