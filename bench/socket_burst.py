"""Socket bursts against a real daphne: Redis connections before, during and after.

Starts daphne on the embedded default (or on PostgreSQL + Redis when
DATABASE_URL and REDIS_URL are set: ProcessStack's scratch database and Redis
db number) behind a simulated trusted proxy (TRUSTED_PROXY=1), so each visitor
comes from an address of its own through X-Forwarded-For. Then, in one run:
  0. the baseline: Redis clients of the stack with daphne warm and idle;
  1. N visitors (default 300), one cookie and one address each, open a socket
     all at once, hold it, close it;
  2. one cookie opens N sockets at once (the WS_PER_SESSION cap);
  3. N fresh cookies from one address open a socket each (WS_PER_ADDRESS).
Each phase prints the sockets accepted and refused, the Redis clients at the
peak (sampled every 0.2 s through the burst) and a few seconds after every
socket closed, against the baseline. The last line, ``HEADLINE socket_burst``,
carries the same figures for run_all.py.

Redis clients are counted with CLIENT LIST: those on the stack's db number, not
the probe itself (ProcessStack.redis_clients). On the embedded default every
client of that Redis is the stack's; on a shared Redis the stack's db number is
its own.

    .venv/bin/python bench/socket_burst.py [--sockets 300] [--settle 5]
"""

import argparse
import asyncio
import contextlib
import functools
import os
import re
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


async def open_socket(port: int, cookie: str, address: str):
    """Open one socket; return it once its `session` frame came, or why not."""
    from tests.processes.client import tab_open

    try:
        ws, first = await tab_open(port, cookie, address=address, timeout=60)
    except Exception as error:  # noqa: BLE001 - a refused handshake is a figure
        return f"handshake {type(error).__name__}"
    if first["type"] == "session":
        return ws
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.wait_closed(), 10)
    return ws.close_code or first.get("code", first["type"])


class PeakWatch:
    """Sample the stack's Redis clients every 0.2 s in a thread; keep the highest."""

    def __init__(self, stack):
        self.stack, self.peak, self.stop = stack, 0, threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self.stop.is_set():
            self.peak = max(self.peak, self.stack.redis_clients())
            self.stop.wait(0.2)

    def __enter__(self) -> "PeakWatch":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()


async def burst(stack, pairs: list[tuple[str, str]], settle: float) -> dict:
    """Open a socket per (cookie, address) at once, hold, close; return figures."""
    with PeakWatch(stack) as watch:
        started = time.monotonic()
        results = await asyncio.gather(
            *(open_socket(stack.port, c, a) for c, a in pairs)
        )
        took = time.monotonic() - started
        held = [r for r in results if not isinstance(r, int | str)]
        refused = [r for r in results if isinstance(r, int | str)]
        await asyncio.sleep(1)  # every handshake's Redis work done
        await asyncio.gather(*(ws.close() for ws in held))
        await asyncio.sleep(1)
    after, deadline = watch.peak, time.monotonic() + settle
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        after = await asyncio.to_thread(stack.redis_clients)
    codes = sorted({str(r) for r in refused})
    return {"accepted": len(held), "refused": len(refused), "codes": codes,
            "peak": watch.peak, "after": after, "seconds": took}  # fmt: skip


def main() -> None:
    """Start the stack, run the three bursts, print a row each and the headline."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--settle", type=float, default=5.0)
    args = parser.parse_args()
    os.environ["TRUSTED_PROXY"] = "1"  # daphne --proxy-headers: X-Forwarded-For
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    # On PostgreSQL ProcessStack makes a scratch database and drops it at close.
    embedded = not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL"))
    from tests.processes.client import session_cookie
    from tests.processes.procs import ProcessStack

    n = args.sockets
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-sockets-") as tmp:
        stack = ProcessStack(
            Path(tmp),
            embedded=embedded,
            LOG_LEVEL="WARNING",
            WS_PER_ADDRESS="60",  # the default, which ProcessStack lifts
        )
        try:
            stack.start("daphne")
            port = stack.port
            cookie = functools.partial(session_cookie, port)
            # Warm: a few sockets at once, so each of daphne's pools holds the
            # idle connections it keeps (REDIS_POOL_IDLE) before the baseline.
            warm = [(cookie(address=f"10.9.0.{i}"), f"10.9.0.{i}") for i in range(8)]
            asyncio.run(burst(stack, warm, settle=1))
            baseline = stack.redis_clients()
            print(f"baseline: {baseline} Redis clients, daphne warm and idle")
            addresses = [f"10.{1 + i // 250}.{i % 250}.1" for i in range(n)]
            many = [(cookie(address=a), a) for a in addresses]
            one = cookie(address="10.8.0.1")
            shared = [(cookie(address="10.7.0.1"), "10.7.0.1") for _ in range(n)]
            phases = [
                (f"{n} cookies, {n} addresses", "cookies", many),
                (f"1 cookie x {n} sockets", "one_cookie", [(one, "10.8.0.1")] * n),
                (f"{n} cookies, 1 address", "one_address", shared),
            ]
            for label, key, pairs in phases:
                got = asyncio.run(burst(stack, pairs, args.settle))
                rows.append((label, key, got))
        finally:
            stack.close()
            # Anything daphne said beyond its access log, for a refused handshake.
            said = [
                line
                for line in (Path(tmp) / "daphne.log").read_text().splitlines()
                if not re.search(r'" \d{3} |WS(CONNECT|DISCONNECT)', line)
            ]
            print("\n".join(said[-15:]))
    figures = {"baseline": baseline}
    for label, key, got in rows:
        print(
            f"{label:<28} accepted {got['accepted']:>4}  refused {got['refused']:>4}"
            f" {got['codes']} in {got['seconds']:.1f} s"
            f"  Redis clients peak {got['peak']}"
            f" ({got['peak'] / baseline:.1f}x)  after {args.settle:.0f} s"
            f" {got['after']} ({got['after'] / baseline:.2f}x baseline)"
        )
        figures[f"{key}_accepted"] = f"{got['accepted']}/{n}"
        figures[f"{key}_peak"] = got["peak"]
        figures[f"{key}_after"] = got["after"]
    worst = max(got["after"] for *_, got in rows)
    figures["after_vs_baseline"] = f"{worst / baseline:.2f}x"
    print("HEADLINE socket_burst " + " ".join(f"{k}={v}" for k, v in figures.items()))


if __name__ == "__main__":
    main()
