"""Time to first token: the model's first token to the browser's first ``reply.delta``.

Starts the fake OpenAI-compatible server (tests/agent/fake_openai.py) in this
process and the real app (daphne on the embedded default, or on PostgreSQL +
Redis when DATABASE_URL/REDIS_URL are set, as bench/ws_load.py does) with the
coach pointed at it (COACH_LLM=openai). The fake streams a ~60-character answer
in 6-character chunks, one every ``--chunk-delay`` seconds, and stamps
``time.perf_counter()`` right after it writes the first content chunk of each
stream; the WebSocket client here stamps the same clock when the first
``reply.delta`` arrives. Per turn it reports:

  first token  fake writes the first token -> client receives the first delta
  chat>model   client sends ``chat`` -> the model request reaches the fake
  chat>delta   client sends ``chat`` -> first ``reply.delta``
  chat>reply   client sends ``chat`` -> final ``reply``

Turns run one after another over a few sessions; warm-up turns are not counted.
The stack lifts the app's own chat limits (per session, per address): every turn
comes from this one address, and the limits are measured by bench/hardening.py.
The baseline, in the same run on the same daphne: a bare echo round trip
(``COACH_BENCH_ECHO``), one frame in and out, as in bench/ws_load.py.

    .venv/bin/python bench/ttft.py [--turns 30] [--sessions 3] [--chunk-delay 0.03]
"""

import argparse
import asyncio
import math
import os
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.ws_load import Session, pct  # noqa: E402
from tests.agent.fake_openai import FakeOpenAI, Step  # noqa: E402

# Meets the answer rules (agent/rules.py: an example, specific, a next step,
# <= 200 characters), so no turn asks the model a second time to rewrite it.
ANSWER = (
    "价值观就是你做选择时最看重的东西。比如「宁可少赚一点，也要准点下班陪家人」。"
    "你最近一次为难的选择是什么？试着写下来。"
)
QUESTIONS = [
    "什么是价值观？",
    "我对心理学很好奇",
    "喜欢的事和擅长的事有什么区别？",
    "我喜欢做饭，这算热情吗？",
    "这个问题和我的工作有什么关系？",
]
LIMIT_MS = 100.0
ECHOES = 30  # echo round trips for the baseline


@dataclass
class Turn:
    """What one chat turn looked like from both ends, on one clock."""

    session: int
    sent: float
    requests: int = 0  # model requests the fake received during the turn
    request_at: float | None = None
    first_token_at: float | None = None
    start_at: float | None = None
    delta_at: float | None = None
    reply_at: float | None = None
    first_delta: str = ""
    deltas: int = 0
    statuses: list[str] = field(default_factory=list)
    error: str = ""

    def ms(self, at: float | None, since: float | None = None) -> float | None:
        """Return ``at - since`` (default: since the chat was sent) in ms."""
        since = self.sent if since is None else since
        if at is None or since is None:
            return None
        return (at - since) * 1000

    @property
    def first_token_ms(self) -> float | None:
        """Return fake's first token written -> client's first delta, in ms."""
        return self.ms(self.delta_at, self.first_token_at)


async def chat_turn(
    s: Session, fake: FakeOpenAI, text: str, index: int, timeout: float = 30
) -> Turn:
    """Send one chat and stamp every frame of its reply as it arrives."""
    n_req, n_tok = len(fake.request_at), len(fake.first_token_at)
    turn = Turn(session=index, sent=time.perf_counter())
    await s.ws.send_json({"type": "chat", "text": text, "client_id": uuid.uuid4().hex})
    deadline = turn.sent + timeout
    while True:
        left = deadline - time.perf_counter()
        if left <= 0:
            turn.error = "timeout"
            break
        try:
            frame = await s.ws.receive_json(timeout=left)
        except TimeoutError:
            turn.error = "timeout"
            break
        now = time.perf_counter()
        kind = frame["type"]
        if kind == "reply.start":
            turn.start_at = now
        elif kind == "reply.delta":
            turn.deltas += 1
            if turn.delta_at is None:
                turn.delta_at, turn.first_delta = now, frame["text"]
        elif kind == "reply.status":
            turn.statuses.append(frame.get("kind", "?"))
        elif kind == "reply":
            turn.reply_at = now
            break
        elif kind == "error":
            turn.error = frame.get("code", "error")
            break
    turn.requests = len(fake.request_at) - n_req
    if turn.requests:
        turn.request_at = fake.request_at[n_req]
    if len(fake.first_token_at) > n_tok:
        turn.first_token_at = fake.first_token_at[n_tok]
    return turn


async def echo_baseline(base: str) -> list[float]:
    """Return ECHOES bare echo round trips (ms) through the same daphne."""
    s = Session(None, base, "/ws/echo/")
    await s.open()
    try:
        return [await s.echo(f"echo {k}") for k in range(ECHOES)]
    finally:
        await s.close()


async def run(base: str, fake: FakeOpenAI, args) -> tuple[list[Turn], list[Turn]]:
    """Warm up on a session of its own, then run the measured turns."""
    warm = Session(None, base, "/ws/coach/")
    await warm.open()
    warmup = [
        await chat_turn(warm, fake, QUESTIONS[i % len(QUESTIONS)], -1)
        for i in range(args.warmup)
    ]
    await warm.close()
    sessions = [Session(None, base, "/ws/coach/") for _ in range(args.sessions)]
    for s in sessions:
        await s.open()
    turns = []
    for k in range(args.turns):
        i = k % args.sessions
        turns.append(
            await chat_turn(sessions[i], fake, QUESTIONS[k % len(QUESTIONS)], i)
        )
        await asyncio.sleep(args.gap)
    for s in sessions:
        await s.close()
    return warmup, turns


