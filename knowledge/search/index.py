"""The in-memory search index: field-weighted BM25 plus a substring layer."""

from collections import defaultdict

import numpy as np
import scipy.sparse as sp

from knowledge.search import text
from knowledge.search.bm25 import Bm25
from knowledge.search.docs import Doc
from knowledge.search.parts import WEIGHTS, Parts

CATEGORY_ORDER = ("values", "strengths", "interests", "questions")
SUBSTRING_WEIGHT = 2.0  # a substring hit in a name (3 + coverage) ≈ a good BM25 hit
NAME_BONUS = 8.0  # the query is exactly an entry's name: that entry comes first
# The query is exactly one of an entry's aliases ("经济独立" → 财富): it beats an
# entry that merely shares a sub-word, but never an exact name.
ALIAS_BONUS = 4.0


class SearchIndex:
    """Ranks documents for a query; build once per knowledge version.

    ``parts`` carries the tokens and grams of an earlier build: only texts it
    has not seen are tokenized (a fresh Parts tokenizes everything).
    """

    def __init__(self, docs: list[Doc], parts: Parts | None = None):
        parts = parts or Parts()
        docs = sorted(docs, key=lambda d: CATEGORY_ORDER.index(d.hit.category))
        # Only the hits are kept: the texts are in ``parts`` (for the next
        # build) and would only lengthen the copy every process loads.
        self.hits = [d.hit for d in docs]
        cats = [hit.category for hit in self.hits]
        self.ranges = {"all": (0, len(cats))} | {
            c: (cats.index(c), len(cats) - cats[::-1].index(c)) if c in cats else (0, 0)
            for c in CATEGORY_ORDER
        }
        fields = [[parts.text_ids(d.fields[f]) for d in docs] for f in range(3)]
        grams = [parts.doc_grams(d.fields) for d in docs]
        # The vocabulary only grows; ids past this build's size are not in it.
        self.vocab = parts.vocab
        self.size = len(parts.vocab)
        self.bm25 = [Bm25(ids, self.size) for ids in fields]
        self.grams = _postings(grams, self.size)
        self.names = defaultdict(list)
        self.aliases = defaultdict(list)
        for i, doc in enumerate(docs):
            self.names[text.normalize(doc.fields[0])].append(i)
            for alias in doc.aliases:
                self.aliases[text.normalize(alias).strip()].append(i)

    def _ids(self, words) -> list[int]:
        found = (self.vocab.get(w) for w in words)
        return [i for i in found if i is not None and i < self.size]

    def _gram(self, gram: str) -> tuple[np.ndarray, np.ndarray]:
        ids, scores, indptr = self.grams
        gid = self._ids([gram])
        if not gid:
            return ids[:0], scores[:0]
        start, end = indptr[gid[0]], indptr[gid[0] + 1]
        return ids[start:end], scores[start:end]

    def search(
        self, query: str, *, category: str, limit: int
    ) -> list[tuple[int, float]]:
        """Return (document index, score) pairs, best first."""
        q = text.normalize(query).strip()
        if not q or limit <= 0 or not self.hits:
            return []
        scores = np.zeros(len(self.hits), dtype=np.float32)
        ids = self._ids(text.tokens(q))
        if ids:
            for field, weight in zip(self.bm25, WEIGHTS, strict=True):
                scores += weight * field.scores(ids)
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
                hits, weights = self._gram(gram)
                scores[hits] += SUBSTRING_WEIGHT * weights
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


def _postings(grams: list[tuple[np.ndarray, np.ndarray]], size: int):
    """Gram id → the documents holding it and their scores, as one CSC table.

    A row per document, then scipy turns rows into columns in one C pass.
    """
    lengths = np.fromiter((len(g[0]) for g in grams), np.int64, len(grams))
    indptr = np.zeros(len(grams) + 1, np.int64)
    np.cumsum(lengths, out=indptr[1:])
    ids = [g[0] for g in grams] or [np.zeros(0, np.int32)]
    scores = [g[1] for g in grams] or [np.zeros(0, np.float32)]
    rows = sp.csr_matrix(
        (np.concatenate(scores), np.concatenate(ids), indptr),
        shape=(len(grams), size),
    )
    columns = rows.tocsc()
    return columns.indices, columns.data, columns.indptr
