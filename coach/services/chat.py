"""Chat messages: the person's message is saved before any model call."""

from django.db import IntegrityError, transaction

from coach.models import ChatMessage, CoachingSession
from coach.services.sessions import activity_mark


def message_user_append(
    *,
    session: CoachingSession,
    text: str,
    selection: str = "",
    question_id: str = "",
    client_id: str = "",
) -> tuple[ChatMessage, bool]:
    """Save the person's message and mark the activity; return (message, created).

    A resend with a known ``client_id`` returns the stored message and False.
    The message and the activity stamp share one transaction, and a resend is
    found by the unique constraint rather than a read before every insert:
    on PostgreSQL each statement and each transaction is a round trip.
    """
    try:
        with transaction.atomic():
            message = ChatMessage.objects.create(
                session=session,
                role="user",
                text=text,
                selection=selection,
                question_id=question_id,
                client_id=client_id,
            )
            activity_mark(session=session)
    except IntegrityError:  # a resend (or two racing): the stored one stands
        if not client_id:
            raise
        return ChatMessage.objects.get(session=session, client_id=client_id), False
    return message, True
