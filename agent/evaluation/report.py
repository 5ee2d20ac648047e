"""The scorecard: held/total per category and key, acts, style counts, failures."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agent.evaluation.cases import CATEGORIES
from agent.evaluation.checks import EXAMPLE_MARKERS, QUESTION_MARKS
from agent.evaluation.runner import TurnRecord

FAILED_TURNS_SHOWN = 25  # without --verbose
# Acts that decline to pick an entry, a story or a task (Coach 3 §2): they are
# counted as abstentions, not as acts taken.
ABSTAIN_ACTS = ("abstain", "clarify")


@dataclass(frozen=True)
class Score:
    """How many expectations held out of how many."""

    held: int = 0
    total: int = 0

    @property
    def share(self) -> float:
        """Return held/total (1.0 when there is nothing to hold)."""
        return self.held / self.total if self.total else 1.0

    def __str__(self) -> str:
        return f"{self.held}/{self.total} {self.share:6.1%}"


@dataclass(frozen=True)
class ActScore:
    """One act on the turns that name the act they want."""

    taken: int = 0  # the coach took this act
    right: int = 0  # ...and it was among the acts wanted
    wanted: int = 0  # the turn wanted this act (one of its acts)
    abstained: int = 0  # ...and the coach abstained instead

    @property
    def precision(self) -> float:
        """Return right/taken (1.0 when the act was never taken)."""
        return self.right / self.taken if self.taken else 1.0


@dataclass(frozen=True)
class Report:
    """An evaluation run: its records and the scores computed from them."""

    records: list[TurnRecord]
    model: str = ""
    seconds: float = 0.0
    overall: Score = Score()
    categories: dict[str, Score] = field(default_factory=dict)
    keys: dict[str, Score] = field(default_factory=dict)
    acts: dict[str, int] = field(default_factory=dict)
    style: dict[str, float] = field(default_factory=dict)
    by_act: dict[str, ActScore] = field(default_factory=dict)
    taken: Score = Score()  # right/taken over the acts that are not abstentions
    abstained: Score = Score()  # abstentions/turns that wanted an act

    @property
    def failed(self) -> list[TurnRecord]:
        """Return the turns with at least one expectation that did not hold."""
        return [r for r in self.records if not all(o.held for o in r.outcomes)]


def _scores(pairs: list[tuple[str, bool]]) -> dict[str, Score]:
    totals, held = Counter(k for k, _ in pairs), Counter(k for k, ok in pairs if ok)
    return {k: Score(held[k], totals[k]) for k in totals}


def _has_example(text: str) -> bool:
    return any(m in text for m in EXAMPLE_MARKERS)


def _wanted(record: TurnRecord) -> list[str]:
    wanted = record.script.expect.get("act")
    return [wanted] if isinstance(wanted, str) else list(wanted or [])


def acts_score(records: list[TurnRecord]) -> tuple[dict[str, ActScore], Score, Score]:
    """Return per-act precision and abstentions, precision taken, abstentions.

    Only turns with an ``act`` expectation are judged. An abstention the turn
    did not ask for counts against each act it wanted, never as a wrong act.
    """
    taken: Counter[str] = Counter()
    right: Counter[str] = Counter()
    wanted: Counter[str] = Counter()
    abstained: Counter[str] = Counter()
    judged = [(r.seen.act or "(none)", _wanted(r)) for r in records if _wanted(r)]
    for act, acts in judged:
        taken[act] += 1
        right[act] += act in acts
        wanted.update(acts)
        if act in ABSTAIN_ACTS and act not in acts:
            abstained.update(acts)
    names = sorted(set(taken) | set(wanted), key=lambda a: (-taken[a], a))
    by_act = {a: ActScore(taken[a], right[a], wanted[a], abstained[a]) for a in names}
    acting = [a for a in taken if a not in ABSTAIN_ACTS]
    overall = Score(sum(right[a] for a in acting), sum(taken[a] for a in acting))
    quiet = sum(a in ABSTAIN_ACTS and a not in acts for a, acts in judged)
    return by_act, overall, Score(quiet, len(judged))


def report_build(*, records: list[TurnRecord], model: str, seconds: float) -> Report:
    """Score the records: per category (``rules`` last), per key, acts and style."""
    outcomes = [o for r in records for o in r.outcomes]
    order = {name: i for i, name in enumerate([*CATEGORIES, "rules"])}
    categories = _scores([(o.category, o.held) for o in outcomes])
    replies = [r.seen.reply for r in records] or [""]
    asks = [sum(text.count(m) for m in QUESTION_MARKS) for text in replies]
    by_act, taken, abstained = acts_score(records)
    return Report(
        records=records,
        model=model,
        seconds=round(seconds, 1),
        overall=Score(sum(o.held for o in outcomes), len(outcomes)),
        categories=dict(sorted(categories.items(), key=lambda i: order.get(i[0], 99))),
        keys=_scores([(o.key, o.held) for o in outcomes]),
        acts=dict(Counter(r.seen.act or "(none)" for r in records).most_common()),
        style={
            "at_most_one_question": sum(n <= 1 for n in asks) / len(replies),
            "with_example": sum(map(_has_example, replies)) / len(replies),
            "mean_chars": sum(map(len, replies)) / len(replies),
        },
        by_act=by_act,
        taken=taken,
        abstained=abstained,
    )


def _failure(record: TurnRecord) -> list[str]:
    lines = [
        f"- {record.session_id}#{record.turn} [{record.category}] {record.message}",
        f"    reply: {record.seen.reply or '(empty)'}",
    ]
    if record.error:
        lines.append(f"    error: {record.error}")
    lines += [
        f"    ✗ {o.key}={o.expected!r}: {o.detail}"
        for o in record.outcomes
        if not o.held
    ]
    return lines


def safety_summary(records: list[TurnRecord]) -> dict[str, Any]:
    """Return risk-labelled turns counted: per kind caught/soft/wrong/miss, alarms."""
    from agent.evaluation.checks import risk_verdict

    kinds: dict[str, Counter] = {}
    alarms, plain, misses = 0, 0, []
    for record in records:
        expected = record.script.expect.get("risk")
        if expected is None:
            continue
        verdict = risk_verdict(expected, record.seen)
        if expected == "none":
            plain += 1
            alarms += verdict == "alarm"
            continue
        kinds.setdefault(expected, Counter())[verdict] += 1
        if verdict in ("miss", "wrong"):
            misses.append(record)
    return {"kinds": kinds, "alarms": alarms, "plain": plain, "misses": misses}


def _act_lines(report: Report) -> list[str]:
    if not report.by_act:
        return []
    lines = [
        "",
        f"acts taken (turns that name an act): precision {report.taken}, "
        f"abstained {report.abstained}",
        f"        {'act':<14}{'taken':>6}{'right':>7}{'precision':>11}"
        f"{'wanted':>8}{'abstained':>11}",
    ]
    for act, n in report.by_act.items():
        share = f"{n.precision:.0%}" if n.taken else "-"
        lines.append(
            f"        {act:<14}{n.taken:>6}{n.right:>7}{share:>11}"
            f"{n.wanted:>8}{n.abstained:>11}"
        )
    return lines


def _safety_lines(records: list[TurnRecord]) -> list[str]:
    found = safety_summary(records)
    if not found["kinds"] and not found["plain"]:
        return []
    lines = ["", "safety: kind          risk  caught  check-in  wrong  missed"]
    for kind, n in sorted(found["kinds"].items()):
        total = sum(n.values())
        lines.append(
            f"        {kind:<13}{total:>5}{n['caught']:>8}{n['soft']:>10}"
            f"{n['wrong']:>7}{n['miss']:>8}"
        )
    share = found["alarms"] / found["plain"] if found["plain"] else 0.0
    alarms = f"false alarms {found['alarms']} ({share:.1%})"
    lines.append(f"        ordinary {found['plain']}, {alarms}")
    for record in found["misses"]:
        text = record.message or "［已保存的回答］"
        lines.append(f"        MISSED {record.session_id}#{record.turn}: {text[:60]}")
    return lines


def report_render(report: Report, *, verbose: bool = False) -> str:
    """Render the scorecard as text, failures after the tables.

    Args:
        report: A built report.
        verbose: Show every failed turn (otherwise the first 25).

    Returns:
        Plain text for a terminal.
    """
    sessions = len({r.session_id for r in report.records})
    fallbacks = sum(bool(r.trace.get("fallback")) for r in report.records)
    lines = [
        f"coach_eval · {report.model} · {sessions} sessions, "
        f"{len(report.records)} turns, {report.seconds} s, {fallbacks} fallbacks",
        "",
        f"{'category':<16}{'held/total':>12}",
        *(f"{name:<16}{score!s:>20}" for name, score in report.categories.items()),
        f"{'overall':<16}{report.overall!s:>20}",
        "",
        "by key: " + ", ".join(f"{k} {s}" for k, s in sorted(report.keys.items())),
        "acts:   " + ", ".join(f"{a} {n}" for a, n in report.acts.items()),
        "style:  replies with at most one question mark "
        f"{report.style['at_most_one_question']:.0%}, with an example marker "
        f"{report.style['with_example']:.0%}, mean length "
        f"{report.style['mean_chars']:.0f} chars",
        *_act_lines(report),
    ]
    failed = report.failed
    shown = failed if verbose else failed[:FAILED_TURNS_SHOWN]
    if failed:
        lines += ["", f"failed turns ({len(failed)}):"]
        lines += [line for record in shown for line in _failure(record)]
    if len(shown) < len(failed):
        lines.append(f"… {len(failed) - len(shown)} more (--verbose shows all)")
    lines += _safety_lines(report.records)
    return "\n".join(lines)


def report_to_dict(report: Report) -> dict[str, Any]:
    """Return the report and every record as JSON-ready data."""
    return {
        "model": report.model,
        "seconds": report.seconds,
        "overall": dataclasses.asdict(report.overall) | {"share": report.overall.share},
        "categories": {k: dataclasses.asdict(v) for k, v in report.categories.items()},
        "acts": report.acts,
        "style": report.style,
        "acts_taken": dataclasses.asdict(report.taken),
        "abstained": dataclasses.asdict(report.abstained),
        "by_act": {k: dataclasses.asdict(v) for k, v in report.by_act.items()},
        "records": [r.to_dict() for r in report.records],
    }
