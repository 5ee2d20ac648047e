"""Profile daphne's turn path under load: py-spy samples it while visitors chat.

Starts the same stack as bench/ws_load.py (embedded default, or PostgreSQL +
Redis when DATABASE_URL/REDIS_URL are set), warms it up, then samples the
daphne process with py-spy while 20 sessions chat back to back, and prints the
functions with the largest share of samples (own time and with callees), then
``HEADLINE profile_turns``: turns/s while sampled and daphne's CPU per turn over
that window (py-spy's own cost included; it samples from outside, non-blocking).

    .venv/bin/python bench/profile_turns.py [--seconds 20] [--top 25]
"""

import argparse
import asyncio
import collections
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ws_load import paced_run, throughput  # noqa: E402


def _frames(line: str) -> tuple[list[str], int]:
    stack, _, count = line.rpartition(" ")
    return stack.split(";"), int(count)


def _report(raw: Path, top: int) -> int:
    own: collections.Counter = collections.Counter()
    total: collections.Counter = collections.Counter()
    samples = 0
    for line in raw.read_text().splitlines():
        if not line.strip():
            continue
        frames, count = _frames(line)
        samples += count
        own[frames[-1]] += count
        for frame in set(frames):
            total[frame] += count
    print(f"{samples} samples")
    for title, counter in (("own time", own), ("with callees", total)):
        print(f"\n-- top {top} by {title} --")
        for frame, count in counter.most_common(top):
            print(f"{100 * count / samples:6.1f}%  {frame[:150]}")
    return samples


async def _load(base: str, seconds: float, pid: int, raw: Path) -> tuple[float, float]:
    """Warm up, then sample daphne while it works; return (turns/s, CPU s used)."""
    await paced_run([base], 10, 6, "/ws/coach/")  # warm-up
    daphne = psutil.Process(pid)
    before = sum(daphne.cpu_times()[:2])
    spy = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "py-spy"),
            "record",
            "--pid",
            str(pid),
            "--duration",
            str(int(seconds)),
            "--rate",
            "200",
            "--format",
            "raw",
            "--output",
            str(raw),
            "--nonblocking",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    rate = await throughput([base], 20, seconds)
    used = sum(daphne.cpu_times()[:2]) - before
    await asyncio.to_thread(spy.wait, 30)
    return rate, used


def main() -> None:
    """Start daphne, load it, sample it, print the top entries."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--raw", default="")
    args = parser.parse_args()
    from tests.processes.procs import ProcessStack

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    embedded = not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL"))
    with tempfile.TemporaryDirectory(prefix="bench-prof-") as tmp:
        stack = ProcessStack(
            Path(tmp),
            embedded=embedded,
            COACH_CHAT_RATE="100000",
            CHAT_RATE_PER_ADDRESS="100000",
            COACH_MAX_TURNS="100000",
            LOG_LEVEL="WARNING",
        )
        raw = Path(args.raw or Path(tmp) / "profile.txt")
        try:
            pid = stack.start("daphne").pid
            base = f"http://127.0.0.1:{stack.port}"
            rate, used = asyncio.run(_load(base, args.seconds, pid, raw))
        finally:
            stack.close()
        per_turn = 1000 * used / max(1.0, rate * args.seconds)
        print(f"offline turns per second while sampled: {rate:.1f}")
        print(f"daphne CPU while sampled: {used:.1f} s, {per_turn:.1f} ms a turn")
        samples = _report(raw, args.top)
        print(
            f"HEADLINE profile_turns turns_s={rate:.1f} "
            f"daphne_cpu_ms_per_turn={per_turn:.1f} samples={samples}"
        )


if __name__ == "__main__":
    main()
