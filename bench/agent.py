"""Agent benchmark: offline turn latency with persistence, and prompt size over time.

Run: .venv/bin/python bench/agent.py [--turns 200]
     (BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL, in a scratch
     database created on that server and dropped at exit)

Everything runs in-process on a real SQLite file database (WAL, as in production)
with the knowledge base loaded from data/ and the embedded Redis cache:

1. Offline turns through the public API (``agent.api.run_turn``: graph, tools,
   checkpoint, coach notes) for each LangGraph durability mode, p50/p95.
2. The floor: the same graph shape with a trivial fake model and no checkpointer.
3. Prompt size (``count_tokens_approximately``) at turns 1, 10, 50, 100 of one long
   session, with the coach notes, against a full-history baseline in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import io
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
WORK = Path(tempfile.mkdtemp(prefix="bench-agent-"))
atexit.register(shutil.rmtree, WORK, ignore_errors=True)
# BENCH_DATABASE_URL=postgres://… measures the PostgreSQL saver instead, in a
# scratch database made on that server for this run (never the one it names).
if os.environ.get("BENCH_DATABASE_URL"):
    from bench.scratch import database_create

    os.environ["DATABASE_URL"] = database_create(
        server_url=os.environ["BENCH_DATABASE_URL"], prefix="bench_agent"
    )
else:
    os.environ["DATABASE_URL"] = f"sqlite:///{WORK / 'db.sqlite3'}"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
os.environ.pop("AGENT_CHECKPOINT_PATH", None)

import django  # noqa: E402

django.setup()

from bench.scratch import database_check  # noqa: E402

if os.environ.get("BENCH_DATABASE_URL"):
    database_check(url=os.environ["DATABASE_URL"])

from langchain_core.language_models import BaseChatModel  # noqa: E402
from langchain_core.messages import AIMessage  # noqa: E402
from langchain_core.outputs import ChatGeneration, ChatResult  # noqa: E402

from django.core.management import call_command  # noqa: E402

from agent import api  # noqa: E402
from agent.checkpoint import checkpoint_target, checkpointer_close  # noqa: E402
from agent.configuration import Configuration  # noqa: E402
from agent.context import SessionSnapshot  # noqa: E402
from agent.graph import build_graph  # noqa: E402
from tests.agent.session_sim import SAID, simulate  # noqa: E402

ANSWER = "价值观是你最看重的东西。比如看重「自由」的人会自己定计划。你呢？"


class TrivialModel(BaseChatModel):
    """Answers at once, with no tools: the cost of the graph itself."""

    @property
    def _llm_type(self) -> str:
        return "trivial"

    def bind_tools(self, tools, **kwargs):  # type: ignore[override]
        """Accept tools and ignore them."""
        return self

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        return ChatResult(generations=[ChatGeneration(message=AIMessage(ANSWER))])


def pct(values: list[float], q: float) -> float:
    """Return the q-th percentile (0–100) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def snapshot(i: int) -> SessionSnapshot:
    """Return session ``i % 20`` on a question of the values step."""
    return SessionSnapshot(
        session_id=f"bench-{i % 20}",
        step="values_exploration",
        question_id=f"V0{i % 9 + 1}",
        answers={"V01": "导师从不放弃学生"},
        recent_messages=[("user", "你好"), ("coach", "你好！")],
    )


async def api_turns(turns: int, durability: str) -> list[float]:
    """Time ``turns`` offline turns through run_turn with the persistent saver."""
    config = Configuration(llm_mode="offline", durability=durability)
    out = []
    for i in range(turns):
        started = time.perf_counter()
        async for _event in api.run_turn(
            snapshot=snapshot(i), text=SAID[i % len(SAID)], config=config
        ):
            pass
        out.append((time.perf_counter() - started) * 1000)
    return out


async def graph_turns(turns: int, config: Configuration) -> list[float]:
    """Time the bare graph (no checkpointer) with ``config``'s model."""
    graph = build_graph()
    out = []
    for i in range(turns):
        snap = snapshot(i)
        inputs = {
            "user_text": SAID[i % len(SAID)],
            "selection": "",
            "guide_id": None,
            "session": snap.__dict__,
            "deadline": time.time() + 45,
        }
        started = time.perf_counter()
        await graph.ainvoke(
            inputs, {"recursion_limit": config.recursion_limit}, context=config
        )
        out.append((time.perf_counter() - started) * 1000)
    return out


def row(name: str, values: list[float]) -> str:
    """Format one latency row."""
    return (
        f"| {name} | {statistics.median(values):.1f} | {pct(values, 95):.1f} | "
        f"{len(values)} |"
    )


async def main(turns: int) -> None:
    """Run the measurements and print them."""
    await api_turns(20, "exit")  # warm up: index, caches, saver
    results = {mode: await api_turns(turns, mode) for mode in ("exit", "async", "sync")}
    offline_bare = await graph_turns(turns, Configuration(llm_mode="offline"))
    floor = await graph_turns(turns, Configuration(chat_model=TrivialModel()))
    print(f"checkpointer: {checkpoint_target()}\n")
    print("| offline turn | p50 ms | p95 ms | turns |\n|---|---|---|---|")
    for mode, values in results.items():
        kind = checkpoint_target()[0]
        print(row(f"run_turn, {kind} saver, durability={mode}", values))
    print(row("offline graph, no saver", offline_bare))
    print(row("floor: trivial fake model, no saver", floor))
    run = await simulate(
        100,
        Configuration(llm_mode="offline"),
        session_id="long",
        measure_at=(1, 10, 50, 100),
    )
    sizes = run["sizes"]
    print(
        "\n| turn | coach notes | full history | notes, messages only |"
        " full, messages only |"
    )
    print("|---|---|---|---|---|")
    for turn, s in sizes.items():
        print(
            f"| {turn} | {s['notes']} | {s['full']} | {s['notes_messages']} | "
            f"{s['full_messages']} |"
        )
    ratio = sizes[100]["notes"] / sizes[10]["notes"]
    bare = sizes[100]["notes_messages"] / sizes[10]["notes_messages"]
    print(
        f"\nturn 100 / turn 10 with notes: {ratio:.2f}x, messages only {bare:.2f}x "
        f"(promise ≤ 1.2x); full history: "
        f"{sizes[100]['full'] / sizes[10]['full']:.2f}x, messages only "
        f"{sizes[100]['full_messages'] / sizes[10]['full_messages']:.2f}x"
    )
    chosen = results["exit"]
    # The dialogue manager's own cost: the offline graph against the same graph
    # with a trivial model, both without a saver, measured in this run.
    p50_ratio = statistics.median(offline_bare) / statistics.median(floor)
    p95_ratio = pct(offline_bare, 95) / pct(floor, 95)
    print(f"offline graph / floor: p50 {p50_ratio:.2f}x, p95 {p95_ratio:.2f}x")
    print(
        f"HEADLINE agent p50_ms={statistics.median(chosen):.1f} "
        f"p95_ms={pct(chosen, 95):.1f} durability=exit "
        f"sync_p50_ms={statistics.median(results['sync']):.1f} "
        f"floor_p50_ms={statistics.median(floor):.1f} "
        f"graph_vs_floor_p50={p50_ratio:.2f}x prompt_100_vs_10={ratio:.2f}x"
    )
    await checkpointer_close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()
    with contextlib.redirect_stdout(io.StringIO()):
        call_command("migrate", verbosity=0)
        call_command("load_knowledge", verbosity=0)
    asyncio.run(main(args.turns))
