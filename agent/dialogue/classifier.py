"""The intent classifier: character n-grams and logistic regression (scikit-learn).

Trained once from ``data/coach_intents.csv`` (labelled examples in our own
words) and kept in var/cache/ (agent/fitted.py). Characters, not words, carry
the signal: they survive typos, missing punctuation, mixed English and jieba's
mistakes on chat Chinese.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from agent.fitted import fitted
from agent.once import once

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "coach_intents.csv"
# Below this confidence a guess is right less than two times in three on
# held-out labelled messages: the coach says what it can do and offers choices
# instead (``python -m agent.dialogue.calibrate``; numbers in docs/coach3.md).
ABSTAIN_BELOW = 0.30
# Punctuation and spaces carry no intent here ("为什么" and "为什么？" are one
# question), so they are folded away before training and prediction.
_NOISE = re.compile(r"[\s\W_]+")


@dataclass(frozen=True)
class Prediction:
    """The best intent, its probability, and the runner-up."""

    intent: str
    confidence: float
    runner_up: str
    runner_up_confidence: float


def fold(text: str) -> str:
    """Return ``text`` as the classifier sees it: NFKC, lower case, no punctuation."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    return _NOISE.sub("", text)


def examples_load(path: Path = DATA_FILE) -> list[tuple[str, str]]:
    """Return (intent, text) pairs from the labelled file."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle)
        return [
            (row["intent"].strip(), row["text"].strip())
            for row in rows
            if row.get("intent") and row.get("text")
        ]


def train(pairs: list[tuple[str, str]]):
    """Fit and return the pipeline on (intent, text) pairs."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import SGDClassifier
    from sklearn.pipeline import make_pipeline

    # Logistic loss by SGD: as accurate as lbfgs in 4-fold cross-validation on our
    # file (0.70 vs 0.705) and trained in ~0.3 s instead of 2-9 s, so the first
    # turn of a process does not pay for it. Seeded, so every process agrees.
    pipeline = make_pipeline(
        TfidfVectorizer(analyzer="char", ngram_range=(1, 3), sublinear_tf=True),
        SGDClassifier(loss="log_loss", alpha=1e-4, max_iter=50, random_state=0),
    )
    pipeline.fit([fold(t) for _, t in pairs], [i for i, _ in pairs])
    return pipeline


@once
def model():
    """Return the process's pipeline: fitted once, then loaded (~0.9 s → ~0.1 s)."""
    return fitted("intents", examples_load(), source=Path(__file__), train=train)


@lru_cache(maxsize=2048)
def predict(text: str) -> Prediction:
    """Return the intent of ``text``; an empty folded text is ``unclear``."""
    folded = fold(text)
    if not folded:
        return Prediction("unclear", 1.0, "unclear", 0.0)
    pipeline = model()
    probs = pipeline.predict_proba([folded])[0]
    order = probs.argsort()[::-1]
    labels = pipeline.classes_
    return Prediction(
        str(labels[order[0]]),
        float(probs[order[0]]),
        str(labels[order[1]]),
        float(probs[order[1]]),
    )


# Tasks on the saved answers said in words no rule knows ("我写的那堆价值观里
# 哪三个最要紧"): a model of their own, so the intents above keep their
# calibration. Everything in the intents file is "other" here, as are the
# story lines that use a task's words without asking for it.
TASKS_FILE = DATA_FILE.with_name("coach_tasks.csv")
# The task model's readings (classifier.task_predict) are taken from these
# confidences on: out-of-fold precision ≥ 0.95 for top, interpret and combine,
# and ≥ 0.85 for compare and rewrite (0.7), whose misses are mostly clashes
# with choose and feedback (`python -m agent.dialogue.calibrate --tasks`,
# docs/coach3.md "The task model"). Below them, or when the intent classifier
# is sure of something else, the rules of tasks_route decide.
TASK_BARS = {
    "top": 0.4,
    "interpret": 0.5,
    "combine": 0.6,
    "compare": 0.7,
    "rewrite": 0.7,
}


def tasks_load(path: Path = TASKS_FILE) -> list[tuple[str, str]]:
    """Return (task, text) pairs: the task file's rows plus every intent as other."""
    with path.open(encoding="utf-8", newline="") as handle:
        rows = [
            (row["task"].strip(), row["text"].strip())
            for row in csv.DictReader(handle)
            if row.get("task") and row.get("text")
        ]
    return rows + [("other", text) for _, text in examples_load()]


@once
def task_model():
    """Return the task pipeline: fitted once, then loaded."""
    return fitted("tasks", tasks_load(), source=Path(__file__), train=train)


@lru_cache(maxsize=2048)
def task_predict(text: str) -> tuple[str, float]:
    """Return (task or "other", its probability) for ``text``."""
    return task_ranked(text)[0]


@lru_cache(maxsize=2048)
def task_ranked(text: str) -> tuple[tuple[str, float], ...]:
    """Return every (task, probability) for ``text``, most likely first."""
    folded = fold(text)
    if not folded:
        return (("other", 1.0),)
    pipeline = task_model()
    probs = pipeline.predict_proba([folded])[0]
    ranked = sorted(zip(pipeline.classes_, probs, strict=True), key=lambda x: -x[1])
    return tuple((str(c), float(p)) for c, p in ranked)
