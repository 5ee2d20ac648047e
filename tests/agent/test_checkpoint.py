"""The persistent checkpointer: where it lives, and pruning old checkpoints."""

from __future__ import annotations

import sqlite3
import time
from types import SimpleNamespace

from langgraph.checkpoint.base.id import uuid6

from agent import checkpoint
from agent.api import run_turn
from agent.checkpoint import (
    OneHopSqliteSaver,
    checkpoint_target,
    checkpointer_get,
    checkpoints_prune,
    cutoff_id,
)
from tests.agent.conftest import snapshot


def test_cutoff_ids_sort_with_real_checkpoint_ids():
    now = str(uuid6())
    assert cutoff_id(time.time() - 60) < now < cutoff_id(time.time() + 60)


def test_sqlite_file_sits_next_to_the_django_database(monkeypatch, tmp_path):
    monkeypatch.delenv("AGENT_CHECKPOINT_PATH", raising=False)
    monkeypatch.setattr(
        checkpoint,
        "settings",
        SimpleNamespace(
            DATABASES={
                "default": {
                    "ENGINE": "django.db.backends.sqlite3",
                    "NAME": str(tmp_path / "db.sqlite3"),
                }
            }
        ),
    )
    assert checkpoint_target() == (
        "sqlite",
        str(tmp_path / "agent_checkpoints.sqlite3"),
    )


def test_postgres_uses_the_project_database(monkeypatch):
    monkeypatch.setattr(
        checkpoint,
        "settings",
        SimpleNamespace(
            DATABASES={
                "default": {
                    "ENGINE": "django.db.backends.postgresql",
                    "NAME": "coach",
                    "USER": "app",
                    "PASSWORD": "pw",
                    "HOST": "db",
                    "PORT": 5432,
                }
            }
        ),
    )
    kind, conninfo = checkpoint_target()
    assert kind == "postgres"
    assert all(
        p in conninfo for p in ("dbname=coach", "user=app", "host=db", "port=5432")
    )


async def test_the_saver_matches_the_project_database(kb):
    saver = await checkpointer_get()
    kind, target = checkpoint_target()
    assert saver is await checkpointer_get()
    if kind == "sqlite":  # the test database is in memory: a file of our own
        assert isinstance(saver, OneHopSqliteSaver) and target.endswith(".sqlite3")
    else:
        assert type(saver).__name__ == "AsyncPostgresSaver"


async def _turns(session_id: str, n: int, config) -> None:
    for _ in range(n):
        async for _event in run_turn(
            snapshot=snapshot(session_id=session_id),
            text="什么是价值观？",
            config=config,
        ):
            pass


def _sql(query: str, params: tuple = ()) -> list[tuple]:
    """Run ``query`` (``%s`` placeholders) on the checkpoint database."""
    kind, target = checkpoint_target()
    if kind == "sqlite":
        with sqlite3.connect(target) as db:
            return list(db.execute(query.replace("%s", "?"), params))
    import psycopg

    with psycopg.connect(target, autocommit=True) as db:
        cursor = db.execute(query, params)
        return list(cursor.fetchall()) if cursor.description else []


def _rows(thread: str) -> list[str]:
    return [
        r[0]
        for r in _sql(
            "SELECT checkpoint_id FROM checkpoints WHERE thread_id = %s ORDER BY 1",
            (thread,),
        )
    ]


async def test_exit_durability_writes_one_checkpoint_per_turn(kb, offline_config):
    before = len(_rows("one-per-turn"))
    await _turns("one-per-turn", 3, offline_config)
    assert len(_rows("one-per-turn")) - before == 3


async def test_prune_drops_idle_threads_and_keeps_the_latest_of_active_ones(
    kb, offline_config
):
    await _turns("active", 2, offline_config)
    await _turns("idle", 1, offline_config)
    old = cutoff_id(time.time() - 48 * 3600)
    # Age the idle thread and the first checkpoint of the active one by two days.
    _sql(
        "UPDATE checkpoints SET checkpoint_id = %s || substr(checkpoint_id, 9)"
        " WHERE thread_id = 'idle'",
        (old[:8],),
    )
    _sql(
        "UPDATE checkpoints SET checkpoint_id = %s WHERE checkpoint_id = %s",
        (old, _rows("active")[0]),
    )
    latest = _rows("active")[-1]
    removed = checkpoints_prune(older_than_hours=24)
    assert removed == 2
    assert _rows("idle") == [] and _rows("active") == [latest]
    assert checkpoints_prune(older_than_hours=24) == 0
