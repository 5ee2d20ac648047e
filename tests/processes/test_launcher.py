"""`make run`'s launcher: serves, reports healthy, and stops without leftovers."""

import asyncio
import signal
import socket
import time

import psutil
import pytest

from django.conf import settings

from tests.processes.client import Client
from tests.processes.stack import (
    Stack,
    _drop_database,
    _external_database,
    manage_shell,
    stack_env,
)

pytestmark = pytest.mark.processes


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["term", "ctrl-c"])
def test_launcher_serves_healthy_stack_and_stops_leaving_no_process(tmp_path, sig):
    stack = Stack(tmp_path, WEB_PROCESSES="2")
    try:
        body = stack.wait_healthy()
        assert body["worker"]["ok"] is True  # beat scheduled, a worker ran it
        assert body["database"]["ok"] and body["redis"]["ok"]
        # The launcher prints the URL once its own port check passes, which can
        # be a moment after /healthz first answers.
        url = f"http://127.0.0.1:{stack.port}/"
        for _ in range(50):
            if url in stack.output():
                break
            time.sleep(0.2)
        assert url in stack.output()
        session = asyncio.run(_open_coach_socket(stack.port))
        assert session["type"] == "session" and session["questions"]
        children = psutil.Process(stack.proc.pid).children(recursive=True)
        names = " ".join(" ".join(c.cmdline()) for c in children)
        assert "daphne" in names and "worker" in names and "beat" in names
        # WEB_PROCESSES daphnes on the one port (tests/processes/test_recovery.py
        # shows them sharing its socket).
        assert sum("daphne" in c.cmdline() for c in children) == 2
        assert "2 个 daphne 进程" in stack.output()
        started = time.monotonic()
    finally:
        code = stack.stop(sig)
    assert code == 0
    assert time.monotonic() - started < 10
    # Redis stops last: the worker and beat never see it go (before, Ctrl-C
    # reached Redis with the launcher and the worker logged lost connections).
    for noise in ("Traceback", "ERROR", "Connection to broker lost"):
        assert noise not in stack.printed, stack.printed[-3000:]
    time.sleep(0.2)
    alive = [
        c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE
    ]
    assert alive == []


def test_launcher_on_a_busy_port_fails_with_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        stack = Stack(tmp_path, port=port)
        code = stack.proc.wait(timeout=60)
        out = stack.output()
        stack.stop()
    assert code != 0
    errors = [line for line in out.splitlines() if "端口" in line]
    assert len(errors) == 1 and str(port) in errors[0]


async def _open_coach_socket(port: int) -> dict:
    async with Client(port) as tab:
        await tab.send(type="ping")
        assert await tab.wait_for("pong", 5) == {"type": "pong"}
        return tab.session


EDIT = """
from knowledge.models import ValueEntry
from knowledge.services import record_save
entry = ValueEntry.objects.get(pk="V001")
entry.definition = "管理员在后台改过的定义"
record_save(record=entry)
"""
READ = """
from knowledge.models import ValueEntry
print(ValueEntry.objects.get(pk="V001").definition)
"""


def test_an_admin_edit_survives_a_restart_of_the_launcher(tmp_path):
    env = {}
    if not settings.EMBEDDED_TEST_REDIS:  # a database of its own on PostgreSQL
        env["DATABASE_URL"] = _external_database(tmp_path)
    try:
        first = Stack(tmp_path, **env)
        try:
            first.wait_healthy()
            manage_shell(
                stack_env(tmp_path, **env), EDIT
            )  # what saving the admin's form does
        finally:
            first.stop()
        second = Stack(tmp_path, **env)
        try:
            second.wait_healthy()
            kept = manage_shell(stack_env(tmp_path, **env), READ)
        finally:
            second.stop()
    finally:
        if env:
            _drop_database(env["DATABASE_URL"])
    assert kept == "管理员在后台改过的定义"
    assert "以数据库为准，未从 data/ 重新载入" in second.printed
