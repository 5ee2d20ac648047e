"""Async Redis connection pools that stay small: bounded, and idle ones closed.

redis-py's async pool opens a connection for every command in flight and keeps
every one it ever opened: a burst of 8,500 sockets left daphne holding
thousands of idle Redis connections for good (Redis ``maxclients`` is shared by
every process). This pool waits for a free connection instead of opening one
past ``REDIS_POOL_MAX``, and closes a released connection when ``REDIS_POOL_IDLE``
idle ones are already kept, so after a burst a process is back to a few.
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.connection import AbstractConnection, ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError

from django.conf import settings

# Seconds a command waits for a free connection before it fails: a burst queues
# for a moment rather than failing, a stalled Redis still fails fast.
POOL_WAIT = 5.0


class ReturningPool(ConnectionPool):
    """At most ``max_connections`` at once; at most ``idle`` kept open when unused.

    Not redis-py's BlockingConnectionPool: under a burst of 300 sockets it
    failed commands ("No connection available" after 5 s) though each takes
    well under a millisecond; its waiters sit on an asyncio.Condition, and
    daphne cancels the task of a closing socket at any await. Here waiting is
    a semaphore, and ``release`` does its bookkeeping before its first
    ``await``, so a task cancelled mid-command still gives its connection and
    its slot back.
    """

    def __init__(self, *, idle: int, timeout: float, **kwargs: Any) -> None:
        """Keep ``idle`` unused connections open; the rest of kwargs as redis-py's."""
        super().__init__(**kwargs)
        self.idle, self.timeout = idle, timeout
        self._slots = asyncio.Semaphore(self.max_connections)

    async def get_connection(self, *args: Any, **kwargs: Any) -> AbstractConnection:
        """Return a connected connection, waiting up to ``timeout`` for a free one."""
        try:
            async with asyncio.timeout(self.timeout):
                await self._slots.acquire()
        except TimeoutError as error:
            raise RedisConnectionError("No connection available.") from error
        if self._available_connections:
            connection = self._available_connections.pop()
        else:
            connection = self.make_connection()
        self._in_use_connections.add(connection)
        try:
            await self.ensure_connection(connection)
        except BaseException:
            await self.release(connection)
            raise
        return connection

    async def release(self, connection: AbstractConnection) -> None:
        """Return ``connection``; close it if enough idle ones are open already."""
        if connection not in self._in_use_connections:
            return  # given back twice, or the pool was reset in between
        self._in_use_connections.remove(connection)
        self._slots.release()
        if not connection.should_reconnect() and (
            len(self._available_connections) < self.idle
        ):
            self._available_connections.append(connection)
            return
        await connection.disconnect()


def pool_from_url(url: str, **kwargs: Any) -> ReturningPool:
    """Return a bounded pool for ``url`` (redis://, rediss:// or unix://)."""
    # from_url parses the URL into connection kwargs (host, db, path, ...).
    return ReturningPool.from_url(  # type: ignore[return-value]
        url,
        max_connections=settings.REDIS_POOL_MAX,
        idle=settings.REDIS_POOL_IDLE,
        timeout=POOL_WAIT,
        **kwargs,
    )


# Async Redis connections belong to one event loop: one client per loop (daphne
# has one; tests start a new loop per test).
@cache
def loop_client(loop_id: int) -> Redis:
    """Return the app's own bounded Redis client for the loop ``loop_id``."""
    pool = pool_from_url(
        settings.REDIS_URL,
        # A stalled Redis costs a call a second, not a hung socket.
        socket_timeout=1,
        socket_connect_timeout=1,
    )
    return Redis(connection_pool=pool)
