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


def test_an_attacker_locked_out_does_not_lock_out_the_real_admin_elsewhere(
    client, admin_user
):
    """Axes locks on username+address, not on the username alone."""
    for i in range(5):
        attempt(client, f"wrong-{i}", address="10.0.0.2")
    assert attempt(client, PASSWORD, address="10.0.0.2").status_code == 429
    admin = Client()
    response = attempt(admin, PASSWORD, address="10.0.0.3")
    assert response.status_code == 302 and "_auth_user_id" in admin.session


def test_one_address_guessing_many_names_meets_the_per_address_cap(
    client, admin_user, settings
):
    settings.AXES_ADDRESS_FAILURE_LIMIT = 8
    for i in range(8):  # under the per-name limit for each, over the address cap
        attempt(client, "x", username=f"guess{i % 4}", address="10.0.0.4")
    refused = attempt(Client(), PASSWORD, address="10.0.0.4")
    assert refused.status_code == 429
    assert "这个网络地址最近已输错密码 8 次" in refused.content.decode()
    admin = Client()  # the real admin elsewhere is unaffected
    assert attempt(admin, PASSWORD, address="10.0.0.5").status_code == 302


def test_a_right_password_before_the_limit_logs_in(client, admin_user):
    for i in range(4):
        attempt(client, f"wrong-{i}")
    response = attempt(client, PASSWORD)
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200
