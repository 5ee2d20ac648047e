"""How many sessions the risk check flagged, by kind: counts only, never words.

A session keeps the time and kind of its latest risk (agent/safety), so a
session counts once in a period, under the kind it was last flagged with.
"""

from dataclasses import dataclass

from django.db.models import Count

from coach.models import CoachingSession

KIND_NAMES = {
    "suicide": "自杀念头",
    "self_harm": "自伤",
    "means": "手段与准备",
    "danger_now": "此刻身处危险",
    "abuse": "家庭暴力",
    "harm_others": "伤害他人",
}


@dataclass(frozen=True)
class RiskRow:
    """One kind of risk and how many sessions it flagged in the period."""

    kind: str
    name: str
    sessions: int


def risk_rows(lo, hi) -> list[RiskRow]:
    """Return a row per kind (zeros included), then the total."""
    counts = dict(
        CoachingSession.objects.filter(risk_at__gte=lo, risk_at__lt=hi)
        .values_list("risk_kind")
        .annotate(n=Count("pk"))
        .values_list("risk_kind", "n")
    )
    rows = [RiskRow(k, name, counts.get(k, 0)) for k, name in KIND_NAMES.items()]
    return [*rows, RiskRow("", "合计", sum(counts.values()))]
