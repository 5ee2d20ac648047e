"""Model turns wait, they are not refused: many sessions on a slow model, one daphne.

Starts the fake OpenAI-compatible server (tests/agent/fake_openai.py) in this
process, answering every request after ``--model-seconds`` (2 s: the floor no
turn can beat), and one daphne with the coach pointed at it (COACH_LLM=openai)
on the embedded default, with the app's own turn limits left at their defaults
(COACH_MAX_MODEL_TURNS, COACH_TURN_QUEUE; only the per-session and per-address
chat rates are lifted: every visitor here is 127.0.0.1). Then:

  burst   every session sends one chat at the same moment (``--sessions``
          turns in flight at once), then waits for its reply;
  paced   every session sends a chat, waits for its reply, reads it and
          types for ``--think`` seconds (30: a person's pace), and sends
          again, for ``--duration`` seconds.

``--cap 8 --queue 0`` runs the same load with the limits as they were before
the line (8 model turns a process, the rest refused) for comparison.

Per phase: chats sent, replied, refused (`busy`), other errors, lost (no reply
within 60 s), how many were told they wait in line (`reply.queued`), the round
trip chat -> final `reply` (p50/p95/max) and its ratio to the model's floor,
daphne's CPU per turn and the cores it got (CPU seconds / wall seconds: on a
shared machine the figure that says whether the CPU or the line held a turn
up). Progress goes to stderr. Nothing here asserts a time: a slow figure is a
figure (so is a reply later than 60 s, counted as lost); the exit status is
non-zero only if a chat was refused or met an error.

    .venv/bin/python bench/model_queue.py [--sessions 300] [--model-seconds 2]
        [--duration 120] [--think 30] [--cap N] [--queue N] [--spy PATH]
"""

import argparse
import asyncio
import contextlib
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import psutil
from aiohttp import WSMsgType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.spy import spy_record  # noqa: E402
from bench.ttft import ANSWER, QUESTIONS  # noqa: E402
from bench.ws_load import Session, pct  # noqa: E402
from tests.agent.fake_openai import FakeOpenAI, Step  # noqa: E402

REPLY_TIMEOUT = 60.0
ACCESS = re.compile(r"^\S+:\d+ - - \[")  # daphne's access log: one line a socket


@dataclass
class Tally:
    """What one phase saw from the visitors' side."""

    sent: int = 0
    refused: int = 0  # `busy`
    errors: int = 0  # any other error frame or a broken socket
    lost: int = 0  # no reply within REPLY_TIMEOUT
    queued: int = 0  # chats told they wait in line
    ahead_max: int = 0
    latencies: list[float] = field(default_factory=list)  # ms, chat -> reply
    codes: Counter = field(default_factory=Counter)  # error code/detail -> count


async def chat(s: Session, text: str, tally: Tally) -> None:
    """Send one chat and wait for its final reply; count what happened."""
    try:  # a write to a socket the server dropped may never return
        await asyncio.wait_for(_chat(s, text, tally), REPLY_TIMEOUT + 15)
    except TimeoutError:
        tally.lost += 1


async def _chat(s: Session, text: str, tally: Tally) -> None:
    tally.sent += 1
    start = time.perf_counter()
    try:
        await s.ws.send_json(
            {"type": "chat", "text": text, "client_id": uuid.uuid4().hex}
        )
        while True:
            left = start + REPLY_TIMEOUT - time.perf_counter()
            if left <= 0:
                tally.lost += 1
                return
            frame = await s.ws.receive_json(timeout=left)
            kind = frame["type"]
            if kind == "reply.queued":
                tally.queued += 1
                tally.ahead_max = max(tally.ahead_max, int(frame["ahead"]))
            elif kind == "reply":
                tally.latencies.append((time.perf_counter() - start) * 1000)
                return
            elif kind == "error":
                if frame.get("code") == "busy":
                    tally.refused += 1
                else:
                    tally.errors += 1
                    tally.codes[f"{frame.get('code')}/{frame.get('detail', '')}"] += 1
                return
    except TimeoutError:
        tally.lost += 1
    except Exception as error:  # noqa: BLE001 - a broken socket, not a crash
        tally.errors += 1
        tally.codes[type(error).__name__] += 1


