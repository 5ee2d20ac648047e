"""Round 15: where a weak word or a shrug beside a name still lets it name.

- "怎么治失眠，最近一直睡不着": 睡不着 is on the weak list (often said in
  passing), but 失眠, a keyword of the same entry in its sentence, says it is
  the topic (`corroborated`). Only for talents' and passions' everyday words:
  a person word ("爸妈", "程序员") is a character whatever is near, and what a
  values answer tells in passing ("人多" beside 聚会) is no stance. Not in a
  sentence that turns anything down ("…，被裁了没办法"), nor one suffered
  ("睡不着太痛苦了", round 19: a complaint).
- "反过来，我看大局还行": "还行" ending the clause of the name before it rates
  it modestly (`modest`); match.py names a talent by it, not a lukewarm liking
  ("画画还行吧") or value.

- "我只想自己过得舒服" (round 17): a weak value word that completes the
  person's own wish for their life names (`lived`); not "跟他共事很舒服",
  "希望家人过得舒服".

- "跟人聊天，只要是一对一，能聊到半夜", "捡石头，路边看到好看的就揣兜里"
  (round 18): a weak talent or passion word that, with a short verb or
  company before it, is the whole first clause of the answer is its topic,
  not a word in passing (`opens_answer`). Not a person word, not a values
  answer, and not in an answer that turns anything down.
- "跟着喜欢的歌手全国跑" (round 18): a passion's person word after "喜欢的",
  "最爱的", "追的" is whom the person is a fan of, not a character of the
  story (`liked_one`).
- "她是我亲人，这不是应该的吗" (round 18): a weak kin word the person
  claims as theirs in a clause of its own ("他们是我家里人") names the value
  (`claimed_kin`; voice.py no longer reads the clause as theirs).

- "晚上给爸妈做一桌好吃的", "吃遍一条街的好吃的" (round 20): a weak value
  word that is what the person eats or cooks is the pleasure itself
  (`savoured`); "一个人待着最舒服": one the person ranks best, ending the
  clause (`ranked_best`). reading.py lifts neither in someone else's clause.
  "撑着我的就是这帮哥们": a weak value word the person says kept them going
  (`sustained`, V03's own question).

- "十年的老朋友", "四年的好朋友" (round 21): a weak value word held for a
  number of years is the person's own bond, not someone in passing
  (`bonded`). "因为对象在这边", "是因为家里人在这边": one the person gives
  as the reason, staying where they are, is whom a choice was made for
  (`kept_near`). reading.py lifts neither in someone else's clause.

All work on plain spans, so reading.py keeps its own Token type to itself.
"""

import re
from collections.abc import Sequence

from knowledge.evidence.bounds import CLAUSE_ENDS, SENTENCE_ENDS
from knowledge.evidence.voice import KIN_CLAIM, OTHER_PEOPLE

# One of the people around the person, or someone by what they do ("程序员",
# "房东", "初中生"): a character of the story, not its topic.
_PERSON = re.compile(rf"(?:{OTHER_PEOPLE})$|[员师生东农手家人]$")
MODEST = frozenset({"还行"})
# "(我)(只/就)想 (自己) 过得/活得 …": the person's wish for how they live.
_WISHED_LIFE = re.compile(
    r"^(?:但是?|可是?|不过|其实)?我?(?:就|只|也|还是|更)*(?:想|希望|要|愿意)"
    r"(?:自己|我)?(?:能|可以)?(?:过得|活得)(?:更|很|挺|踏实|简单)*$"
)
_TAIL = re.compile(r"[了的啦吧呀啊嘛呢哦~\s]")
# What stands before the topic in the answer's first clause: a short verb or
# company ("捡", "跟人", "陪朋友", "小时候看"), no "我" and no digits. A bare
# word ("飞机，怎么买便宜的机票") may be only the means.
_LEAD = re.compile(r"[^\W\d_我]{1,4}")
_TURNS = re.compile(r"(?:但是|但|可是|可|不过|然而|却)")
# Round 19: what the person suffers, right after the word: "睡不着太痛苦了".
_SUFFERED = re.compile(
    r"(?:的?(?:感觉|滋味))?(?:太|好|真|很|特别|实在|快)*(?:痛苦|难受|折磨|受罪|煎熬|要命|崩溃)"
)
# Round 21: years held, right before the word: "十年的老朋友", "多年的好朋友".
_YEARS_HELD = re.compile(
    r"(?:[一二两三四五六七八九十几百\d]+|好多|很多|许多|多)年(?:来)?的(?:老)?$"
)
# Round 21: the reason given for a choice, then where they are: "因为对象在
# 这边", "主要是因为家里人在身边". Places only ("因为孩子在上学" is no place).
_REASON = re.compile(r"(?:因为|为了)$")
_THERE = re.compile(
    r"(?:都|也|还|一直|就)?在(?:本地|当地|这边|这里|这儿|那边|那里|老家|身边|家里"
    r"|国内|附近|同一个城市|一个城市|这座城市|这个城市)"
)
# Whom the person likes: "喜欢的歌手", "最爱的建筑师", "我追的歌手".
_LIKED = re.compile(r"(?:喜欢|爱|崇拜|追|迷)的$")

