"""Round 10: a positive mention the person takes back later in the answer.

"很羡慕我表哥活得自由自在。不过我有房贷有娃，这辈子是做不到了", "全场都哭了，
我倒没啥感觉", "…讲义气。不过我也不知道自己算不算讲义气", "小时候天天玩游戏，
现在一点兴趣都没了", "社会问题是挺多的，但说实话我没那么关心": the name is
said plainly, and a later clause takes it back for the person, by falling
short, setting apart, doubt, irony, a liking dropped, indifference or dislike.
The cues are the lexicon's "takeback" terms (data/evidence_lexicon.csv), so
admins can extend them. A named mention a cue takes back is only suspected.

- A cue whose clause names entries of its own ("算不算讲义气", "跑步我不太喜欢")
  is about them: it takes back earlier named mentions of those entries only.
- A cue whose clause names nothing ("这辈子是做不到了", "我没那么关心") is about
  what came before: every named mention in its sentence before it and in the
  REACH sentences before that, and in its own sentence after it up to a turn
  ("算了吧，我可太自律了，闹钟响八遍都起不来"; not past "但" in "…我没那么
  关心，但我很在乎家人").
- A cue in a clause about someone else ("她说做不到了", "我老婆没啥感觉")
  speaks for them, not for the person: it takes back nothing.
"""

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache

from knowledge.evidence.voice import OTHER_PEOPLE

# start, end (folded), entry ids, whether it is a name (not only a hint)
Mention = tuple[int, int, frozenset[str], bool]
REACH = 2  # sentences before the cue's own that it may take back
_SENTENCE_ENDS = frozenset(".;!?。\n")
_CLAUSE_ENDS = _SENTENCE_ENDS | frozenset(",:()[]~\"'“”‘’—…、 \t\r")
# Where a cue's forward reach stops: what follows a turn is said anew.
_TURN = re.compile(r"但是?|不过|可是|然而|只是|而是|却|反而|倒是")
# A turn to what the person is made to do: "但每次都被拉进去", "可还是得去".
_DRAGGED = re.compile(
    r"(?:但是?|不过|可是)(?:每次|每回|还是|也|都|总|总是|又)*"
    r"(?:被|不得不|只能|只好|硬着头皮|得去|得陪)"
)
# Given up now, whatever the verb: "我现在不玩了", "早就不画了", "后来也没再弹了".
# A one-character verb and a final 了, at the clause's end ("现在不玩了，改…"
# is still the cue's clause; "现在不一样了" is no give-up).
_QUIT_NOW = re.compile(
    r"(?:现在|如今|早就|早已|后来|已经|早)(?:都|也|就|早就)?(?:不|没再|不再)"
    r"(?!是|会|能|行|用|要|一|太|怎)[^\W\d_]了(?=$|[,.;:!?。…~\s])"
)
# Round 17: the person tried it, and it went wrong: "结果自己上手差点触电",
# "谁知我一动手就搞砸了". The result, the trying and a mishap, in one clause;
# not a setback in a story ("没想到第一次创业就失败了").
_FAILED = re.compile(
    r"(?:结果|谁知道?|哪知道?|没想到)(?:我|自己)*(?:一|亲自|真)?"
    r"(?:上手|动手|试|自己来|下手)[^,.;:!?。]{0,4}?"
    r"(?:差点|险些|搞砸|弄砸|砸了|弄坏|搞坏|翻车|出丑|失败|没弄好|没搞好)"
)
# "天天画画，哪有空干别的": a cue about everything else keeps what came before.
_ELSE = re.compile(r"别的|其他|其它|其余")
# "虽然现在还差得远，但我一直在学": a conceded shortfall takes nothing back.
_CONCEDES = re.compile(r"^(?:虽然|虽说|虽|尽管|哪怕|就算)")
# "至于明星八卦，我没那么关心", "说到球赛我就没啥兴趣了", "我对球赛没兴趣了":
# a nameless cue about a topic of its own reaches back only to that topic.
# Round 21: not "说到底", "说起来" (in the end, come to think of it): no topic.
_TOPIC = re.compile(
    r"至于|说到(?!底)|说起(?!来)|要说|提到|对于|关于|别的|其他|其它|其余"
    r"|对(?![这那它此])"
)
# "加班多少我没那么在乎", "被人管着的日子我可做不到": words before "我" in the
# cue's clause, past its openers, are an object of its own that names no entry.
_OPENERS = (
    r"但是|但|可是|可|不过|而且|其实|说实话|说真的|估计|反正|现在|如今|后来|早就|"
    r"已经|这辈子|每次|总是|都是|自己|也|都|就|倒|是|还|真|又|可能|大概|所以|因为"
)
_OPENED = re.compile(rf"^(?:{_OPENERS})+")
_OBJECT_FIRST = re.compile(r"^[^我]{2,}我")
# Someone else as the cue clause's subject, with no "我" in it.
_THIRD = re.compile(rf"他|她|人家|别人|大家|(?:{OTHER_PEOPLE})")


