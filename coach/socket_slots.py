"""Sockets open at once per session and per client address, shared through Redis.

Every daphne process counts in the same sorted sets, one per session and one per
address: a member per open socket (its channel name), scored with the time its
process last renewed it. A process renews its own sockets every third of
``WS_SLOT_TTL``, so the sockets of a killed process (no disconnect ever ran)
drop out after ``WS_SLOT_TTL`` seconds instead of holding their slots for good.
Clocks of daphnes on several machines need only agree to well within the TTL.
"""

import asyncio
import logging
import math
import time

from django.conf import settings

from coach.redispool import loop_client

log = logging.getLogger(__name__)
PREFIX = "coach-sockets"

# KEYS: the session's set, then the address's (if known). ARGV: the socket, now,
# the TTL, then each key's cap. Returns 0 (taken) or the number of the full key.
# One script, so two tabs of one session racing in two processes cannot both
# take the last slot.
TAKE = """
local now, ttl = tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - ttl)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[3 + i]) then return i end
end
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[1])
  redis.call('EXPIRE', KEYS[i], math.ceil(ttl))
end
return 0
"""
FULL = {1: "session", 2: "address"}


def _keys(session_key: str, address: str) -> list[str]:
    keys = [f"{PREFIX}:session:{session_key}"]
    return keys + [f"{PREFIX}:addr:{address}"] if address else keys


class SocketSlots:
    """This process's open sockets, each holding a slot under its session and address.

    Like ``TurnSlots``, bound to the running event loop: a new loop (each test
    has its own) starts with none.
    """

    def __init__(self) -> None:
        """Hold no slots."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.held: dict[str, list[str]] = {}  # channel name -> its keys
        self.renewer: asyncio.Task | None = None

    def _client(self):
        loop = asyncio.get_running_loop()
        if loop is not self.loop:
            self.loop, self.held, self.renewer = loop, {}, None
        return loop_client(id(loop))

    async def take(self, *, channel: str, session_key: str, address: str) -> str:
        """Take a slot for the socket ``channel``; return "" or which cap is full.

        Fails open: with Redis down the socket gets no slot and is let in (its
        channel-layer calls will fail on their own).
        """
        client, keys = self._client(), _keys(session_key, address)
        caps = [settings.WS_PER_SESSION, settings.WS_PER_ADDRESS][: len(keys)]
        args = [channel, time.time(), settings.WS_SLOT_TTL, *caps]
        try:
            full = await client.eval(TAKE, len(keys), *keys, *args)
        except Exception:  # noqa: BLE001 - the counter's store, not the socket
            log.warning("socket slots unavailable; allowing", exc_info=True)
            return ""
        if full:
            return FULL[int(full)]
        self.held[channel] = keys
        if self.renewer is None or self.renewer.done():
            self.renewer = asyncio.create_task(self._renew())
        return ""

    async def give(self, *, channel: str) -> None:
        """Free the slot of a closed socket (nothing if it held none)."""
        client = self._client()
        keys = self.held.pop(channel, None)
        if not self.held and self.renewer is not None:
            self.renewer.cancel()  # nothing to renew; the next take starts one
            self.renewer = None
        if keys:
            try:
                async with client.pipeline(transaction=False) as pipe:
                    for key in keys:
                        pipe.zrem(key, channel)
                    await pipe.execute()
            except Exception:  # noqa: BLE001 - it expires after WS_SLOT_TTL
                log.warning("socket slot not freed; it expires", exc_info=True)

    async def _renew(self) -> None:
        """Renew this process's slots while it holds any.

        Re-adding (not only updating) puts the sockets back after a Redis that
        restarted empty; a socket closed while a renewal was in flight may
        come back, and then expires after WS_SLOT_TTL like a killed one.
        """
        ttl = settings.WS_SLOT_TTL
        while self.held:
            await asyncio.sleep(ttl / 3)
            try:
                async with self._client().pipeline(transaction=False) as pipe:
                    now = time.time()
                    for channel, keys in list(self.held.items()):
                        for key in keys:
                            pipe.zadd(key, {channel: now})
                    for key in {k for keys in self.held.values() for k in keys}:
                        pipe.expire(key, math.ceil(ttl))
                    await pipe.execute()
            except Exception:  # noqa: BLE001 - the next round tries again
                log.warning("socket slots not renewed", exc_info=True)


socket_slots = SocketSlots()
