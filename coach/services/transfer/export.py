"""Export: everything the person put into a workbook, as one JSON document."""

from django.utils import timezone

from coach.models import Answer, CoachingSession, DirectionCard
from coach.services.parts import PARTS
from coach.services.transfer.conversation import conversation_rows
from coach.services.transfer.fields import row_data

FORMAT = "zhaodao-workbook"
# 2: each direction card carries its outcome notes; the workbook its round.
VERSION = 2
READABLE = (1, 2)  # versions the import still takes
SESSION_FIELDS = ["step", "question_id", "guide_mode", "results", "notes", "round"]
SESSION_TIMES = ["created_at", "finished_at", "archived_at"]
PROFILE_FIELDS = ["nickname", "age_range", "occupation", "about", "work_history"]


def _answers(session: CoachingSession) -> list[dict]:
    rows = Answer.objects.filter(session=session).prefetch_related("revisions")
    return [
        {
            **row_data(answer),
            "revisions": [
                row_data(r) for r in sorted(answer.revisions.all(), key=_oldest)
            ],
        }
        for answer in rows.order_by("question_id")
    ]


def _oldest(row) -> tuple:
    return (row.created_at, row.pk)


def _cards(session: CoachingSession) -> list[dict]:
    """Return every round's cards, each with what happened when it was tried."""
    cards = DirectionCard.objects.filter(session=session).prefetch_related("notes")
    return [
        {
            **row_data(card),
            "notes": [
                row_data(n)
                for n in sorted(
                    card.notes.all(), key=lambda n: (n.happened_on, n.created_at, n.pk)
                )
            ],
        }
        for card in cards.order_by("round", "position")
    ]


def workbook_export(*, session: CoachingSession) -> dict:
    """Return the workbook as a versioned document (an unsaved workbook: empty)."""
    saved = session.pk is not None
    profile = getattr(session, "profile", None) if saved else None
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "workbook": row_data(session, SESSION_FIELDS + SESSION_TIMES),
        "profile": row_data(profile, PROFILE_FIELDS) if profile else None,
        "answers": _answers(session) if saved else [],
        "conversation": conversation_rows(session) if saved else [],
        "direction_cards": _cards(session) if saved else [],
    }
    for part in PARTS:
        if part.export_key:
            rows = part.rows(session=session).order_by("pk") if saved else []
            document[part.export_key] = [row_data(r) for r in rows]
    return document
