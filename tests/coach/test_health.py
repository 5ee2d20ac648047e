"""Health endpoint: booleans for anyone, details for staff or the token."""

import logging

import pytest

from django.contrib.auth.models import User

from coach.health import TOKEN_HEADER, heartbeat_record

TOKEN = "health-probe-token-for-tests"
SECRET_WORDS = (
    "sqlite",
    "postgresql",
    "RedisChannelLayer",
    "offline",
    "心跳",
    "vendor",
)


def details(client, **extra):
    return client.get("/healthz", headers={TOKEN_HEADER: TOKEN}, **extra)


@pytest.mark.django_db
def test_healthz_is_degraded_without_worker_heartbeat(client, settings):
    settings.HEALTHZ_TOKEN = TOKEN
    response = details(client)
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["worker"]["ok"] is False
    assert body["database"]["ok"] is True
    assert body["redis"]["ok"] is True


@pytest.mark.django_db
def test_a_degraded_healthz_is_a_warning_not_an_error_in_the_logs(client, caplog):
    from coach.logs import HealthzUnavailable

    with caplog.at_level(logging.WARNING):
        assert client.get("/healthz").status_code == 503  # no worker heartbeat yet
    assert [r.levelname for r in caplog.records if r.name == "django.request"] == []
    assert any("worker" in r.getMessage() for r in caplog.records)
    # Any other 503 still reaches the logs as an error.
    other = logging.LogRecord("django.request", logging.ERROR, "", 0, "x", (), None)
    other.status_code = 503
    other.request = type("R", (), {"path": "/workbook/"})()
    assert HealthzUnavailable().filter(other)


@pytest.mark.django_db
def test_healthz_is_ok_with_fresh_heartbeat(client, settings):
    settings.HEALTHZ_TOKEN = TOKEN
    heartbeat_record()
    response = details(client)
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "ok"
    assert body["llm"]["mode"] == "offline"


@pytest.mark.django_db
def test_anonymous_callers_get_booleans_only(client, settings, caplog):
    settings.HEALTHZ_TOKEN = TOKEN
    with caplog.at_level(logging.WARNING, logger="coach.health"):
        response = client.get("/healthz", headers={TOKEN_HEADER: "wrong"})
    assert response.status_code == 503  # no heartbeat yet
    body = response.json()
    assert body == {
        "status": "degraded",
        "checks": {
            "database": True,
            "redis": True,
            "worker": False,
            "knowledge": True,
            "coach": True,
        },
    }
    text = response.content.decode()
    assert not any(word in text for word in SECRET_WORDS)
    # The failure's details went to the log instead.
    assert "health check worker failed" in caplog.text and "心跳" in caplog.text


@pytest.mark.django_db
def test_no_token_configured_means_no_details_by_header(client, settings):
    settings.HEALTHZ_TOKEN = ""
    body = client.get("/healthz", headers={TOKEN_HEADER: ""}).json()
    assert set(body) == {"status", "checks"}


@pytest.mark.django_db
def test_staff_get_the_details(client):
    staff = User.objects.create_user("ops", password="x", is_staff=True)
    client.force_login(staff)
    body = client.get("/healthz").json()
    assert body["database"]["vendor"] in ("sqlite", "postgresql")
    assert body["checks"]["database"] is True


@pytest.mark.django_db
def test_a_process_still_warming_up_is_not_ready_for_turns(client, settings):
    # daphne listens before its classifiers and index are loaded (coach/asgi.py):
    # pages are served, but a turn would spend its time limit waiting.
    from coach import warmth

    settings.HEALTHZ_TOKEN = TOKEN
    heartbeat_record()
    warmth.begin()
    try:
        response = client.get("/healthz", headers={TOKEN_HEADER: TOKEN})
        assert response.status_code == 503
        assert response.json()["checks"]["coach"] is False
        assert "正在加载" in response.json()["coach"]["detail"]
    finally:
        warmth.done()
    response = client.get("/healthz", headers={TOKEN_HEADER: TOKEN})
    assert response.status_code == 200 and response.json()["checks"]["coach"] is True
