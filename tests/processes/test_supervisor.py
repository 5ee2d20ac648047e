"""The supervisor behind `make run` on tiny children: restart, back off, give up."""

import sys
import time
from pathlib import Path

import pytest

from coach.supervisor import Child, Restart, Supervisor

pytestmark = pytest.mark.processes

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def _tick_until(supervisor: Supervisor, done, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert supervisor.tick() is None
        assert time.monotonic() < deadline
        time.sleep(0.02)


def test_the_pause_before_a_restart_doubles_per_recent_death_up_to_a_cap():
    policy = Restart(first_delay=0.5, max_delay=8)
    assert [policy.delay(n) for n in range(1, 8)] == [0.5, 1, 2, 4, 8, 8, 8]


def test_a_killed_child_is_restarted_and_the_operator_reads_its_name_and_exit_code():
    lines: list[str] = []
    supervisor = Supervisor(log=lines.append)
    try:
        first = supervisor.start(
            Child("sleeper", SLEEPER, restart=Restart(first_delay=0.1))
        )
        bystander = supervisor.start(Child("bystander", SLEEPER))
        first.kill()
        child = supervisor.children[0]
        _tick_until(supervisor, lambda: child.proc is not first)
        assert child.proc is not None and child.proc.poll() is None
        assert supervisor.children[1].proc is bystander and bystander.poll() is None
    finally:
        supervisor.stop()
    assert lines == [
        "子进程 sleeper 意外退出，退出码 -9（SIGKILL），"
        "0.1 秒后重启（60 秒内第 1 次）。",
        f"已重启子进程 sleeper（pid {child.proc.pid}）。",
    ]
    assert all(
        c.proc is not None and c.proc.poll() is not None for c in supervisor.children
    )


def test_a_child_failing_fast_again_and_again_makes_the_supervisor_give_up():
    lines: list[str] = []
    supervisor = Supervisor(log=lines.append)
    policy = Restart(first_delay=0.01, max_deaths=3, window=30)
    deadline = time.monotonic() + 20  # a guard: run() must end by itself
    try:
        supervisor.start(
            Child("crasher", _python("raise SystemExit(3)"), restart=policy)
        )
        bystander = supervisor.start(Child("bystander", SLEEPER))
        code = supervisor.run(lambda: time.monotonic() > deadline)
    finally:
        supervisor.stop()
    assert code == 1
    assert bystander.poll() is not None  # stop() ended the others too
    restarts = [line for line in lines if line.startswith("子进程 crasher 意外退出")]
    assert [line.split("，")[1] for line in restarts] == ["退出码 3", "退出码 3"]
    assert lines[-1].startswith(
        "错误：子进程 crasher 在 30 秒内退出了 3 次，最后一次退出码 3，不再重启"
    )


def test_deaths_further_apart_than_the_window_never_add_up():
    lines: list[str] = []
    supervisor = Supervisor(log=lines.append)
    # Each run lasts longer than the window, so each death is the only recent one.
    policy = Restart(first_delay=0.01, max_deaths=2, window=0.3)
    until = time.monotonic() + 2.5
    try:
        supervisor.start(
            Child("slow", _python("import time; time.sleep(0.5)"), restart=policy)
        )
        code = supervisor.run(lambda: time.monotonic() > until)
    finally:
        supervisor.stop()
    assert code == 0
    deaths = [line for line in lines if line.startswith("子进程 slow 意外退出")]
    assert len(deaths) >= 2
    assert all(line.endswith("内第 1 次）。") for line in deaths)


def test_a_child_marked_stops_last_outlives_the_others_at_stop(tmp_path: Path):
    supervisor = Supervisor(log=lambda line: None)
    seen, ready = tmp_path / "seen", tmp_path / "ready"
    try:
        last = supervisor.start(Child("redis-like", SLEEPER, stops_last=True))
        # On SIGTERM this child records whether the other one is still alive.
        watcher = (
            "import os, signal, sys, time\n"
            "def bye(*_):\n"
            f"    alive = os.path.exists('/proc/{last.pid}')"
            f" and open('/proc/{last.pid}/stat').read().split()[2] != 'Z'\n"
            f"    open({str(seen)!r}, 'w').write(str(alive))\n"
            "    sys.exit(0)\n"
            "signal.signal(signal.SIGTERM, bye)\n"
            f"open({str(ready)!r}, 'w').close()\n"
            "time.sleep(60)\n"
        )
        supervisor.start(Child("user", _python(watcher)))
        deadline = time.monotonic() + 20
        while not ready.exists():  # the watcher has set its handler
            assert time.monotonic() < deadline
            time.sleep(0.02)
    finally:
        supervisor.stop()
    assert seen.read_text() == "True"
    assert last.poll() is not None
