"""The knowledge-gap log: one row per (query, step), counted, clipped, race-safe."""

import threading

import pytest

from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone

from knowledge.models import KnowledgeGap
from knowledge.selectors import knowledge_version
from knowledge.services import gap_record, gaps

pytestmark = pytest.mark.django_db


def test_recording_a_query_twice_counts_it_on_one_row():
    first = gap_record(query="怎么当宇航员", step="interests_exploration")
    assert first.count == 1 and first.first_seen == first.last_seen
    second = gap_record(query="  怎么当宇航员 ", step="interests_exploration")
    assert KnowledgeGap.objects.count() == 1
    assert second.pk == first.pk and second.count == 2
    assert second.first_seen == first.first_seen
    assert second.last_seen >= first.last_seen


def test_each_step_has_its_own_row():
    gap_record(query="意义", step="values_exploration")
    gap_record(query="意义", step="synthesis")
    gap_record(query="意义")
    assert KnowledgeGap.objects.filter(query="意义").count() == 3


def test_a_long_query_is_clipped_to_200_characters():
    gap = gap_record(query=" " + "问" * 250)
    assert gap.query == "问" * 200
    assert gap_record(query="问" * 201).count == 2  # the same row once clipped


def test_the_latest_question_id_is_kept():
    gap_record(query="宇航员", step="interests_exploration", question_id="P01")
    gap = gap_record(query="宇航员", step="interests_exploration")
    assert gap.question_id == "P01"
    gap = gap_record(query="宇航员", step="interests_exploration", question_id="P03")
    assert gap.question_id == "P03"


def test_an_empty_query_is_refused():
    with pytest.raises(ValidationError):
        gap_record(query="   ")
    assert not KnowledgeGap.objects.exists()


def test_recording_a_gap_does_not_change_the_knowledge_version(kb):
    version = knowledge_version()
    gap_record(query="宇航员")
    assert knowledge_version() == version


def test_gaps_list_newest_first():
    gap_record(query="甲")
    gap_record(query="乙")
    assert [g.query for g in KnowledgeGap.objects.all()] == ["乙", "甲"]


def test_a_row_created_by_a_racing_caller_is_counted_not_duplicated(monkeypatch):
    bump, raced = gaps._bump, []

    def racing_bump(query, step, changes):
        if not raced:  # another caller inserts between our UPDATE and our INSERT
            raced.append(True)
            now = timezone.now()
            KnowledgeGap.objects.create(
                query=query, step=step, first_seen=now, last_seen=now
            )
            return 0
        return bump(query, step, changes)

    monkeypatch.setattr(gaps, "_bump", racing_bump)
    gap = gap_record(query="撞车的问题", step="synthesis")
    assert gap.count == 2 and KnowledgeGap.objects.count() == 1


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the in-memory test database reports a table lock instead of waiting; "
    "the real SQLite file waits (busy timeout, IMMEDIATE transactions)",
)
@pytest.mark.django_db(transaction=True)
def test_concurrent_first_records_add_up_on_one_row():
    threads, per_thread = 4, 5
    start = threading.Barrier(threads)
    errors = []

    def record():
        try:
            start.wait()
            for _ in range(per_thread):
                gap_record(query="同时来的问题", step="synthesis")
        except Exception as exc:  # surfaced below; a thread cannot fail the test
            errors.append(exc)
        finally:
            connection.close()

    workers = [threading.Thread(target=record) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    gap = KnowledgeGap.objects.get(query="同时来的问题", step="synthesis")
    assert gap.count == threads * per_thread
