"""Read-side of the product app: what the socket, pages and agent need."""

from datetime import timedelta

from django.db.models import Q, Sum
from django.utils import timezone

from agent.api import SessionSnapshot
from agent.api import choice_text as offered_text
from coach.models import (
    Answer,
    ChatMessage,
    CoachingSession,
    DirectionCard,
    Guidance,
    Profile,
)
from knowledge import selectors as knowledge

HISTORY_LIMIT = 200
RECENT_FOR_AGENT = 10


def answers_by_question(*, session: CoachingSession) -> dict[str, str]:
    """Return question_id -> latest answer text, non-empty answers only."""
    if session.pk is None:  # a visitor who has not written anything yet
        return {}
    rows = Answer.objects.filter(session=session).exclude(text="")
    return dict(rows.values_list("question_id", "text"))


def cards_for_session(*, session: CoachingSession) -> list[DirectionCard]:
    """Return the session's direction cards, newest round first, with their notes."""
    if session.pk is None:
        return []
    rows = DirectionCard.objects.filter(session=session).prefetch_related("notes")
    return list(rows.order_by("-round", "position"))


def card_get(*, session: CoachingSession, card_id: int) -> DirectionCard | None:
    """Return one of the session's own cards; another session's id finds nothing."""
    if session.pk is None:
        return None
    return DirectionCard.objects.filter(session=session, pk=card_id).first()


def step_progress(
    *, session: CoachingSession, step: str, answers: dict[str, str] | None = None
) -> dict:
    """Return {done, total} answered questions of ``step``."""
    answers = answers_by_question(session=session) if answers is None else answers
    ids = [q.id for q in knowledge.questions_for_step(step=step)]
    return {
        "done": sum(1 for qid in ids if answers.get(qid, "").strip()),
        "total": len(ids),
    }


def message_history(*, session: CoachingSession, limit: int = HISTORY_LIMIT) -> list:
    """Return the last ``limit`` history entries, oldest first.

    Chat messages and delivered nudges, merged in time order: a nudge the person
    saw is part of the conversation (a nudge sits where it was delivered). A
    regenerated reply is gone from the conversation (its row stays for admin).
    """
    if session.pk is None:  # a visitor who has not written anything yet
        return []
    rows = (
        ChatMessage.objects.filter(session=session, replaced_at=None)
        .select_related("feedback")
        .order_by("-created_at", "-id")
    )
    nudges = Guidance.objects.filter(
        session=session, delivered_at__isnull=False
    ).order_by("-delivered_at", "-id")
    entries = [(m.created_at, _history_entry(m)) for m in reversed(rows[:limit])]
    entries += [(g.delivered_at, _guidance_entry(g)) for g in reversed(nudges[:limit])]
    entries.sort(key=lambda pair: pair[0])  # stable: equal times keep their order
    return [entry for _, entry in entries[-limit:]]


def _guidance_entry(guidance: Guidance) -> dict:
    return {
        "role": "guidance",
        "guidance_id": guidance.pk,
        "trigger": guidance.trigger,
        "text": guidance.text,
        "time": guidance.delivered_at.isoformat(),
        "question_id": guidance.question_id,
        "guide_questions": guidance.guide_questions,
        "read": guidance.read_at is not None,
    }


def _history_entry(message: ChatMessage) -> dict:
    entry = {
        "role": message.role,
        "text": message.text,
        "time": message.created_at.isoformat(),
        "question_id": message.question_id,
    }
    if message.role == "user":
        entry.update(client_id=message.client_id, selection=message.selection)
        return entry
    entry.update(
        reply_id=message.reply_id,
        rating=_rating(message),
        stopped=message.stopped,
        examples=message.examples,
        tools_used=message.tools_used,
        choices=(message.trace or {}).get("choices") or [],
    )
    return entry


CARE_DAYS = 1  # how long after a risk the workbook stays quiet (coach/services/safety)
CARE_ACTS = ("crisis", "care", "checkin")


def care_active(*, session: CoachingSession) -> bool:
    """Return whether the risk check flagged the session within the last day."""
    since = timezone.now() - timedelta(days=CARE_DAYS)
    return bool(session.risk_at and session.risk_at >= since)


def login_failures(*, address: str, since) -> int:
    """Return admin login failures from ``address`` since ``since`` (axes' rows)."""
    from axes.models import AccessAttempt

    found = AccessAttempt.objects.filter(
        ip_address=address, attempt_time__gte=since
    ).aggregate(total=Sum("failures_since_start"))
    return found["total"] or 0


