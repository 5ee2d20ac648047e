"""The per-process turn gate: separate caps for offline and model turns, a line.

Pure asyncio: no socket, no database (the consumer tests in test_limits.py
show the frames a person sees).
"""

import asyncio

import pytest

from django.test import override_settings

from coach.protocol import reply_queued
from coach.ratelimit import TurnGate


@pytest.mark.asyncio
@override_settings(COACH_LLM_MODE="openai", COACH_MAX_TURNS=1, COACH_MAX_MODEL_TURNS=3)
async def test_model_turns_have_their_own_much_higher_cap():
    gate = TurnGate()
    tickets = [gate.enter() for _ in range(4)]
    assert [t.running for t in tickets] == [True, True, True, False]


@pytest.mark.asyncio
@override_settings(
    COACH_LLM_MODE="offline",
    COACH_MAX_TURNS=2,
    COACH_MAX_MODEL_TURNS=300,
    COACH_TURN_QUEUE=2,
)
async def test_offline_turns_are_bounded_then_wait_then_are_refused():
    gate = TurnGate()
    running = [gate.enter(), gate.enter()]
    line = [gate.enter(), gate.enter()]
    assert all(t.running for t in running)
    assert [t.running for t in line] == [False, False]
    assert [t.ahead() for t in line] == [0, 1]
    assert gate.enter() is None  # the line is full: only now a refusal


@pytest.mark.asyncio
@override_settings(COACH_LLM_MODE="openai", COACH_MAX_MODEL_TURNS=1)
async def test_a_freed_slot_goes_to_the_first_in_line():
    gate = TurnGate()
    first = gate.enter()
    second, third = gate.enter(), gate.enter()
    order = []

    async def run(name, ticket):
        await ticket.wait()
        order.append(name)

    tasks = [asyncio.create_task(run(n, t)) for n, t in (("3", third), ("2", second))]
    await asyncio.sleep(0)
    first.leave()
    await asyncio.sleep(0)
    assert order == ["2"] and second.running and not third.running
    assert third.ahead() == 0
    second.leave()
    await asyncio.gather(*tasks)
    assert order == ["2", "3"]
    third.leave()
    assert gate.running == 0 and not gate.waiters


@pytest.mark.asyncio
@override_settings(COACH_LLM_MODE="openai", COACH_MAX_MODEL_TURNS=1)
async def test_a_turn_stopped_in_line_gives_its_place_up():
    gate = TurnGate()
    first = gate.enter()
    stopped, after = gate.enter(), gate.enter()
    task = asyncio.create_task(stopped.wait())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    stopped.leave()
    assert after.ahead() == 0
    first.leave()
    await asyncio.wait_for(after.wait(), 1)
    assert after.running
    stopped.leave()  # twice: changes nothing
    after.leave()
    assert gate.running == 0


@pytest.mark.asyncio
@override_settings(COACH_LLM_MODE="openai", COACH_MAX_MODEL_TURNS=1)
async def test_a_slot_handed_to_a_turn_cancelled_at_that_moment_passes_on():
    gate = TurnGate()
    first = gate.enter()
    cancelled, after = gate.enter(), gate.enter()
    task = asyncio.create_task(cancelled.wait())
    await asyncio.sleep(0)
    first.leave()  # the slot reaches it ...
    task.cancel()  # ... as it is cancelled, before it runs again
    with pytest.raises(asyncio.CancelledError):
        await task
    cancelled.leave()
    await asyncio.wait_for(after.wait(), 1)
    after.leave()
    assert gate.running == 0


def test_the_position_frame_says_how_many_are_ahead():
    assert reply_queued(reply_id="r5", ahead=3) == {
        "type": "reply.queued",
        "reply_id": "r5",
        "ahead": 3,
        "text": "前面还有 3 位，马上轮到你",
    }
    assert reply_queued(reply_id="r5", ahead=0)["text"] == "马上轮到你"
