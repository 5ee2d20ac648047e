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
    """Save the person's message; return (message, created).

    A resend with a known ``client_id`` returns the stored message and False.
    """
    if client_id:
        existing = ChatMessage.objects.filter(session=session, client_id=client_id)
        if found := existing.first():
            return found, False
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
    except IntegrityError:  # two resends raced: the other one won
        return ChatMessage.objects.get(session=session, client_id=client_id), False
    activity_mark(session=session)
    return message, True
