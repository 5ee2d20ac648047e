"""Start over, optional accounts, choosing between workbooks, and their security."""

import re
from datetime import date, timedelta

import pytest

from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from coach.models import (
    Answer,
    AnswerRevision,
    CardNote,
    ChatMessage,
    CoachingSession,
    DirectionCard,
    Feedback,
    RecoveryCode,
)
from coach.selectors import session_snapshot
from coach.services import answer_save
from tests.coach.marked import mark_new, workbook_marked

pytestmark = pytest.mark.django_db

PASSWORD = "blue-Lantern-4821"


def _workbook(client: Client) -> CoachingSession:
    assert client.post("/session/").status_code == 204
    if "_auth_user_id" in client.session:
        return CoachingSession.objects.get(
            user_id=client.session["_auth_user_id"], archived_at=None
        )
    return CoachingSession.objects.get(pk=client.session["coach_session_id"])


def _signup(client: Client, name: str = "xiaoming") -> str:
    response = client.post(
        "/accounts/signup/",
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200, response.content.decode()
    return re.search(
        r'data-testid="recovery-code">([A-Z0-9-]+)<', response.content.decode()
    ).group(1)


def _login(client: Client, name: str = "xiaoming", password: str = PASSWORD):
    return client.post("/accounts/login/", {"username": name, "password": password})


def test_start_over_archives_the_workbook_and_opens_a_fresh_one(client, knowledge):
    _signup(client)
    old = _workbook(client)
    answer_save(session=old, question_id="V01", text="旧工作簿的回答")

    client.post("/me/start-over/")

    fresh = _workbook(client)
    assert fresh.pk != old.pk and not fresh.answers.exists()
    old.refresh_from_db()
    assert old.archived_at is not None and old.user == fresh.user
    overview = client.get("/me/").content.decode()
    link = f"/me/archive/{old.public_id}/"
    assert link in overview and "存档" in overview
    assert f"{timezone.localtime(old.archived_at):%Y-%m-%d %H:%M} 存档" in overview
    page = client.get(link).content.decode()
    assert "旧工作簿的回答" in page and "只能查看" in page


def test_anonymous_start_over_is_kept_and_joins_the_account_at_signup(
    client, knowledge
):
    old = _workbook(client)
    answer_save(session=old, question_id="V01", text="注册前的旧回答")
    client.post("/me/start-over/")
    assert _workbook(client).pk != old.pk
    _signup(client)
    old.refresh_from_db()
    assert old.user is not None and old.archived_at is not None


def test_signup_attaches_the_workbook_and_shows_a_hashed_one_time_code(
    client, knowledge
):
    workbook = _workbook(client)
    answer_save(session=workbook, question_id="V01", text="我在乎自由")
    code = _signup(client)
    workbook.refresh_from_db()
    assert workbook.user.username == "xiaoming"
    stored = RecoveryCode.objects.get(user=workbook.user)
    assert code not in stored.code_hash and len(code) == 19


def test_signup_applies_the_password_validators(client, knowledge):
    response = client.post(
        "/accounts/signup/",
        {"username": "weak", "password1": "12345678", "password2": "12345678"},
    )
    assert not get_user_model().objects.filter(username="weak").exists()
    assert "密码" in response.content.decode()


def test_logging_in_elsewhere_opens_the_same_workbook(client, knowledge):
    workbook = _workbook(client)
    answer_save(session=workbook, question_id="V01", text="带到手机上")
    _signup(client)

    phone = Client()
    assert _login(phone).status_code == 302
    assert "带到手机上" in phone.get("/workbook/").content.decode()
    assert phone.get("/me/export.json").json()["answers"][0]["text"] == "带到手机上"


def test_another_browser_gets_everything_not_only_the_answers(client, knowledge):
    workbook_marked(_workbook(client), mark_new(), checkpointed=False)
    _signup(client)
    here = client.get("/me/export.json").json()

    phone = Client()
    _login(phone)
    there = phone.get("/me/export.json").json()

    # Answers, conversation with ratings, nudges, results, cards with their notes.
    for key in ("answers", "conversation", "nudges", "direction_cards", "profile"):
        assert there[key] and there[key] == here[key], key
    assert there["workbook"] == here["workbook"]


def test_logout_leaves_the_workbook_with_the_account(client, knowledge):
    answer_save(session=_workbook(client), question_id="V01", text="退出也还在")
    _signup(client)

    assert client.post("/accounts/logout/")["Location"] == "/"
    assert client.get("/me/export.json").json()["answers"] == []
    assert "_auth_user_id" not in client.session
    _login(client)
    assert client.get("/me/export.json").json()["answers"][0]["text"] == "退出也还在"


def test_two_written_workbooks_ask_and_merge_question_by_question(client, knowledge):
    mine = _workbook(client)
    answer_save(session=mine, question_id="V01", text="账号里的V01")
    answer_save(session=mine, question_id="V02", text="账号里的V02")
    _signup(client)
    phone = Client()
    theirs = _workbook(phone)
    answer_save(session=theirs, question_id="V01", text="手机里的V01")
    answer_save(session=theirs, question_id="V02", text="手机里的V02")
    answer_save(session=theirs, question_id="V03", text="手机里的V03")

    response = _login(phone)
    assert response["Location"] == "/accounts/choose/"
    page = phone.get("/accounts/choose/").content.decode()
    assert "账号里的V01" in page and "手机里的V01" in page

    phone.post("/accounts/choose/", {"keep": "merge", "pick-V01": "browser"})

    merged = dict(mine.answers.values_list("question_id", "text"))
    assert merged == {"V01": "手机里的V01", "V02": "账号里的V02", "V03": "手机里的V03"}
    # Nothing lost silently: the replaced text is a revision, the phone's archived.
    assert AnswerRevision.objects.filter(text="账号里的V01").exists()
    theirs.refresh_from_db()
    mine.refresh_from_db()
    assert theirs.user == mine.user and theirs.archived_at is not None
    assert mine.archived_at is None


def _said(session, role: str, text: str, hours: int, **more) -> ChatMessage:
    message = ChatMessage.objects.create(session=session, role=role, text=text, **more)
    at = timezone.now() - timedelta(days=2) + timedelta(hours=hours)
    ChatMessage.objects.filter(pk=message.pk).update(created_at=at)
    return message


def test_merging_keeps_both_conversations_in_time_order(client, knowledge):
    mine = _workbook(client)
    answer_save(session=mine, question_id="V01", text="账号里的V01")
    _said(mine, "user", "电脑上问的", 0)
    _said(mine, "coach", "电脑上答的", 3)
    _signup(client)
    phone = Client()
    theirs = _workbook(phone)
    answer_save(session=theirs, question_id="V01", text="手机里的V01")
    asked = _said(theirs, "user", "手机上问的", 1)
    reply = _said(
        theirs, "coach", "手机上答的", 2, reply_to=asked, reply_id=f"r{asked.pk}"
    )
    Feedback.objects.create(message=reply, rating="up", comment="手机上的评价")
    card = DirectionCard.objects.create(
        session=theirs, position=1, title="手机上的方向"
    )
    CardNote.objects.create(card=card, happened_on=date(2026, 11, 2), text="试过了")

    _login(phone)
    page = phone.get("/accounts/choose/").content.decode()
    # Said before the click: what happens to the conversation and the rest.
    assert "对话合成一串" in page and "2 条消息" in page
    assert "方向卡不合并" in page and "整份存档" in page
    phone.post("/accounts/choose/", {"keep": "merge"})

    said = phone.get("/me/export.json").json()["conversation"]
    assert [m["text"] for m in said] == [
        "电脑上问的",
        "手机上问的",
        "手机上答的",
        "电脑上答的",
    ]
    assert said[said[2]["reply_to"]]["text"] == "手机上问的"
    assert said[2]["rating"]["comment"] == "手机上的评价"
    assert ("user", "手机上问的") in session_snapshot(session=mine).recent_messages
    # The phone's workbook stays whole in the archive, its card and note viewable.
    assert theirs.messages.count() == 2
    archived = phone.get(f"/me/archive/{theirs.public_id}/").content.decode()
    assert "手机上问的" in archived and "手机上的方向" in archived
    assert "2026-11-02：试过了" in archived


def test_keeping_the_browsers_workbook_archives_the_accounts(client, knowledge):
    mine = _workbook(client)
    answer_save(session=mine, question_id="V01", text="账号里的")
    _signup(client)
    phone = Client()
    theirs = _workbook(phone)
    answer_save(session=theirs, question_id="V01", text="手机里的")
    _login(phone)
    phone.post("/accounts/choose/", {"keep": "browser"})
    assert _workbook(phone).pk == theirs.pk
    mine.refresh_from_db()
    assert mine.archived_at is not None


def test_an_empty_browser_workbook_gives_way_without_asking(client, knowledge):
    _signup(client)
    phone = Client()
    empty = _workbook(phone)
    assert _login(phone)["Location"] == "/workbook/"
    assert not CoachingSession.objects.filter(pk=empty.pk).exists()


def test_the_recovery_code_resets_the_password_once(client, knowledge):
    code = _signup(client, "amei")
    form = {"username": "amei", "code": code.lower(), "password1": "new-Kite-9917"}
    response = Client().post(
        "/accounts/recover/", {**form, "password2": "new-Kite-9917"}
    )
    assert "密码已重设" in response.content.decode()
    assert _login(Client(), "amei", "new-Kite-9917").status_code == 302
    again = Client().post("/accounts/recover/", {**form, "password2": "new-Kite-9917"})
    assert "用户名或恢复码不对" in again.content.decode()


def test_admins_can_reset_a_password(admin_client, knowledge):
    user = get_user_model().objects.create_user("lost", password=PASSWORD)
    page = admin_client.get(f"/admin/auth/user/{user.pk}/password/")
    assert page.status_code == 200


def test_login_rotates_the_session_key_so_it_cannot_be_fixed(client, knowledge):
    _signup(client)
    victim = Client()
    _workbook(victim)  # a key an attacker could have planted
    planted = victim.session.session_key
    _login(victim)
    assert victim.session.session_key != planted
    assert (
        not Client(HTTP_COOKIE=f"{settings.SESSION_COOKIE_NAME}={planted}")
        .get("/me/export.json")
        .json()["answers"]
    )


def test_signup_login_and_recovery_are_rate_limited(client, knowledge, settings):
    settings.ACCOUNT_RATE_PER_MINUTE = 2
    address = {"REMOTE_ADDR": "203.0.113.77"}
    for url in ("/accounts/login/", "/accounts/signup/", "/accounts/recover/"):
        codes = [
            client.post(url, {"username": "x"}, **address).status_code for _ in range(3)
        ]
        assert codes[-1] == 429, url
        assert "尝试太频繁了" in client.post(url, {}, **address).content.decode()


def test_wrong_passwords_lock_the_login_with_axes(client, knowledge):
    get_user_model().objects.create_user("target", password=PASSWORD)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "target", "wrong-guess")
    assert _login(client, "target", PASSWORD).status_code == 429


def test_account_forms_need_the_csrf_token(knowledge):
    strict = Client(enforce_csrf_checks=True)
    for url in (
        "/accounts/signup/",
        "/accounts/login/",
        "/accounts/recover/",
        "/accounts/logout/",
        "/me/start-over/",
        "/me/import/",
        "/me/delete/",
    ):
        assert strict.post(url, {}).status_code == 403, url


def test_nobody_reaches_another_persons_export_archive_or_delete(client, knowledge):
    _signup(client, "owner")
    mine = _workbook(client)
    answer_save(session=mine, question_id="V01", text="只属于我")
    client.post("/me/start-over/")
    stranger = Client()
    _workbook(stranger)
    # Another cookie sees only its own workbook; ids in URLs lead nowhere.
    assert "只属于我" not in stranger.get("/me/export.json").content.decode()
    assert stranger.get(f"/me/archive/{mine.public_id}/").status_code == 404
    stranger.post(
        "/accounts/signup/",
        {"username": "other", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert stranger.get(f"/me/archive/{mine.public_id}/").status_code == 404
    stranger.post("/me/delete/")
    assert Answer.objects.filter(text="只属于我").exists()
    assert get_user_model().objects.filter(username="owner").exists()
