"""Profile daphne's turn path under load: what a turn costs beyond ``run_turn``.

Starts the same stack as bench/ws_load.py (embedded default, or PostgreSQL +
Redis when DATABASE_URL/REDIS_URL are set) with the bench settings
(``coach.settings_bench``: DEBUG off, plain HTTP; ``--debug`` keeps
``make run``'s DEBUG on), warms it up, opens 20 sessions, and then:

1. lets them chat back to back for ``--seconds`` while nobody samples:
   daphne's CPU time per completed turn (user + system, all its threads);
2. chats again while py-spy samples daphne, and splits the busy samples by
   part of the turn path, with the top frames;
3. restarts daphne on ``bench.stub_turn:application``, the same app with
   ``run_turn`` answering at once (bench/stub_turn.py), and measures its CPU
   per turn the same way: what daphne spends per turn beyond ``run_turn``
   (socket frames, Redis, the database hops, the session snapshot, saving the
   reply), measured directly;
4. runs ``run_turn`` alone in a child process on the same stack's files, the
   same 20 sessions' worth of snapshots and messages, 20 at a time: its CPU
   per turn (``time.process_time``, every thread). Whole turn minus this is a
   cross-check of 3 (a difference of two figures, so noisier).

CPU time, not wall time: other jobs share the machine, and the load average
is printed at the start and the end. Sessions are opened before either window,
so connecting (the ``session`` frame) is not counted as turn work.

    .venv/bin/python bench/profile_turns.py [--seconds 20] [--top 25] [--debug]
"""

import argparse
import asyncio
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from spy import spy_record  # noqa: E402
from ws_load import _open_all, paced_run, question  # noqa: E402

SESSIONS = 20
# A thread parked here waits for work: not CPU, not part of any turn.
IDLE_LEAVES = (
    "EpollSelector.select (",
    "_worker (concurrent/futures/thread.py:81)",
    "_connection_worker_thread (aiosqlite/core.py:59)",
    "Condition.wait (",
    "Event.wait (",
)
# The first part whose marker is anywhere in a busy sample's stack owns it.
PARTS = (
    ("run_turn (graph, tools, notes, checkpointer)", ("run_turn (agent/api.py",)),
    (
        "run_turn: checkpointer thread",
        ("aiosqlite/core.py", "checkpoint/sqlite/", "(agent/checkpoint.py"),
    ),
    ("run_turn: work off the loop", ("(agent/", "(knowledge/", "pregel/")),
    ("turn_begin (save the message, snapshot)", ("turn_begin (", "turn_resumed (")),
    ("_finish (save the reply)", ("_finish (coach/streaming.py",)),
    ("other Django ORM / SQLite", ("django/db/",)),
    ("Redis (lock, rate limit, layer)", ("redis/",)),
    (
        "thread hops (executor, wake-ups)",
        ("asgiref/sync.py", "concurrent/futures/", "_write_to_self", "_read_from_self"),
    ),
    ("socket: daphne, Twisted, frames", ("twisted/", "autobahn/", "daphne/")),
    ("consumer, streaming, channels", ("coach/", "channels/")),
)


def _frames(line: str) -> tuple[list[str], int]:
    stack, _, count = line.rpartition(" ")
    return stack.split(";"), int(count)


def _part(frames: list[str]) -> str:
    for name, markers in PARTS:
        if any(marker in frame for frame in frames for marker in markers):
            return name
    return "event loop, other"


def _report(raw: str, top: int, cpu_ms: float) -> tuple[int, dict[str, float]]:
    """Print busy-sample shares by part and the top frames; return the parts."""
    own: collections.Counter = collections.Counter()
    total: collections.Counter = collections.Counter()
    parts: collections.Counter = collections.Counter()
    samples = busy = 0
    for line in raw.splitlines():
        if not line.strip():
            continue
        frames, count = _frames(line)
        samples += count
        if frames[-1].startswith(IDLE_LEAVES):
            continue
        busy += count
        own[frames[-1]] += count
        parts[_part(frames)] += count
        for frame in set(frames):
            total[frame] += count
    print(f"{samples} samples, {busy} busy (a thread not parked waiting for work)")
    print(
        f"\n| part of daphne's busy samples | share "
        f"| ≈ ms CPU a turn (of {cpu_ms:.1f}) |"
    )
    print("|---|---|---|")
    shares = {}
    for name, count in parts.most_common():
        shares[name] = count / max(1, busy)
        print(f"| {name} | {100 * shares[name]:.1f}% | {cpu_ms * shares[name]:.1f} |")
    for title, counter in (("own time", own), ("with callees", total)):
        print(f"\n-- top {top} busy frames by {title} --")
        for frame, count in counter.most_common(top):
            print(f"{100 * count / max(1, busy):6.1f}%  {frame[:150]}")
    return samples, shares


