"""Keep the stack's processes running: restart a dead child, stop all on a signal.

A child that dies is started again after a pause that doubles with each of its
recent deaths. One that keeps dying (``max_deaths`` within ``window`` seconds)
is not a passing fault but a broken setup: restarting it for ever would only
hide that, so the supervisor gives up and the launcher stops everything.
"""

import os
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

STOP_GRACE = 8.0  # seconds before a child that ignores SIGTERM is killed
TICK = 0.2  # seconds between looks at the children


@dataclass(frozen=True)
class Restart:
    """When a dead child starts again, and when to give up on it."""

    first_delay: float = 0.25  # the pause before the first restart
    max_delay: float = 8.0  # the pause doubles per recent death up to this
    max_deaths: int = 5  # this many deaths ...
    window: float = 60.0  # ... within this many seconds: give up

    def delay(self, deaths: int) -> float:
        """Return the pause before restarting a child with ``deaths`` recent deaths."""
        return min(self.max_delay, self.first_delay * 2 ** max(0, deaths - 1))


@dataclass
class Child:
    """One supervised process: its name, its command line and its restart policy."""

    name: str
    argv: list[str]
    env: dict[str, str] | None = None
    pass_fds: tuple[int, ...] = ()  # e.g. the listening socket daphne adopts
    restart: Restart = Restart()
    stops_last: bool = False  # the embedded Redis: the others use it until they stop
    proc: subprocess.Popen | None = field(default=None, init=False)
    deaths: deque[float] = field(default_factory=deque, init=False)
    due: float | None = field(default=None, init=False)  # when a dead child restarts

    def start(self) -> subprocess.Popen:
        """Start the process in a session of its own and return it."""
        # Its own process group: a terminal's Ctrl-C reaches only the launcher,
        # which then stops the children in order.
        self.proc = subprocess.Popen(
            self.argv, env=self.env, pass_fds=self.pass_fds, start_new_session=True
        )
        self.due = None
        return self.proc


def exit_text(code: int) -> str:
    """Return an exit code as the operator reads it (``-9`` is SIGKILL)."""
    if code < 0:
        try:
            return f"{code}（{signal.Signals(-code).name}）"
        except ValueError:
            pass
    return str(code)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class Supervisor:
    """Start children, restart the ones that die, stop them all at the end."""

    def __init__(self, *, log: Callable[[str], None] = _say) -> None:
        """Supervise no child yet; ``log`` takes one line for the operator."""
        self.children: list[Child] = []
        self.log = log

    def start(self, child: Child) -> subprocess.Popen:
        """Start ``child`` now, supervise it from now on, and return its process."""
        self.children.append(child)
        return child.start()

    def tick(self) -> str | None:
        """Look at every child once: restart the due, schedule the dead.

        Return a message when a child failed too often to go on, else None.
        """
        now = time.monotonic()
        for child in self.children:
            if child.due is not None:
                if now >= child.due:
                    proc = child.start()
                    self.log(f"已重启子进程 {child.name}（pid {proc.pid}）。")
                continue
            assert child.proc is not None
            code = child.proc.poll()
            if code is None:
                continue
            _reap_group(child.proc)
            policy = child.restart
            child.deaths.append(now)
            while child.deaths and child.deaths[0] < now - policy.window:
                child.deaths.popleft()
            if len(child.deaths) >= policy.max_deaths:
                return (
                    f"错误：子进程 {child.name} 在 {policy.window:.0f} 秒内退出了 "
                    f"{len(child.deaths)} 次，最后一次退出码 {exit_text(code)}，"
                    "不再重启，正在停止全部服务。请查看上面的日志。"
                )
            pause = policy.delay(len(child.deaths))
            child.due = now + pause
            self.log(
                f"子进程 {child.name} 意外退出，退出码 {exit_text(code)}，"
                f"{pause:.1f} 秒后重启（{policy.window:.0f} 秒内第 "
                f"{len(child.deaths)} 次）。"
            )
        return None

    def run(self, stopping: Callable[[], bool]) -> int:
        """Supervise until ``stopping()`` (exit code 0) or a child gives up (1)."""
        while not stopping():
            problem = self.tick()
            if problem:
                self.log(problem)
                return 1
            time.sleep(TICK)
        return 0

    def stop(self) -> None:
        """Stop every child, those marked ``stops_last`` after the others."""
        running = [c.proc for c in reversed(self.children) if c.proc is not None]
        last = [c.proc for c in self.children if c.stops_last and c.proc is not None]
        _terminate([p for p in running if p not in last])
        _terminate(last)
        for proc in running:
            _reap_group(proc)
            proc.wait()


def _terminate(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for proc in procs:
        try:
            proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass


def _reap_group(proc: subprocess.Popen) -> None:
    """Kill whatever is left in a dead child's process group (e.g. pool processes)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
