"""Shared fixtures."""

import os

import pytest
from hypothesis import settings as hypothesis_settings

from django.conf import settings
from django.core.cache import cache

from tests import sqlite_gc

sqlite_gc.install()  # before any test opens a connection (see the module)

# Fuzz tests explore new inputs on every developer run; CI replays a fixed
# sequence so a landing is judged on the code, not on the luck of the draw.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "default")


def cache_clear_own_keys() -> None:
    """Empty the cache: this run's Redis keys and the agent's per-process layer.

    Only our own key prefix is deleted: FLUSHDB would hit CI's shared Redis.
    """
    from agent import cache as agent_cache

    with agent_cache._LAST_GOOD_LOCK:
        agent_cache._LOCAL.clear()
    client = cache._cache.get_client(write=True)
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if keys:
        client.delete(*keys)


@pytest.fixture(autouse=True)
def _clear_cache():
    """Start every test with an empty cache and a knowledge snapshot to re-check.

    The cache holds the knowledge version and heartbeats; the snapshot is
    memoised per process for a second, longer than one test may take.
    """
    from knowledge.search import snapshot_expire

    cache_clear_own_keys()
    snapshot_expire()
    yield
    snapshot_expire()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """Close PostgreSQL's connection pool before the test database is created.

    Django's create_test_db switches the database name but leaves a pool that is
    already open on the old one, so every test after it ran against the real
    database: rows committed there showed up in later runs, the "unexplained
    failures" of the first pool attempt (docs/operations.md).
    """
    from django.db import connections

    for connection in connections.all():
        if getattr(connection, "pool", None) is not None:
            connection.close_pool()
