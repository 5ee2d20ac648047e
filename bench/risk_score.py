"""Risk and intent scoring of new messages: weights column-major vs row-major.

Run: .venv/bin/python bench/risk_score.py [--texts 200]

Every message a person sends is new, so the classifiers' per-text caches do
not help. Each model is timed on the same new texts twice in this run: with
its weights as fitted (row-major, scipy copied them whole for every call) and
as the app keeps them (column-major, agent/fitted.py), then the whole risk
check (lexicon and model) as a turn runs it. Prints ms per call and the ratio.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import django  # noqa: E402

django.setup()

import numpy as np  # noqa: E402

from agent.dialogue import classifier  # noqa: E402
from agent.safety import assess  # noqa: E402
from agent.safety import model as risk_model  # noqa: E402

OPENINGS = ["我今天有点累", "第5题不太会写", "想换个工作方向", "老板又让我加班"]


def texts(n: int, salt: str) -> list[str]:
    """Return ``n`` messages no cache has seen ("…（salt 17）")."""
    return [f"{OPENINGS[i % len(OPENINGS)]}，感觉好烦啊（{salt}{i}）" for i in range(n)]


def per_call_ms(fn, xs: list[str]) -> float:
    start = time.process_time()
    for x in xs:
        fn(x)
    return 1000 * (time.process_time() - start) / len(xs)


def main() -> None:
    """Time each model both ways on new texts; print the table and the ratios."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--texts", type=int, default=200)
    n = parser.parse_args().texts
    print(f"load average {os.getloadavg()[0]:.2f}; {n} new texts per figure")
    print("| model | row-major ms | column-major ms | ratio |")
    print("|---|---|---|---|")
    for name, pipeline in (
        ("risk", risk_model.model()),
        ("intent", classifier.model()),
        ("task", classifier.task_model()),
    ):
        step = pipeline.steps[-1][1]
        kept = step.coef_
        pipeline.predict_proba(texts(5, "warm"))  # jieba and the vocabularies
        score = pipeline.predict_proba
        try:
            step.coef_ = np.ascontiguousarray(kept)
            rows = per_call_ms(lambda x, s=score: s([x]), texts(n, "r"))
        finally:
            step.coef_ = kept
        cols = per_call_ms(lambda x, s=score: s([x]), texts(n, "c"))
        print(f"| {name} | {rows:.2f} | {cols:.2f} | {rows / cols:.1f}× |")
    check = per_call_ms(assess, texts(n, "a"))
    print(f"\nrisk check (assess: lexicon, rules, model), column-major: {check:.2f} ms")
    print(f"HEADLINE risk_score assess_ms={check:.2f}")


if __name__ == "__main__":
    main()
