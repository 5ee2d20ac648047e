"""Per knowledge entry: how often the coach used it; the gaps; replies rated 👎."""

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from coach.models import ChatMessage, Feedback, Guidance
from knowledge.models import KnowledgeGap, PassionEntry, TalentEntry, ValueEntry


@dataclass
class EntryRow:
    """One knowledge entry and the replies and nudges that showed it."""

    entry_id: str
    name: str
    kind: str
    in_replies: int = 0
    in_nudges: int = 0

    @property
    def total(self) -> int:
        """Every use."""
        return self.in_replies + self.in_nudges


def _used(rows) -> Counter:
    """Count entry ids in the ``examples`` lists (the rows a reply or nudge showed)."""
    counts: Counter = Counter()
    for examples in rows.values_list("examples", flat=True):
        counts.update({e.get("id") for e in examples or [] if isinstance(e, dict)})
    return counts


def entry_rows(lo: datetime, hi: datetime) -> list[EntryRow]:
    """Return every entry with its uses in [lo, hi), most used first."""
    tables = [
        (ValueEntry.objects.values_list("id", "name"), "价值观"),
        (TalentEntry.objects.values_list("id", "name"), "才能"),
        (PassionEntry.objects.values_list("id", "field"), "热情领域"),
    ]
    entries = [EntryRow(i, name, kind) for rows, kind in tables for i, name in rows]
    # Every coach reply counts, a regenerated one too: the coach did use it.
    replies = _used(
        ChatMessage.objects.filter(role="coach", created_at__gte=lo, created_at__lt=hi)
    )
    nudges = _used(Guidance.objects.filter(created_at__gte=lo, created_at__lt=hi))
    for row in entries:
        row.in_replies, row.in_nudges = replies[row.entry_id], nudges[row.entry_id]
    return sorted(entries, key=lambda r: (-r.total, r.entry_id))


def gap_rows(lo: datetime, hi: datetime) -> list[KnowledgeGap]:
    """Return the knowledge gaps seen in [lo, hi), most frequent first.

    The count is the gap's total since it was first seen (the log keeps no dates).
    """
    gaps = KnowledgeGap.objects.filter(last_seen__gte=lo, first_seen__lt=hi)
    return list(gaps.order_by("-count", "-last_seen"))


def downvote_rows(lo: datetime, hi: datetime) -> list[Feedback]:
    """Return the replies rated 👎 in [lo, hi) with the question that led to each."""
    rated = Feedback.objects.filter(rating="down")
    rated = rated.filter(updated_at__gte=lo, updated_at__lt=hi)
    return list(
        rated.select_related("message", "message__reply_to").order_by("-updated_at")
    )
