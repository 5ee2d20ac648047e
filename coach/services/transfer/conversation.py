"""A conversation as plain rows and back: for the export, the import and a merge.

Messages point at the one they answer by position in the list, never by id,
so the same rows load into any workbook (another server's, or the account's
when two workbooks merge at login).
"""

import re

from coach.models import ChatMessage, CoachingSession, Feedback
from coach.services.transfer.fields import row_build, row_data, row_save

# A reply is named after the message it answers (services/turns.py: r<id>, r<id>-2…).
REPLY_NAME = re.compile(r"r\d+(-\d+)?")


def conversation_rows(session: CoachingSession) -> list[dict]:
    """Return the messages in order, each with its rating; replies point back."""
    messages = list(
        ChatMessage.objects.filter(session=session).order_by("created_at", "id")
    )
    position = {m.pk: i for i, m in enumerate(messages)}
    ratings = {
        f.message_id: f for f in Feedback.objects.filter(message__session=session)
    }
    rows = []
    for message in messages:
        rating = ratings.get(message.pk)
        rows.append(
            {
                **row_data(message),
                "reply_to": position.get(message.reply_to_id),
                "rating": row_data(rating) if rating else None,
            }
        )
    return rows


def _reply_id(data: dict, reply_to: ChatMessage | None) -> str:
    """Rename a reply after its question's new id.

    The old name holds the other workbook's message id; kept, a later
    message here could get that id and its reply would clash with it.
    """
    name = str(data.get("reply_id") or "")
    match = REPLY_NAME.fullmatch(name)
    if reply_to is None or match is None:
        return name
    return f"r{reply_to.pk}{match.group(1) or ''}"


def conversation_load(session: CoachingSession, rows: list) -> int:
    """Save ``rows`` (as conversation_rows returns them) into ``session``.

    Times are kept, so two conversations loaded into one workbook read in
    time order. Return how many messages were saved. Raises ValidationError,
    TypeError or ValueError for rows the models do not take.
    """
    saved: list[ChatMessage] = []
    for data in rows:
        if not isinstance(data, dict):
            raise TypeError("message")
        index = data.get("reply_to")
        # Only an earlier message can be answered: positions point back.
        reply_to = (
            saved[index] if isinstance(index, int) and 0 <= index < len(saved) else None
        )
        message = row_build(
            ChatMessage,
            {**data, "reply_id": _reply_id(data, reply_to)},
            session=session,
            reply_to=reply_to,
        )
        row_save(message, data)
        saved.append(message)
        if data.get("rating"):
            rating = data["rating"]
            row_save(row_build(Feedback, rating, message=message), rating)
    return len(saved)
