"""Where people get stuck: every figure of the admin insight page comes from here.

One entry point, ``insights_build``; the modules beside it each compute one
table from the rows the coach already records (plus QuestionVisit, written on
focus changes and first answers, for the time to an answer).
"""

from dataclasses import dataclass

from coach.insights.knowledge import (
    EntryRow,
    downvote_rows,
    entry_rows,
    gap_rows,
)
from coach.insights.period import Period, PeriodForm, period_default
from coach.insights.questions import (
    FOLLOW_WINDOW,
    QuestionRow,
    TriggerRow,
    question_rows,
)
from coach.insights.safety import RiskRow, risk_rows
from coach.models import Feedback
from knowledge.models import KnowledgeGap

__all__ = [
    "FOLLOW_WINDOW",
    "EntryRow",
    "Insights",
    "Period",
    "PeriodForm",
    "QuestionRow",
    "RiskRow",
    "TriggerRow",
    "insights_build",
    "period_default",
]


@dataclass
class Insights:
    """All the page's tables for one period."""

    period: Period
    questions: list[QuestionRow]
    triggers: list[TriggerRow]
    entries: list[EntryRow]
    gaps: list[KnowledgeGap]
    downvotes: list[Feedback]
    risks: list[RiskRow]


def insights_build(*, period: Period) -> Insights:
    """Compute every table of the insight page for ``period``."""
    lo, hi = period.bounds
    questions, triggers = question_rows(lo, hi)
    return Insights(
        period=period,
        questions=questions,
        triggers=triggers,
        entries=entry_rows(lo, hi),
        gaps=gap_rows(lo, hi),
        downvotes=downvote_rows(lo, hi),
        risks=risk_rows(lo, hi),
    )