# Round 20: eating or cooking it, a few words before it in its clause.
# Not "把作品做得漂亮", "想做个好心人": cooking takes a dish's measure.
_SAVOURS = re.compile(
    r"(?:吃|尝)[^\W\d_我你他她谁]{0,6}$"
    r"|(?:做|烧)了?(?:一|几|两)?(?:大)?(?:桌|顿|锅|道|盘)[^\W\d_我你他她谁]{0,3}$"
)
_BEST = re.compile(r"(?:最|最为)$")
# What kept the person going: "撑着我的就是这帮哥们", "支撑我的是家里人".
_SUSTAINS = re.compile(
    r"(?:撑着|撑住|支撑着?|撑)我(?:的|的其实|的还)(?:就|都|其实)?是"
    r"(?:这帮|那帮|这群|那群|一帮|我的|我)?$"
)

# (start, end, names, hints, negates) of every known word of the answer.
Span = tuple[int, int, frozenset[str], frozenset[str], bool]


def corroborated(folded: str, word: Span, spans: Sequence[Span]) -> bool:
    """Return whether a weak alias has a keyword of its entry in its sentence.

    Not one the person suffers ("睡不着太痛苦了", round 19): a complaint.
    """
    start, end, names, _, _ = word
    if _PERSON.search(folded[start:end]) or any(n.startswith("V") for n in names):
        return False
    if _SUFFERED.match(folded, end):
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


def lived(folded: str, word: Span) -> bool:
    """Return whether a weak value word ends the person's wish for their life."""
    start, _, names, _, _ = word
    if not names or not all(n.startswith("V") for n in names):
        return False
    lead = folded[:start]
    lead = lead[max(lead.rfind(c) for c in CLAUSE_ENDS) + 1 :]
    return _WISHED_LIFE.search(lead) is not None


def opens_answer(folded: str, word: Span, spans: Sequence[Span]) -> bool:
    """Return whether a weak word makes up the answer's first clause, its topic."""
    start, end, names, _, _ = word
    if (
        not names
        or any(n.startswith("V") for n in names)
        or _PERSON.search(folded[start:end])
    ):
        return False
    stop = next((j for j in range(end, len(folded)) if folded[j] in CLAUSE_ENDS), None)
    if stop is None or _TAIL.sub("", folded[end:stop]):
        return False
    if not _LEAD.fullmatch(folded[:start]):
        return False
    # "在搜房子…。对房子本身一点兴趣都没有": a "no" anywhere may be about it.
    return not any(s[4] for s in spans)


def liked_one(folded: str, word: Span) -> bool:
    """Return whether a passion's person word is whom the person likes."""
    start, end, names, _, _ = word
    return (
        bool(names)
        and all(n.startswith("P") for n in names)
        and _PERSON.search(folded[start:end]) is not None
        and _LIKED.search(folded, max(0, start - 3), start) is not None
    )


def claimed_kin(folded: str, word: Span) -> bool:
    """Return whether a weak value word is kin claimed in a clause of its own."""
    start, end, names, _, _ = word
    if not names or not all(n.startswith("V") for n in names):
        return False
    left = max(folded.rfind(c, 0, start) for c in CLAUSE_ENDS) + 1
    stop = next(
        (j for j in range(end, len(folded)) if folded[j] in CLAUSE_ENDS), len(folded)
    )
    # "她是我亲人，可她从来不管我": a turn after the claim is a complaint.
    return KIN_CLAIM.match(folded[left:stop]) is not None and not _TURNS.match(
        folded, stop + 1
    )


def _values_only(names: frozenset[str]) -> bool:
    return bool(names) and all(n.startswith("V") for n in names)


def _clause_lead(folded: str, start: int) -> str:
    lead = folded[:start]
    return lead[max(lead.rfind(c) for c in CLAUSE_ENDS) + 1 :]


def savoured(folded: str, word: Span) -> bool:
    """Return whether a weak value word is what the person eats or cooks."""
    start, _, names, _, _ = word
    lead = _clause_lead(folded, start)
    return _values_only(names) and "谁" not in lead and bool(_SAVOURS.search(lead))


def ranked_best(folded: str, word: Span) -> bool:
    """Return whether a weak value word is ranked best and ends its clause."""
    start, end, names, _, _ = word
    if not _values_only(names) or not _BEST.search(folded, max(0, start - 2), start):
        return False
    stop = next((j for j in range(end, len(folded)) if folded[j] in CLAUSE_ENDS), None)
    return not _TAIL.sub("", folded[end:stop])


def sustained(folded: str, word: Span) -> bool:
    """Return whether a weak value word is what kept the person going."""
    start, _, names, _, _ = word
    return _values_only(names) and bool(_SUSTAINS.search(_clause_lead(folded, start)))


def bonded(folded: str, word: Span) -> bool:
    """Return whether a weak value word is held for years ("十年的老朋友")."""
    start, _, names, _, _ = word
    # Any value among its names: "老朋友" is also a talent's word (keeping up).
    return any(n.startswith("V") for n in names) and bool(
        _YEARS_HELD.search(folded, max(0, start - 6), start)
    )


def kept_near(folded: str, word: Span) -> bool:
    """Return whether a weak value word is the reason given, where they are."""
    start, end, names, _, _ = word
    return (
        _values_only(names)
        and bool(_REASON.search(_clause_lead(folded, start)))
        and _THERE.match(folded, end) is not None
    )