async def _chat_window(sessions, seconds: float) -> int:
    """Every session chats back to back for ``seconds``; return turns completed."""
    done = 0
    end = time.perf_counter() + seconds

    async def client(i: int, s) -> None:
        nonlocal done
        k = 0
        while time.perf_counter() < end:
            ms, _ = await s.chat(question(i, k))
            done += ms is not None
            k += 1

    await asyncio.gather(*(client(i, s) for i, s in enumerate(sessions)))
    return done


def _cpu(proc: psutil.Process) -> float:
    times = proc.cpu_times()
    return times.user + times.system


async def _load(
    base: str, seconds: float, pid: int, raw: Path | None, windows=("plain",)
) -> dict:
    """Warm up, then the ``windows`` (plain, sampled) on the same open sessions."""
    await paced_run([base], 10, 6, "/ws/coach/")  # warm-up: imports, index, pools
    daphne = psutil.Process(pid)
    sessions = await _open_all([base], "/ws/coach/", SESSIONS)
    await _chat_window(sessions, 3)  # each session's first turns, caches warm
    out = {}
    for name in windows:
        spy = None
        if name == "sampled":
            spy = spy_record(pid, seconds, str(raw), rate=200)
            await asyncio.sleep(0.5)  # py-spy attaches
        before, started = _cpu(daphne), time.perf_counter()
        turns = await _chat_window(sessions, seconds)
        used, wall = _cpu(daphne) - before, time.perf_counter() - started
        out[name] = {"turns": turns, "cpu_s": used, "wall_s": wall}
        if spy is not None:
            await asyncio.to_thread(spy.wait, 30)
    await asyncio.gather(*(s.close() for s in sessions))
    return out


