"""Quotes are verbatim: one check, for the offline coach and a model alike.

A reply may put the person's words in quotes only as they wrote them, in this
message, their saved answers or their profile; it may quote the knowledge base
and the workbook too. Anything else in quotes (a clause with 我 turned into 你,
fragments spliced together, an earlier chat message it does not name) claims
words the person never wrote: the sentence holding it is dropped before the
reply is sent (Coach 3, point 3), and the repairs are counted in the trace.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

QUOTE = re.compile(r"「([^「」\n]{1,80})」|“([^“”\n]{1,200})”")
# A sentence with its end mark (a quote may hold its own marks: kept whole).
SENTENCE = re.compile(r"(?:「[^」]*」|“[^”]*”|[^。！？!?])+[。！？!?]*")
ELLIPSIS = re.compile(r"…+|\.{3,}")
# Compared on words alone: "正因为停不下来追问 我能…" is quoted with a comma.
NOISE = re.compile(r"[\s，,。.、；;：:！!？?“”「」‘’\"'·—\-（）()]+")
# "补一句“因为……”": a frame the coach offers to fill in, not anyone's words.
FRAME = "……"
SAFE_LINE = "我想先确认一下，免得理解错：你最想先聊哪一部分？"


@lru_cache(maxsize=64)
def _fold(text: str) -> str:
    # Cached: the knowledge text (~66k characters, one str per version) is folded
    # once, not on every turn; Python keeps a str's hash, so the lookup is cheap.
    return NOISE.sub("", text or "").lower()


@lru_cache(maxsize=1)
def glossary() -> str:
    """Return the method's glossary in our words (agent.concepts): quotable too."""
    from agent.concepts import CONCEPTS

    return "\n".join(
        str(v) for c in CONCEPTS.values() for v in c.values() if isinstance(v, str)
    )


def quoted(text: str) -> list[str]:
    """Return the spans a reply puts in 「」 or “”."""
    return [next(g for g in m.groups() if g is not None) for m in QUOTE.finditer(text)]


BRACKET = re.compile(r"「([^「」]*)」")
PAIRS = (("“", "”"), ("‘", "’"))
STRAIGHT = ("'", '"')


def _inside_word(text: str, i: int) -> bool:
    """Return whether ``text[i]`` is English ("don't", "neighbours'"), no quote mark.

    A straight quote marks a quote only beside Chinese ("说我'稳'").
    """
    near = text[i - 1 : i] + text[i + 1 : i + 2]
    return not re.search(r"[\u4e00-\u9fff]", near)


def balanced(text: str, sources: Iterable[str] = ()) -> str:
    """Return the reply with quotes inside a 「」 closed where a cut left them open.

    "「…骂我最多的就是“三分钟热度」" (a clause cut at its closing ”) reads as
    broken; the closing mark is put back (the check folds marks away). A
    straight quote is its own pair, so which side was cut is read from the
    person's text in ``sources``: "'约一个前同事聊聊'对我来说不算小" quoted
    from its second word gets its opening mark back, not a closing one.
    """
    sources = [s for s in sources if s]

    def close(m: re.Match) -> str:
        span = m.group(1)
        for left, right in PAIRS:
            if span.count(left) > span.count(right):
                span += right
            elif span.count(right) > span.count(left) and span.startswith(right):
                span = span[1:]
        for mark in STRAIGHT:
            marks = [
                i for i, c in enumerate(span) if c == mark and not _inside_word(span, i)
            ]
            if len(marks) % 2:
                span = _evened(span, mark, marks, sources)
        return f"「{span}」"

    return BRACKET.sub(close, text or "")


def _evened(span: str, mark: str, marks: list[int], sources: list[str]) -> str:
    """Return ``span`` with its odd straight ``mark`` paired as the source has it."""
    tries = [mark + span, span + mark]
    if marks[0] == 0:
        tries.insert(0, span[1:])
    for candidate in tries:
        if any(candidate in s for s in sources):
            return candidate
    return span[1:] if marks[0] == 0 else span + mark


def verbatim(span: str, sources: Iterable[str]) -> bool:
    """Return whether ``span`` appears as written in one of ``sources``.

    A clipped quote ("我很佩服大学导师…") counts by its pieces; spaces and case
    are ignored; a fill-in frame ("因为……") is the coach's own.
    """
    if FRAME in span:
        return True
    pieces = [_fold(p) for p in ELLIPSIS.split(span)]
    folded = [_fold(s) for s in sources if s]
    return all(any(p in s for s in folded) for p in pieces if p)


def repair(
    text: str, sources: Iterable[str], *, fallback: str = SAFE_LINE
) -> tuple[str, int]:
    """Return the reply with every sentence quoting unsupported words dropped.

    Also the number of sentences dropped; a reply left with nothing says it
    wants to be sure instead (precision over guessing).
    """
    sources = list(sources)
    kept, dropped = [], 0
    for sentence in SENTENCE.findall(text or ""):
        if all(verbatim(span, sources) for span in quoted(sentence)):
            kept.append(sentence)
        else:
            dropped += 1
    if not dropped:
        return text, 0
    out = "".join(kept).strip()
    return (out if re.search(r"[\u4e00-\u9fffA-Za-z]", out) else fallback), dropped
