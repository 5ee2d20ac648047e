"""How the detector reads a message: one spelling of it, whatever was typed.

Traditional characters become simplified (OpenCC), full-width forms half-width
(NFKC), letters lower case, and the spaces and emoji people put between the
words are dropped, so "不 想 活 了😭" reads as "不想活了". Clause punctuation
stays: a figure of speech is cut out clause by clause.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Spaces, emoji and symbols: anything that is not a letter, a digit, CJK or
# clause punctuation. Latin words keep one space between them ("kill myself").
_NOISE = re.compile(r"[^\w\u4e00-\u9fff，。！？；、,.!?;:：'\s]+")
_SPACES_CJK = re.compile(r"(?<=[\u4e00-\u9fff])\s+|\s+(?=[\u4e00-\u9fff])")
_SPACES = re.compile(r"\s+")
# Laughter people put around what they mean ("哈哈哈 我想紫砂 hhh"): it hides
# nothing from the patterns, so it goes.
_LAUGH = re.compile(r"哈{2,}|呵{2,}|嘿{2,}|h{3,}|233+|lol|lmao|xswl", re.I)


@lru_cache(maxsize=1)
def _converter():
    import opencc

    return opencc.OpenCC("t2s")


def normalise(text: str) -> str:
    """Return ``text`` as the lexicon and the classifier read it."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    if re.search(r"[\u4e00-\u9fff]", text):
        text = _converter().convert(text)
    text = _LAUGH.sub(" ", _NOISE.sub(" ", text))
    return _SPACES.sub(" ", _SPACES_CJK.sub("", text)).strip()


def clauses(text: str) -> list[str]:
    """Split normalised text where a reader pauses (a figure stays in its clause)."""
    return [c for c in re.split(r"[，。！？；,.!?;]+", text) if c.strip()]


def pinyin(plain: str) -> bool:
    """Return whether normalised ``plain`` is Chinese typed as pinyin.

    "ta you da wo le, lian shang dou shi qing de": at least three Latin words,
    four in five of them syllables, and no hanzi. English rarely passes ("he",
    "she", "men" are syllables; "the", "at", "my" are not).
    """
    from agent.dialogue.pinyin import SYLLABLES  # the coach's own syllable set

    if re.search(r"[\u4e00-\u9fff]", plain):
        return False
    latin = re.findall(r"[a-z]+", plain)
    if len(latin) < 3:
        return False
    return sum(w in SYLLABLES for w in latin) >= 0.8 * len(latin)


# Where a reader pauses in what was typed: punctuation, or a space beside a
# character ("想结束了 今天就到这"); a space between Latin words is no pause.
PAUSE = re.compile(
    r"[，。！？；,.!?;~～…]+|(?<=[\u4e00-\u9fff])\s+|\s+(?=[\u4e00-\u9fff])"
)
