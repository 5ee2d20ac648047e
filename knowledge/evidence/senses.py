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

Round 19 (blind20, blind21):

- "骑手被恶意差评扣钱", "钱少一半", "钱亏了不少", "借我的钱我一定还": a
  name of one character ("钱") is too short to carry a stance by itself. It
  names only where the person weighs it: a verb of weighing or seeking just
  before it ("看钱", "为了钱", "撑我的就是钱", "赚到钱") or a ranking or "more"
  just after it ("钱多就去", "钱给够", "钱最重要"). Anywhere else it is a sum,
  a loss or a grievance: nothing, like a homonym (`unweighed`). The lexicon's
  phrase homonyms (块钱, 钱少了…) keep working; this is what they were a list of.
- "虽然我数学不好" (`owned_weakness`): the person's weak point, negated.
- "收音机坏了我就拆开来看" (`taken_apart`): the alias 拆开来 in its literal
  sense, a broken thing or a repair beside it: no talent of 拆解问题.
- "QQ音乐里循环最多的是《大海》": a name inside a song's title (music said
  around it) is the song's wording, not the person's topic (`sung`). A show's
  title that is the topic ("看《动物世界》") still names.
"""

import re
from collections.abc import Sequence

from knowledge.evidence.bounds import (
    LIST_CLAUSE_ENDS,
    SENTENCE_ENDS,
    clause_end,
    clause_start,
    sentence_end,
    sentence_start,
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


# Round 19: what makes a one-character name a stance. Before it: a verb of
# weighing, seeking or earning ("看", "按", "为了", "图", "冲着", "赚到", "就是"),
# with a short measure between ("多赚点钱", "更多的钱"); "想有/变得有".
_WEIGHS_BEFORE = re.compile(
    r"(?:看|按|看重|在乎|在意|重视|追求|为了|为|图|冲着|奔着|要|想要|赚|挣|是|认|爱|喜欢|"
    r"考虑|关心|盯着|盯|惦记|想有|要有|变得有|变有|更有)"
    r"(?:到|得到|的|点|些|多点|多|更多的?|大)?$"
)
# After it: more of it, enough of it, or a ranking ("钱多就去", "钱给得多",
# "钱给够", "钱真的很重要", "钱对我很重要", "钱排第一"); not "钱多了人也不
# 快乐" (a state).
_WEIGHS_AFTER = re.compile(
    r"(?:对(?:我|我们|我家)(?:来说|而言)?|这(?:个)?东西|嘛|啊)?"
    r"(?:真的?|很|最|才|也|都|还是|就是|才是|是|更|比什么都|比啥都|给得|给的|给|"
    r"排|放在?)*"
    r"(?:多(?![了少])|够(?!用|花)|重要|要紧|关键|第一|越多越好|至上|万能|一切)"
)


def unweighed(folded: str, start: int, end: int) -> bool:
    """Return whether a one-character name at [start, end) stands unweighed.

    "扣钱", "钱少一半", "钱亏了": a sum, not a stance (round 19).
    """
    if end - start != 1:
        return False
    lead = folded[clause_start(folded, start, LIST_CLAUSE_ENDS) : start]
    return not (_WEIGHS_BEFORE.search(lead) or _WEIGHS_AFTER.match(folded, end))


# Pay that went down ("回来开店，收入少了一半多", coach_blind27): a cost the
# person took for something else, not money valued.
_PAY = frozenset("钱 收入 工资 薪水 月薪 年薪 薪资 待遇 收益 底薪".split())
_LOST = re.compile(
    r"(?:也|都|就|直接|一下子?|足足|差不多)?"
    r"(?:少了|降了|减了|砍了|缩水|减半|没了|掉了|打了?折|低了|少一半|少一大半|只剩)"
)


def lost_sum(folded: str, start: int, end: int) -> bool:
    """Return whether the pay word at [start, end) is said to have gone down."""
    return folded[start:end] in _PAY and _LOST.match(folded, end) is not None


# Round 19: "虽然我数学不好", "我英语一直不太好": the person, the word as
# their subject, then "not good": a weakness owned, not a liking. Only with
# 我 right before it ("我妈身体不好" is the mother's, a reason of the person's).
_NOT_GOOD = re.compile(
    r"(?:也|都|一直|从小|向来|本来|很|太|特别|实在|真的?|可)*"
    r"(?:不(?:太|怎么|大|是很)?(?:好|行)|很烂|太烂|稀烂|很一般|差劲)(?![看听吃玩用意])"
)


def owned_weakness(folded: str, start: int, end: int) -> bool:
    """Return whether the word at [start, end) is the person's weak point."""
    lead = folded[clause_start(folded, start, LIST_CLAUSE_ENDS) : start]
    lead = lead.removesuffix("的")
    if not lead.endswith("我") or lead[-2:-1] in ("跟", "和", "对", "给", "让", "帮"):
        return False
    return _NOT_GOOD.match(folded, end) is not None


# Round 19: "收音机坏了我就拆开来看，装回去还能响": taking a thing apart in
# the hand, with a broken thing, a repair or a reassembly in its sentence, is
# the literal doing, not the talent of breaking a problem down.
_APART = re.compile(r"拆")
_HANDS_ON = re.compile(r"坏|装回|装上|拼回|修|零件|螺丝|拆装")


def taken_apart(folded: str, start: int, end: int) -> bool:
    """Return whether a "拆开…" word at [start, end) is a thing taken apart."""
    if not _APART.match(folded, start):
        return False
    left, right = sentence_start(folded, start), sentence_end(folded, end)
    return _HANDS_ON.search(folded[left:start] + folded[end:right]) is not None


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


# Round 19: a song's title is its words, not the person's topic: "循环最多的
# 是《大海》", "最爱唱《海阔天空》". Music said in the sentence, outside the title.
_MUSIC = re.compile(r"歌|曲|音乐|专辑|单曲|唱|循环|旋律|乐队|演唱会")


def sung(folded: str, start: int) -> bool:
    """Return whether the word at start lies in a song's title in 《…》."""
    if not titled(folded, start):
        return False
    opened = folded.rfind("《", 0, start)
    closed = folded.find("》", start)
    left, right = sentence_start(folded, opened), sentence_end(folded, closed)
    outside = folded[left:opened] + folded[closed + 1 : right]
    return _MUSIC.search(re.sub(r"《[^》]*》", "", outside)) is not None


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