def care_for_visitor(*, session_id: int | None, user) -> bool:
    """Return whether the visitor's session was flagged in the last day (one read)."""
    since = timezone.now() - timedelta(days=CARE_DAYS)
    if user is not None:
        return CoachingSession.objects.filter(
            user=user, archived_at=None, risk_at__gte=since
        ).exists()
    if not session_id:
        return False
    return CoachingSession.objects.filter(pk=session_id, risk_at__gte=since).exists()


def reply_data(*, reply: ChatMessage, new: bool = False) -> dict:
    """Return what the final `reply` frame says about a stored reply.

    ``new``: the reply was just saved, so nobody has rated it (no read).
    """
    return {
        "reply_id": reply.reply_id,
        "text": reply.text,
        "question_id": reply.question_id,
        "tools_used": reply.tools_used,
        "examples": reply.examples,
        "guide_questions": reply.guide_questions,
        "stopped": reply.stopped,
        "rating": None if new else _rating(reply),
        # A care reply: the page shows where to find help, and stays calm.
        "care": (reply.trace or {}).get("act") in CARE_ACTS,
        # The next steps the coach offers; the page shows the newest reply's.
        "choices": (reply.trace or {}).get("choices") or [],
    }


def _rating(reply: ChatMessage) -> str | None:
    feedback = getattr(reply, "feedback", None)
    return feedback.rating if feedback is not None else None


def reply_current(*, message: ChatMessage) -> ChatMessage | None:
    """Return the reply now standing for a user message (None: unanswered)."""
    return (
        message.replies.filter(replaced_at=None)
        .select_related("feedback")
        .order_by("-created_at", "-id")
        .first()
    )


def choice_text(
    *, session: CoachingSession, reply_id: str, choice_id: str
) -> str | None:
    """Return the message a choice stands for, if this session's reply offered it."""
    reply = reply_by_id(session=session, reply_id=reply_id)
    offered = ((reply.trace or {}).get("choices") or []) if reply else []
    return offered_text(choice_id, offered)


def reply_by_id(*, session: CoachingSession, reply_id: str) -> ChatMessage | None:
    """Return this session's standing reply ``reply_id`` (another's: None)."""
    return (
        ChatMessage.objects.filter(
            session=session, role="coach", reply_id=reply_id, replaced_at=None
        )
        .select_related("reply_to")
        .first()
    )


def message_latest(*, session: CoachingSession) -> ChatMessage | None:
    """Return the session's latest standing chat message."""
    return (
        ChatMessage.objects.filter(session=session, replaced_at=None)
        .order_by("-created_at", "-id")
        .first()
    )


def profile_get(*, session: CoachingSession) -> Profile | None:
    """Return the session's profile, if the person filled one in."""
    if session.pk is None:  # a visitor who has not written anything yet
        return None
    return Profile.objects.filter(session=session).first()


def message_unanswered(
    *, session: CoachingSession, within_seconds: int
) -> ChatMessage | None:
    """Return the latest user message if it is recent and has no coach reply."""
    since = timezone.now() - timedelta(seconds=within_seconds)
    last = message_latest(session=session)
    if last and last.role == "user" and last.created_at >= since:
        return last
    return None


def guidance_data(guidance: Guidance) -> dict:
    """Return what a `guidance` frame says about a stored nudge."""
    return {
        "guidance_id": guidance.pk,
        "trigger": guidance.trigger,
        "text": guidance.text,
        "examples": guidance.examples,
        "suggestions": guidance.suggestions,
        "guide_questions": guidance.guide_questions,
        "question_id": guidance.question_id,
    }


def guidance_unread(*, session: CoachingSession) -> list[dict]:
    """Return nudges not yet read nor voided by later activity."""
    if session.pk is None:  # a visitor who has not written anything yet
        return []
    rows = (
        Guidance.objects.filter(session=session, read_at=None)
        .filter(Q(cancelled_at=None) | ~Q(delivered_at=None))
        .order_by("created_at")
    )
    return [guidance_data(g) for g in rows]


def guide_chips(*, step: str) -> list[dict]:
    """Return the quick-pick chips of a step."""
    return [
        {"id": g.id, "text": g.text, "type": g.type}
        for g in knowledge.guide_questions_for_step(step=step)
    ]


