"""Classifiers fitted once and kept on disk for every later process.

Every daphne and worker process needs the intent and risk classifiers before
its first message. Fitting them in each one put seconds on every start (and on
every restart the launcher makes after a crash); loading a fitted copy takes a
fraction of that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from knowledge.kept import digest_of, kept


def fitted(
    name: str,
    pairs: Sequence[tuple[str, str]],
    *,
    source: Path,
    train: Callable[[Sequence[tuple[str, str]]], Any],
) -> Any:
    """Return ``train(pairs)``, loaded from disk when it was fitted before.

    Named by what it was fitted from (the examples, the module that fits it,
    scikit-learn's version): a changed example or a new release fits afresh.
    """
    import sklearn

    digest = digest_of(
        [source.read_bytes(), sklearn.__version__, *(f"{a}\t{b}" for a, b in pairs)]
    )
    return _columns_first(kept(name, digest, lambda: train(pairs)))


def _columns_first(model: Any) -> Any:
    """Store each linear step's weights column-major; return ``model``.

    scikit-learn scores a message as ``X @ coef_.T``. With ``coef_`` row-major
    the transpose is not contiguous, and scipy copies the whole matrix for
    every new message: 25 MB for the risk model's 7 × 445k weights, scoring
    one message in 9.3 ms instead of 3.3 (a risk check 11.1 → 4.6 ms of CPU;
    a turn checks its message and every span its reply quotes). Column-major
    makes the transpose a view; the scores are the same to the bit
    (tests/agent/test_fitted.py).
    """
    import numpy as np

    for _, step in getattr(model, "steps", [("", model)]):
        coef = getattr(step, "coef_", None)
        if isinstance(coef, np.ndarray) and not coef.flags.f_contiguous:
            step.coef_ = np.asfortranarray(coef)
    return model
