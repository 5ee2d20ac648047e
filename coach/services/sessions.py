"""Coaching sessions: finding a visitor's session, activity, focus, step, mode."""

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from coach.models import CoachingSession, Guidance
from coach.services.visits import visit_mark
from coach.timing import first_check_delay

SESSION_KEY = "coach_session_id"


def _session_found(*, store, user) -> CoachingSession | None:
    """Return the existing coaching session for a session store and user."""
    if user is not None and user.is_authenticated:
        return CoachingSession.objects.filter(user=user, archived_at=None).first()
    session_id = store.get(SESSION_KEY)
    if not session_id:
        return None
    return CoachingSession.objects.filter(
        pk=session_id, user=None, archived_at=None
    ).first()


def _session_for(*, store, user) -> CoachingSession:
    """Return the coaching session for a Django session store and user."""
    found = _session_found(store=store, user=user)
    if found is not None:
        return found
    if user is not None and user.is_authenticated:
        return CoachingSession.objects.get_or_create(user=user, archived_at=None)[0]
    coaching = CoachingSession.objects.create()
    store[SESSION_KEY] = coaching.pk
    store.save()
    return coaching


def session_for_request(*, request) -> CoachingSession:
    """Return (creating if needed) the visitor's session for an HTTP request.

    Only writes call this (a POST): reading a page must not cost a row, or
    anyone could fill the database with cookieless GET or HEAD requests.
    """
    return _session_for(store=request.session, user=getattr(request, "user", None))


def session_known(*, request) -> bool:
    """Return whether the visitor already has a coaching session (a read)."""
    user = getattr(request, "user", None)
    return _session_found(store=request.session, user=user) is not None


def session_peek(*, request) -> CoachingSession:
    """Return the visitor's session, or an unsaved blank one; never write.

    Reading ``request.session`` does not create a Django session row either:
    the session middleware saves only a store that was modified.
    """
    found = _session_found(store=request.session, user=getattr(request, "user", None))
    return found if found is not None else CoachingSession()


def session_seen(*, request) -> None:
    """Record that the visitor used their workbook today (retention counts from it)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        rows = CoachingSession.objects.filter(user=user, archived_at=None)
    else:
        rows = CoachingSession.objects.filter(
            pk=request.session.get(SESSION_KEY) or 0, user=None
        )
    rows.update(last_seen_at=timezone.now())


def session_for_scope(*, scope) -> CoachingSession | None:
    """Return the visitor's session for a WebSocket scope, or None if unknown.

    A socket never creates a session: the visitor must have loaded a page first,
    so the cookie, not anything sent over the socket, decides who this is.
    """
    user = scope.get("user")
    if user is not None and user.is_authenticated:
        return CoachingSession.objects.get_or_create(user=user, archived_at=None)[0]
    store = scope.get("session")
    session_id = store.get(SESSION_KEY) if store is not None else None
    if not session_id:
        return None
    return CoachingSession.objects.filter(
        pk=session_id, user=None, archived_at=None
    ).first()


def activity_mark(*, session: CoachingSession, **changes) -> None:
    """Record user activity: a new episode starts and pending nudges are void.

    ``changes`` (step, focus, mode…) are written in the same UPDATE.
    """
    now = timezone.now()
    for name, value in changes.items():
        setattr(session, name, value)
    # Quiet mode and a finished workbook: nothing will ever be due.
    silent = session.finished_at or session.guide_mode == "quiet"
    due = None if silent else now + first_check_delay()
    # No savepoint inside a caller's transaction (a chat saves its message in
    # the same one): each savepoint is two more round trips on PostgreSQL.
    with transaction.atomic(savepoint=False):
        CoachingSession.objects.filter(pk=session.pk).update(
            **changes,
            last_activity_at=now,
            activity_episode=F("activity_episode") + 1,
            guide_due_at=due,
        )
        Guidance.objects.filter(
            session=session, delivered_at=None, cancelled_at=None
        ).update(cancelled_at=now)
    session.last_activity_at, session.guide_due_at = now, due
    # Another tab may have moved the episode too: read it back only if asked
    # (a deferred field loads on access), not on every chat and answer.
    session.__dict__.pop("activity_episode", None)


def focus_set(*, session: CoachingSession, question_id: str) -> None:
    """Record the question now on screen (feeds stuck detection)."""
    changes: dict = {"question_id": question_id}
    if session.focus_question_id != question_id:
        changes.update(focus_question_id=question_id, focus_since=timezone.now())
        visit_mark(session=session, question_id=question_id)
    activity_mark(session=session, **changes)


def presence_set(*, session: CoachingSession, visible: bool) -> None:
    """Record whether a tab shows the page now (not activity: no new episode).

    Hidden or closed starts the "away" clock unless it already runs; visible
    stops it. The scan reads it to choose a "welcome back" opener.
    """
    rows = CoachingSession.objects.filter(pk=session.pk)
    if visible:
        rows.update(away_since=None)
        session.away_since = None
    else:  # the first tab to leave starts the clock; the scan reads it fresh
        rows.filter(away_since=None).update(away_since=timezone.now())


def step_set(*, session: CoachingSession, step: str) -> None:
    """Move the session to another workbook step."""
    activity_mark(session=session, step=step)


def preference_set(*, session: CoachingSession, guide_mode: str) -> None:
    """Switch between normal and quiet guidance."""
    activity_mark(session=session, guide_mode=guide_mode)


def results_save(*, session: CoachingSession, results: dict) -> None:
    """Store the person's own ordering and picks on the results page."""
    CoachingSession.objects.filter(pk=session.pk).update(results=results)
    session.results = results
