"""A chat turn's writes: the person's message first, then the reply or its part.

The streaming loop (coach/streaming.py) calls these through the database
thread; nothing else in a turn writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from agent.api import SessionSnapshot, TurnResult
from coach import selectors, snapshots
from coach.models import ChatMessage, CoachingSession, Feedback
from coach.services.chat import message_user_append
from coach.services.errors import InvalidInput
from coach.services.safety import risk_from_trace, risk_record
from coach.services.sessions import activity_mark, preference_set
from knowledge.services import gap_record

NOT_FOUND = "找不到这条回复，可能已经被重新回答了，请刷新页面。"
NOT_LAST = "只能重新回答最后一条回复。"


@dataclass(frozen=True)
class Turn:
    """A turn about to run, or a resend that was already answered."""

    message: ChatMessage
    reply_id: str
    snapshot: SessionSnapshot | None = None  # None: ``answered`` is the reply
    answered: dict | None = None  # selectors.reply_data of the stored reply
    replaces: str = ""  # the reply a regenerate replaces


def _reply_id(message: ChatMessage, attempt: int = 1) -> str:
    """Name a reply: r<message id>, and r<id>-2, -3… for regenerated ones."""
    return f"r{message.pk}" if attempt == 1 else f"r{message.pk}-{attempt}"


def turn_begin(
    *,
    session: CoachingSession,
    text: str,
    selection: str = "",
    question_id: str = "",
    client_id: str = "",
) -> Turn:
    """Save the person's message (before any model call) and snapshot the session.

    A resend of an answered message returns the stored reply instead. One trip
    to the database thread, not three: under load every hop queues behind the
    other sockets' hops. The snapshot is the one kept from this session's last
    turn when the session row's version shows nobody else wrote since
    (coach/snapshots.py): then the turn costs the message, the activity stamp
    and one read of the session row.
    """
    message, created = message_user_append(
        session=session,
        text=text,
        selection=selection,
        question_id=question_id or session.question_id,
        client_id=client_id,
    )
    answered = None if created else selectors.reply_current(message=message)
    if answered is not None:
        return Turn(
            message=message,
            reply_id=answered.reply_id,
            answered=selectors.reply_data(reply=answered),
        )
    if not created:  # a resend of a message still unanswered: nothing new saved
        return turn_resumed(session=session, message=message)
    return Turn(
        message=message,
        reply_id=_reply_id(message),
        snapshot=snapshots.turn_snapshot(
            session=session, own_writes=1, added=("user", message.text)
        ),
    )


def turn_resumed(*, session: CoachingSession, message: ChatMessage) -> Turn:
    """Return the turn that answers ``message``, saved earlier and not answered."""
    return Turn(
        message=message,
        reply_id=_reply_id(message),
        snapshot=snapshots.turn_snapshot(session=session),
    )


def turn_regenerate(*, session: CoachingSession, reply_id: str) -> Turn:
    """Start answering the last reply's message again, under a new reply id."""
    reply = selectors.reply_by_id(session=session, reply_id=reply_id)
    if reply is None or reply.reply_to is None:
        raise InvalidInput("reply_id", NOT_FOUND)
    latest = selectors.message_latest(session=session)
    if latest is None or latest.pk != reply.pk:
        raise InvalidInput("reply_id", NOT_LAST)
    message = reply.reply_to
    activity_mark(session=session)
    snapshots.forget(session)  # it leaves a reply out: read afresh after it
    return Turn(
        message=message,
        reply_id=_reply_id(message, message.replies.count() + 1),
        snapshot=selectors.session_snapshot(session=session, leave_out=reply.pk),
        replaces=reply.reply_id,
    )


def turn_finish(
    *,
    session: CoachingSession,
    message: ChatMessage,
    result: TurnResult,
    reply_id: str,
    replaces: str = "",
    stopped: bool = False,
) -> ChatMessage:
    """Save the reply (all of it, or what was written before Stop) and its effects.

    A reply that switched quiet mode on ("别老提醒我了") changes the session
    exactly as the toggle does; a request the knowledge base could not answer
    is counted as a knowledge gap for the admin; a regenerated reply leaves
    the conversation but keeps its row and rating.
    """
    risk_record(session=session, risk=risk_from_trace(result.trace))
    guide_mode = result.actions.get("guide_mode", "")
    if guide_mode:
        preference_set(session=session, guide_mode=guide_mode)
    if result.trace.get("gap"):
        gap_record(
            query=result.trace["gap"],
            step=session.step,
            question_id=message.question_id,
        )
    with transaction.atomic():
        if replaces:
            ChatMessage.objects.filter(
                session=session, reply_id=replaces, replaced_at=None
            ).update(replaced_at=timezone.now())
        reply = ChatMessage.objects.create(
            session=session,
            role="coach",
            text=result.text,
            reply_to=message,
            reply_id=reply_id,
            # The question the reply turned out to be about (it may name another).
            question_id=result.question_id or message.question_id,
            stopped=stopped,
            tools_used=result.tools_used,
            examples=result.examples,
            guide_questions=result.guide_questions,
            trace=result.trace,
        )
        if not stopped:  # a cut-off turn taught the coach nothing new
            CoachingSession.objects.filter(pk=session.pk).update(notes=result.notes)
            session.notes = result.notes
    # Committed: the reply is the one write (one version) of this turn since
    # its snapshot; a regenerate also marked the old reply replaced.
    if replaces:
        snapshots.forget(session)
    else:
        snapshots.reply_saved(session=session, text=reply.text)
    return reply


def feedback_save(
    *, session: CoachingSession, reply_id: str, rating: str, comment: str = ""
) -> Feedback:
    """Store the person's rating of one of their replies (a second one replaces it)."""
    reply = selectors.reply_by_id(session=session, reply_id=reply_id)
    if reply is None:
        raise InvalidInput("reply_id", NOT_FOUND)
    feedback, _ = Feedback.objects.update_or_create(
        message=reply, defaults={"rating": rating, "comment": comment}
    )
    return feedback
