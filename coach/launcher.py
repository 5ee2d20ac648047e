"""Process supervisor behind ``make run``: redis (embedded), daphne, worker, beat.

Children get their own process groups so a terminal's Ctrl-C reaches only us;
we then stop them in order and make sure nothing outlives the launcher.
"""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

STOP_GRACE = 8.0  # seconds before a child that ignores SIGTERM is killed
WS_MAX_BYTES = 64 * 1024  # the largest WebSocket message daphne reads


def port_is_free(host: str, port: int) -> bool:
    """Return whether ``host:port`` can be bound right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _wait_for_port(host: str, port: int, procs: list, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(p.poll() is not None for p in procs):
            return False
        with socket.socket() as probe:
            if probe.connect_ex((host, port)) == 0:
                return True
        time.sleep(0.1)
    return False


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


def _stop(procs: list[subprocess.Popen], *, last: subprocess.Popen | None) -> None:
    """Stop the children, then ``last`` (the embedded Redis) once they are gone.

    The worker and beat talk to Redis until they exit: stopping it with them
    made the worker print pages of connection tracebacks on every Ctrl-C.
    """
    _terminate([p for p in reversed(procs) if p is not last])
    if last is not None:
        _terminate([last])
    for proc in procs:
        # Also reap grandchildren (e.g. pool processes) left in the child's group.
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()


def process_command(
    name: str, *, host: str, port: int, schedule: str = "", threads: int = 4
) -> list[str]:
    """Return the command line of ``daphne``, the celery ``worker`` or ``beat``.

    One place for it: ``make run`` and the process tests start the same programs.
    """
    celery = [sys.executable, "-m", "celery", "-A", "coach"]
    # Forwarded headers only from a configured proxy: anyone else could forge them.
    proxy = ["--proxy-headers"] if settings.TRUSTED_PROXY else []
    # Frames are at most 8 KB (docs/protocol.md): up to 64 KB get a `too_long`
    # frame, bigger ones are dropped by daphne before they fill memory (1 MB).
    frames = [
        "--websocket-max-message-size",
        str(WS_MAX_BYTES),
        "--websocket-max-frame-size",
        str(WS_MAX_BYTES),
    ]
    return {
        "daphne": [sys.executable, "-m", "daphne", "-b", host, "-p", str(port),
                   *proxy, *frames, "coach.asgi:application"],
        # Threads, not prefork: the tasks are short and I/O bound, and forked
        # children would share SQLite connections.
        "worker": [*celery, "worker", "--pool", "threads", "-c", str(threads),
                   "-l", "INFO", "-n", f"coach-{os.getpid()}-{port}@%h"],
        "beat": [*celery, "beat", "-l", "INFO", "-s",
                 schedule or settings.CELERY_BEAT_SCHEDULE_FILENAME],
    }[name]  # fmt: skip


def _spawn(args: list[str], env: dict) -> subprocess.Popen:
    return subprocess.Popen(args, env=env, start_new_session=True)


def launch(*, host: str, port: int) -> int:
    """Run the whole stack in the foreground until a signal; return an exit code."""
    if not port_is_free(host, port):
        print(
            f"错误：端口 {port} 已被占用，请换一个端口：PORT=8001 make run",
            file=sys.stderr,
        )
        return 2
    from coach.integrity import startup_problem

    problem = startup_problem()
    if problem:
        print(problem, file=sys.stderr)
        return 2
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    procs: list[subprocess.Popen] = []
    redis: subprocess.Popen | None = None
    stopping = False

    def on_signal(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        if not os.environ.get("REDIS_URL"):
            from coach.embedded import redis_start

            redis = redis_start(socket=Path(settings.REDIS_URL[len("unix://") :]))
            procs.append(redis)
            env["REDIS_URL"] = settings.REDIS_URL
        call_command("migrate", interactive=False, verbosity=0)
        call_command("load_knowledge", if_empty=True)  # the database is the truth
        if not settings.DEBUG:
            call_command("collectstatic", interactive=False, verbosity=0)
        names = (
            ("worker", "beat", "daphne")
            if settings.COACH_BEAT
            else ("worker", "daphne")
        )
        for name in names:
            procs.append(_spawn(process_command(name, host=host, port=port), env))
        if not _wait_for_port(host, port, procs, timeout=60):
            print("错误：服务没能启动，请查看上面的日志。", file=sys.stderr)
            return 1
        print(f"\n  ✅ 已启动：http://{host}:{port}/   （Ctrl-C 停止）\n", flush=True)
        if not settings.COACH_BEAT:
            print("  本栈不运行 beat（COACH_BEAT=0）：定时任务由另一栈的 beat 发出。\n")
        while not stopping:
            if any(p.poll() is not None for p in procs):
                print("错误：有子进程意外退出，正在停止全部服务。", file=sys.stderr)
                return 1
            time.sleep(0.2)
        return 0
    finally:
        _stop(procs, last=redis)