def taken_back(
    folded: str, mentions: Sequence[Mention], cues: Iterable[str]
) -> set[int]:
    """Return the indices of the mentions a later take-back cue takes back.

    Mentions are in answer order; cues are the folded lexicon terms of kind
    "takeback".
    """
    out: set[int] = set()
    for c_start, c_end in _cue_spans(folded, cues):
        scope = _scope(folded, mentions, c_start, c_end)
        if scope is None:
            continue
        first, stop, about, own = scope
        for i, (s, _, ids, _) in enumerate(mentions):
            if first <= s < stop and (
                about is None or (ids & about and (s < c_start or i in own))
            ):
                out.add(i)
    return out


def _scope(
    folded: str, mentions: Sequence[Mention], c_start: int, c_end: int
) -> tuple[int, int, frozenset[str] | None, set[int]] | None:
    """Return what the cue at [c_start, c_end) reaches, or None: it speaks for no one.

    (first, stop): where the mentions it may take back lie; about: the entries
    it is about (None: every name in reach); own: the mentions it is about.
    """
    left, right = _bounds(folded, c_start, c_end, _CLAUSE_ENDS)
    before = folded[left:c_start]
    if _someone_else(before) or _CONCEDES.match(before):
        return None
    if _ELSE.search(folded, c_end, right):
        return None
    own = {
        i
        for i, (s, e, _, _) in enumerate(mentions)
        if left <= s and e <= right and not (s < c_end and c_start < e)
    }
    first = _sentence_start(folded, c_start, REACH)
    if own:  # "不知道自己算不算讲义气", "女性主义这个词我不太喜欢"
        return first, c_start, frozenset().union(*(mentions[i][2] for i in own)), own
    stop = _forward_stop(folded, c_end)
    # "…我挺烦的，但每次都被拉进去" (round 14): a turn to being dragged along
    # says nothing anew; the cue stands.
    if _DRAGGED.match(folded, stop):
        stop = _bounds(folded, c_end, c_end, _SENTENCE_ENDS)[1]
    if stop < _bounds(folded, c_end, c_end, _SENTENCE_ENDS)[1]:
        return None  # "…拿不准，但会一直这么要求自己": a turn says it anew
    if _OBJECT_FIRST.match(_OPENED.sub("", before)):
        return None
    own_start = _sentence_start(folded, c_start, 0)
    if topic := _TOPIC.search(folded, own_start, c_start):
        return topic.start(), stop, None, set()
    # "以前觉得钱最重要，现在没那么在乎了": a name earlier in the cue's own
    # sentence is what it is about, with earlier mentions of the same entries
    # ("…我有耐心。不过我是不是真有耐心，我自己也拿不准").
    near = {i for i, m in enumerate(mentions) if own_start <= m[0] < c_start and m[3]}
    if near:
        return first, stop, frozenset().union(*(mentions[i][2] for i in near)), near
    return first, stop, None, set()


def _cue_spans(folded: str, cues: Iterable[str]) -> list[tuple[int, int]]:
    """Return where the cues occur, not overlapping, the longest at a place."""
    pattern = _pattern(tuple(cues))
    found = [m.span() for m in pattern.finditer(folded)] if pattern else []
    # "不过我现在不玩了" (round 16): given up now, said with any one verb.
    for extra in (_QUIT_NOW, _FAILED):
        found += [
            m.span()
            for m in extra.finditer(folded)
            if not any(s <= m.start() < e for s, e in found)
        ]
    return sorted(found)


@lru_cache(maxsize=4)
def _pattern(cues: tuple[str, ...]) -> re.Pattern[str] | None:
    ordered = sorted({c for c in cues if c}, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, ordered))) if ordered else None


def _bounds(folded: str, start: int, end: int, ends: frozenset[str]) -> tuple[int, int]:
    left = max((i + 1 for i in range(start) if folded[i] in ends), default=0)
    right = next((i for i in range(end, len(folded)) if folded[i] in ends), len(folded))
    return left, right


def _sentence_start(folded: str, i: int, back: int) -> int:
    """Return where the sentence `back` sentences before the one at i starts."""
    starts = [0] + [j + 1 for j in range(i) if folded[j] in _SENTENCE_ENDS]
    # Runs of marks ("?!", "。\n") end one sentence, not several.
    starts = [s for k, s in enumerate(starts) if k == 0 or s - starts[k - 1] > 1]
    return starts[max(0, len(starts) - 1 - back)]


def _forward_stop(folded: str, end: int) -> int:
    """Return where a nameless cue's reach after it ends: a turn or the sentence."""
    _, right = _bounds(folded, end, end, _SENTENCE_ENDS)
    turn = _TURN.search(folded, end, right)
    return turn.start() if turn else right


def _someone_else(before: str) -> bool:
    """Return whether a cue's clause, up to the cue, is about someone else."""
    return "我" not in before and _THIRD.search(before) is not None
