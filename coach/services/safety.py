"""Risk in what the person writes outside the chat: answers and the profile.

The chat's messages are checked inside the agent's turn (agent/safety); saved
answers and profile texts are checked here, as they are saved, before any nudge
can be written about them. A risk flags the session for a day (no nudges, the
help link on every page) and an answer gets a care message in the chat — saved
like any reply, so it is there after a reload. Nothing quotes the risk back.
"""

from __future__ import annotations

import uuid

from django.utils import timezone

from agent.api import Risk, assess_all, assess_written, replies
from coach.models import ChatMessage, CoachingSession, Profile
from knowledge.selectors import question_get


def risk_from_trace(trace: dict) -> Risk:
    """Return the risk a reply's trace recorded (for a turn's care act)."""
    raw = trace.get("risk") or {}
    if trace.get("act") not in ("crisis", "checkin") or not raw.get("kind"):
        return Risk()
    return Risk(
        raw["kind"],
        raw.get("level", "check"),
        raw.get("score", 0.0),
        firm=bool(raw.get("firm")),
    )


def risk_record(*, session: CoachingSession, risk: Risk) -> bool:
    """Flag the session with the risk's kind (not its words); return whether found.

    Pending nudges are dropped with it: the scan skips a flagged session anyway.
    """
    if not risk.found:
        return False
    now = timezone.now()
    CoachingSession.objects.filter(pk=session.pk).update(
        risk_at=now, risk_kind=risk.kind, guide_due_at=None
    )
    session.risk_at, session.risk_kind, session.guide_due_at = now, risk.kind, None
    return True


def _care_text(risk: Risk, question_id: str) -> str:
    question = question_get(question_id=question_id) if question_id else None
    where = f"第{question.number}题" if question else ""
    if risk.level == "check":
        lead = f"看到你在{where}写下的话，" if where else "看到你写下的话，"
        slots = replies.checkin_slots(risk.kind, firm=risk.firm)[1:]
        return lead + replies.text(slots)
    return replies.text(replies.answer_slots(risk.family, risk.kind, where))


def answer_care(
    *, session: CoachingSession, question_id: str, text: str
) -> ChatMessage | None:
    """Check a saved answer; on risk, flag the session and save a care message."""
    # A saved answer needs surer ground for the full reply than a message does:
    # a phrasing with an ordinary sense alone is a check-in (round 30b).
    risk = assess_written(text)
    if not risk_record(session=session, risk=risk):
        return None
    act = "crisis" if risk.level == "high" else "checkin"
    return ChatMessage.objects.create(
        session=session,
        role="coach",
        text=_care_text(risk, question_id),
        question_id=question_id,
        reply_id=f"care-{uuid.uuid4().hex[:12]}",
        trace={"act": act, "risk": risk.dump(), "source": "answer"},
    )


def profile_risk(profile: Profile) -> Risk:
    """Return the gravest risk in the profile's free texts."""
    texts = [profile.occupation, profile.about]
    for job in profile.work_history or []:
        texts += [str(v) for v in (job or {}).values()]
    return assess_all(texts)


def profile_care(*, session: CoachingSession, profile: Profile) -> Risk:
    """Check the profile's free texts; on risk, flag the session. Return the risk."""
    risk = profile_risk(profile)
    risk_record(session=session, risk=risk)
    return risk


def profile_care_text(*, session: CoachingSession) -> str:
    """Return what the profile page says when its texts carry a risk ("" for none)."""
    risk = (
        Risk(session.risk_kind, "high")
        if session.risk_kind and session.risk_at
        else Risk()
    )
    profile = Profile.objects.filter(session=session).first()
    if profile is not None:
        found = profile_risk(profile)
        risk = found if found.found else Risk()
    if not risk.found:
        return ""
    if risk.level == "check":
        slots = replies.checkin_slots(risk.kind, firm=risk.firm)[1:]
        return "看到你写下的话，" + replies.text(slots)
    return replies.text(replies.answer_slots(risk.family, risk.kind, "资料里"))
