"""Round 18 (blind19): a later stance of the person's that undoes a mention.

- "我爸妈都是老师，一辈子教书，我挺敬佩的，但我自己绝对不去当老师": someone
  else's clause names it, and the person's own clause after it turns the same
  entry down. That is setting oneself apart by refusal, not falling short,
  even where the answer admires them (`refused_theirs`).
- "以前换工作只看钱。现在回头看，钱对我没那么重要": a sentence told of back
  then (当初, 以前…) names it, and a later one that opens with "now" turns the
  same value down: a motive dropped, like round 16's former view said with
  觉得 (`dropped_since`). Round 19: or puts something else first instead
  ("年轻时候选工作只看钱，…，现在更看重意义"). Values only: a liking
  dropped ("以前爱打游戏，现在没兴趣了") stays a hint, as the convention says.
- "进了一家做环保设备的公司，纯粹是因为离家近": a choice, then its only
  reason. What the choice's clauses name is what was chosen, not why
  (`only_because`). Not "我最看重自由，纯粹是因为…" (no choice told), and not
  a name the reason itself gives ("选了这份工作，纯粹是因为自由").
- "如果当时家里有存款，…；可惜没有" (round 19): a condition the answer says
  did not hold names nothing (`counterfactual`).
- "把脉针灸都见过": an object put first and only seen ("都见过", "也见识过")
  was watched, not done (`witnessed`): a hint.

Spans are (start, entry ids, negated, in someone else's clause) of every entry
word, in answer order, as reading.py builds them.
"""

import re
from collections.abc import Sequence

from knowledge.evidence.bounds import (
    SENTENCE_ENDS,
    clause_end,
    clause_start,
    sentence_end,
    sentence_start,
)

Span = tuple[int, frozenset[str], bool, bool]
# A list ("艾灸、泡脚都见过") stays one clause, as in reading.py.
# The person in the refusing clause: "但我自己绝对不去当…" (not "倒也不是跟钱
# 过不去", a double negative read as one).
_SELF = re.compile(r"我|自己")
# Back then, opening the sentence ("当初留在老单位", "我以前换工作…").
# Round 19: also "年轻时候…", and any time frame "…的时候" that opens it
# ("大学选专业的时候只看哪个挣钱").
_THEN = re.compile(
    r"[^,.;:!?。]{0,3}?(?:当初|当年|那时候|那时|那会儿|以前|过去|曾经|早些年|刚毕业那会儿|"
    r"年轻(?:的)?时候?|年轻那会儿)"
    r"|[^,.;:!?。我你他她]{1,8}?的时候"
)
# Now, opening the later clause or its sentence ("现在回头看", "如今想想").
_NOW = re.compile(
    r"(?:可|但|不过)?(?:现在|如今|这几年|回头看|回过头看|回头想想|再回头看)"
)
# Round 19: "现在更看重做的事有没有意义", "现在只希望别人说我是个好爸爸": the
# now-clause puts something else first, replacing the old motive.
_REPLACES = re.compile(
    r"(?:更|只|就只|才|反而)(?:会|想)?(?:看重|在乎|在意|重视|希望|想要|想|要|关心|追求|"
    r"喜欢|图)"
)
# A choice told: the person went, picked, stayed, signed up…
_CHOSE = re.compile(
    r"进了|选了|选的|去了|报了|考了|留在|留了|挑了|接了|读了|学了|换了|搬到|搬去|"
    r"签了|入职|找了"
)
# Its only reason, opening a clause: "纯粹是因为", "单纯因为", "只是因为".
_ONLY_BECAUSE = re.compile(
    r"^(?:其实|主要|当时)?(?:纯粹|纯属|单纯|完全|仅仅|只)是?因为"
)
# Seen, not done: "(我)都见过", "也见识过", to the clause's end.
_SEEN = re.compile(r"^[^,.;:!?。]{0,4}?我?(?:都|也)(?:见过|见识过|看见过)[了的啦~]*$")


