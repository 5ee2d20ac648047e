"""The guidance scan: find due sessions, raise at most one nudge per episode, push it.

Cost grows with the number of due sessions: only ``guide_due_at <= now`` rows are
read (an indexed column). Due sessions are judged a chunk at a time in a constant
number of queries (the sessions with their profiles, their answers, their recent
nudges; one bulk insert; one conditional reschedule), and each visited session is
rescheduled to its next exact deadline or to NULL when nothing more can fire in
its episode.
"""

import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from agent.api import assess_all
from coach import protocol, push
from coach.models import Answer, CoachingSession, Guidance
from coach.selectors import care_active, guidance_data, session_snapshot
from coach.services.reschedule import sessions_reschedule
from coach.services.safety import profile_risk
from coach.timing import trigger_due

log = logging.getLogger(__name__)
BATCH = 2000  # due sessions one scan looks at; the rest wait for the next scan
CHUNK = 250  # sessions judged and written together


@dataclass
class Verdict:
    """What the scan decided for one session: its new schedule and maybe a nudge."""

    session: CoachingSession
    updates: dict
    guidance: Guidance | None = None


def _labels_like(text: str) -> frozenset[str]:
    """Return knowledge names close to ``text`` (for the lone-label rule)."""
    from knowledge.selectors import entry_search

    hits = entry_search(query=text.strip()[:20], limit=3) if text.strip() else []
    return frozenset(h.name for h in hits if h.category != "questions")


def _away(session: CoachingSession, now: datetime) -> bool:
    """Return whether no tab has shown the page for GUIDE_AWAY_SECONDS."""
    since = session.away_since
    return since is not None and (now - since).total_seconds() >= (
        settings.GUIDE_AWAY_SECONDS
    )


