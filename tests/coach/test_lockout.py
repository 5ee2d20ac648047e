"""Admin login lockout: 5 wrong passwords lock the username and the address."""

import logging

import pytest
from axes.models import AccessAttempt

from django.test import Client

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-admin-password-1"


@pytest.fixture
def admin_user(django_user_model):
    return django_user_model.objects.create_superuser(
        "boss", "boss@example.com", PASSWORD
    )


def attempt(client: Client, password: str, *, username="boss", address="10.0.0.1"):
    return client.post(
        "/admin/login/?next=/admin/",
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def test_five_wrong_passwords_lock_the_admin_out_even_with_the_right_one(
    client, admin_user, caplog
):
    for i in range(4):
        response = attempt(client, f"wrong-{i}")
        assert response.status_code == 200  # the login form again
    with caplog.at_level(logging.WARNING, logger="axes"):
        assert attempt(client, "wrong-4").status_code == 429  # the fifth locks
    assert "Locking out" in caplog.text  # the lockout is logged
    response = attempt(client, PASSWORD)
    assert response.status_code == 429
    page = response.content.decode()
    assert "已被锁定 15 分钟" in page and "连续输错 5 次" in page
    assert "_auth_user_id" not in client.session
    assert client.get("/admin/").status_code == 302  # still not logged in
    assert AccessAttempt.objects.get(username="boss").failures_since_start >= 5


def test_the_username_stays_locked_from_another_address(client, admin_user):
    for i in range(5):
        attempt(client, f"wrong-{i}", address="10.0.0.2")
    other = Client()
    assert attempt(other, PASSWORD, address="10.0.0.3").status_code == 429


def test_the_address_stays_locked_for_another_username(client, admin_user):
    for i in range(5):
        attempt(client, "x", username=f"guess{i}", address="10.0.0.4")
    assert attempt(Client(), PASSWORD, address="10.0.0.4").status_code == 429


def test_a_right_password_before_the_limit_logs_in(client, admin_user):
    for i in range(4):
        attempt(client, f"wrong-{i}")
    response = attempt(client, PASSWORD)
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200
