"""What an index is made of, cached per text so an edit re-does only its rows.

Tokenizing with jieba is three quarters of a full build (56 s at 100k
entries). Tokens depend on a text and on the words the tokenizer was taught,
so they are kept per text (as ids in one growing vocabulary) and dropped for
texts that hold a newly taught word. The substring layer's grams are kept per
document the same way. An edit of one row at 10k entries re-tokenizes that
row; the rest is numpy over the cached ids.
"""

import re

import numpy as np

from knowledge.search import text

WEIGHTS = (3.0, 2.0, 1.0)  # name > keywords > definition and examples


class Parts:
    """Token ids per text and gram postings per document, in one vocabulary."""

    def __init__(self) -> None:
        # Ids are never reused or renumbered: an index holds len(vocab) of its
        # build and ignores the ids added after it.
        self.vocab: dict[str, int] = {}
        self.tokens: dict[str, bytes] = {}  # text → int32 ids
        # a document's fields → its gram ids and scores
        self.grams: dict[tuple[str, ...], tuple[bytes, bytes]] = {}
        self.words: dict[str, int] = {}  # the tokenizer's words these were cut with

    def _id(self, word: str) -> int:
        found = self.vocab.get(word)
        if found is None:
            found = self.vocab[word] = len(self.vocab)
        return found

    def text_ids(self, value: str) -> np.ndarray:
        """Return the token ids of ``value``, tokenizing it only the first time."""
        kept = self.tokens.get(value)
        if kept is None:
            ids = [self._id(t) for t in text.tokens(value)]
            kept = self.tokens[value] = np.array(ids, np.int32).tobytes()
        return np.frombuffer(kept, np.int32)

    def doc_grams(self, fields: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
        """Return a document's characters and character pairs with their scores.

        A gram scores the field's weight plus how much of the word it covers,
        so "自由" ranks the value 自由 above 财务自由; a document keeps its best.
        """
        kept = self.grams.get(fields)
        if kept is None:
            best: dict[int, float] = {}
            for field, weight in zip(fields, WEIGHTS, strict=True):
                for word in text.normalize(field).split():
                    size = len(word)
                    for gram in {*word, *(word[j : j + 2] for j in range(size - 1))}:
                        gid, score = self._id(gram), weight + len(gram) / size
                        if score > best.get(gid, 0.0):
                            best[gid] = score
            kept = self.grams[fields] = (
                np.fromiter(best, np.int32, len(best)).tobytes(),
                np.fromiter(best.values(), np.float32, len(best)).tobytes(),
            )
        return np.frombuffer(kept[0], np.int32), np.frombuffer(kept[1], np.float32)

    def forget(self, words: set[str]) -> None:
        """Drop the tokens of texts holding a word the tokenizer just learnt."""
        if not words or not self.tokens:
            return
        if len(words) > 200:  # a bulk import: re-tokenizing all is as quick
            self.tokens.clear()
            return
        pattern = re.compile("|".join(map(re.escape, sorted(words))))
        for value in [v for v in self.tokens if pattern.search(text.normalize(v))]:
            del self.tokens[value]

    def trim(self, docs) -> None:
        """Keep only what ``docs`` use: edited-away texts would pile up."""
        texts = {f for d in docs for f in d.fields}
        self.tokens = {t: ids for t, ids in self.tokens.items() if t in texts}
        fields = {d.fields for d in docs}
        self.grams = {f: g for f, g in self.grams.items() if f in fields}
