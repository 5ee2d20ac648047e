"""How soon the site answers again after each of `make run`'s children is SIGKILLed.

Starts the real launcher (``manage.py runstack``, one daphne: the hardest case)
on the embedded default in a scratch folder, and for each child in turn
SIGKILLs it and times the kill → a page and a chat reply (with the page's
resend), as tests/processes/test_recovery.py does. The target is 10 s
(docs/reliability.md); the test checks that the site comes back and nothing is
lost, this prints how fast. The baseline, measured in the same run: one bare
daphne process's start and warm-up (bench/startup.py's child, kept copies), the
floor a restarted daphne cannot beat; the ratio is what the launcher's restart
path adds to it.

    .venv/bin/python bench/recovery.py [--runs 2]
"""

import argparse
import asyncio
import os
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]
for name in ("REDIS_URL", "DATABASE_URL", "COACH_VAR_DIR"):
    os.environ.pop(name, None)  # the embedded default, as `make run`
os.environ["DJANGO_SETTINGS_MODULE"] = "tests.settings"

import django  # noqa: E402

django.setup()

from startup import child  # noqa: E402

from tests.processes.client import Client  # noqa: E402
from tests.processes.revive import pids, site_answers  # noqa: E402
from tests.processes.stack import Stack, stack_env  # noqa: E402

TARGET_S = 10.0
ROLES = ("daphne", "worker", "beat", "redis-server")


async def _kill_and_time(stack: Stack, role: str, cookie: str) -> float:
    [old] = pids(stack, role)
    os.kill(old, signal.SIGKILL)
    killed = time.monotonic()
    await site_answers(stack.port, cookie, text="举个例子？", until=killed + 120)
    took = time.monotonic() - killed
    deadline = time.monotonic() + 60  # the next kill needs the new one in place
    while not (now := pids(stack, role)) or old in now:
        assert time.monotonic() < deadline, f"{role} not restarted"
        await asyncio.sleep(0.2)
    stack.wait_healthy()
    return took


async def _measure(stack: Stack, runs: int) -> dict[str, list[float]]:
    async with Client(stack.port) as tab:
        cookie = tab.cookie
    taken: dict[str, list[float]] = {role: [] for role in ROLES}
    for _ in range(runs):
        for role in ROLES:
            taken[role].append(await _kill_and_time(stack, role, cookie))
            print(f"  {role} SIGKILLed: back after {taken[role][-1]:.1f} s", flush=True)
    return taken


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-recovery-") as scratch:
        stack = Stack(
            Path(scratch), COACH_LLM="offline", CHAT_RATE_PER_ADDRESS="100000"
        )
        try:
            stack.wait_healthy(timeout=180)
            taken = asyncio.run(_measure(stack, args.runs))
            # The kept copies are in place now: a bare start as a restart has it.
            bare = [
                child(stack_env(Path(scratch), COACH_LLM="offline"))["ready_wall"]
                for _ in range(args.runs)
            ]
        finally:
            code = stack.stop()
    floor = statistics.median(bare)
    print(f"baseline: a bare daphne starts and warms up in {floor:.2f} s (median)")
    print(f"{'child':14} {'median s':>9} {'worst s':>8} {'vs bare':>8}", end="")
    print(f"  (target {TARGET_S:.0f} s)")
    for role, times in taken.items():
        med, worst = statistics.median(times), max(times)
        print(f"{role:14} {med:9.2f} {worst:8.2f} {med / floor:7.2f}x")
    daphne = statistics.median(taken["daphne"])
    print(
        f"HEADLINE recovery daphne_s={daphne:.2f} "
        f"daphne_worst_s={max(taken['daphne']):.2f} "
        f"bare_s={floor:.2f} daphne_vs_bare={daphne / floor:.2f}x "
        f"redis_s={statistics.median(taken['redis-server']):.2f} "
        f"target_s={TARGET_S:.0f} stop_code={code}"
    )


if __name__ == "__main__":
    main()
