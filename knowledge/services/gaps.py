"""The knowledge-gap log: count what the coach could not match, one row per query."""

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from knowledge.models import KnowledgeGap
from knowledge.models.gaps import QUERY_MAX


def _bump(query: str, step: str, changes: dict) -> int:
    # One UPDATE with F(): concurrent callers add up instead of overwriting each other.
    rows = KnowledgeGap.objects.filter(query=query, step=step)
    return rows.update(count=F("count") + 1, **changes)


def gap_record(*, query: str, step: str = "", question_id: str = "") -> KnowledgeGap:
    """Count one unmatched query: a new row the first time, count + 1 afterwards.

    The query is stripped and clipped to 200 characters; an empty one raises
    ValidationError. Not a knowledge edit, so the knowledge version stays as it is.
    """
    query = query.strip()[:QUERY_MAX].strip()
    now = timezone.now()
    changes = {"last_seen": now}
    if question_id:  # keep the last question it came up on
        changes["question_id"] = question_id
    with transaction.atomic():
        if not _bump(query, step, changes):
            gap = KnowledgeGap(
                query=query,
                step=step,
                question_id=question_id,
                first_seen=now,
                last_seen=now,
            )
            # The unique constraint is left to the database: a check here would
            # race with a concurrent first call anyway.
            gap.full_clean(validate_unique=False, validate_constraints=False)
            try:
                with transaction.atomic():  # a savepoint, so the race leaves us usable
                    gap.save(force_insert=True)
                return gap
            except IntegrityError:
                # Another caller created the row between our UPDATE and INSERT.
                _bump(query, step, changes)
        return KnowledgeGap.objects.get(query=query, step=step)


FORGOTTEN = "（已删除的内容）"


def gaps_forget(*, queries: list[str]) -> int:
    """Remove these queries' words from the gap log, keeping their counts.

    Each row's count moves to a wordless row for the same step, so the admin's
    statistics stay right after a person deletes their data. Return how many
    rows lost their words.
    """
    clipped = {q.strip()[:QUERY_MAX].strip() for q in queries} - {"", FORGOTTEN}
    gaps = KnowledgeGap.objects.select_for_update().filter(query__in=clipped)
    forgotten = 0
    with transaction.atomic():
        for gap in gaps:
            bucket, _ = KnowledgeGap.objects.get_or_create(
                query=FORGOTTEN,
                step=gap.step,
                defaults={
                    "count": 0,
                    "first_seen": gap.first_seen,
                    "last_seen": gap.last_seen,
                },
            )
            KnowledgeGap.objects.filter(pk=bucket.pk).update(
                count=F("count") + gap.count,
                last_seen=max(bucket.last_seen, gap.last_seen),
            )
            gap.delete()
            forgotten += 1
    return forgotten
