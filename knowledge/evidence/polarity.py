"""Round 9's kinds, read after the cut: split homonyms, "not at all", take-backs.

- A homonym of a one-character name with a person between ("借人钱", "骗老人
  钱", "借人的钱"): the lexicon's "借钱" and "骗钱" are sums, with or without
  whom they are owed to or taken from.
- "一点责任都不担", "半点兴趣也没有": "not at all" negates the word inside it.
- "玩游戏机，不过那是我弟，我对游戏一点兴趣都没有": an entry the person turns
  down later in the same sentence is only a suspicion where it came first.
- "什么都只讲效率", "大家都只认钱" (round 12, blind13): what the world is
  said to prize and nothing else is a complaint about it, not the person's
  value (`prized_only`).
- "看领导画大饼我就想笑，画大饼有什么难的": the person laughing at someone
  else's doing mocks it; the names of that sentence are at most a hint
  (`mocked`).
- "搜得最多的是医院挂号，我妈最近住院了": a search or a course for someone
  else's illness or need is theirs, no passion of the person's (`their_need`).
- S05 asks for something hard first ("当众讲话，一上台就腿软") and then its
  turn into a strength ("所以我更适合幕后"): a name a difficulty is said of,
  before the turn, names nothing (round 13); any other name before the turn
  is the hard trait, only a hint.
"""

import re
from collections.abc import Iterable

from knowledge.evidence.bounds import SENTENCE_ENDS
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
# The world prizing one thing only: "什么都只讲效率", "现在大家都只看学历",
# "这个社会只认钱". The subject is everything or everyone, not "我" ("我做决定
# 只讲效率" is the person's own).
_PRIZED_ONLY = re.compile(
    r"(?:什么|啥|一切|凡事|事事|处处|人人|大家|社会|现在的人|这年头|如今)"
    r"[^,.;:!?。，我]{0,3}?(?:只|光|一味|净)"
    r"(?:讲究|讲|看重|看|认|顾着|顾|谈|图|盯着|盯|在乎|追求|关心|重视|比)"
)
# Seeing someone do it, then the person's mocking reaction, in one clause:
# "看领导画大饼我就想笑", "听主管吹牛我都觉得可笑". Not a laugh at a joke in
# a clause of its own ("我爸讲话特别风趣，我一听就想笑").
_MOCKS = re.compile(
    r"(?:^|[,:，])(?:每次|一)?(?:看|听)(?:到|着|见)?"
    rf"(?:他|她|人家|别人|(?:{OTHER_PEOPLE}))[^,:，]*?我"
    r"[^,:，]{0,4}?(?:想笑|好笑|可笑|笑出声|笑掉大牙|嗤之以鼻|翻白眼)"
)
# Someone else's illness or need that the answer was for: "我妈最近住院了",
# "我爸查出了高血压", "孩子明年要中考". The person's own ("我最近失眠") is theirs.
_NEED = re.compile(
    rf"(?:{OTHER_PEOPLE})[^,.;:!?。，我]{{0,6}}?"
    r"(?:住院|生病|病了|生了场?病|查出|确诊|动手术|做手术|开刀|骨折|摔伤|怀孕|"
    r"要(?:高考|中考|考研|出国|结婚|装修|生了)|"
    # A child's ailment or schooling paid for (coach_blind9 review: "孩子湿疹
    # 怎么办" read as 「儿童教育」, "给俩孩子交补课费" as a passion of theirs).
    r"湿疹|发烧|咳嗽|过敏|感冒|便秘|腹泻|长牙|积食|挑食|"
    r"交(?:了)?(?:补课|学|培训|兴趣班)?费|补课费|学费|报班|奶粉钱)"
)
_TOOK_UP = re.compile(r"兴趣|感兴趣|着迷|入迷|上头|上瘾|喜欢上|爱上|好奇|有意思")
# Where an S05 answer turns the hard thing into a strength.
TURN = re.compile(
    r"反过来|换个角度|换个场合|换个地方|换句话说|但是?|不过|可是|然而|所以|"
    r"正因为|正是因为|因为这样|倒是|反而|好处是|优点是|好在"
)
TURN_ASKED = frozenset({"S05"})
# What makes it hard, after the name it is about: "当众讲话，一上台就腿软",
# "写东西特别费劲", "做计划我做不好". In an answer with no turn, a trait that
# is itself the difficulty ("我特别社恐，人一多就想跑") or a name after the
# difficulty ("…做不来，社恐，一个人充电才舒服") is the person's, the same
# trait the question turns round; before a turn it is only a hint (round 13).
DIFFICULTY = re.compile(
    r"费劲|吃力|头晕|头大|头疼|头痛|腿软|发怵|发慌|心慌|手抖|崩溃|痛苦|抓狂|"
    r"做不好|做不来|干不来|搞不定|弄不好|学不会|不行|不会|不擅长|不在行|受不了|"
    r"憋不出|卡壳|脑子一片空白|一团糟|手忙脚乱|乱套|就乱|最怕|害怕|很怕|怕|累|烦|难"
    # Round 12: "一心多用我就全乱", "脑子就乱成一锅粥", "一下子就懵了".
    r"|(?:全|都|会|很|一)乱|乱(?:了|成|糟糟)|懵|晕头转向|手足无措"
    # Round 13: "当众讲话就结巴", "一上台就脸红", "录半天我就要疯".
    r"|结巴|磕巴|口吃|紧张|脸红|冒汗|发抖|哆嗦|说不出话|(?:脑子|大脑)空白|要疯|疯掉"
    # Round 14: "数字一多眼睛就花", "一听课就犯困".
    r"|眼(?:睛)?(?:就|都|全)?花|看花眼|犯困|打瞌睡|走神"
    # Round 16: getting it wrong, "算账永远算错", "一写就写错", "老是记错".
    r"|(?:算|写|记|搞|弄|看|读|填|拼|念)错"
)


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