async def reading(s: Session, seconds: float) -> None:
    """Stay on the page for ``seconds``: keep reading the socket, as a browser does.

    daphne pings every socket and closes one that does not answer; aiohttp
    answers a ping only while something reads (a sleeping client would be cut).
    """
    # Not receive(timeout=…): aiohttp restarts that timeout after each ping it
    # answers, and daphne pings more often than a visitor reads.
    # A socket daphne closed raises on the pong aiohttp writes: the next chat
    # counts it as an error, the run goes on.
    with contextlib.suppress(TimeoutError, aiohttp.ClientConnectionResetError):
        async with asyncio.timeout(seconds):
            while True:
                message = await s.ws.receive()
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.ERROR):
                    return  # closed: the next chat counts the error; no spinning


async def burst(sessions: list[Session]) -> Tally:
    """Every session sends one chat at once; all keep reading until the last reply.

    A session whose reply came early keeps its socket read (and so answers
    daphne's pings) while the others still wait, as an open page does.
    """
    tally = Tally()
    done = asyncio.Event()

    async def one(i: int, s: Session) -> None:
        await chat(s, QUESTIONS[i % len(QUESTIONS)], tally)
        while not done.is_set():
            await reading(s, 1.0)

    visitors = [asyncio.create_task(one(i, s)) for i, s in enumerate(sessions)]
    while len(tally.latencies) + tally.refused + tally.errors + tally.lost < len(
        sessions
    ):
        await asyncio.sleep(0.05)
    done.set()
    await asyncio.gather(*visitors)
    return tally


async def paced(sessions: list[Session], duration: float, think: float) -> Tally:
    """Chat, wait for the reply, read it for ``think`` s, again, for ``duration``."""
    tally = Tally()
    end = time.perf_counter() + duration

    async def visitor(i: int, s: Session) -> None:
        await reading(s, think * i / len(sessions))  # arrivals spread out
        k = 0
        while time.perf_counter() < end:
            await chat(s, QUESTIONS[(i + k) % len(QUESTIONS)], tally)
            k += 1
            await reading(s, think)

    await asyncio.gather(*(visitor(i, s) for i, s in enumerate(sessions)))
    return tally


async def open_sessions(base: str, n: int) -> list[Session]:
    """Open ``n`` visitors' sockets, in waves of 50 like real arrivals."""
    sessions = [Session(None, base, "/ws/coach/") for _ in range(n)]
    for i in range(0, n, 50):
        await asyncio.gather(*(s.open() for s in sessions[i : i + 50]))
        # Answer daphne's pings on the ones already open while the rest connect.
        await asyncio.gather(*(reading(s, 0.05) for s in sessions[:i]))
    progress(f"{n} sessions open")
    return sessions


def progress(what: str) -> None:
    """Say on stderr how far the run is (a loaded machine makes it slow)."""
    print(f"{time.strftime('%H:%M:%S')} {what}", file=sys.stderr, flush=True)


def spy(pid: int, seconds: float, path: str) -> subprocess.Popen:
    """Start py-spy sampling daphne's GIL holder into ``path`` (raw stacks, 100 Hz)."""
    return spy_record(pid, seconds, path, rate=100, gil=True)


async def measured(name: str, daphne: psutil.Process, fake: FakeOpenAI, run) -> dict:
    """Run a phase; return its tally, CPU seconds (daphne, this bench) and stages.

    The stages come from the fake's own clock (the same as the visitors'):
    when each model request arrived, and when its first token went out.
    """
    cpu, own = sum(daphne.cpu_times()[:2]), time.process_time()
    n_req, n_tok = len(fake.request_at), len(fake.first_token_at)
    start = time.perf_counter()
    tally = await run
    wall = time.perf_counter() - start
    progress(f"{name} done in {wall:.0f} s")
    return {
        "name": name,
        "tally": tally,
        "cpu_s": sum(daphne.cpu_times()[:2]) - cpu,
        "bench_cpu_s": time.process_time() - own,
        "wall_s": wall,
        "start": start,
        "requests": fake.request_at[n_req:],
        "tokens": fake.first_token_at[n_tok:],
    }


