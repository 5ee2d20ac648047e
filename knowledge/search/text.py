"""Chinese tokenization: one jieba tokenizer per process, taught our own words."""

import logging
import threading
import unicodedata

import jieba

# jieba forces its logger to DEBUG on import, overriding settings.LOGGING.
jieba.setLogLevel(logging.WARNING)

# Words that carry no meaning for a lookup; everything of one character is dropped too,
# so short queries are served by the substring layer instead.
STOPWORDS = frozenset(
    "一个 一些 一下 什么 怎么 怎样 为什么 哪些 哪个 这个 那个 这些 那些 我们 你们 他们 "
    "自己 可以 没有 还是 或者 如果 因为 所以 但是 然后 就是 不是 觉得 时候 的话 一种 "
    "有点 比较 非常 特别 这样 那样 已经 知道 真的 还有 以及".split()
)

# A private instance, so our user words never leak into anybody else's jieba.cut().
_tokenizer = jieba.Tokenizer()
_words: set[str] = set()
_lock = threading.Lock()
_init_lock = threading.Lock()


def normalize(text: str) -> str:
    """Fold full-width letters and case, so 'ＡＩ', 'Ai' and 'ai' meet."""
    return unicodedata.normalize("NFKC", text).casefold()


def tokenizer_init() -> None:
    """Load jieba's dictionary (about half a second; done once, at process start).

    The risk check reads words with jieba's default tokenizer: ours starts as a
    copy of its dictionary (13 ms) instead of a second load of the same file.
    """
    if _tokenizer.initialized:
        return
    jieba.dt.initialize()
    with _init_lock:
        if not _tokenizer.initialized:
            _tokenizer.FREQ = dict(jieba.dt.FREQ)
            _tokenizer.total = jieba.dt.total
            _tokenizer.initialized = True


def words_add(words) -> set[str]:
    """Teach the tokenizer names and keywords so they stay whole words.

    Returns the words it did not know before: texts holding one of them may
    now be cut differently (knowledge.search.parts re-tokenizes those).
    """
    tokenizer_init()
    added = set()
    with _lock:
        for word in {normalize(w).strip() for w in words} - _words:
            if len(word) >= 2 and " " not in word and not _tokenizer.FREQ.get(word):
                # The frequency jieba suggests is just enough to keep the word whole
                # without swallowing neighbours in longer sentences.
                _tokenizer.add_word(word, _tokenizer.suggest_freq(word, tune=False))
                added.add(word)
            _words.add(word)
    return added


def words_known() -> dict[str, int]:
    """Return the words taught so far with their frequencies, to share them."""
    with _lock:
        return {w: _tokenizer.FREQ.get(w, 0) for w in _words}


def words_load(words: dict[str, int]) -> None:
    """Teach words another process taught, at its frequencies (no suggest_freq).

    Asking jieba for a frequency cuts the word (~30 µs); a process that loads
    a shared index gets the builder's numbers, so it cuts queries the same way
    the index was cut.
    """
    tokenizer_init()
    with _lock:
        for word in words.keys() - _words:
            freq = words[word]
            if freq and not _tokenizer.FREQ.get(word):
                _tokenizer.add_word(word, freq)
            _words.add(word)


def tokens(text: str) -> list[str]:
    """Return the search tokens of a text: words plus their dictionary sub-words."""
    return [
        token
        for token in _tokenizer.cut_for_search(normalize(text))
        if len(token) >= 2
        and token not in STOPWORDS
        and any(c.isalnum() for c in token)
    ]
