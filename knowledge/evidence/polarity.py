"""Round 9's kinds, read after the cut: split homonyms, "not at all", take-backs.

- A homonym of a one-character name with a person between ("借人钱", "骗老人
  钱", "借人的钱"): the lexicon's "借钱" and "骗钱" are sums, with or without
  whom they are owed to or taken from.
- "一点责任都不担", "半点兴趣也没有": "not at all" negates the word inside it.
- "玩游戏机，不过那是我弟，我对游戏一点兴趣都没有": an entry the person turns
  down later in the same sentence is only a suspicion where it came first.
- S05 asks for something hard first ("当众讲话，一上台就腿软") and then its
  turn into a strength ("所以我更适合幕后"): a name before the turn, or in an
  answer with no turn, is the hard thing, no talent.
"""

import re
from collections.abc import Iterable

from knowledge.evidence.voice import OTHER_PEOPLE

# Whom a sum is owed to or taken from, between the verb and the one-character
# name: "借人钱", "骗老人钱", "借别人的钱", "欠我同事钱".
_HOLDER = rf"(?:人|老人|别人|人家|我?(?:{OTHER_PEOPLE}))的?"
# "一点…都不", "半点…也没", "丝毫…都没有": a word inside is turned down.
_AT_ALL_BEFORE = re.compile(r"(?:一点点?|一丁点|半点|丝毫)儿?$")
_AT_ALL_AFTER = re.compile(r"^(?:都|也)(?:不|没|毫无)")
# "…，我对游戏一点兴趣都没有": turning down a liking or a valuing, not a mere
# "没画成的油画".
_LIKING = re.compile(r"兴趣|喜欢|爱|感冒|在乎|看重|关心|热情|追求")
# Where an S05 answer turns the hard thing into a strength.
TURN = re.compile(
    r"反过来|换个角度|换个场合|换个地方|换句话说|但是?|不过|可是|然而|所以|"
    r"正因为|正是因为|因为这样|倒是|反而|好处是|优点是|好在"
)
TURN_ASKED = frozenset({"S05"})
# What makes it hard, after the name it is about: "当众讲话，一上台就腿软",
# "写东西特别费劲", "做计划我做不好". A trait that is itself the difficulty
# ("我特别社恐，人一多就想跑") or a name after the difficulty ("…做不来，社恐，
# 一个人充电才舒服") is the person's, the same trait the question turns round.
DIFFICULTY = re.compile(
    r"费劲|吃力|头晕|头大|头疼|头痛|腿软|发怵|发慌|心慌|手抖|崩溃|痛苦|抓狂|"
    r"做不好|做不来|干不来|搞不定|弄不好|学不会|不行|不会|不擅长|不在行|受不了|"
    r"憋不出|卡壳|脑子一片空白|一团糟|手忙脚乱|乱套|就乱|最怕|害怕|很怕|怕|累|烦|难"
)
_SENTENCE_ENDS = frozenset(".;!?。\n")


def split_homonym(folded: str, start: int, end: int, homonyms: Iterable[str]) -> bool:
    """Return whether the one-character word at [start, end) ends a split homonym.

    "借人钱" is the homonym "借钱" with the person between ("钱" as a sum).
    """
    if end - start != 1:
        return False
    name = folded[start]
    verbs = [re.escape(h[:-1]) for h in homonyms if len(h) >= 2 and h[-1] == name]
    if not verbs:
        return False
    pattern = rf"(?:{'|'.join(verbs)}){_HOLDER}$"
    return re.search(pattern, folded[max(0, start - 10) : start]) is not None


def not_at_all(folded: str, start: int, end: int) -> bool:
    """Return whether "一点X都不…" turns down the word at [start, end)."""
    return bool(
        _AT_ALL_BEFORE.search(folded[max(0, start - 4) : start])
        and _AT_ALL_AFTER.match(folded[end:])
    )


def turn_at(folded: str) -> int:
    """Return where an S05 answer turns to the strength (its length: no turn)."""
    m = TURN.search(folded)
    return m.start() if m else len(folded)


def hard_thing(folded: str, end: int, turn: int) -> bool:
    """Return whether a difficulty follows the word ending at end, before the turn."""
    stop = min(
        (i for i in range(end, len(folded)) if folded[i] in _SENTENCE_ENDS),
        default=len(folded),
    )
    return end <= turn and DIFFICULTY.search(folded[end : min(stop, turn)]) is not None


def sentence_of(folded: str, i: int) -> int:
    """Return the number of the sentence that index i is in."""
    return sum(ch in _SENTENCE_ENDS for ch in folded[:i])


def denied_later(
    spans: list[tuple[int, frozenset[str], bool]], folded: str
) -> set[int]:
    """Return the indices of the spans whose entry a later liking turns down.

    Each span is (start, its entry ids, negated). Only within a sentence, and
    only where the later clause is about liking or valuing it.
    """
    out = set()
    for i, (start, ids, negated) in enumerate(spans):
        if negated:
            continue
        here = sentence_of(folded, start)
        for later, later_ids, later_negated in spans[i + 1 :]:
            if (
                later_negated
                and ids & later_ids
                and sentence_of(folded, later) == here
                and _LIKING.search(_clause(folded, later))
            ):
                out.add(i)
                break
    return out


def _clause(folded: str, i: int) -> str:
    """Return the clause around index i (ended by any clause mark)."""
    marks = ",.;:!?。，、\n()"
    left = max(folded.rfind(m, 0, i) for m in marks) + 1
    right = min(
        (j for m in marks if (j := folded.find(m, i)) >= 0), default=len(folded)
    )
    return folded[left:right]