# Round 19: "如果当时家里有存款，我肯定出国了；可惜没有": the condition of
# an answer that then says it did not hold. What it names was not there.
_IF = re.compile(r"(?:如果|要是|假如|假设|倘若|若是|当时要是)")
_NOT_SO = re.compile(
    r"(?:可惜|可是|但是?|只是|不过)(?:当时|那时|那会儿|家里|我)*(?:并|根本|压根)?"
    r"(?:没有|没|不是)(?:[啊呀嘛呢啦]|$)"
)


def counterfactual(folded: str) -> list[tuple[int, int]]:
    """Return the spans of a condition the answer says did not hold.

    From "如果…" to its clause's end, when a clause opening with "可惜没有"
    (or "但没有", "可惜不是") follows in its sentence or the next.
    """
    spans = []
    for m in _IF.finditer(folded):
        end = clause_end(folded, m.end())
        here = _sentence(folded, m.start())
        for c in re.finditer(r"[^,.;:!?。]+", folded[end:]):
            a = end + c.start()
            if _sentence(folded, a) - here > 1:
                break
            if _NOT_SO.match(c.group()):
                spans.append((m.end(), end))
                break
    return spans


def refused_theirs(spans: Sequence[Span], folded: str) -> set[int]:
    """Return the spans in someone else's clause whose entry the person refuses.

    The refusal is a negated mention of the same entry, outside anyone else's
    clause, later in the same sentence or in the next one, in a clause where
    the person speaks (我, 自己 before it).
    """
    out = set()
    for i, (start, ids, negated, others) in enumerate(spans):
        if negated or not others:
            continue
        here = _sentence(folded, start)
        if any(
            was
            and not theirs
            and ids & later
            and _sentence(folded, s) - here <= 1
            and _SELF.search(folded, clause_start(folded, s), s)
            for s, later, was, theirs in spans[i + 1 :]
        ):
            out.add(i)
    return out


def dropped_since(spans: Sequence[Span], folded: str) -> set[int]:
    """Return the value mentions of back then that a later "now" turns down.

    Or replaces (round 19): a later clause opening with "now" that puts
    something else first ("现在更看重…", "现在只希望…") and names none of the
    old values, in the old mention's sentence or the next.
    """
    out = set()
    for i, (start, ids, negated, _) in enumerate(spans):
        if negated or not _THEN.match(folded, sentence_start(folded, start)):
            continue
        values = {n for n in ids if n.startswith("V")}
        for s, later, was, _ in spans[i + 1 :]:
            if not (was and values & later):
                continue
            opened = _NOW.match(folded, clause_start(folded, s)) or _NOW.match(
                folded, sentence_start(folded, s)
            )
            if opened:
                out.add(i)
                break
        if values and i not in out and _replaced(spans, folded, start, values):
            out.add(i)
    return out


def _replaced(spans: Sequence[Span], folded: str, start: int, values: set[str]) -> bool:
    """Return whether a later "now" clause puts something else first."""
    here = _sentence(folded, start)
    for m in re.finditer(r"[^,.;:!?。]+", folded[clause_end(folded, start) :]):
        a = clause_end(folded, start) + m.start()
        if _sentence(folded, a) - here > 1:
            break
        if not (_NOW.match(m.group()) and _REPLACES.search(m.group())):
            continue
        b = a + len(m.group())
        return not any(a <= s < b and values & ids for s, ids, _, _ in spans)
    return False


def only_because(spans: Sequence[Span], folded: str) -> set[int]:
    """Return the mentions in a choice's clauses before its only reason."""
    out = set()
    for m in re.finditer(r"[^,.;:!?。，]+", folded):
        if not _ONLY_BECAUSE.match(m.group()):
            continue
        first = sentence_start(folded, m.start())
        if not _CHOSE.search(folded, first, m.start()):
            continue
        end = sentence_end(folded, m.start())
        given = {n for s, ids, _, _ in spans if m.start() <= s < end for n in ids}
        out |= {
            i
            for i, (s, ids, _, _) in enumerate(spans)
            if first <= s < m.start() and not ids & given
        }
    return out


def witnessed(folded: str, end: int) -> bool:
    """Return whether the word ending at end is an object only seen ("都见过")."""
    return _SEEN.match(folded[end : clause_end(folded, end)]) is not None


def _sentence(folded: str, i: int) -> int:
    return sum(ch in SENTENCE_ENDS for ch in folded[:i])