def prized_only(folded: str) -> list[tuple[int, int]]:
    """Return the spans that say what the world prizes and nothing else.

    From the verb to its clause's end: "什么都只讲效率" holds 效率.
    """
    spans = []
    for m in _PRIZED_ONLY.finditer(folded):
        end = min(
            (j for c in ",.;:!?。，、\n" if (j := folded.find(c, m.end())) >= 0),
            default=len(folded),
        )
        spans.append((m.end(), end))
    return spans


def mocked(folded: str) -> list[tuple[int, int]]:
    """Return the sentences where the person laughs at someone else's doing.

    "看领导画大饼我就想笑，画大饼有什么难的": the whole sentence.
    """
    spans, start = [], 0
    for i, ch in enumerate(folded + "\n"):
        if ch in SENTENCE_ENDS:
            if _MOCKS.search(folded[start:i]):
                spans.append((start, i))
            start = i + 1
    return spans


def their_need(folded: str) -> list[tuple[int, int]]:
    """Return the sentences a need of someone else's explains.

    Its own sentence and the ones next to it: "…医院挂号和医生排班，我妈最近
    住院了", "最近老查医院的信息。我爸查出了高血压。", "我妈住院了。所以…".
    """
    starts = [0] + [i + 1 for i, ch in enumerate(folded) if ch in SENTENCE_ENDS]
    starts.append(len(folded))
    spans = []
    for m in _NEED.finditer(folded):
        k = max(j for j, s in enumerate(starts[:-1]) if s <= m.start())
        span = (starts[max(0, k - 1)], starts[min(len(starts) - 1, k + 2)])
        # "我爸查出糖尿病以后，我搜了一个月，越看越有兴趣": it became theirs.
        if not _TOOK_UP.search(folded, *span):
            spans.append(span)
    return spans


def turn_at(folded: str) -> int:
    """Return where an S05 answer turns to the strength (its length: no turn)."""
    m = TURN.search(folded)
    return m.start() if m else len(folded)


def hard_thing(folded: str, end: int, turn: int) -> str:
    """Return how the word ending at end stands on S05's hard side, if it does.

    "about": a difficulty follows it in its sentence, before the turn ("当众讲话
    就结巴", "做计划我就头疼"): the convention's "a name the difficulty is about
    is nothing" (round 13; every labelled set agrees). "before": it comes before
    the turn with no difficulty said of it ("我是社恐。但我跟熟人能聊一晚上",
    "我太爱较真了，不过正因为这样…"): the hard trait itself, only a hint, since
    only the turned side names. "": neither.
    """
    if end > turn:
        return ""
    stop = min(
        (i for i in range(end, len(folded)) if folded[i] in SENTENCE_ENDS),
        default=len(folded),
    )
    if DIFFICULTY.search(folded[end : min(stop, turn)]):
        return "about"
    return "before" if turn < len(folded) else ""


def sentence_of(folded: str, i: int) -> int:
    """Return the number of the sentence that index i is in."""
    return sum(ch in SENTENCE_ENDS for ch in folded[:i])


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
