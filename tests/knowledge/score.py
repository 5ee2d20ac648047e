"""Score labelled evidence files: `.venv/bin/python -m tests.knowledge.score FILE…`.

Prints named, suspected and any precision and recall per file, as
docs/evidence.md reports them (the labelled test asserts the same figures).
"""

import os
import sys
from pathlib import Path

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
django.setup()

from tests.knowledge.evidence_score import spans_load, spans_score  # noqa: E402

for name in sys.argv[1:]:
    scores = spans_score(spans_load(Path(name)))
    figures = " ".join(
        f"{k} P={t.precision:.3f} R={t.recall:.3f}" for k, t in scores.items()
    )
    print(Path(name).name, figures)
