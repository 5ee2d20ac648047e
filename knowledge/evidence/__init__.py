"""Evidence matcher: which knowledge entries a person's own answers name.

Search finds what is similar; evidence is only what the person said. The
results page and the coach's pick, combine and compare tasks read it.
See docs/evidence.md.
"""

from knowledge.evidence.match import evidence_find, spans_match
from knowledge.evidence.records import CATEGORIES, Category, Evidence, Strength

__all__ = [
    "CATEGORIES",
    "Category",
    "Evidence",
    "Strength",
    "evidence_find",
    "spans_match",
]
