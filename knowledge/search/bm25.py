"""BM25 (bm25s's Lucene variant) over token ids, built with a few numpy passes.

bm25s builds its matrix with a Python loop per document (0.6 s of CPU for the
three fields at 10k entries) and must rebuild all of it when one entry changes
(every idf moves). Here the same scores come from the token ids cached per
text (knowledge.search.parts) through scipy's sparse conversions, which loop
in C; tests/knowledge/test_shared_index.py checks them against bm25s itself.
"""

import numpy as np
import scipy.sparse as sp

K1, B = 1.5, 0.75  # bm25s's defaults


class Bm25:
    """One field's scores: a column per token id (CSC), a row per document."""

    def __init__(self, docs: list[np.ndarray], n_vocab: int):
        self.n_docs, self.n_vocab = len(docs), n_vocab
        lengths = np.fromiter((len(d) for d in docs), np.int64, len(docs))
        indptr = np.zeros(len(docs) + 1, np.int64)
        np.cumsum(lengths, out=indptr[1:])
        tokens = np.concatenate(docs) if docs else np.zeros(0, np.int32)
        # A row per document; adding up its duplicates gives each term's frequency.
        matrix = sp.csr_matrix(
            (np.ones(len(tokens), np.float32), tokens, indptr),
            shape=(len(docs), n_vocab),
        )
        matrix.sum_duplicates()
        tf, terms = matrix.data, matrix.indices
        rows = np.repeat(np.arange(len(docs)), np.diff(matrix.indptr))
        df = np.bincount(terms, minlength=n_vocab)
        idf = np.log1p((self.n_docs - df + 0.5) / (df + 0.5))
        mean = lengths.mean() if len(docs) else 1.0  # an empty base is valid
        norm = K1 * ((1 - B) + B * lengths[rows] / max(mean, 1e-9))
        matrix.data = (idf[terms] * tf / (norm + tf)).astype(np.float32)
        by_term = matrix.tocsc()  # a column per term, its documents in order
        self.indices, self.data, self.indptr = (
            by_term.indices,
            by_term.data,
            by_term.indptr,
        )

    def scores(self, ids: list[int]) -> np.ndarray:
        """Return every document's score for the query's token ids."""
        out = np.zeros(self.n_docs, dtype=np.float32)
        for token in ids:
            start, end = self.indptr[token], self.indptr[token + 1]
            out[self.indices[start:end]] += self.data[start:end]
        return out
