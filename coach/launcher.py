"""What ``make run`` starts: redis (embedded), WEB_PROCESSES daphnes, worker, beat.

The launcher binds the port once and every daphne adopts that listening socket
(``daphne --fd``): the kernel hands each connection to whichever process
accepts it first, and while a daphne restarts its connections wait in the
socket's queue instead of being refused. ``coach.supervisor`` keeps the
children running; Ctrl-C or SIGTERM stops them all, the embedded Redis last.
"""

import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

from django.conf import settings
from django.core.management import call_command

from coach.supervisor import TICK, Child, Supervisor

WS_MAX_BYTES = 64 * 1024  # the largest WebSocket message daphne reads
BACKLOG = 1024  # connections the kernel queues while every daphne is busy


def listen(host: str, port: int) -> socket.socket | None:
    """Return a socket listening on ``host:port``, or None if the port is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        return None
    sock.listen(BACKLOG)
    return sock


def process_command(
    name: str,
    *,
    host: str,
    port: int,
    fd: int | None = None,
    schedule: str = "",
    threads: int = 4,
) -> list[str]:
    """Return the command line of ``daphne``, the celery ``worker`` or ``beat``.

    One place for it: ``make run`` and the process tests start the same programs.
    With ``fd`` daphne adopts that listening socket instead of binding its own.
    """
    celery = [sys.executable, "-m", "celery", "-A", "coach"]
    if fd is None:
        bind = ["-b", host, "-p", str(port)]
    elif ":" in host:  # --fd assumes IPv4; Twisted's endpoint string says more
        bind = ["-e", f"fd:fileno={fd}:domain=INET6"]
    else:
        bind = ["--fd", str(fd)]
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
        "daphne": [sys.executable, "-m", "daphne", *bind,
                   *proxy, *frames, "coach.asgi:application"],
        # Threads, not prefork: the tasks are short and I/O bound, and forked
        # children would share SQLite connections.
        "worker": [*celery, "worker", "--pool", "threads", "-c", str(threads),
                   "-l", "INFO", "-n", f"coach-{os.getpid()}-{port}@%h"],
        "beat": [*celery, "beat", "-l", "INFO", "-s",
                 schedule or settings.CELERY_BEAT_SCHEDULE_FILENAME],
    }[name]  # fmt: skip


def _probe_host(host: str) -> str:
    """Return a Host header Django accepts, so the probe logs no DisallowedHost."""
    named = [h.lstrip(".") for h in settings.ALLOWED_HOSTS if h != "*"]
    return named[0] if named else host


def _wait_served(
    supervisor: Supervisor,
    *,
    host: str,
    port: int,
    stopping: Callable[[], bool],
    timeout: float = 60,
) -> str | None:
    """Supervise until a daphne answers one request; return what failed, if any.

    One request, held until answered: it waits in the socket's queue while the
    daphnes start, so no probe is answered after it was given up on.
    """
    request = f"HEAD /healthz HTTP/1.0\r\nHost: {_probe_host(host)}\r\n\r\n"
    deadline = time.monotonic() + timeout
    probe: socket.socket | None = None
    while time.monotonic() < deadline and not stopping():
        if problem := supervisor.tick():
            return problem
        try:
            if probe is None:
                probe = socket.create_connection((host, port), timeout=TICK)
                probe.sendall(request.encode())
            answered = bool(probe.recv(1))  # TimeoutError until someone answers
            probe.close()
            probe = None
            if answered:
                return None
        except TimeoutError:
            continue
        except OSError:  # reset: the daphne that took it died; ask again
            if probe is not None:
                probe.close()
                probe = None
            time.sleep(TICK)
    return None if stopping() else "错误：服务没能启动，请查看上面的日志。"


def launch(*, host: str, port: int, web_processes: int) -> int:
    """Run the whole stack in the foreground until a signal; return an exit code."""
    if web_processes < 1:
        print(
            f"错误：WEB_PROCESSES 至少为 1，现在是 {web_processes}。", file=sys.stderr
        )
        return 2
    listener = listen(host, port)
    if listener is None:
        print(
            f"错误：端口 {port} 已被占用，请换一个端口：PORT=8001 make run",
            file=sys.stderr,
        )
        return 2
    from coach.integrity import startup_problem

    problem = startup_problem()
    if problem:
        listener.close()
        print(problem, file=sys.stderr)
        return 2
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    supervisor = Supervisor()
    stopping = False

    def on_signal(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    try:
        if not os.environ.get("REDIS_URL"):
            from coach.embedded import redis_command, redis_wait

            sock = Path(settings.REDIS_URL.removeprefix("unix://"))
            sock.parent.mkdir(parents=True, exist_ok=True)
            # The others use Redis until they exit: stopped with them, it made
            # the worker print pages of connection tracebacks on every Ctrl-C.
            redis = Child("redis", redis_command(socket=sock), stops_last=True)
            redis_wait(supervisor.start(redis), socket=sock)
            env["REDIS_URL"] = settings.REDIS_URL
        call_command("migrate", interactive=False, verbosity=0)
        call_command("load_knowledge", if_empty=True)  # the database is the truth
        if not settings.DEBUG:
            call_command("collectstatic", interactive=False, verbosity=0)
        for name in ("worker", "beat") if settings.COACH_BEAT else ("worker",):
            argv = process_command(name, host=host, port=port)
            supervisor.start(Child(name, argv, env=env))
        fd = listener.fileno()
        daphne = process_command("daphne", host=host, port=port, fd=fd)
        for number in range(1, web_processes + 1):
            supervisor.start(Child(f"daphne-{number}", daphne, env=env, pass_fds=(fd,)))
        problem = _wait_served(
            supervisor, host=host, port=port, stopping=lambda: stopping
        )
        if problem:
            print(problem, file=sys.stderr)
            return 1
        if stopping:  # Ctrl-C while starting
            return 0
        print(
            f"\n  ✅ 已启动：http://{host}:{port}/   "
            f"（{web_processes} 个 daphne 进程；Ctrl-C 停止）\n",
            flush=True,
        )
        if not settings.COACH_BEAT:
            print("  本栈不运行 beat（COACH_BEAT=0）：定时任务由另一栈的 beat 发出。\n")
        return supervisor.run(lambda: stopping)
    finally:
        supervisor.stop()
        listener.close()