def _cell(value: float | None, width: int = 12) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:>{width}.1f}"


def report(warmup: list[Turn], turns: list[Turn], echo: list[float], args) -> bool:
    """Print the table, the summary and the headline; return whether all is well."""
    print(
        f"ttft bench: fake model streams {len(ANSWER)} chars in "
        f"{args.chunk_chars}-char chunks every {args.chunk_delay * 1000:.0f} ms; "
        f"{args.turns} turns over {args.sessions} sessions "
        f"(+{args.warmup} warm-up)"
    )
    print(
        f"{'turn':>4}{'sess':>5}{'reqs':>5}{'deltas':>7}{'first token':>12}"
        f"{'chat>model':>12}{'chat>delta':>12}{'chat>reply':>12}  note"
    )
    rows = [(f"w{k}", t) for k, t in enumerate(warmup)]
    rows += [(str(k), t) for k, t in enumerate(turns)]
    for label, t in rows:
        note = t.error or ",".join(t.statuses)
        if t.first_delta and t.first_delta != ANSWER[: args.chunk_chars]:
            note += f" first delta {t.first_delta!r}"
        print(
            f"{label:>4}{t.session:>5}{t.requests:>5}{t.deltas:>7}"
            f"{_cell(t.first_token_ms)}{_cell(t.ms(t.request_at))}"
            f"{_cell(t.ms(t.delta_at))}{_cell(t.ms(t.reply_at))}  {note}"
        )
    good = [t for t in turns if t.first_token_ms is not None and not t.error]
    bad = len(turns) - len(good)
    first = [t.first_token_ms for t in good]
    print(f"\n{'ms':<34}{'p50':>8}{'p95':>8}{'max':>8}")
    for name, values in (
        ("fake first token -> client delta", first),
        ("chat -> model request", [t.ms(t.request_at) for t in good]),
        ("chat -> first delta", [t.ms(t.delta_at) for t in good]),
        ("chat -> final reply", [t.ms(t.reply_at) for t in good]),
        ("first delta -> final reply", [t.ms(t.reply_at, t.delta_at) for t in good]),
    ):
        print(
            f"{name:<34}{pct(values, 50):>8.1f}{pct(values, 95):>8.1f}"
            f"{max(values, default=math.nan):>8.1f}"
        )
    print(
        f"{'baseline: bare echo round trip':<34}{pct(echo, 50):>8.1f}"
        f"{pct(echo, 95):>8.1f}{max(echo, default=math.nan):>8.1f}"
    )
    ratio = pct(first, 50) / pct(echo, 50)
    print(f"first token -> delta / echo round trip, p50: {ratio:.1f}x")
    worst = max(first, default=math.inf)
    within = bad == 0 and worst <= LIMIT_MS
    print(
        f"turns measured {len(good)}/{len(turns)}; "
        f"first token within {LIMIT_MS:.0f} ms on every turn: "
        f"{'yes' if within else 'no'}"
    )
    print(
        f"HEADLINE ttft first_token_ms_p50={pct(first, 50):.1f} "
        f"first_token_ms_p95={pct(first, 95):.1f} "
        f"first_token_ms_max={worst:.1f} within_100ms={'yes' if within else 'no'} "
        f"echo_ms_p50={pct(echo, 50):.1f} first_token_vs_echo_p50={ratio:.1f}x "
        f"chat_to_delta_p50={pct([t.ms(t.delta_at) for t in good], 50):.0f}ms "
        f"chat_to_reply_p50={pct([t.ms(t.reply_at) for t in good], 50):.0f}ms "
        f"failed={bad}"
    )
    return bad == 0


async def bench(args) -> bool:
    """Start the fake and the app, run the turns, report."""
    from tests.processes.procs import ProcessStack

    step = Step(
        content=ANSWER, chunk_delay=args.chunk_delay, chunk_chars=args.chunk_chars
    )
    fake = await FakeOpenAI([step]).start()
    embedded = not (os.environ.get("REDIS_URL") and os.environ.get("DATABASE_URL"))
    try:
        with tempfile.TemporaryDirectory(prefix="bench-ttft-") as tmp:
            # migrate and load_knowledge run in a thread: the fake keeps serving.
            stack = await asyncio.to_thread(
                ProcessStack,
                Path(tmp),
                embedded=embedded,
                COACH_LLM="openai",
                COACH_LLM_MODE="openai",
                OPENAI_API_KEY="sk-bench",
                OPENAI_BASE_URL=fake.url,
                COACH_LLM_MODEL="fake",
                COACH_BENCH_ECHO="1",
                # Every turn comes from 127.0.0.1: 32 chats would pass the
                # 30 a minute per address (CHAT_RATE_PER_ADDRESS).
                COACH_CHAT_RATE="100000",
                CHAT_RATE_PER_ADDRESS="100000",
                LOG_LEVEL="WARNING",
            )
            try:
                await asyncio.to_thread(stack.start, "daphne")
                base = f"http://127.0.0.1:{stack.port}"
                warmup, turns = await run(base, fake, args)
                echo = await echo_baseline(base)
            except BaseException:
                print(stack.logs()[-3000:], file=sys.stderr)
                raise
            finally:
                await asyncio.to_thread(stack.close)
    finally:
        await fake.close()
    return report(warmup, turns, echo, args)


def main() -> int:
    """Parse the options and run the bench; non-zero only if a turn failed.

    A slow turn is a figure, not a failure: nothing here asserts a time.
    """
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--chunk-delay", type=float, default=0.03)
    parser.add_argument("--chunk-chars", type=int, default=6)
    parser.add_argument("--gap", type=float, default=0.2, help="seconds between turns")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
    return 0 if asyncio.run(bench(args)) else 1


if __name__ == "__main__":
    sys.exit(main())
