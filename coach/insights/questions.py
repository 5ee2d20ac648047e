"""Per workbook question: reached, answered, time to answer, weak answers, nudges."""

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from statistics import median

from coach import detectors
from coach.insights import evidence
from coach.models import TRIGGERS, Guidance
from coach.timing import strategy
from knowledge.models import PassionEntry, TalentEntry, ValueEntry
from knowledge.selectors import questions_all

FOLLOW_WINDOW = timedelta(minutes=10)
TRIGGER_NAMES = dict(TRIGGERS)


def share(part: int, whole: int) -> float | None:
    """Return part / whole, or None when there is nothing to divide."""
    return part / whole if whole else None


@dataclass
class QuestionRow:
    """The figures for one workbook question."""

    question_id: str
    text: str
    reached: int = 0
    answered: int = 0
    median_seconds: float | None = None
    short: int = 0
    vague: int = 0
    nudges: Counter = field(default_factory=Counter)  # trigger -> count
    followed: int = 0

    @property
    def short_share(self) -> float | None:
        """Share of the answers flagged as too short."""
        return share(self.short, self.answered)

    @property
    def vague_share(self) -> float | None:
        """Share of the answers flagged as vague."""
        return share(self.vague, self.answered)

    @property
    def nudged(self) -> int:
        """All nudges about this question."""
        return sum(self.nudges.values())

    @property
    def followed_share(self) -> float | None:
        """Share of its nudges followed by an answer within 10 minutes."""
        return share(self.followed, self.nudged)


@dataclass
class TriggerRow:
    """The nudges of one trigger, on any question or none."""

    trigger: str
    name: str
    sent: int = 0
    read: int = 0
    followed: int = 0

    @property
    def followed_share(self) -> float | None:
        """Share followed by an answer within 10 minutes."""
        return share(self.followed, self.sent)


def entry_labels() -> frozenset[str]:
    """Return every knowledge entry's name: an answer that is only one is vague."""
    names = [
        *ValueEntry.objects.values_list("name", flat=True),
        *TalentEntry.objects.values_list("name", flat=True),
        *PassionEntry.objects.values_list("field", flat=True),
    ]
    return frozenset(names)


def _followed(nudge: dict, saves: dict, window=FOLLOW_WINDOW) -> bool:
    """Return whether an answer was saved within the window after the nudge.

    A nudge about a question counts only an answer to it; one about no
    question (idle) counts an answer to any question.
    """
    sent: datetime = nudge["created_at"]
    pairs = [
        p
        for p in saves
        if p[0] == nudge["session_id"]
        and (not nudge["question_id"] or p[1] == nudge["question_id"])
    ]
    return any(sent < t <= sent + window for p in pairs for t in saves[p])


def question_rows(lo: datetime, hi: datetime) -> tuple[list, list]:
    """Return the per-question rows and the per-trigger rows for [lo, hi)."""
    rows = {q.id: QuestionRow(question_id=q.id, text=q.text) for q in questions_all()}
    answered = evidence.answered_texts(lo, hi)
    reached = evidence.reached_pairs(lo, hi) | set(answered)
    for _, question_id in reached:
        if question_id in rows:
            rows[question_id].reached += 1
    threshold = strategy("short_answer")["threshold"]
    labels = entry_labels()
    for (_, question_id), text in answered.items():
        if row := rows.get(question_id):
            row.answered += 1
            row.short += detectors.is_short(text, threshold=threshold)
            row.vague += detectors.is_vague(text, labels=labels)
    for question_id, seconds in evidence.answer_seconds(lo, hi).items():
        if question_id in rows:
            rows[question_id].median_seconds = median(seconds)
    triggers = {t: TriggerRow(trigger=t, name=str(n)) for t, n in TRIGGER_NAMES.items()}
    nudges = list(
        Guidance.objects.filter(created_at__gte=lo, created_at__lt=hi).values(
            "session_id", "question_id", "trigger", "created_at", "read_at"
        )
    )
    saves = evidence.answer_times({n["session_id"] for n in nudges})
    by_session: dict[int, dict] = defaultdict(dict)
    for pair, times in saves.items():
        by_session[pair[0]][pair] = times
    for nudge in nudges:
        followed = _followed(nudge, by_session[nudge["session_id"]])
        summary = triggers.setdefault(
            nudge["trigger"], TriggerRow(nudge["trigger"], nudge["trigger"])
        )
        summary.sent += 1
        summary.read += nudge["read_at"] is not None
        summary.followed += followed
        if row := rows.get(nudge["question_id"]):
            row.nudges[nudge["trigger"]] += 1
            row.followed += followed
    return list(rows.values()), list(triggers.values())
