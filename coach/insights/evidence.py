"""Raw rows the figures are built from: who reached and answered what, and when."""

from collections import defaultdict
from datetime import datetime

from coach.models import (
    Answer,
    AnswerRevision,
    ChatMessage,
    CoachingSession,
    Guidance,
    QuestionVisit,
)

Pair = tuple[int, str]  # (session id, question id)


def reached_pairs(lo: datetime, hi: datetime) -> set[Pair]:
    """Return every (session, question) with a sign of the person on it in [lo, hi).

    Signs: a focus (first one per question, or the session's current one), a
    saved answer, a nudge about it, or a chat message sent from it.
    """
    found: set[Pair] = set()
    sources = [
        QuestionVisit.objects.filter(reached_at__gte=lo, reached_at__lt=hi),
        Answer.objects.filter(updated_at__gte=lo, updated_at__lt=hi),
        Guidance.objects.filter(created_at__gte=lo, created_at__lt=hi),
        ChatMessage.objects.filter(role="user", created_at__gte=lo, created_at__lt=hi),
    ]
    for rows in sources:
        found |= set(
            rows.exclude(question_id="").values_list("session_id", "question_id")
        )
    focus = CoachingSession.objects.filter(focus_since__gte=lo, focus_since__lt=hi)
    found |= set(
        focus.exclude(focus_question_id="").values_list("id", "focus_question_id")
    )
    return found


def answered_texts(lo: datetime, hi: datetime) -> dict[Pair, str]:
    """Return the current text of each non-blank answer saved or first given."""
    first = QuestionVisit.objects.filter(answered_at__gte=lo, answered_at__lt=hi)
    first_pairs = set(first.values_list("session_id", "question_id"))
    sessions = {s for s, _ in first_pairs}
    rows = Answer.objects.filter(
        updated_at__gte=lo, updated_at__lt=hi
    ) | Answer.objects.filter(session_id__in=sessions)
    texts = {}
    for session_id, question_id, text, saved in rows.values_list(
        "session_id", "question_id", "text", "updated_at"
    ):
        in_range = lo <= saved < hi or (session_id, question_id) in first_pairs
        if text.strip() and in_range:
            texts[(session_id, question_id)] = text
    return texts


def answer_seconds(lo: datetime, hi: datetime) -> dict[str, list[float]]:
    """Return, per question, seconds from first focus to a first answer in range.

    A first answer with no focus before it (reached and answered at once) tells
    nothing about the time taken and is left out.
    """
    out: dict[str, list[float]] = defaultdict(list)
    visits = QuestionVisit.objects.filter(answered_at__gte=lo, answered_at__lt=hi)
    for question_id, reached, answered in visits.values_list(
        "question_id", "reached_at", "answered_at"
    ):
        if answered > reached:
            out[question_id].append((answered - reached).total_seconds())
    return out


def answer_times(session_ids: set[int]) -> dict[Pair, list[datetime]]:
    """Return the known moments each answer of these sessions was saved."""
    out: dict[Pair, list[datetime]] = defaultdict(list)
    answers = Answer.objects.filter(session_id__in=session_ids)
    for s, q, saved in answers.values_list("session_id", "question_id", "updated_at"):
        out[(s, q)].append(saved)
    visits = QuestionVisit.objects.filter(session_id__in=session_ids)
    for s, q, first in visits.exclude(answered_at=None).values_list(
        "session_id", "question_id", "answered_at"
    ):
        out[(s, q)].append(first)
    # A revision is written while a newer text is being saved: also a save moment.
    revisions = AnswerRevision.objects.filter(answer__session_id__in=session_ids)
    for s, q, saved in revisions.values_list(
        "answer__session_id", "answer__question_id", "created_at"
    ):
        out[(s, q)].append(saved)
    return out
