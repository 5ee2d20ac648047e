"""Round 15: where a weak word or a shrug beside a name still lets it name.

- "怎么治失眠，最近一直睡不着": 睡不着 is on the weak list (often said in
  passing), but 失眠, a keyword of the same entry in its sentence, says it is
  the topic (`corroborated`). Only for talents' and passions' everyday words:
  a person word ("爸妈", "程序员") is a character whatever is near, and what a
  values answer tells in passing ("人多" beside 聚会) is no stance. Not in a
  sentence that turns anything down ("…，被裁了没办法").
- "反过来，我看大局还行": "还行" ending the clause of the name before it rates
  it modestly (`modest`); match.py names a talent by it, not a lukewarm liking
  ("画画还行吧") or value.

Both work on plain spans, so reading.py keeps its own Token type to itself.
"""

import re
from collections.abc import Sequence

from knowledge.evidence.voice import OTHER_PEOPLE

SENTENCE_ENDS = ".;!?。\n"
CLAUSE_ENDS = frozenset(",.;:!?。()[]~\"'“”‘’—…") | frozenset(" \t\r\n")
# One of the people around the person, or someone by what they do ("程序员",
# "房东", "初中生"): a character of the story, not its topic.
_PERSON = re.compile(rf"(?:{OTHER_PEOPLE})$|[员师生东农手家人]$")
MODEST = frozenset({"还行"})
_TAIL = re.compile(r"[了的啦吧呀啊嘛呢哦~\s]")

# (start, end, names, hints, negates) of every known word of the answer.
Span = tuple[int, int, frozenset[str], frozenset[str], bool]


def corroborated(folded: str, word: Span, spans: Sequence[Span]) -> bool:
    """Return whether a weak alias has a keyword of its entry in its sentence."""
    start, end, names, _, _ = word
    if _PERSON.search(folded[start:end]) or any(n.startswith("V") for n in names):
        return False
    left = max(folded.rfind(c, 0, start) for c in SENTENCE_ENDS)
    right = min(
        (j for c in SENTENCE_ENDS if (j := folded.find(c, end)) >= 0),
        default=len(folded),
    )
    near = [s for s in spans if s[:2] != (start, end) and left < s[0] and s[1] <= right]
    if any(s[4] for s in near):
        return False
    return any(names & s[3] for s in near)


def modest(folded: str, shrug: tuple[int, int], named_before: bool) -> bool:
    """Return whether a shrug ends its clause after a name there ("…还行")."""
    start, end = shrug
    if folded[start:end] not in MODEST or not named_before:
        return False
    stop = next((j for j in range(end, len(folded)) if folded[j] in CLAUSE_ENDS), None)
    return not _TAIL.sub("", folded[end:stop])