def session_data(*, session: CoachingSession) -> dict:
    """Return what the `session` frame sent on connect holds."""
    answers = answers_by_question(session=session)
    steps = []
    for step in knowledge.STEPS:
        info = knowledge.step_info(step=step)
        steps.append(
            {
                "id": step,
                "title": info.title if info else step,
                "progress": step_progress(session=session, step=step, answers=answers),
            }
        )
    questions = [
        {
            "id": q.id,
            "step": q.step,
            "number": q.number,
            "text": q.text,
            "hint": q.hint,
            "example": q.example,
        }
        for q in knowledge.questions_all()
    ]
    return {
        "session_id": str(session.public_id),
        "step": session.step,
        "question_id": session.question_id,
        "steps": steps,
        "questions": questions,
        "answers": answers,
        "history": message_history(session=session),
        "guide_questions": {s: guide_chips(step=s) for s in knowledge.STEPS},
        "guide_mode": session.guide_mode,
        "care": care_active(session=session),
        "unread_guidance": guidance_unread(session=session),
    }


_UNREAD = object()  # session_snapshot reads the profile itself


def session_row(*, session: CoachingSession, fields: tuple[str, ...]) -> dict:
    """Return ``fields`` of the session's row as stored now (one query, no model)."""
    return CoachingSession.objects.filter(pk=session.pk).values(*fields).get()


def session_snapshot(
    *,
    session: CoachingSession,
    answers: dict[str, str] | None = None,
    with_history: bool = True,
    leave_out: int | None = None,
    profile: Profile | None | object = _UNREAD,
) -> SessionSnapshot:
    """Return what the agent may know about this session (and nothing else).

    Callers that already hold the answers (or the profile) pass them; nudges skip
    the chat history; a regenerate leaves out the reply it is replacing.
    """
    if profile is _UNREAD:
        profile = profile_get(session=session)
    assert profile is None or isinstance(profile, Profile)
    recent = (
        ChatMessage.objects.filter(session=session, replaced_at=None)
        .exclude(pk=leave_out)
        .order_by("-created_at", "-id")[:RECENT_FOR_AGENT]
        if with_history
        else []
    )
    return SessionSnapshot(
        session_id=str(session.public_id),
        step=session.step,
        question_id=session.question_id or None,
        user_info={
            "nickname": profile.nickname,
            "age_range": profile.age_range,
            "occupation": profile.occupation,
            "about": profile.about,
        }
        if profile
        else {},
        work_history=list(profile.work_history) if profile else [],
        answers=answers_by_question(session=session) if answers is None else answers,
        recent_messages=[(m.role, m.text) for m in reversed(recent)],
        notes=dict(session.notes),
        guide_mode=session.guide_mode,
        care=session.risk_kind if care_active(session=session) else "",
    )


def workbooks_archived(*, user) -> list[CoachingSession]:
    """Return an account's archived workbooks, newest first."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        CoachingSession.objects.filter(user=user, archived_at__isnull=False)
        .select_related("profile")
        .order_by("-archived_at")
    )


def workbook_archived_get(*, user, public_id) -> CoachingSession | None:
    """Return one of the account's archived workbooks; None for anyone else's."""
    if user is None or not user.is_authenticated:
        return None
    return CoachingSession.objects.filter(
        user=user, public_id=public_id, archived_at__isnull=False
    ).first()


def workbook_read_only(*, session: CoachingSession) -> dict:
    """Return what an archived workbook's page shows: answers, conversation, cards."""
    answers = answers_by_question(session=session)
    return {
        "workbook": session,
        "answers": [
            {"question": q.text, "answer": answers[q.id]}
            for q in knowledge.questions_all()
            if answers.get(q.id)
        ],
        "conversation": ChatMessage.objects.filter(
            session=session, replaced_at=None
        ).order_by("created_at", "id"),
        "cards": DirectionCard.objects.filter(session=session)
        .prefetch_related("notes")
        .order_by("round", "position"),
    }


def workbooks_compare(*, account: CoachingSession, browser: CoachingSession) -> dict:
    """Return what the choice page shows: both workbooks and their differing answers."""
    mine = answers_by_question(session=account)
    theirs = answers_by_question(session=browser)
    differ = [
        {"id": q.id, "question": q.text, "account": mine[q.id], "browser": theirs[q.id]}
        for q in knowledge.questions_all()
        if mine.get(q.id, "").strip()
        and theirs.get(q.id, "").strip()
        and mine[q.id] != theirs[q.id]
    ]
    return {
        "account_answers": sum(1 for t in mine.values() if t.strip()),
        "browser_answers": sum(1 for t in theirs.values() if t.strip()),
        "browser_messages": ChatMessage.objects.filter(session=browser).count(),
        "differ": differ,
    }
