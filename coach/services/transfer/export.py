"""Export: everything the person put into a workbook, as one JSON document."""

from django.utils import timezone

from coach.models import Answer, ChatMessage, CoachingSession, Feedback
from coach.services.parts import PARTS
from coach.services.transfer.fields import row_data

FORMAT = "zhaodao-workbook"
VERSION = 1
SESSION_FIELDS = ["step", "question_id", "guide_mode", "results", "notes"]
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


def _conversation(session: CoachingSession) -> list[dict]:
    """Return the messages in order; a reply points at its question by position."""
    messages = list(
        ChatMessage.objects.filter(session=session).order_by("created_at", "id")
    )
    position = {m.pk: i for i, m in enumerate(messages)}
    ratings = {
        f.message_id: f for f in Feedback.objects.filter(message__session=session)
    }
    conversation = []
    for message in messages:
        rating = ratings.get(message.pk)
        conversation.append(
            {
                **row_data(message),
                "reply_to": position.get(message.reply_to_id),
                "rating": row_data(rating) if rating else None,
            }
        )
    return conversation


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
        "conversation": _conversation(session) if saved else [],
    }
    for part in PARTS:
        if part.export_key:
            rows = part.rows(session=session).order_by("pk") if saved else []
            document[part.export_key] = [row_data(r) for r in rows]
    return document
