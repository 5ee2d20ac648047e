"""Sliding session expiry: a workbook in use never expires; a renewal a day at most."""

from datetime import timedelta

import pytest

from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from coach.middleware import RENEWED_KEY
from coach.models import CoachingSession

pytestmark = pytest.mark.django_db

DAY = 24 * 60 * 60


def _started(client: Client) -> CoachingSession:
    assert client.post("/session/").status_code == 204
    return CoachingSession.objects.get(pk=client.session["coach_session_id"])


def _age_session(client: Client, days: int) -> None:
    """Pretend the last renewal happened ``days`` ago (cookie and row alike)."""
    store = client.session
    store[RENEWED_KEY] = (timezone.localdate() - timedelta(days=days)).isoformat()
    store.save()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now()
        + timedelta(seconds=settings.SESSION_COOKIE_AGE)
        - timedelta(days=days)
    )


def test_default_keeps_an_unused_workbook_for_180_days():
    assert settings.SESSION_DAYS == 180
    assert settings.SESSION_COOKIE_AGE == 180 * DAY


def test_a_visit_on_a_later_day_moves_the_expiry_forward(client, knowledge):
    workbook = _started(client)
    _age_session(client, days=100)
    CoachingSession.objects.filter(pk=workbook.pk).update(
        last_seen_at=timezone.now() - timedelta(days=100)
    )
    before = Session.objects.get().expire_date

    response = client.get("/results/")

    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert int(cookie["max-age"]) == settings.SESSION_COOKIE_AGE
    after = Session.objects.get().expire_date
    assert after - before > timedelta(days=99)
    assert after > timezone.now() + timedelta(days=179)
    workbook.refresh_from_db()
    assert workbook.last_seen_at > timezone.now() - timedelta(minutes=1)


def test_the_cookie_is_renewed_at_most_once_a_day(client, knowledge):
    _started(client)
    first = client.get("/workbook/")
    assert settings.SESSION_COOKIE_NAME in first.cookies  # today's renewal
    again = client.get("/workbook/")
    assert settings.SESSION_COOKIE_NAME not in again.cookies


def test_a_reader_without_a_cookie_gets_no_session(client, knowledge):
    response = client.get("/")
    assert settings.SESSION_COOKIE_NAME not in response.cookies
    assert not Session.objects.exists()


def test_the_home_page_says_how_long_an_unused_workbook_is_kept(client, knowledge):
    text = client.get("/").content.decode()
    assert "最后一次打开它之后保留 180 天" in text
