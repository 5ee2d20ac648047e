"""Chat messages: the person's message is saved before any model call."""

from django.db import IntegrityError, transaction

from coach.models import ChatMessage, CoachingSession
from coach.services.sessions import activity_mark, preference_set
from knowledge.services import gap_record


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


def reply_save(
    *,
    session: CoachingSession,
    reply_to: ChatMessage,
    text: str,
    tools_used: list,
    examples: list,
    guide_questions: list,
    trace: dict,
    notes: dict,
    guide_mode: str = "",
) -> ChatMessage:
    """Save the coach's reply with its trace, and the updated coach notes.

    A reply that switched quiet mode on ("别老提醒我了") changes the session
    exactly as the toggle does; a request the knowledge base could not answer
    is counted as a knowledge gap for the admin.
    """
    if guide_mode:
        preference_set(session=session, guide_mode=guide_mode)
    if trace.get("gap"):
        gap_record(
            query=trace["gap"], step=session.step, question_id=reply_to.question_id
        )
    with transaction.atomic():
        reply = ChatMessage.objects.create(
            session=session,
            role="coach",
            text=text,
            reply_to=reply_to,
            question_id=reply_to.question_id,
            tools_used=tools_used,
            examples=examples,
            guide_questions=guide_questions,
            trace=trace,
        )
        CoachingSession.objects.filter(pk=session.pk).update(notes=notes)
    session.notes = notes
    return reply