def _inproc(turns: int) -> None:
    """Child mode: run_turn alone, 20 sessions at a time; print its CPU per turn."""
    import django

    django.setup()
    from agent.api import TurnResult, run_turn, warm_up
    from agent.checkpoint import checkpointer_close
    from agent.context import SessionSnapshot
    from coach.models import CoachingSession
    from knowledge.search import index_warm

    index_warm()
    warm_up()
    blank = CoachingSession()
    history: dict[int, list] = {i: [] for i in range(SESSIONS)}
    notes: dict[int, dict] = {i: {} for i in range(SESSIONS)}

    async def one(i: int, k: int) -> None:
        text = question(i, k)
        history[i].append(("user", text))
        snapshot = SessionSnapshot(
            session_id=f"inproc-{os.getpid()}-{i}",
            step=blank.step,
            question_id=blank.question_id or None,
            recent_messages=history[i][-10:],
            notes=dict(notes[i]),
        )
        async for event in run_turn(snapshot=snapshot, text=text):
            if isinstance(event, TurnResult):
                history[i].append(("coach", event.text))
                notes[i] = event.notes

    async def clients(rounds: int) -> None:
        async def client(i: int) -> None:
            for k in range(rounds):
                await one(i, k)

        await asyncio.gather(*(client(i) for i in range(SESSIONS)))

    async def main() -> dict:
        await clients(3)  # warm-up, as daphne's sessions had
        rounds = max(1, turns // SESSIONS)
        cpu, wall = time.process_time(), time.perf_counter()
        await clients(rounds)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        await checkpointer_close()
        n = rounds * SESSIONS
        return {"turns": n, "cpu_ms": 1000 * cpu / n, "wall_s": wall}

    print("INPROC " + json.dumps(asyncio.run(main())))


def _run_turn_alone(env: dict, turns: int) -> dict:
    """Run ``_inproc`` in a child with the stack's environment; return its figures."""
    done = subprocess.run(
        [sys.executable, __file__, "--inproc", str(turns)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("INPROC "))
    return json.loads(line.removeprefix("INPROC "))


def _stub_daphne(stack) -> subprocess.Popen:
    """Start daphne on the stack's port with run_turn canned (bench/stub_turn.py)."""
    from coach.launcher import process_command

    command = process_command("daphne", host="127.0.0.1", port=stack.port)
    command[-1] = "bench.stub_turn:application"
    proc = subprocess.Popen(
        command,
        cwd=ROOT,
        env=stack.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    stack.wait_warm()
    return proc


def _load_average() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    """Start daphne, load it, measure run_turn alone, sample, print the tables."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--raw", default="")
    parser.add_argument(
        "--debug", action="store_true", help="DEBUG on, as make run (SQL log kept)"
    )
    parser.add_argument(
        "--repeat",
        action="store_true",
        help="send the ten bare texts again and again (cached scores; old figures)",
    )
    parser.add_argument("--inproc", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.repeat:
        os.environ["BENCH_REPEAT"] = "1"  # the run_turn-alone child reads it too
    if args.inproc:
        _inproc(args.inproc)
        return
    from tests.processes.procs import ProcessStack

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    settings_module = "coach.settings" if args.debug else "coach.settings_bench"
    embedded = not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL"))
    load_start = _load_average()
    with tempfile.TemporaryDirectory(prefix="bench-prof-") as tmp:
        stack = ProcessStack(
            Path(tmp),
            embedded=embedded,
            DJANGO_SETTINGS_MODULE=settings_module,
            COACH_CHAT_RATE="100000",
            CHAT_RATE_PER_ADDRESS="100000",
            COACH_MAX_TURNS="100000",
            LOG_LEVEL="WARNING",
        )
        raw = Path(args.raw or Path(tmp) / "profile.txt")
        try:
            pid = stack.start("daphne").pid
            stack.wait_warm()
            base = f"http://127.0.0.1:{stack.port}"
            windows = asyncio.run(
                _load(base, args.seconds, pid, raw, ("plain", "sampled"))
            )
            plain = windows["plain"]
            profile = raw.read_text()
            stack.stop("daphne")
            stub = _stub_daphne(stack)
            try:
                canned = asyncio.run(_load(base, args.seconds, stub.pid, None))
            finally:
                stub.terminate()
                stub.wait(timeout=30)
            alone = _run_turn_alone(stack.env, max(200, plain["turns"] // 2))
        finally:
            stack.close()
    sampled = windows["sampled"]
    per_turn = 1000 * plain["cpu_s"] / max(1, plain["turns"])
    sampled_ms = 1000 * sampled["cpu_s"] / max(1, sampled["turns"])
    difference = per_turn - alone["cpu_ms"]
    stub = canned["plain"]
    beyond = 1000 * stub["cpu_s"] / max(1, stub["turns"])
    print(
        f"settings {settings_module}, {'embedded' if embedded else 'postgresql'}; "
        f"load average {load_start} at the start, {_load_average()} at the end"
    )
    print("\n| per turn | CPU ms | turns | turns/s (wall) |\n|---|---|---|---|")
    print(
        f"| daphne, whole turn ({SESSIONS} sessions back to back, not sampled) | "
        f"{per_turn:.1f} | {plain['turns']} | {plain['turns'] / plain['wall_s']:.1f} |"
    )
    print(
        f"| run_turn alone, in-process ({SESSIONS} at a time) | "
        f"{alone['cpu_ms']:.1f} | {alone['turns']} | "
        f"{alone['turns'] / alone['wall_s']:.1f} |"
    )
    print(
        f"| **daphne beyond run_turn** (run_turn canned, bench/stub_turn.py) | "
        f"**{beyond:.1f}** | {stub['turns']} | {stub['turns'] / stub['wall_s']:.1f} |"
    )
    print(f"| whole turn − run_turn alone (cross-check) | {difference:.1f} | | |")
    print(
        f"| daphne while py-spy samples | {sampled_ms:.1f} | {sampled['turns']} | "
        f"{sampled['turns'] / sampled['wall_s']:.1f} |\n"
    )
    samples, _ = _report(profile, args.top, sampled_ms)
    print(
        f"HEADLINE profile_turns turns_s={plain['turns'] / plain['wall_s']:.1f} "
        f"daphne_cpu_ms_per_turn={per_turn:.1f} "
        f"run_turn_cpu_ms={alone['cpu_ms']:.1f} beyond_run_turn_ms={beyond:.1f} "
        f"difference_ms={difference:.1f} "
        f"samples={samples} debug={'on' if args.debug else 'off'}"
    )


if __name__ == "__main__":
    main()
