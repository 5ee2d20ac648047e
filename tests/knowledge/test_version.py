"""The version stamp: every write bumps it, and search follows it within ~1 s."""

import time
from types import SimpleNamespace

import pytest

from django.core.cache import cache

from knowledge import search
from knowledge.models import ValueEntry
from knowledge.search import stamp
from knowledge.selectors import entry_search, knowledge_version
from knowledge.services import knowledge_version_bump, record_delete, record_save

pytestmark = pytest.mark.django_db


def test_version_is_mirrored_in_the_cache(kb):
    version = knowledge_version()
    assert version > 0
    assert cache.get(stamp.CACHE_KEY) == version
    cache.delete(stamp.CACHE_KEY)
    assert knowledge_version() == version  # read back from the database


def test_service_edit_is_searchable_at_once(kb, django_capture_on_commit_callbacks):
    assert entry_search(query="Zorblax") == []
    before = knowledge_version()
    value = ValueEntry.objects.get(pk="V001")
    value.name = "Zorblax"
    with django_capture_on_commit_callbacks(execute=True):
        record_save(record=value)
    assert knowledge_version() != before
    assert entry_search(query="Zorblax")[0].id == "V001"


def test_delete_is_searchable_at_once(kb, django_capture_on_commit_callbacks):
    assert entry_search(query="自由")[0].id == "V001"
    with django_capture_on_commit_callbacks(execute=True):
        record_delete(record=ValueEntry.objects.get(pk="V001"))
    assert "V001" not in [h.id for h in entry_search(query="自由")]


def test_write_from_another_process_shows_within_a_second(kb):
    entry_search(query="自由")  # this process now holds a checked snapshot
    # What another process does: write, bump, publish to the shared cache. Nothing
    # here tells this process directly, so it must notice by itself.
    ValueEntry.objects.filter(pk="V002").update(name="Quuxwell")
    version = knowledge_version_bump()
    stamp.stamp_publish(version=version)
    started = time.monotonic()
    while not entry_search(query="Quuxwell"):
        assert time.monotonic() - started < search.CHECK_INTERVAL + 0.5
        time.sleep(0.05)


def test_version_checks_are_throttled(kb, monkeypatch):
    # The process's clock is held still, so a loaded machine cannot stretch the
    # hundred searches past the interval; then it moves on by one interval.
    now = [time.monotonic()]
    monkeypatch.setattr(search, "time", SimpleNamespace(monotonic=lambda: now[0]))
    entry_search(query="自由")
    calls = []
    monkeypatch.setattr(stamp, "stamp_read", lambda: calls.append(1) or 0)
    for _ in range(100):
        entry_search(query="自由")
    assert len(calls) == 0
    now[0] += search.CHECK_INTERVAL
    for _ in range(100):
        entry_search(query="自由")
    assert len(calls) == 1


def test_cache_outage_keeps_serving_the_snapshot(kb, monkeypatch):
    entry_search(query="自由")

    def down():
        raise ConnectionError("redis is down")

    monkeypatch.setattr(stamp, "stamp_read", down)
    search.snapshot_expire()
    assert entry_search(query="自由")[0].id == "V001"


def test_warm_makes_the_first_query_fast(kb, monkeypatch):
    # What makes a first query slow is building the index in it; after the
    # warm-up the query must find the index built (counted, not timed, so a
    # loaded machine cannot fail it). A process starts with no index at all.
    monkeypatch.setattr(search, "_snapshot", None)
    search.index_warm()
    builds = []
    monkeypatch.setattr(search, "_build", lambda version: builds.append(version))
    assert entry_search(query="想到就做的人")
    assert builds == []


@pytest.mark.django_db(transaction=True)
async def test_search_works_inside_an_event_loop():
    from asgiref.sync import sync_to_async

    from knowledge.services import knowledge_load
    from tests.knowledge.helpers import DATA

    await sync_to_async(knowledge_load)(directory=DATA)
    search.snapshot_expire()
    # A rebuild needs the ORM, which Django forbids on the loop's thread.
    assert entry_search(query="自由")[0].id == "V001"
