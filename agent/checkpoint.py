"""Persistent LangGraph checkpointer on the project's database, and its pruning.

SQLite (the embedded default): a file next to the Django database, so agent
writes never queue behind the app's write lock. PostgreSQL: the same database
through ``AsyncPostgresSaver``. One saver per event loop (daphne has one).
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import tempfile
import time
import weakref
from collections.abc import AsyncIterator, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.base.id import UUID
from langgraph.checkpoint.sqlite import SqliteSaver

from django.conf import settings

FILE_NAME = "agent_checkpoints.sqlite3"
CHECKPOINT_POOL_MAX = 4  # PostgreSQL connections per process for the saver
_SAVERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_LOCKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def checkpoint_target() -> tuple[str, str]:
    """Return ``("sqlite", path)`` or ``("postgres", conninfo)`` for this project."""
    db = settings.DATABASES["default"]
    if "postgresql" in db["ENGINE"]:
        from psycopg.conninfo import make_conninfo

        parts = {
            "dbname": db.get("NAME"),
            "user": db.get("USER"),
            "password": db.get("PASSWORD"),
            "host": db.get("HOST"),
            "port": str(db.get("PORT") or ""),
        }
        return "postgres", make_conninfo(**{k: v for k, v in parts.items() if v})
    if path := os.environ.get("AGENT_CHECKPOINT_PATH"):
        return "sqlite", path
    name = str(db.get("NAME") or "")
    if name and name != ":memory:" and "mode=memory" not in name:
        return "sqlite", str(Path(name).with_name(FILE_NAME))
    # An in-memory Django database (tests): a file private to this process.
    return "sqlite", str(
        Path(tempfile.gettempdir()) / f"agent_cp_{os.getpid()}.sqlite3"
    )


def prepare_threshold(db: dict) -> int | None:
    """Prepare statements at once, unless a PgBouncer may be in front of ``db``.

    Without Django's pool (DB_POOL_MAX=0) a PgBouncer in transaction mode may
    hand each statement to another server connection, where a prepared
    statement does not exist.
    """
    return None if db.get("DISABLE_SERVER_SIDE_CURSORS") else 0


class OneHopSqliteSaver(SqliteSaver):
    """LangGraph's SQLite saver whose async calls take one thread hop each.

    LangGraph's AsyncSqliteSaver goes through aiosqlite, which hops to its
    thread and back for every cursor, execute, fetch and close: a turn's read
    and write were a dozen hops, each waking the event loop (issue 29:
    aiosqlite's thread ~15% of daphne's samples under load). Here each call
    runs the sync saver's method whole on a thread of its own: one connection,
    one thread, so calls run in order. Same tables, same rows.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        """Wrap ``conn`` (opened with ``check_same_thread=False``)."""
        super().__init__(conn)
        self.thread = ThreadPoolExecutor(1, thread_name_prefix="checkpoints")

    async def _hop(self, fn, /, *args, **kwargs):
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.thread, partial(fn, *args, **kwargs))

    async def aget_tuple(self, config: RunnableConfig):
        """Return the thread's latest (or the named) checkpoint."""
        return await self._hop(self.get_tuple, config)

    async def alist(  # type: ignore[override]
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator:
        """Yield checkpoints, read in one hop."""
        found = await self._hop(
            lambda: list(self.list(config, filter=filter, before=before, limit=limit))
        )
        for item in found:
            yield item

    async def aput(self, config, checkpoint, metadata, new_versions):
        """Save a checkpoint."""
        return await self._hop(self.put, config, checkpoint, metadata, new_versions)

    async def aput_writes(self, config, writes, task_id, task_path=""):
        """Save a task's pending writes."""
        return await self._hop(self.put_writes, config, writes, task_id, task_path)

    async def adelete_thread(self, thread_id: str) -> None:
        """Delete a thread's checkpoints and writes."""
        await self._hop(self.delete_thread, thread_id)

    async def aget_delta_channel_history(
        self, *, config: RunnableConfig, channels: Sequence[str]
    ):
        """Walk the parent chain for delta channels, in one hop."""
        return await self._hop(
            self.get_delta_channel_history, config=config, channels=channels
        )

    async def aclose(self) -> None:
        """Close the connection on its own thread, then stop the thread."""
        await self._hop(self.conn.close)
        self.thread.shutdown(wait=False)


def _sqlite_connect(path: str) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=20, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


async def _open() -> BaseCheckpointSaver:
    kind, target = checkpoint_target()
    saver: BaseCheckpointSaver
    if kind == "postgres":
        from langgraph.checkpoint.postgres.aio import AsyncPostgresSaver
        from psycopg.rows import dict_row
        from psycopg_pool import AsyncConnectionPool

        # A turn holds a connection for two short statements (read the thread,
        # write it at exit), so a few serve a whole process.
        pool: AsyncConnectionPool = AsyncConnectionPool(
            target,
            open=False,
            min_size=1,
            max_size=CHECKPOINT_POOL_MAX,
            kwargs={
                "autocommit": True,
                "prepare_threshold": prepare_threshold(settings.DATABASES["default"]),
                "row_factory": dict_row,
            },
        )
        await pool.open()
        saver = AsyncPostgresSaver(pool)  # type: ignore[arg-type]  # dict_row rows
    else:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        sqlite_saver = OneHopSqliteSaver(
            await asyncio.to_thread(_sqlite_connect, target)
        )
        await sqlite_saver._hop(sqlite_saver.setup)
        return sqlite_saver
    await saver.setup()
    return saver


async def checkpointer_get() -> BaseCheckpointSaver:
    """Return this event loop's persistent checkpointer, opening it once."""
    loop = asyncio.get_running_loop()
    lock = _LOCKS.setdefault(loop, asyncio.Lock())
    async with lock:
        if loop not in _SAVERS:
            _SAVERS[loop] = await _open()
        return _SAVERS[loop]


async def checkpointer_close() -> None:
    """Close this event loop's checkpointer (tests and orderly shutdown)."""
    saver = _SAVERS.pop(asyncio.get_running_loop(), None)
    if isinstance(saver, OneHopSqliteSaver):
        await saver.aclose()
    elif saver is not None:
        await saver.conn.close()


def cutoff_id(timestamp: float) -> str:
    """Return the smallest checkpoint id (UUIDv6) LangGraph could mint at ``timestamp``.

    Checkpoint ids sort by time as strings, so "older than" is a string compare.
    """
    ticks = int(timestamp * 10_000_000) + 0x01B21DD213814000
    value = ((ticks >> 12) & 0xFFFFFFFFFFFF) << 80 | (ticks & 0x0FFF) << 64
    return str(UUID(int=value, version=6))


def _prune_sqlite(path: str, cutoff: str) -> int:
    if not Path(path).exists():
        return 0
    with sqlite3.connect(path, timeout=20) as db:
        if not db.execute(
            "SELECT 1 FROM sqlite_master WHERE name='checkpoints'"
        ).fetchone():
            return 0
        before = db.execute("SELECT count(*) FROM checkpoints").fetchone()[0]
        # Idle threads go entirely: the chat layer holds the conversation and notes.
        db.execute(
            "DELETE FROM checkpoints WHERE thread_id IN (SELECT thread_id FROM "
            "checkpoints GROUP BY thread_id HAVING max(checkpoint_id) < ?)",
            (cutoff,),
        )
        # Active threads keep their latest checkpoint per namespace.
        db.execute(
            "DELETE FROM checkpoints WHERE checkpoint_id < ? AND checkpoint_id < ("
            "SELECT max(c.checkpoint_id) FROM checkpoints c WHERE "
            "c.thread_id = checkpoints.thread_id "
            "AND c.checkpoint_ns = checkpoints.checkpoint_ns)",
            (cutoff,),
        )
        db.execute(
            "DELETE FROM writes WHERE NOT EXISTS (SELECT 1 FROM checkpoints c WHERE "
            "c.thread_id = writes.thread_id AND c.checkpoint_ns = writes.checkpoint_ns "
            "AND c.checkpoint_id = writes.checkpoint_id)"
        )
        after = db.execute("SELECT count(*) FROM checkpoints").fetchone()[0]
    return before - after


def _count(conn: Any) -> int:
    row = conn.execute("SELECT count(*) AS n FROM checkpoints").fetchone()
    return int(row["n"]) if row else 0


@contextmanager
def _postgres_saver(conninfo: str) -> Iterator[tuple[Any, Any]]:
    """Yield (connection, saver) on a short autocommit connection, schema ready."""
    import psycopg
    from langgraph.checkpoint.postgres import PostgresSaver
    from psycopg.rows import dict_row

    with psycopg.connect(
        conninfo,
        autocommit=True,
        prepare_threshold=prepare_threshold(settings.DATABASES["default"]),
        row_factory=dict_row,
    ) as conn:
        saver = PostgresSaver(conn)
        saver.setup()
        yield conn, saver


def _prune_postgres(conninfo: str, cutoff: str) -> int:
    with _postgres_saver(conninfo) as (conn, saver):
        before = _count(conn)
        rows = conn.execute(
            "SELECT thread_id, max(checkpoint_id) AS latest, min(checkpoint_id) AS "
            "oldest FROM checkpoints GROUP BY thread_id"
        ).fetchall()
        idle = [r["thread_id"] for r in rows if r["latest"] < cutoff]
        old = [
            r["thread_id"]
            for r in rows
            if r["latest"] >= cutoff and r["oldest"] < cutoff
        ]
        if idle:
            saver.prune(idle, strategy="delete")
        if old:
            saver.prune(old, strategy="keep_latest")
        return before - _count(conn)


def checkpoints_prune(*, older_than_hours: int = 24) -> int:
    """Delete checkpoints older than ``older_than_hours``; return how many went.

    A thread idle that long is deleted whole; a thread still in use keeps its
    latest checkpoint. Safe to run while turns are running (a periodic task).
    """
    cutoff = cutoff_id(time.time() - older_than_hours * 3600)
    kind, target = checkpoint_target()
    if kind == "postgres":
        return _prune_postgres(target, cutoff)
    return _prune_sqlite(target, cutoff)


def _delete_sqlite(path: str, thread_ids: list[str]) -> None:
    if not Path(path).exists():
        return
    with sqlite3.connect(path, timeout=20) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")} & {
            "checkpoints",
            "writes",
        }
        for table in sorted(tables):
            db.executemany(
                f"DELETE FROM {table} WHERE thread_id = ?",  # noqa: S608 - fixed names
                [(t,) for t in thread_ids],
            )


def _delete_postgres(conninfo: str, thread_ids: list[str]) -> None:
    with _postgres_saver(conninfo) as (_, saver):
        for thread_id in thread_ids:
            saver.delete_thread(thread_id)


def checkpoints_delete(*, thread_ids: list[str]) -> None:
    """Delete every checkpoint and pending write of these threads (a person's data)."""
    if not thread_ids:
        return
    kind, target = checkpoint_target()
    if kind == "postgres":
        _delete_postgres(target, thread_ids)
    else:
        _delete_sqlite(target, thread_ids)
