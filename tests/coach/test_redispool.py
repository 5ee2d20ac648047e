"""The bounded Redis pool: waits instead of opening more, gives idle ones back."""

import asyncio

import pytest
from redis.asyncio import Redis

from django.conf import settings

from coach.redispool import ReturningPool


def client(*, max_connections: int, idle: int) -> Redis:
    pool = ReturningPool.from_url(
        settings.REDIS_URL, max_connections=max_connections, idle=idle, timeout=2
    )
    return Redis(connection_pool=pool)


@pytest.mark.asyncio
async def test_a_burst_waits_for_the_cap_and_leaves_only_the_idle_ones_open():
    redis = client(max_connections=3, idle=1)
    pool = redis.connection_pool
    busiest = 0

    async def ping() -> None:
        nonlocal busiest
        await redis.ping()
        busiest = max(busiest, len(pool._in_use_connections))

    await asyncio.gather(*(ping() for _ in range(50)))
    assert busiest <= 3
    assert len(pool._in_use_connections) == 0
    assert len(pool._available_connections) <= 1
    await redis.aclose()


@pytest.mark.asyncio
async def test_commands_cancelled_mid_flight_give_their_connections_back():
    """Daphne cancels a closing socket's task at any await: nothing may leak."""
    redis = client(max_connections=2, idle=1)
    blocked = [
        asyncio.create_task(redis.blpop([f"coach-test-nothing-{i}"], timeout=5))
        for i in range(6)
    ]
    await asyncio.sleep(0.3)  # two hold a connection, four wait for one
    for task in blocked:
        task.cancel()
    await asyncio.gather(*blocked, return_exceptions=True)
    assert len(redis.connection_pool._in_use_connections) == 0
    assert await asyncio.wait_for(redis.ping(), 1)  # both slots free again
    await redis.aclose()