async def phases(base: str, daphne: psutil.Process, fake: FakeOpenAI, args) -> list:
    """Warm up, then the burst and the paced phase on the same sessions."""
    warm = await open_sessions(base, 5)
    await burst(warm)  # imports, pools, the first model client
    await asyncio.gather(*(s.close() for s in warm))
    sessions = await open_sessions(base, args.sessions)
    try:
        sampler = args.spy and spy(daphne.pid, 120, args.spy + ".burst")
        out = [await measured("burst", daphne, fake, burst(sessions))]
        if sampler:
            sampler.send_signal(signal.SIGINT)  # py-spy writes what it has
            await asyncio.to_thread(sampler.wait, 30)
        await asyncio.sleep(1)
        sampler = args.spy and spy(daphne.pid, args.duration, args.spy + ".paced")
        out.append(
            await measured(
                "paced", daphne, fake, paced(sessions, args.duration, args.think)
            )
        )
        if sampler:
            await asyncio.to_thread(sampler.wait, 60)
    finally:
        await asyncio.gather(
            *(asyncio.wait_for(s.close(), 15) for s in sessions),
            return_exceptions=True,
        )
    return out


def report(results: list[dict], args) -> bool:
    """Print the table and the headline; return whether nothing was refused."""
    floor = args.model_seconds * 1000
    load = os.getloadavg()
    print(
        f"model queue bench: one daphne, fake model answers after "
        f"{args.model_seconds:.1f} s, {args.sessions} sessions, think "
        f"{args.think:.0f} s; model turns at once "
        f"{'default' if args.cap is None else args.cap}, line "
        f"{'default' if args.queue is None else args.queue}; "
        f"load average before {args.load_before[0]:.2f} "
        f"{args.load_before[1]:.2f} {args.load_before[2]:.2f}, "
        f"after {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
        f"({os.cpu_count()} cores, shared with whatever else runs)"
    )
    print(
        f"{'phase':<7}{'sent':>6}{'ok':>6}{'busy':>6}{'err':>5}{'lost':>6}"
        f"{'queued':>8}{'ahead':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
        f"{'p95/floor':>10}{'CPU/turn':>10}{'cores':>7}"
    )
    clean = True
    for r in results:
        t: Tally = r["tally"]
        ok = len(t.latencies)
        clean = clean and t.refused == 0 and t.errors == 0
        cpu_ms = r["cpu_s"] * 1000 / ok if ok else math.nan
        print(
            f"{r['name']:<7}{t.sent:>6}{ok:>6}{t.refused:>6}{t.errors:>5}"
            f"{t.lost:>6}{t.queued:>8}{t.ahead_max:>7}"
            f"{pct(t.latencies, 50):>9.0f}{pct(t.latencies, 95):>9.0f}"
            f"{max(t.latencies, default=math.nan):>9.0f}"
            f"{pct(t.latencies, 95) / floor:>9.2f}x{cpu_ms:>8.1f}ms"
            f"{r['cpu_s'] / r['wall_s']:>7.2f}"
        )
        r["p95"] = pct(t.latencies, 95)
        if t.codes:
            print(f"        errors: {dict(t.codes)}")
    print(
        "stages (burst: from the moment all chats were sent; the fake's stamps): "
        "model requests, chat -> model request p50/p95/max, "
        "model request -> first token p50/p95 (the fake waits "
        f"{args.model_seconds:.1f} s); bench process CPU (its 300 clients + the fake)"
    )
    for r in results:
        asked = [(t - r["start"]) * 1000 for t in r["requests"]]
        # In arrival order: the fake waits the same for each, so they pair up.
        pairs = zip(r["requests"], r["tokens"], strict=False)
        waited = [(tok - req) * 1000 for req, tok in pairs]
        print(
            f"{r['name']:<7} requests {len(asked)}"
            + (
                f"  to model {pct(asked, 50):.0f}/{pct(asked, 95):.0f}/"
                f"{max(asked):.0f} ms"
                if r["name"] == "burst" and asked
                else ""
            )
            + (
                f"  model {pct(waited, 50):.0f}/{pct(waited, 95):.0f} ms"
                if waited
                else ""
            )
            + f"  bench CPU {r['bench_cpu_s']:.1f} s"
            f" ({r['bench_cpu_s'] / r['wall_s']:.2f} cores)"
        )
    b, p = results
    print(
        f"HEADLINE model_queue sessions={args.sessions} "
        f"model_s={args.model_seconds:.1f} "
        f"burst_p95={b['p95'] / 1000:.2f}s "
        f"burst_vs_floor={b['p95'] / floor:.2f}x "
        f"burst_refused={b['tally'].refused} "
        f"paced_p95={p['p95'] / 1000:.2f}s "
        f"paced_vs_floor={p['p95'] / floor:.2f}x "
        f"paced_refused={p['tally'].refused} "
        f"lost={b['tally'].lost + p['tally'].lost} "
        f"load1={load[0]:.2f}"
    )
    return clean


