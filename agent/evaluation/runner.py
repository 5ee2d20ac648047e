"""Run scripted sessions through ``agent.api.run_turn`` and judge every reply."""

from __future__ import annotations

import asyncio
import dataclasses
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from agent import api
from agent.configuration import Configuration
from agent.evaluation.cases import Session, Turn
from agent.evaluation.checks import Observed, Outcome, outcomes_judge
from agent.evaluation.history import SessionThread

CONCURRENCY = 4  # sessions at once; the turns of one session run in order
TurnRunner = Callable[..., AsyncIterator[Any]]


@dataclass(frozen=True)
class TurnRecord:
    """One judged turn: what was sent, what the coach did, each expectation."""

    session_id: str  # the case id from the file
    category: str
    turn: int  # 1-based, within the session
    script: Turn  # the turn as written in the file
    seen: Observed  # the reply, act, tools, examples and actions
    outcomes: list[Outcome]
    latency_ms: float
    error: str = ""  # the exception that ended the turn, if any
    trace: dict[str, Any] = field(default_factory=dict)  # the coach's own trace

    @property
    def message(self) -> str:
        """Return what the person sent, for reports."""
        return self.script.text or f"[{self.script.guide_id}]"

    def to_dict(self) -> dict[str, Any]:
        """Return the record as JSON-ready data (for ``--json``)."""
        return {
            "session": self.session_id,
            "category": self.category,
            "turn": self.turn,
            **{k: getattr(self.script, k) for k in ("text", "selection", "guide_id")},
            **{k: getattr(self.seen, k) for k in ("reply", "act", "tools", "examples")},
            "actions": self.seen.actions,
            "latency_ms": self.latency_ms,
            "error": self.error,
            "trace": self.trace,
            "expectations": [dataclasses.asdict(o) for o in self.outcomes],
        }


async def _result(run: TurnRunner, snapshot: Any, turn: Turn, config: Any) -> Any:
    """Drain one turn's stream and return its final TurnResult."""
    said = {"text": turn.text, "selection": turn.selection, "guide_id": turn.guide_id}
    events = [e async for e in run(snapshot=snapshot, config=config, **said)]
    if not events or not hasattr(events[-1], "tools_used"):
        raise RuntimeError("run_turn ended without a TurnResult")
    return events[-1]


def _observed(result: Any, state: SessionThread) -> Observed:
    """Read a TurnResult defensively: ``act`` and ``actions`` may not exist yet."""
    return Observed(
        reply=str(getattr(result, "text", "") or ""),
        act=str((getattr(result, "trace", None) or {}).get("act", "") or ""),
        tools=list(getattr(result, "tools_used", None) or []),
        examples=list(getattr(result, "examples", None) or []),
        actions=dict(getattr(result, "actions", None) or {}),
        risk=dict((getattr(result, "trace", None) or {}).get("risk") or {}),
        earlier_example_ids=frozenset(state.shown),
        last_examples=list(state.last_examples),
    )


async def session_run(
    *, session: Session, config: Configuration, run: TurnRunner | None = None
) -> list[TurnRecord]:
    """Play one session turn by turn, threading history, notes and mode.

    Args:
        session: The scripted session.
        config: The coach's configuration (model, deadline).
        run: The turn function; ``agent.api.run_turn`` by default.

    Returns:
        One record per turn, in order. A turn that raises is recorded with an
        empty reply (so its expectations fail) and the session goes on.
    """
    session_id = f"eval-{session.id}-{uuid.uuid4().hex[:8]}"
    state = SessionThread.start(session, session_id)
    records: list[TurnRecord] = []
    for index, turn in enumerate(session.turns, start=1):
        snapshot, started = state.snapshot(turn), time.perf_counter()
        result, error = None, ""
        try:
            result = await _result(run or api.run_turn, snapshot, turn, config)
        except Exception as exc:  # one broken turn must not end the evaluation
            error = f"{type(exc).__name__}: {exc}"
        seen = _observed(result, state)
        category = turn.category or session.category
        outcomes = outcomes_judge(expect=turn.expect, seen=seen, category=category)
        latency = round((time.perf_counter() - started) * 1000, 1)
        records.append(
            TurnRecord(
                session.id,
                category,
                index,
                turn,
                seen,
                outcomes,
                latency,
                error,
                dict(getattr(result, "trace", None) or {}),
            )  # fmt: skip
        )
        state.advance(turn, seen, result)
    return records


async def sessions_run(
    *,
    sessions: list[Session],
    config: Configuration,
    run: TurnRunner | None = None,
    concurrency: int = CONCURRENCY,
) -> list[TurnRecord]:
    """Play sessions concurrently, at most ``concurrency`` at once.

    Returns:
        All turn records, in file order.
    """
    gate = asyncio.Semaphore(concurrency)

    async def one(session: Session) -> list[TurnRecord]:
        async with gate:
            return await session_run(session=session, config=config, run=run)

    done = await asyncio.gather(*(one(s) for s in sessions))
    return [record for records in done for record in records]
