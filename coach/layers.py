"""The Redis channel layer on bounded pools (coach/redispool.py).

channels_redis makes one redis-py pool per event loop and host, unbounded and
never shrinking: every socket's connect and disconnect (group_add,
group_discard) ran as its own command at once, so a burst of sockets became a
burst of Redis connections that daphne then held until it exited.
"""

from channels_redis.core import RedisChannelLayer

from coach.redispool import pool_from_url


class BoundedRedisChannelLayer(RedisChannelLayer):
    """channels_redis's layer, each loop's pool capped and returning idle ones."""

    def create_pool(self, index):
        """Return the pool for host ``index`` (a URL, as CHANNEL_LAYERS names it)."""
        host = dict(self.hosts[index])
        if "address" not in host:  # sentinels: channels_redis's own pool
            return super().create_pool(index)
        return pool_from_url(host.pop("address"), **host)