def _content(
    session: CoachingSession, answers: list[Answer], trigger: str, facts: dict, now
) -> dict:
    from agent.api import guidance_build

    answer = facts.get("answer")
    # The profile came with the session (select_related): no query per nudge.
    snapshot = session_snapshot(
        session=session,
        answers={a.question_id: a.text for a in answers if a.text},
        with_history=False,
        profile=getattr(session, "profile", None),
    )
    about = snapshot.question_id
    if answer is not None and trigger in ("short_answer", "vague_answer"):
        about = answer.question_id  # the answer judged, not whatever is on screen
    elif trigger == "stuck":
        about = session.focus_question_id  # the question they are stuck on
    if about != snapshot.question_id:
        snapshot = snapshot.__class__(**{**snapshot.__dict__, "question_id": about})
    minutes = int((now - session.last_activity_at).total_seconds() // 60)
    content = guidance_build(
        trigger=trigger,
        snapshot=snapshot,
        minutes_idle=minutes,
        answer_text=answer.text if answer else "",
        away=_away(session, now),
    )
    return {**content, "question_id": snapshot.question_id or ""}


def _blocked(
    session: CoachingSession, nudges: list[tuple[int, datetime]], now: datetime
) -> tuple[bool, datetime | None]:
    """Return (already nudged this episode, retry time if over the hourly cap)."""
    if any(episode == session.activity_episode for episode, _ in nudges):
        return True, None
    hour_ago = now - timedelta(hours=1)
    recent = sorted(created for _, created in nudges if created > hour_ago)
    if len(recent) >= settings.GUIDE_HOURLY_CAP:
        return False, recent[0] + timedelta(hours=1)
    return False, None


def _judge(
    session: CoachingSession,
    answers: list[Answer],
    nudges: list[tuple[int, datetime]],
    now: datetime,
    done: frozenset[tuple[str, str]] = frozenset(),
) -> Verdict:
    """Decide one session from rows already read; touches no database."""
    if session.guide_mode == "quiet":
        # The page promises "教练不会主动提醒你": no nudge of any kind, and no
        # more looks until the person turns quiet mode off (issue 28).
        return Verdict(session, {"guide_due_at": None})
    nudged, retry_at = (
        (True, None) if session.finished_at else _blocked(session, nudges, now)
    )
    if nudged or retry_at:
        return Verdict(session, {"guide_due_at": retry_at})
    if care_active(session=session):
        return Verdict(session, {"guide_due_at": None})  # a day of quiet after a risk
    # Before any nudge is written: risk in an answer or the profile means none,
    # and the session is flagged (a nudge never quotes such words back).
    profile = getattr(session, "profile", None)
    risk = assess_all([a.text for a in answers])
    if not risk.found and profile is not None:
        risk = profile_risk(profile)
    if risk.found:
        return Verdict(
            session, {"guide_due_at": None, "risk_at": now, "risk_kind": risk.kind}
        )
    trigger, facts = trigger_due(
        session, answers, now, labels_like=_labels_like, done=done
    )
    updates: dict = {"guide_due_at": min(facts["deadlines"], default=None)}
    if facts["answer_judged"]:
        updates["answer_judged_at"] = facts["answer"].updated_at
    if not trigger:
        return Verdict(session, updates)
    content = _content(session, answers, trigger, facts, now)
    guidance = Guidance(
        session=session,
        trigger=trigger,
        episode=session.activity_episode,
        question_id=content.get("question_id", ""),
        cause=facts["cause"],
        text=content["text"],
        examples=content["examples"],
        suggestions=content["suggestions"],
        guide_questions=content["guide_questions"],
    )
    return Verdict(session, {**updates, "guide_due_at": None}, guidance)


def _read(session_ids: list[int], now: datetime):
    """Read a chunk's sessions, answers, nudges and nudged causes: four queries."""
    sessions = list(
        CoachingSession.objects.filter(pk__in=session_ids).select_related("profile")
    )
    answers: dict[int, list[Answer]] = defaultdict(list)
    for answer in Answer.objects.filter(session_id__in=session_ids).only(
        "session_id", "question_id", "text", "updated_at"
    ):
        answers[answer.session_id].append(answer)
    nudges: dict[int, list[tuple[int, datetime]]] = defaultdict(list)
    for session_id, episode, created in Guidance.objects.filter(
        Q(created_at__gt=now - timedelta(hours=1))
        | Q(episode=F("session__activity_episode")),
        session_id__in=session_ids,
    ).values_list("session_id", "episode", "created_at"):
        nudges[session_id].append((episode, created))
    done: dict[int, set[tuple[str, str]]] = defaultdict(set)
    for session_id, trigger, cause in (
        Guidance.objects.filter(session_id__in=session_ids, cancelled_at=None)
        .exclude(cause="")
        .values_list("session_id", "trigger", "cause")
    ):
        done[session_id].add((trigger, cause))
    return sessions, answers, nudges, done


def _save(verdicts: list[Verdict]) -> list[Guidance]:
    """Write a chunk's nudges and schedules in one transaction; return new nudges."""
    with transaction.atomic():
        new = [v.guidance for v in verdicts if v.guidance is not None]
        Guidance.objects.bulk_create(new, ignore_conflicts=True)
        # ignore_conflicts returns no keys: read the rows back and keep ours. A
        # racing scan's row for the same episode carries its own created_at.
        stamps = {(g.session_id, g.episode): g.created_at for g in new}
        saved = {
            (g.session_id, g.episode): g
            for g in Guidance.objects.filter(
                session_id__in=[g.session_id for g in new],
                created_at__gte=min(stamps.values(), default=timezone.now()),
            )
            if stamps.get((g.session_id, g.episode)) == g.created_at
        }
        # A session whose nudge lost the race is left to the scan that won it.
        kept = [
            v
            for v in verdicts
            if v.guidance is None
            or (v.guidance.session_id, v.guidance.episode) in saved
        ]
        moved = sessions_reschedule(
            plans=[(v.session.pk, v.session.activity_episode, v.updates) for v in kept]
        )
        # Activity since we read a session owns its schedule, and its nudge is void.
        void = [
            saved.pop((pk, episode)).pk
            for pk, episode in moved
            if (pk, episode) in saved
        ]
        if void:
            Guidance.objects.filter(pk__in=void).delete()
    return list(saved.values())


def chunk_scan(*, session_ids: list[int], now: datetime) -> list[Guidance]:
    """Judge a chunk of due sessions and save their nudges; return the new ones."""
    sessions, answers, nudges, done = _read(session_ids, now)
    verdicts = []
    for session in sessions:
        try:
            verdicts.append(
                _judge(
                    session,
                    answers[session.pk],
                    nudges[session.pk],
                    now,
                    frozenset(done[session.pk]),
                )
            )
        except Exception:  # one broken session must not starve the others
            log.exception("guidance scan failed", extra={"session": session.pk})
    return _save(verdicts) if verdicts else []


def session_scan(*, session_id: int, now: datetime | None = None) -> Guidance | None:
    """Look at one due session; create and return a nudge if one is due."""
    found = chunk_scan(session_ids=[session_id], now=now or timezone.now())
    return found[0] if found else None


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
    created: list[Guidance] = []
    for start in range(0, len(due), CHUNK):
        created += chunk_scan(session_ids=due[start : start + CHUNK], now=now)
    # Saved first: a nudge whose push fails still arrives on the next connect.
    guidance_send(guidance=created)
    return len(created)
