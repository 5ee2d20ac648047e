"""Optional accounts: signup, login with the browser's workbook, recovery codes."""

import secrets

from django.contrib.auth import get_user_model, login
from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.utils import timezone

from coach.models import AnswerRevision, CoachingSession, RecoveryCode
from coach.services.archive import ARCHIVED_KEY
from coach.services.deletion import workbooks_delete
from coach.services.sessions import SESSION_KEY
from coach.services.transfer import (
    conversation_load,
    conversation_rows,
    workbook_empty,
)

PENDING_KEY = "coach_pending_workbook"  # the browser's workbook awaiting a choice
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read off paper


def recovery_code_issue(*, user) -> str:
    """Return a new recovery code for ``user``, replacing any old one (kept hashed)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(16))
    code = "-".join(raw[i : i + 4] for i in range(0, 16, 4))
    RecoveryCode.objects.update_or_create(
        user=user, defaults={"code_hash": make_password(code)}
    )
    return code


def recovery_code_use(*, username: str, code: str, password: str) -> str | None:
    """Reset the password if ``code`` is the account's; return the next code.

    The code works once: a new one replaces it. None when either is wrong
    (the caller does not say which).
    """
    user = get_user_model().objects.filter(username=username).first()
    stored = RecoveryCode.objects.filter(user=user).first() if user else None
    clean = code.strip().upper().replace(" ", "")
    if stored is None or not check_password(clean, stored.code_hash):
        return None
    user.set_password(password)
    user.save(update_fields=["password"])
    return recovery_code_issue(user=user)


def _browser_workbooks(request) -> tuple[CoachingSession | None, list[int]]:
    store = request.session
    anonymous = CoachingSession.objects.filter(
        pk=store.get(SESSION_KEY) or 0, user=None, archived_at=None
    ).first()
    return anonymous, list(store.get(ARCHIVED_KEY, []))


def _adopt_archived(user, ids: list[int]) -> None:
    CoachingSession.objects.filter(
        pk__in=ids, user=None, archived_at__isnull=False
    ).update(user=user)


def account_signup(*, request, user) -> str:
    """Sign the new ``user`` in with this browser's workbook; return their code."""
    anonymous, archived = _browser_workbooks(request)
    with transaction.atomic():
        if anonymous is not None:
            CoachingSession.objects.filter(pk=anonymous.pk).update(user=user)
        _adopt_archived(user, archived)
        code = recovery_code_issue(user=user)
    # A new session key: a key set in advance is worthless.
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session.pop(SESSION_KEY, None)
    request.session.pop(ARCHIVED_KEY, None)
    return code


def account_login(*, request, user) -> bool:
    """Sign ``user`` in, taking this browser's workbook along if nothing is lost.

    Return True when both this browser and the account hold written work: the
    person then chooses (workbook_choose); nothing is merged or dropped here.
    """
    anonymous, archived = _browser_workbooks(request)
    login(request, user)  # rotates the session key, keeping the browser's data
    request.session.pop(SESSION_KEY, None)
    request.session.pop(ARCHIVED_KEY, None)
    _adopt_archived(user, archived)
    if anonymous is None:
        return False
    current = CoachingSession.objects.filter(user=user, archived_at=None).first()
    if anonymous is not None and workbook_empty(session=anonymous):
        workbooks_delete(sessions=[anonymous])  # nothing written: nothing to keep
    elif current is None or workbook_empty(session=current):
        if current is not None:
            workbooks_delete(sessions=[current])
        CoachingSession.objects.filter(pk=anonymous.pk).update(user=user)
    else:
        request.session[PENDING_KEY] = anonymous.pk
        return True
    return False


def workbook_pending(*, request) -> CoachingSession | None:
    """Return the browser's workbook waiting for the person's choice, if any."""
    pending = request.session.get(PENDING_KEY)
    if not pending or not request.user.is_authenticated:
        return None
    return CoachingSession.objects.filter(
        pk=pending, user=None, archived_at=None
    ).first()


def workbook_choose(*, request, keep: str, picks: dict[str, str]) -> None:
    """Settle two workbooks: keep the account's, the browser's, or merge answers.

    Whatever is not kept open is archived into the account, never deleted:
    ``merge`` copies the browser's answers (where ``picks`` says "browser", or
    where the account has none) into the account's workbook, whose replaced
    text stays as a revision, and the browser's conversation with its
    ratings: the two read as one, in time order, and the coach sees both.
    Profile, results choices and cards stay the account's (the choice page
    says so); the browser's copies stay whole in its archived workbook.
    """
    from coach.services.answers import answer_save

    user, browser = request.user, workbook_pending(request=request)
    request.session.pop(PENDING_KEY, None)
    if browser is None:
        return
    account = CoachingSession.objects.get(user=user, archived_at=None)
    now = timezone.now()
    with transaction.atomic():
        if keep == "browser":
            CoachingSession.objects.filter(pk=account.pk).update(archived_at=now)
            CoachingSession.objects.filter(pk=browser.pk).update(user=user)
            return
        if keep == "merge":
            mine = dict(account.answers.values_list("question_id", "text"))
            for answer in browser.answers.exclude(text=""):
                old = mine.get(answer.question_id, "")
                if not old.strip() or picks.get(answer.question_id) == "browser":
                    if old.strip():  # the replaced text stays, whatever the window
                        AnswerRevision.objects.create(
                            answer=account.answers.get(question_id=answer.question_id),
                            text=old,
                        )
                    answer_save(
                        session=account,
                        question_id=answer.question_id,
                        text=answer.text,
                    )
            conversation_load(account, conversation_rows(browser))
        CoachingSession.objects.filter(pk=browser.pk).update(user=user, archived_at=now)
