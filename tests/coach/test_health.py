"""Health endpoint."""

import pytest

from coach.health import heartbeat_record


@pytest.mark.django_db
def test_healthz_is_degraded_without_worker_heartbeat(client):
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["worker"]["ok"] is False
    assert body["database"]["ok"] is True
    assert body["redis"]["ok"] is True


@pytest.mark.django_db
def test_healthz_is_ok_with_fresh_heartbeat(client):
    heartbeat_record()
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "ok"
    assert body["llm"]["mode"] == "offline"
