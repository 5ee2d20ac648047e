"""Round 17 (blind18): words in another sense than the entry's, and costs.

- "我哭得停不下来", "兴奋得发抖": after a feeling and 得/到 a word says how
  much was felt, a degree, not absorption (停不下来) or fear (发抖)
  (`felt_degree`).
- "一家人能整整齐齐的": order said of people is everyone present, not the
  value of tidiness (`gathered`). Not a lexicon homonym: the row would have to
  begin inside "家人", which the longest-first cut would then take from it.
- "答应别人的事哪怕亏钱也要办到": what a concession risks ("哪怕…也要") is the
  cost the person accepts, not what they hold (`conceded`). Not "哪怕只有一天
  自由也好": "even just X" is the thing wanted.
- "我不想当领导，天天开会管人": a clause that goes on describing what the
  clause before refused (不想, 不要, 拒绝…), naming the same entry, is that
  same "no" (`refused_on`). Not after a complaint ("无障碍做得太差了，推轮椅
  出门…" on P06) or an inability.

Round 18 (blind19):

- "缺的是说实话的人", "敢讲实话": the lexicon keeps "说实话" whole as an aside
  ("说实话，我…"); before 的, or after a verb of will or habit, it is what
  someone does, and the alias inside it (实话) counts (`truth_told`). Not
  "说实话的话，…", still the aside, nor "实话实说", an idiom kept whole.
- "《也许你该找个人聊聊》这些都翻过": a "no" or a hedge inside a book's title
  is its wording, not the person's (`titled`).
"""

import re
from collections.abc import Sequence

from knowledge.evidence.bounds import (
    LIST_CLAUSE_ENDS,
    SENTENCE_ENDS,
    clause_end,
    clause_start,
)

# A feeling, then 得/到: what follows is its degree ("笑到停不下来").
_FEELING = re.compile(r"(?:哭|笑|乐|兴奋|激动|高兴|开心|感动)(?:得|到)$")
# Words for everyone being there, when people are their subject.
_GATHERED = frozenset({"整整齐齐", "齐齐整整", "整齐"})
_PEOPLE = re.compile(
    r"(?:一家人|一家子|全家人?|家人|家里人|大家|我们|人)(?:都|能|要|还|也|得|总|总是|就)*$"
)
# "哪怕亏钱也要办到", "就算丢了面子，也得把话说清楚": the concession runs
# from its opener to "也/都 + will" in its clause, or to the clause's end when
# the next clause opens with that "也".
_CONCEDES = re.compile(r"哪怕是?|即使|就算|即便|纵然|纵使")
_STILL = re.compile(
    r"(?:我|自己)?(?:也|都|还是|照样|照旧)(?:要|得|会|想|该|必须|坚持|照样|愿意|办|做)"
)
_ONLY = re.compile(r"只|仅|一点点|一天|一次")
# The lexicon's asides about candour, and what makes one a doing instead:
# "敢说实话", "肯讲实话", "爱说实话".
_TRUTH_ASIDES = frozenset({"说实话", "讲实话", "说句实话"})
_TRUTH_DOER = re.compile(r"(?:敢|肯|爱|会|能|要|愿意|愿|只|喜欢|坚持|习惯)$")
# The "no" of the will before the refused mention (not a complaint, "…做得
# 太差了", nor an inability, "我最不会的是…").
_REFUSAL = re.compile(r"不(?:想|要|愿意?|打算|准备|稀罕)|拒绝|推掉|懒得")
# A clause that speaks anew: the person, a turn, or a reason.
_ANEW = re.compile(
    r"^(?:我|自己|但|可|不过|然而|而是|只是|反而|倒是|所以|因为|其实|还是|宁可|宁愿)"
)


def felt_degree(folded: str, start: int) -> bool:
    """Return whether the word at start is the degree of a feeling ("哭得…")."""
    return _FEELING.search(folded, max(0, start - 3), start) is not None


def gathered(folded: str, start: int, end: int) -> bool:
    """Return whether the word at [start, end) is people all present."""
    return folded[start:end] in _GATHERED and bool(
        _PEOPLE.search(folded, max(0, start - 8), start)
    )


def conceded(folded: str) -> list[tuple[int, int]]:
    """Return the spans a concession risks: from its opener to its "也要"."""
    spans = []
    for m in _CONCEDES.finditer(folded):
        end = clause_end(folded, m.end(), LIST_CLAUSE_ENDS)
        still = _STILL.search(folded, m.end(), end)
        if still:
            end = still.start()
        elif not _STILL.match(folded, end + 1):
            continue
        if not _ONLY.search(folded, m.end(), end):
            spans.append((m.end(), end))
    return spans


def truth_told(folded: str, start: int, end: int, text: str, kind: str) -> bool:
    """Return whether a "说实话" homonym at [start, end) is a doing, no aside."""
    return (
        kind == "homonym"
        and text in _TRUTH_ASIDES
        and (
            (folded.startswith("的", end) and not folded.startswith("的话", end))
            or _TRUTH_DOER.search(folded, max(0, start - 2), start) is not None
        )
    )


def titled(folded: str, i: int) -> bool:
    """Return whether index i lies inside a title in 《…》."""
    opened = folded.rfind("《", 0, i)
    return opened >= 0 and "》" not in folded[opened:i] and "》" in folded[i:]


def refused_on(
    spans: Sequence[tuple[int, frozenset[str], bool]], folded: str
) -> set[int]:
    """Return the spans that go on describing what the clause before refused.

    Each span is (start, its entry ids, negated). The later mention must open
    no new voice ("我…", "但…") and stand in the clause right after the
    refused one, in its sentence.
    """
    out = set()
    for i, (start, ids, negated) in enumerate(spans):
        if negated:
            continue
        left = clause_start(folded, start, LIST_CLAUSE_ENDS)
        if left == 0 or folded[left - 1] in SENTENCE_ENDS:
            continue
        if _ANEW.match(folded[left:start]) or "我" in folded[left:start]:
            continue
        before = clause_start(folded, left - 1, LIST_CLAUSE_ENDS)
        if any(
            was
            and ids & other
            and before <= s < left
            and _REFUSAL.search(folded, before, s)
            for s, other, was in spans[:i]
        ):
            out.add(i)
    return out
