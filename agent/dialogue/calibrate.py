"""Calibrate the classifier's abstention threshold on held-out labelled messages.

``python -m agent.dialogue.calibrate`` splits ``data/coach_intents.csv`` into
five stratified folds (seeded), trains on four and predicts the fifth, so every
labelled message is predicted once by a model that never saw it. It prints the
precision of the kept guesses for each threshold, the precision inside each
confidence band, and per-intent precision against the threshold, then the
chosen value (docs/coach3.md records the numbers).

The rule that chooses: abstaining costs the person one click, a wrong act costs
them a reply about something they did not mean and a correction, about twice
as much. So a guess is worth taking where it is right at least two times in
three: the threshold is the lowest band edge from which every band's own
precision is at least ``WORTH_GUESSING``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from agent.dialogue import classifier

FOLDS = 5
SEED = 0
GRID = tuple(round(0.05 * i, 2) for i in range(1, 15))  # 0.05 … 0.70
WORTH_GUESSING = 2 / 3
MIN_BAND = 20  # a band with fewer held-out messages says too little on its own


@dataclass(frozen=True)
class HeldOut:
    """One labelled message predicted by a model trained without it."""

    intent: str
    predicted: str
    confidence: float

    @property
    def right(self) -> bool:
        """Tell whether the prediction is the label."""
        return self.intent == self.predicted


def held_out(pairs: list[tuple[str, str]] | None = None) -> list[HeldOut]:
    """Return every labelled message predicted out of fold (seeded, stratified)."""
    from sklearn.model_selection import StratifiedKFold

    pairs = pairs if pairs is not None else classifier.examples_load()
    labels = [intent for intent, _ in pairs]
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=SEED)
    found: dict[int, HeldOut] = {}
    for train, test in folds.split(labels, labels):
        model = classifier.train([pairs[i] for i in train])
        probs = model.predict_proba([classifier.fold(pairs[i][1]) for i in test])
        for row, i in zip(probs, test, strict=True):
            best = row.argmax()
            found[i] = HeldOut(labels[i], str(model.classes_[best]), float(row[best]))
    return [found[i] for i in range(len(pairs))]


def precision(rows: list[HeldOut]) -> float:
    """Return the share of right predictions (1.0 for none)."""
    return sum(r.right for r in rows) / len(rows) if rows else 1.0


def choose(rows: list[HeldOut]) -> float:
    """Return the lowest grid threshold above which every band is worth guessing.

    Bands run from one grid edge to the next; a thin band is pooled with the
    next one up, so one odd message does not move the threshold.
    """
    chosen = GRID[-1]
    for edge in reversed(GRID):
        band = [r for r in rows if edge <= r.confidence < _band_top(rows, edge)]
        if precision(band) < WORTH_GUESSING:
            break
        chosen = edge
    return chosen


def _band_top(rows: list[HeldOut], edge: float) -> float:
    """Return the upper edge of the band that starts at ``edge`` (pooled if thin)."""
    higher = [g for g in GRID if g > edge] + [1.01]
    for top in higher:
        if sum(edge <= r.confidence < top for r in rows) >= MIN_BAND:
            return top
    return 1.01


def table(rows: list[HeldOut]) -> str:
    """Return the calibration as text: thresholds, bands, intents, the choice."""
    lines = [
        f"held-out (5-fold, seed {SEED}): {len(rows)} messages, "
        f"accuracy {precision(rows):.3f}",
        "",
        "threshold  kept   precision(kept)  band n  band precision",
    ]
    for edge in GRID:
        kept = [r for r in rows if r.confidence >= edge]
        band = [r for r in rows if edge <= r.confidence < _band_top(rows, edge)]
        lines.append(
            f"{edge:>9.2f}  {len(kept) / len(rows):>4.0%}   {precision(kept):>15.3f}"
            f"  {len(band):>6}  {precision(band):>14.3f}"
        )
    shown = (0.2, 0.3, 0.4, 0.5, 0.6)
    lines += ["", "per intent: precision of its kept predictions (n) at threshold"]
    lines.append("intent".ljust(14) + "".join(f"{t:>13.2f}" for t in shown))
    for intent in sorted(Counter(r.intent for r in rows)):
        cells = []
        for t in shown:
            said = [r for r in rows if r.predicted == intent and r.confidence >= t]
            cells.append(f"{precision(said):>8.2f} ({len(said):>2})")
        lines.append(intent.ljust(14) + "".join(f"{c:>13}" for c in cells))
    chosen = choose(rows)
    kept = [r for r in rows if r.confidence >= chosen]
    lines += [
        "",
        f"chosen threshold {chosen:.2f} (every band above is right ≥ "
        f"{WORTH_GUESSING:.0%}): keeps {len(kept) / len(rows):.0%}, "
        f"precision {precision(kept):.3f}; in use: {classifier.ABSTAIN_BELOW:.2f}",
    ]
    return "\n".join(lines)


def tasks_table(rows: list[HeldOut]) -> str:
    """Return, per task, the precision of its out-of-fold readings at its bar.

    The task model's "other" is not a guess: only the tasks it takes count.
    """
    lines = ["task        bar   taken  precision   recall"]
    for task, bar in classifier.TASK_BARS.items():
        said = [r for r in rows if r.predicted == task and r.confidence >= bar]
        wanted = sum(r.intent == task for r in rows)
        right = sum(r.right for r in said)
        lines.append(
            f"{task:<10} {bar:>4.2f}  {len(said):>6}  {precision(said):>9.3f}"
            f"  {right / wanted if wanted else 1.0:>7.3f}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    if "--tasks" in sys.argv:  # the task model (tasks_route.classified_task)
        print(tasks_table(held_out(classifier.tasks_load())))
    else:
        print(table(held_out()))
