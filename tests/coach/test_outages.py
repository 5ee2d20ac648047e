"""Outages and bad input: Redis down, a corrupt SQLite file, deeply nested JSON."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from django.test import override_settings

from coach.integrity import quick_check_file, startup_problem
from coach.models import CoachingSession

ROOT = Path(__file__).resolve().parents[2]
DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
}


@pytest.mark.django_db
def test_pages_render_and_the_workbook_loads_with_redis_down(client, knowledge):
    with override_settings(CACHES=DEAD_REDIS):
        for url in ("/", "/workbook/", "/profile/", "/results/"):
            response = client.get(url)
            assert response.status_code == 200, url
        page = client.get("/workbook/").content.decode()
        assert 'data-question="V01"' in page  # questions come from the database
        assert client.post("/session/").status_code == 204
        health = client.get("/healthz")
        assert health.status_code == 503
        # The cache holds the worker's heartbeat (the channel layer is still up
        # here; tests/processes/test_transport.py takes the whole Redis down).
        assert health.json()["checks"]["worker"] is False
    assert CoachingSession.objects.count() == 1


@pytest.mark.django_db
def test_deeply_nested_json_to_results_order_is_a_400(client, knowledge):
    body = "[" * 50_000 + "]" * 50_000
    response = client.post("/results/order", body, content_type="application/json")
    assert response.status_code == 400
    body = '{"values_order": ' + "[" * 50_000 + "]" * 50_000 + "}"
    response = client.post("/results/order", body, content_type="application/json")
    assert response.status_code == 400


def _database_with_rows(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        db.executemany(
            "INSERT INTO t (body) VALUES (?)", [("回答" * 200,) for _ in range(500)]
        )
        db.execute("CREATE INDEX t_body ON t (body)")
    db.close()


def test_quick_check_finds_a_corrupt_page_and_a_broken_header(tmp_path):
    path = tmp_path / "db.sqlite3"
    _database_with_rows(path)
    assert quick_check_file(path) is None
    with open(path, "r+b") as f:  # overwrite a page in the middle of the file
        f.seek(4096 * 20)
        f.write(os.urandom(4096))
    assert quick_check_file(path)
    broken = tmp_path / "broken.sqlite3"
    _database_with_rows(broken)
    with open(broken, "r+b") as f:
        f.write(b"this is not sqlite")
    assert "not a database" in quick_check_file(broken)


def test_startup_with_a_broken_database_header_prints_one_clear_line(tmp_path):
    _database_with_rows(tmp_path / "db.sqlite3")
    with open(tmp_path / "db.sqlite3", "r+b") as f:
        f.write(b"\0" * 100)
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(DJANGO_SETTINGS_MODULE="coach.settings", COACH_VAR_DIR=str(tmp_path))
    env.pop("REDIS_URL", None)
    proc = subprocess.run(
        [sys.executable, "manage.py", "runstack", "--port", "19139"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0
    out = (proc.stdout + proc.stderr).strip()
    assert "Traceback" not in out
    assert out.count("\n") == 0 and "数据库文件" in out and "已损坏" in out


def test_startup_problem_is_none_for_a_sound_database(tmp_path, settings):
    path = tmp_path / "db.sqlite3"
    _database_with_rows(path)
    settings.DATABASES = {
        "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}
    }
    assert startup_problem() is None
    with open(path, "r+b") as f:
        f.write(b"garbage" * 20)
    assert "已损坏" in startup_problem()
