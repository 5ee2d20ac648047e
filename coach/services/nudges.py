"""The guidance scan: find due sessions, raise at most one nudge per episode, push it.

Cost grows with the number of due sessions: only ``guide_due_at <= now`` rows are
read (an indexed column), and each visited session is rescheduled to its next
exact deadline or to NULL when nothing more can fire in its episode.
"""

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from coach import protocol, push
from coach.models import Answer, CoachingSession, Guidance
from coach.selectors import guidance_data
from coach.timing import trigger_due

log = logging.getLogger(__name__)
BATCH = 2000


def _labels_like(text: str) -> frozenset[str]:
    """Return knowledge names close to ``text`` (for the lone-label rule)."""
    from knowledge.selectors import entry_search

    hits = entry_search(query=text.strip()[:20], limit=3) if text.strip() else []
    return frozenset(h.name for h in hits if h.category != "questions")


def _content(
    session: CoachingSession, answers: list[Answer], trigger: str, facts: dict, now
) -> dict:
    from agent.api import guidance_build
    from coach.selectors import session_snapshot

    answer = facts.get("answer")
    snapshot = session_snapshot(
        session=session,
        answers={a.question_id: a.text for a in answers if a.text},
        with_history=False,
    )
    if answer is not None and trigger in ("short_answer", "vague_answer"):
        # Talk about the answer that was judged, not whatever is on screen.
        snapshot = snapshot.__class__(
            **{**snapshot.__dict__, "question_id": answer.question_id}
        )
    minutes = int((now - session.last_activity_at).total_seconds() // 60)
    content = guidance_build(
        trigger=trigger,
        snapshot=snapshot,
        minutes_idle=minutes,
        answer_text=answer.text if answer else "",
    )
    return {**content, "question_id": snapshot.question_id or ""}


def _blocked(session: CoachingSession, now: datetime) -> tuple[bool, datetime | None]:
    """Return (already nudged this episode, retry time if over the hourly cap)."""
    hour_ago = now - timedelta(hours=1)
    rows = list(
        Guidance.objects.filter(session=session)
        .filter(Q(episode=session.activity_episode) | Q(created_at__gt=hour_ago))
        .order_by("created_at")
        .values_list("episode", "created_at")
    )
    if any(episode == session.activity_episode for episode, _ in rows):
        return True, None
    recent = [created for _, created in rows if created > hour_ago]
    if len(recent) >= settings.GUIDE_HOURLY_CAP:
        return False, recent[0] + timedelta(hours=1)
    return False, None


def session_scan(*, session_id: int, now: datetime | None = None) -> Guidance | None:
    """Look at one due session; create and return a nudge if one is due."""
    now = now or timezone.now()
    session = CoachingSession.objects.filter(pk=session_id).first()
    if session is None:
        return None
    episode = session.activity_episode
    nudged, retry_at = (True, None) if session.finished_at else _blocked(session, now)
    if nudged or retry_at:
        CoachingSession.objects.filter(pk=session.pk, activity_episode=episode).update(
            guide_due_at=retry_at
        )
        return None
    answers = list(
        Answer.objects.filter(session=session).only("question_id", "text", "updated_at")
    )
    trigger, facts = trigger_due(session, answers, now, labels_like=_labels_like)
    content = _content(session, answers, trigger, facts, now) if trigger else None
    with transaction.atomic():
        updates: dict = {"guide_due_at": min(facts["deadlines"], default=None)}
        if facts["answer_judged"]:
            updates["answer_judged_at"] = facts["answer"].updated_at
        guidance = None
        if content is not None:
            updates["guide_due_at"] = None  # one nudge per episode
            try:
                with transaction.atomic():
                    guidance = Guidance.objects.create(
                        session=session,
                        trigger=trigger,
                        episode=episode,
                        question_id=content.get("question_id", ""),
                        text=content["text"],
                        examples=content["examples"],
                        suggestions=content["suggestions"],
                        guide_questions=content["guide_questions"],
                    )
            except IntegrityError:  # a racing scan already nudged this episode
                return None
        # Activity since we read the session owns the schedule now: leave it.
        changed = CoachingSession.objects.filter(
            pk=session.pk, activity_episode=episode
        ).update(**updates)
        if not changed and guidance is not None:
            transaction.set_rollback(True)
            return None
    return guidance


def guidance_send(*, guidance: list[Guidance]) -> None:
    """Push saved nudges to every open socket of their sessions, in one loop."""
    push.guidance_push(
        (item.session_id, protocol.guidance_frame(guidance_data(item)))
        for item in guidance
    )


def guidance_scan(*, now: datetime | None = None) -> int:
    """Scan all due sessions once; return how many nudges were sent."""
    now = now or timezone.now()
    due = list(
        CoachingSession.objects.filter(guide_due_at__lte=now)
        .order_by("guide_due_at")
        .values_list("pk", flat=True)[:BATCH]
    )
    created = []
    for session_id in due:
        try:
            if (guidance := session_scan(session_id=session_id, now=now)) is not None:
                created.append(guidance)
        except Exception:  # one broken session must not starve the others
            log.exception("guidance scan failed", extra={"session": session_id})
    # Saved first: a nudge whose push fails still arrives on the next connect.
    guidance_send(guidance=created)
    return len(created)
