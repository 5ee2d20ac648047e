"""BM25 (bm25s's Lucene variant) over token ids, built with a few numpy passes.

bm25s builds its matrix with a Python loop per document (0.6 s of CPU for the
three fields at 10k entries) and must rebuild all of it when one entry changes
(every idf moves). Here the same scores come from the token ids cached per
text (knowledge.search.parts) by sorting once; tests/knowledge/test_shared_index.py
checks them against bm25s itself.
"""

import numpy as np

K1, B = 1.5, 0.75  # bm25s's defaults


class Bm25:
    """One field's scores: a column per token id (CSC), a row per document."""

    def __init__(self, docs: list[np.ndarray], n_vocab: int):
        self.n_docs, self.n_vocab = len(docs), n_vocab
        lengths = np.fromiter((len(d) for d in docs), np.int64, len(docs))
        if not lengths.sum():
            self.indptr = np.zeros(n_vocab + 1, np.int64)
            self.indices = np.zeros(0, np.int32)
            self.data = np.zeros(0, np.float32)
            return
        tokens = np.concatenate(docs).astype(np.int64)
        rows = np.repeat(np.arange(len(docs), dtype=np.int64), lengths)
        # Each (document, token) pair once, with how often it occurs.
        pairs, tf = np.unique(rows * n_vocab + tokens, return_counts=True)
        rows, tokens = pairs // n_vocab, pairs % n_vocab
        df = np.bincount(tokens, minlength=n_vocab)
        idf = np.log1p((self.n_docs - df + 0.5) / (df + 0.5))
        norm = K1 * ((1 - B) + B * lengths[rows] / lengths.mean())
        scores = idf[tokens] * tf / (norm + tf)
        order = np.argsort(tokens, kind="stable")
        self.indices = rows[order].astype(np.int32)
        self.data = scores[order].astype(np.float32)
        self.indptr = np.concatenate(([0], np.cumsum(df)))

    def scores(self, ids: list[int]) -> np.ndarray:
        """Return every document's score for the query's token ids."""
        out = np.zeros(self.n_docs, dtype=np.float32)
        for token in ids:
            start, end = self.indptr[token], self.indptr[token + 1]
            out[self.indices[start:end]] += self.data[start:end]
        return out
