"""Evaluation harness for the coach: scripted sessions, judged turn by turn.

``manage.py coach_eval FILE`` is the command-line adapter; docs/coach_eval.md
describes the file format and the expectation keys.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from agent.checkpoint import checkpointer_close
from agent.configuration import Configuration
from agent.evaluation.cases import CaseError, sessions_load
from agent.evaluation.report import (
    Report,
    report_build,
    report_render,
    report_to_dict,
    safety_summary,
)
from agent.evaluation.runner import CONCURRENCY, TurnRunner, sessions_run

__all__ = [
    "safety_summary",
    "CaseError",
    "Report",
    "evaluate",
    "evaluate_async",
    "report_render",
    "report_to_dict",
    "sessions_load",
]


async def evaluate_async(
    path: Path | str,
    *,
    config: Configuration | None = None,
    run: TurnRunner | None = None,
    concurrency: int = CONCURRENCY,
) -> Report:
    """Load an evaluation file, play its sessions against the coach, score them.

    Args:
        path: A JSONL evaluation file.
        config: The coach's configuration; settings and env when None.
        run: The turn function, ``agent.api.run_turn`` by default (tests wrap it).
        concurrency: How many sessions run at once.

    Returns:
        The report.

    Raises:
        CaseError: The file is unreadable or a line is invalid (nothing runs).
    """
    sessions = sessions_load(path=path)
    config = config or Configuration()
    started = time.perf_counter()
    records = await sessions_run(
        sessions=sessions, config=config, run=run, concurrency=concurrency
    )
    return report_build(
        records=records, model=config.model, seconds=time.perf_counter() - started
    )


def evaluate(path: Path | str, *, config: Configuration | None = None) -> Report:
    """Run :func:`evaluate_async` in a fresh event loop (for the command).

    The checkpoint saver opened on that loop is closed before the loop ends.
    """

    async def main() -> Report:
        try:
            return await evaluate_async(path, config=config)
        finally:
            await checkpointer_close()

    return asyncio.run(main())
