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


def trigger_due(
    session: CoachingSession,
    answers: list[Answer],
    now: datetime,
    *,
    labels_like: Callable[[str], frozenset[str]],
) -> tuple[str | None, dict]:
    """Return (trigger or None, facts) for one session at ``now``."""
    quiet = session.guide_mode == "quiet"
    facts: dict = {"answer_judged": False, "deadlines": []}
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
            if not quiet:  # quiet mode: only the (longer) idle nudge
                if strategy("vague_answer")["enabled"] and detectors.is_vague(
                    answer.text, labels=labels_like(answer.text)
                ):
                    return "vague_answer", facts
                short = strategy("short_answer")
                if short["enabled"] and detectors.is_short(
                    answer.text, threshold=short["threshold"]
                ):
                    return "short_answer", facts
        else:
            facts["deadlines"].append(settled)
    stuck = strategy("stuck")
    if stuck["enabled"] and session.focus_question_id:
        deadline = detectors.stuck_deadline(
            focus_since=session.focus_since,
            answer_changed=focus.updated_at if focus else None,
            stuck_timeout=max(stuck["timeout"], settings.GUIDE_QUIET_TIMEOUT)
            if quiet
            else stuck["timeout"],
        )
        if detectors.is_due(deadline, now):
            return "stuck", facts
        facts["deadlines"].append(deadline)
    idle = strategy("idle_timeout")
    if idle["enabled"]:
        deadline = detectors.idle_deadline(
            last_activity=session.last_activity_at,
            quiet=quiet,
            idle_timeout=idle["timeout"],
            quiet_timeout=idle["quiet_timeout"],
        )
        if detectors.is_due(deadline, now):
            return "idle_timeout", facts
        facts["deadlines"].append(deadline)
    return None, facts
