"""The in-memory search index: field-weighted BM25 (bm25s) plus a substring layer."""

import logging
from collections import defaultdict

import bm25s
import numpy as np

from knowledge.search import text
from knowledge.search.docs import Doc

# bm25s also forces DEBUG on import and would log every index build.
logging.getLogger("bm25s").setLevel(logging.WARNING)

CATEGORY_ORDER = ("values", "strengths", "interests", "questions")
WEIGHTS = (3.0, 2.0, 1.0)  # name > keywords > definition and examples
SUBSTRING_WEIGHT = 2.0  # a substring hit in a name (3 + coverage) ≈ a good BM25 hit
NAME_BONUS = 8.0  # the query is exactly an entry's name: that entry comes first
# The query is exactly one of an entry's aliases ("经济独立" → 财富): it beats an
# entry that merely shares a sub-word, but never an exact name.
ALIAS_BONUS = 4.0


class SearchIndex:
    """Ranks documents for a query; build once per knowledge version."""

    def __init__(self, docs: list[Doc]):
        self.docs = sorted(docs, key=lambda d: CATEGORY_ORDER.index(d.hit.category))
        cats = [d.hit.category for d in self.docs]
        self.ranges = {"all": (0, len(cats))} | {
            c: (cats.index(c), len(cats) - cats[::-1].index(c)) if c in cats else (0, 0)
            for c in CATEGORY_ORDER
        }
        self.bm25 = []
        for f in range(3 if self.docs else 0):  # an empty base (fresh install) is valid
            retriever = bm25s.BM25()
            corpus = [text.tokens(d.fields[f]) for d in self.docs]
            retriever.index(corpus, show_progress=False)
            self.bm25.append(retriever)
        self.names = defaultdict(list)
        self.aliases = defaultdict(list)
        for i, doc in enumerate(self.docs):
            self.names[text.normalize(doc.fields[0])].append(i)
            for alias in doc.aliases:
                self.aliases[text.normalize(alias).strip()].append(i)
        self.grams = self._grams()

    def _grams(self) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        # Every character and character pair → the documents holding it, scored by
        # the field's weight plus how much of the word it covers, so "自由" ranks the
        # value 自由 above 财务自由.
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        for i, doc in enumerate(self.docs):
            for field, weight in zip(doc.fields, WEIGHTS, strict=True):
                for word in text.normalize(field).split():
                    size = len(word)
                    for gram in {*word, *(word[j : j + 2] for j in range(size - 1))}:
                        score = weight + len(gram) / size
                        if score > postings[gram].get(i, 0.0):
                            postings[gram][i] = score
        return {
            gram: (np.fromiter(hits, np.int32), np.fromiter(hits.values(), np.float32))
            for gram, hits in postings.items()
        }

    def search(
        self, query: str, *, category: str, limit: int
    ) -> list[tuple[int, float]]:
        """Return (document index, score) pairs, best first."""
        q = text.normalize(query).strip()
        if not q or limit <= 0 or not self.docs:
            return []
        scores = np.zeros(len(self.docs), dtype=np.float32)
        words = text.tokens(q)
        for retriever, weight in zip(self.bm25, WEIGHTS, strict=True):
            ids = retriever.get_tokens_ids(words)
            if ids:
                scores += weight * retriever.get_scores_from_ids(ids)
        # One- and two-character queries are mostly too short for a word; longer
        # queries that found no word fall back to their character pairs.
        if len(q) <= 2 or not scores.any():
            compact = "".join(q.split())
            grams = (
                [compact]
                if len(compact) <= 2
                else {compact[j : j + 2] for j in range(len(compact) - 1)}
            )
            for gram in grams:
                if gram in self.grams:
                    ids, weights = self.grams[gram]
                    scores[ids] += SUBSTRING_WEIGHT * weights
        for i in self.names.get(q, ()):
            scores[i] += NAME_BONUS
        for i in self.aliases.get(q, ()):
            scores[i] += ALIAS_BONUS
        start, end = self.ranges[category]
        hits = np.flatnonzero(scores[start:end]) + start
        if len(hits) > limit:
            # Keep everything tied with the limit-th score, so ties resolve by position.
            kth = np.partition(scores[hits], len(hits) - limit)[len(hits) - limit]
            hits = hits[scores[hits] >= kth]
        hits = hits[np.lexsort((hits, -scores[hits]))][:limit]
        return [(int(i), round(float(scores[i]), 4)) for i in hits]
