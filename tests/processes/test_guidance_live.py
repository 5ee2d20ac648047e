"""Proactive guidance end to end: real Redis, celery worker + beat, daphne, sockets."""

import asyncio
import time

import pytest

from tests.processes.client import Client
from tests.processes.procs import ProcessStack

pytestmark = [pytest.mark.processes, pytest.mark.asyncio]

SCAN, IDLE, QUIET, STUCK, SETTLE = 1, 5, 12, 3, 1


@pytest.fixture
def stack(tmp_path):
    stack = ProcessStack(
        tmp_path,
        GUIDE_SCAN_INTERVAL=str(SCAN),
        GUIDE_IDLE_TIMEOUT=str(IDLE),
        GUIDE_QUIET_TIMEOUT=str(QUIET),
        GUIDE_STUCK_TIMEOUT=str(STUCK),
        GUIDE_ANSWER_SETTLE=str(SETTLE),
        GUIDE_HOURLY_CAP="10",
    )
    try:
        for name in ("daphne", "worker", "beat"):
            stack.start(name)
        stack.wait_ready()  # the nudge clocks below start once every process is up
        yield stack
    finally:
        stack.close()


async def _idle_then_no_duplicate_after_beat_restart(stack):
    async with Client(stack.port) as tab:
        await tab.send(type="step", step="values_exploration")
        started = time.monotonic()
        nudge = await tab.wait_for("guidance", IDLE + SCAN + 5)
        waited = time.monotonic() - started
        assert nudge["trigger"] == "idle_timeout", nudge
        assert waited >= IDLE - 1
        assert nudge["text"] and nudge["guide_questions"]
        stack.stop("beat")
        stack.start("beat")
        assert await tab.nothing_of("guidance", 3 * SCAN + 2)
    async with Client(stack.port, tab.cookie) as again:
        assert [g["trigger"] for g in again.session["unread_guidance"]] == [
            "idle_timeout"
        ]


async def _short_answer(stack):
    async with Client(stack.port) as tab:
        await tab.send(type="answer", question_id="V01", text="我画画")
        await tab.wait_for("answer.saved", 5)
        nudge = await tab.wait_for("guidance", SETTLE + SCAN + 5)
        assert nudge["trigger"] == "short_answer", nudge
        assert nudge["question_id"] == "V01"
        assert nudge["examples"], nudge


async def _stuck(stack):
    async with Client(stack.port) as tab:
        await tab.send(type="focus", question_id="S03")
        nudge = await tab.wait_for("guidance", STUCK + SCAN + 5)
        assert nudge["trigger"] == "stuck", nudge
        assert nudge["question_id"] == "S03"
        await tab.send(type="guidance_read", guidance_id=nudge["guidance_id"])


async def _quiet_means_no_nudge(stack):
    # Issue 28: the page promises "教练不会主动提醒你"; nothing comes, even
    # past the old quiet timeout.
    async with Client(stack.port) as tab:
        await tab.send(type="preference", guide_mode="quiet")
        assert await tab.nothing_of("guidance", QUIET + SCAN + 3)


async def test_nudges_arrive_live_at_the_right_time_once(stack):
    try:
        await asyncio.gather(
            _idle_then_no_duplicate_after_beat_restart(stack),
            _short_answer(stack),
            _stuck(stack),
            _quiet_means_no_nudge(stack),
        )
    except BaseException:
        print(stack.logs())
        raise
