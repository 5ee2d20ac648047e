"""The fitted classifiers score a message without copying their weights."""

from __future__ import annotations

import numpy as np
import pytest

from agent.dialogue import classifier
from agent.safety import model as risk_model

MODELS = {
    "risk": risk_model.model,
    "intent": classifier.model,
    "task": classifier.task_model,
}
TEXTS = [
    "我偷偷攒了好多药",
    "帮我挑出最重要的5个价值观",
    "第5题是什么意思？",
    "累死了哈哈",
]


@pytest.mark.parametrize("name", sorted(MODELS))
def test_weights_are_column_major_so_scoring_copies_nothing(name):
    step = MODELS[name]().steps[-1][1]
    # X @ coef_.T is a view only when coef_ is column-major; row-major
    # weights were copied whole for every message (25 MB for the risk model).
    assert step.coef_.flags.f_contiguous


@pytest.mark.parametrize("name", sorted(MODELS))
def test_scores_are_those_of_the_row_major_weights(name):
    pipeline = MODELS[name]()
    step = pipeline.steps[-1][1]
    kept = step.coef_
    fast = pipeline.predict_proba(TEXTS)
    try:
        step.coef_ = np.ascontiguousarray(kept)
        slow = pipeline.predict_proba(TEXTS)
    finally:
        step.coef_ = kept
    np.testing.assert_array_equal(fast, slow)