async def bench(args) -> bool:
    """Start the fake and the app, run the phases, report."""
    from tests.processes.procs import ProcessStack

    limits = {}  # the app's defaults unless asked (--cap 8 --queue 0: as before)
    if args.cap is not None:
        limits["COACH_MAX_MODEL_TURNS"] = str(args.cap)
    if args.queue is not None:
        limits["COACH_TURN_QUEUE"] = str(args.queue)
    fake = await FakeOpenAI([Step(content=ANSWER, hang=args.model_seconds)]).start()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-queue-") as tmp:
            # migrate and load_knowledge run in a thread: the fake keeps serving.
            stack = await asyncio.to_thread(
                ProcessStack,
                Path(tmp),
                embedded=True,
                COACH_LLM="openai",
                COACH_LLM_MODE="openai",
                OPENAI_API_KEY="sk-bench",
                OPENAI_BASE_URL=fake.url,
                COACH_LLM_MODEL="fake",
                COACH_CHAT_RATE="100000",
                CHAT_RATE_PER_ADDRESS="100000",
                LOG_LEVEL="WARNING",
                **limits,
            )
            try:
                proc = await asyncio.to_thread(stack.start, "daphne")
                base = f"http://127.0.0.1:{stack.port}"
                args.load_before = os.getloadavg()
                results = await phases(base, psutil.Process(proc.pid), fake, args)
                if any(r["tally"].errors for r in results):
                    print(app_log(stack), file=sys.stderr)
            except BaseException:
                print(stack.logs()[-3000:], file=sys.stderr)
                raise
            finally:
                await asyncio.to_thread(stack.close)
    finally:
        await fake.close()
    return report(results, args)


def app_log(stack) -> str:
    """Return the end of daphne's log without its access lines (one per socket)."""
    text = (stack.var_dir / "daphne.log").read_text(errors="replace")
    kept = [line for line in text.splitlines() if not ACCESS.match(line)]
    return "\n".join(kept[-80:])


def main() -> int:
    """Parse the options and run; non-zero only if a chat was refused or failed."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--model-seconds", type=float, default=2.0)
    parser.add_argument("--duration", type=float, default=120)
    parser.add_argument(
        "--think", type=float, default=30.0, help="seconds between reply and next chat"
    )
    parser.add_argument("--cap", type=int, help="COACH_MAX_MODEL_TURNS (default: app)")
    parser.add_argument("--queue", type=int, help="COACH_TURN_QUEUE (default: app)")
    parser.add_argument(
        "--spy", help="py-spy daphne in both phases: raw stacks to SPY.burst/.paced"
    )
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    return 0 if asyncio.run(bench(args)) else 1


if __name__ == "__main__":
    sys.exit(main())
