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
    return kept(name, digest, lambda: train(pairs))
