"""The per-session turn lock: one turn at a time, kept alive while it runs."""

import asyncio

from django.core.cache import cache

from coach import turn_locks
from coach.redispool import loop_client


def _redis():
    return loop_client(id(asyncio.get_running_loop()))


async def test_a_second_turn_of_the_session_is_refused_until_the_first_gives_back():
    assert await turn_locks.take("s-one")
    assert not await turn_locks.take("s-one")
    await turn_locks.give("s-one")
    assert await turn_locks.take("s-one")
    await turn_locks.give("s-one")


async def test_held_locks_are_renewed_together_and_given_ones_are_not(monkeypatch):
    """A turn longer than the lock's life keeps it; a lock given back stays gone."""
    monkeypatch.setattr(turn_locks, "LOCK_REFRESH", 0.05)
    for name in ("s-a", "s-b", "s-c"):
        assert await turn_locks.take(name)
    await turn_locks.give("s-c")
    keys = {n: cache.make_and_validate_key(f"turn-lock:{n}") for n in ("s-a", "s-b")}
    for key in keys.values():
        await _redis().expire(key, 1)  # about to lapse, as in a long model turn
    await asyncio.sleep(0.3)
    for key in keys.values():
        assert await _redis().ttl(key) > 5  # renewed to LOCK_TTL
    assert not await _redis().exists(cache.make_and_validate_key("turn-lock:s-c"))
    await turn_locks.give("s-a")
    await turn_locks.give("s-b")
    await asyncio.sleep(0.2)  # the renewer stops once nothing is held
    assert not turn_locks._renewers.get(asyncio.get_running_loop())
