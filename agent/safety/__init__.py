"""The risk check: one place, for every path and both modes.

Every chat message, saved answer and profile text passes ``assess`` before any
model call and before any nudge is written (DESIGN.md, "checks"). A risk is a
kind (``KINDS``) and a level: ``high`` gets the full care reply, ``check`` a
gentle check-in (a false alarm costs a question, a miss costs far more), and
``none``. The lexicon (``lexicon.py``) and the classifier (``model.py``) are
combined here; thresholds and the context rules of ``guess_level`` were chosen
on the leave-one-set-out estimate (``calibrate --leave-one-out``,
docs/safety.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agent.safety import lexicon
from agent.safety.text import PAUSE, normalise, pinyin

KINDS = ("suicide", "self_harm", "means", "danger_now", "abuse", "harm_others")
# Who is in danger decides the reply: the person (12356, 120), the person from
# someone at home (110 first), or someone else (110 first).
FAMILY = {
    "suicide": "self",
    "self_harm": "self",
    "means": "self",
    "danger_now": "self",
    "abuse": "abuse",
    "harm_others": "others",
}
# Chosen leave-one-set-out with the sound channel (docs/safety.md, round 11):
# 11 misses over eleven sets at a 2.7% mean false-alarm rate, against 13 at
# 2.5% without it (0.85/0.5/0.45); the same worst set, 5.0%.
HIGH = 0.8  # the classifier alone: full care at or above this risk score
CHECK = 0.45  # a gentle check-in at or above this (docs/safety.md)
CUE_CHECK = 0.4  # with a cue word in the message, a lower score is enough
# Saved answers and the profile are long and read on every turn: a check-in for
# them needs a surer reading than a message does (ordinary answers in the dev
# set reach 0.72; the abuse hinted at in a profile of the safety set, 0.84).
WRITTEN_CHECK = 0.75


@dataclass(frozen=True)
class Risk:
    """What the check found in one text."""

    kind: str = ""  # one of KINDS, "" for none
    level: str = "none"  # "high", "check" or "none"
    score: float = 0.0
    source: str = ""  # "lexicon", "model" or "" (for the report, never shown)
    # A check-in that was a sure guess (the classifier alone, no risk word): it
    # asks whether they are safe now, and no weak-guess filter drops it.
    firm: bool = False

    @property
    def family(self) -> str:
        """Return who is in danger: self, abuse or others ("" for none)."""
        return FAMILY.get(self.kind, "")

    @property
    def found(self) -> bool:
        """Return whether anything was found (a check-in or more)."""
        return self.level != "none"

    def dump(self) -> dict:
        """Return the risk as plain data for the graph state and traces."""
        found = {"kind": self.kind, "level": self.level, "score": round(self.score, 3)}
        return {**found, "firm": True} if self.firm else found


NONE = Risk()


def _strong(text: str) -> tuple[str, bool] | None:
    """Return (kind, in a story) for the first strong phrasing, clause by clause."""
    fiction = bool(
        lexicon.FICTION.search(lexicon.NOT_GAME.sub("", text)) or "《" in text
    )
    plain = lexicon.FIGURES.sub("，", text)
    if lexicon.CATCHPHRASE.search(plain):  # a parent's saying of years (round 32)
        plain = lexicon.SAID_FOR_YEARS.sub("，", plain)
    # A shop or money that cannot go on is not the writer (round 30b).
    plain = lexicon.BUSINESS_STRAIN.sub("，", plain)
    # A call is no blow ("催收天天打我妈电话", round 29).
    plain = lexicon.CALLED.sub("，", plain)
    # A death threatened over the writer to keep them ("你要是敢走，我就跳下去
    # 给你看"): abuse at home, whatever means it names (round 30).
    if lexicon.COERCED.search(plain) and not fiction:
        return "abuse", False
    # A threat to someone else outranks the tool it names ("菜刀我都磨好了").
    for kind in sorted(KINDS, key=lambda k: k != "harm_others"):
        found = lexicon.STRONG[kind].search(plain)
        while found and (
            any(  # a pet rehomed for a move, an agent's work (round 27)
                core.match(plain, found.start()) and errand.search(plain)
                for core, errand in lexicon.GUARDED
            )
            or any(  # a swim, a clothesline, a photo shoot (round 28)
                core.match(plain, found.start()) and errand.search(text)
                for core, errand in lexicon.GUARDED_WHOLE
            )
        ):  # ...is no risk; an older phrasing further on still is
            found = lexicon.STRONG[kind].search(plain, found.start() + 1)
        if found:
            # Marks on the body beside a blow by someone at home, and no hand of
            # their own in the marks' sentence ("我妈拿衣架抽，胳膊上全是印子"):
            # who is in danger and from whom is abuse, not self-harm (round 21).
            marks = _sentence_at(plain, found.start())
            blow = lexicon.STRONG["abuse"].search(marks)
            if (
                kind == "self_harm"
                and blow is not None
                and (
                    re.search(lexicon._KIN, marks)
                    # "小时候他…用烟头烫过我的手背": another's hand (round 27)
                    or lexicon.BURNED_BY.search(marks)
                )
                and not re.search(r"自己|自残|割|划|刀片|故意|我会", marks)
            ):
                kind, found = "abuse", blow
            seen = lexicon.CHILD_SEEN.search(plain)
            if kind == "self_harm" and seen and not lexicon.SELF_CUT.search(plain):
                # A neighbour's child beaten, the burns seen on him: his marks,
                # not the writer's (round 31).
                kind, found = "abuse", seen
            # The news, a game, a social problem, a job's wear, unless the
            # phrasing's own clause is a wish of theirs ("我看就是这个社会本身。
            # 有时候真想开车冲进人群" is no story).
            wish = _WISH.search(_clause_at(plain, found.start()))
            # The news or a game frames its own sentence, not the next: V09's
            # "社会最缺的是…。我每天…看栏杆有多高" is no story (round 18).
            about = bool(
                lexicon.ABOUT.search(
                    lexicon.NOT_GAME.sub("", _sentence_at(plain, found.start()))
                )
            )
            about = about and not wish
            # A breeze or a view is no excuse for a wish to go over the rail,
            # nor a cold-water swim for a jump that is an end (round 30).
            leisure = (
                kind == "danger_now"
                and bool(lexicon.LEISURE.search(text))
                and not (
                    lexicon.RAIL_WISH.search(_sentence_at(plain, found.start()))
                    and not lexicon.RAIL_ERRAND.search(plain)
                )
            ) or (
                kind == "means"
                and bool(lexicon.SPORT.search(text))
                and not wish
                and not lexicon.SWIM_END.search(plain)
            )
            settled = kind == "abuse" and _settled(text)
            sentence = _sentence_at(plain, found.start())
            # A blow taken in a fighting sport, no one at home in it (round 31).
            sparred = (
                kind == "abuse"
                and bool(lexicon.FIGHT_SPORT.search(sentence))
                and not re.search(lexicon._KIN, sentence)
            )
            worn = (  # hands worn by work, not cut (coach_blind15)
                kind == "self_harm"
                and "口子" in found.group(0)
                and bool(lexicon.HAND_WEAR.search(sentence))
                and not lexicon.SELF_CUT.search(sentence)
            )
            # A time close at hand in the phrasing's own sentence, with no story
            # word in it ("室友天天打游戏…他今晚再吵，我就…", round 20): the game
            # or story named elsewhere is the occasion, not the frame.
            here = (
                lexicon.FICTION.search(lexicon.NOT_GAME.sub("", sentence))
                or "《" in sentence
            )
            soon = bool(lexicon.SOON.search(sentence)) and not here
            # Scars of another's rescue or accident, with no hand of one's own
            # in the sentence ("他冲进火场…腿上全是烧伤的疤", round 22).
            scarred = (
                kind == "self_harm"
                and bool(lexicon.OTHERS_SCAR.search(sentence))
                and not lexicon.SELF_CUT.search(sentence)
                and not re.search(
                    r"自己|打火机|烟头|故意|我的?(?:腿|手|胳膊|身上)", sentence
                )
            )
            # Skin scratched open for an itch, not for the feeling (round 25).
            itchy = (
                kind == "self_harm"
                and bool(lexicon.ITCH.search(sentence))
                and not lexicon.SELF_CUT.search(sentence)
            )
            # "终于要结束这一切了！项目交接了，我自由啦": the end of a job (round 25).
            work_done = kind == "suicide" and bool(lexicon.WORK_DONE.search(plain))
            story = (
                (fiction and not soon)
                or about
                or leisure
                or settled
                or worn
                or scarred
                or itchy
                or work_done
                or sparred
            )
            if (
                lexicon.OTHERS_END.search(plain)
                or lexicon.RESCUED.search(plain)
                # Round 28: a friend's wish told by one helping her, someone
                # else raised with blows: not the writer's risk now.
                or (
                    kind in ("suicide", "means")  # her pills too (round 29)
                    and lexicon.FRIEND_HELPED.search(plain)
                )
                or (kind == "abuse" and _raised_hit(plain))
                or lexicon.OWN_PAST_END.search(plain)
                or _got_through(plain)
                or (kind == "abuse" and _witnessed(plain))
                # Round 30: someone else brought in or handed to help, a job
                # that sees it ("干了三十年法医，见过太多…").
                or (FAMILY.get(kind) == "self" and lexicon.OTHER_TREATED.search(plain))
                or lexicon.SEEN_AT_WORK.search(plain)
            ) and not wish:
                story = True
            sentence = _sentence_at(plain, found.start())
            if (
                kind == "abuse"
                and lexicon.FIGHT_CALMED.search(plain)
                and not re.search(lexicon._HIT + r"(?:了|过)?我", plain)
            ):
                story = True  # others' fight calmed by the writer (round 26)
            if kind == "abuse" and _struck_elsewhere(plain, found.start()):
                story = True  # a blow at work or in the street, not at home
            # The blow's own sentence as written (a match may start in the one
            # before; "死也不学" is cut out of ``plain`` as a figure).
            at = text.find(found.group(0))
            told = _sentence_at(text, at + len(found.group(0)) - 1) if at >= 0 else ""
            if (
                kind == "abuse"
                and lexicon.TRAIT_REFUSED.search(told)
                and not re.search(r"现在|昨晚|昨天|今天|还在|还会|最近|又", told)
            ):
                story = True  # a parent's way refused as a trait (round 23)
            if (
                kind == "harm_others"
                and about
                and not fiction
                and _ONE.search(sentence)
            ):
                story = False  # "工地…把他房子点了": the site is where, not a story
            # Someone else's marks already handed to help, told by one who
            # wants to write about it ("我想写青少年自伤…学校已经联系了家长"):
            # the wish is the writing's (round 30).
            if FAMILY.get(kind) == "self" and (
                lexicon.OTHER_TREATED.search(plain)
                or lexicon.CASE_ASKED.search(plain)  # a detective's case (31)
            ):
                story = True
            # "八年前我想过结束生命…现在很稳定": "我想过" is the past, no wish.
            if lexicon.PAST_WISH_WELL.search(plain) and not lexicon.RELAPSE.search(
                plain
            ):
                story = True
            if (
                _OWN_END.search(plain)
                or (lexicon.OWN_ACT.match(plain, found.start()) and not here)
                or (kind == "danger_now" and _HERE_NOW.search(plain))
                or (kind == "means" and lexicon.OWN_MEANS.search(plain))
            ) and not lexicon.CASE_ASKED.search(plain):
                # no study or site excuses these (safety_blind14)
                story = False
            return kind, story and not (kind == "harm_others" and _TARGET.search(plain))
    return None


# "我只知道我最近老想zs": a wish of theirs, however often it comes (round 17).
_WISH = re.compile(
    # "我最近只想怎么润出这个世界" (round 32): a wish, however the sentence opens
    r"(?:真|好|很|就|总|老|又|一直|总是|常常?|天天|只)想|我想|我要|恨不得"
)
# Their own end weighed for those left ("家里人收拾起来不会太麻烦"), and a
# place they are at this moment ("俺现在就在工地塔吊顶上"): the study or the
# site around them is no story.
_OWN_END = re.compile(
    r"(?:家里人|家人|爸妈)(?:收拾|处理|清理)(?:起来)?.{0,6}(?:不会?太?麻烦|方便|省事|省心)"
)
_HERE_NOW = re.compile(r"(?:现在|此刻|这会儿?)(?:就|正)?在")
# A real person named as the one it is for ("…看起来像意外，目标就是我们老板"):
# no study or story excuses it.
_TARGET = re.compile(r"(?:目标|对象)(?:就)?是(?:我们|我的?|我家|那个)")


# Someone named as the one it is for, in the threat's own sentence.
_ONE = re.compile(r"他|她|他们|那人|那个人|所有人|全公司|整个公司|那帮人")


def _got_through(plain: str) -> bool:
    """Return whether a dark time is told as over ("已经七八年没有过了"), not back."""
    return bool(lexicon.RECOVERED.search(plain) and not lexicon.RELAPSE.search(plain))


def _witnessed(plain: str) -> bool:
    """Return whether a blow at home is a childhood memory of watching it, not now."""
    if lexicon.ABUSER_AGED.search(plain):  # now old and cared for (round 21)
        return not re.search(r"昨晚|昨天|今天|还在打|还会打|最近", plain)
    return bool(
        lexicon.WITNESSED.search(plain)
        and not re.search(
            r"现在|昨晚|昨天|今天|又|还在|还会|最近", lexicon.NOW_WELL.sub("", plain)
        )
    )


def _struck_elsewhere(plain: str, at: int) -> bool:
    """Return whether the blow at ``at`` came from someone not at home.

    "一个业主…当着所有人扇了我一巴掌": the one named before the blow, in its
    sentence, is a customer, not kin; "淤青都是他弄的，我跟同事说是撞的"
    names the colleague only after, as the one told.
    """
    start = max(plain.rfind(p, 0, at) for p in "。！？!?") + 1
    before = plain[start:at]
    actor = lexicon.NOT_HOME.search(before)
    told = actor and re.search(r"(?:跟|和|对|给|告诉|问)$", before[: actor.start()])
    return bool(actor and not told and not re.search(lexicon._KIN, before))


def _sentence_at(text: str, at: int) -> str:
    """Return the sentence of ``text`` around position ``at``."""
    start = max(text.rfind(p, 0, at) for p in "。！？!?") + 1
    ends = [i for i in (text.find(p, at) for p in "。！？!?") if i >= 0]
    return text[start : min(ends, default=len(text))]


def _clause_at(text: str, at: int) -> str:
    """Return the clause of ``text`` around position ``at``."""
    start = max(text.rfind(p, 0, at) for p in "，。！？；,.!?;") + 1
    ends = [i for i in (text.find(p, at) for p in "，。！？；,.!?;") if i >= 0]
    return text[start : min(ends, default=len(text))]


_ONCE_AGO = re.compile(
    r"小时候|上小学|初中|高中|以前|当年|那时候?|那年|\d{1,2}岁|[一二两三四五六七八九十几\d]+年前"
)


def _settled(plain: str) -> bool:
    """Return whether a blow is told as once, long ago and made good.

    "小时候考砸被他打过一次手心，他后来还跟我道过歉": no care. A habit
    ("天天", "经常") or anything still going on keeps it.
    """
    # A neck held is never settled by an apology, only by leaving (round 25:
    # "他掐过我脖子，就一次…后来他哭着跟我道歉").
    if lexicon.STRANGLED.search(plain) and not lexicon.LEFT_HIM.search(plain):
        return False
    # A habit or a present counts in the sentences of the blow only ("天天在楼下
    # 跟人下象棋" is the father now, not the blows).
    blows = "。".join(
        s for s in re.split(r"[。！？!?]", plain) if re.search(_BLOW_WORDS, s)
    )
    made_good = bool(
        _ONCE_AGO.search(plain)
        and lexicon.RESOLVED.search(plain)
        and not lexicon.OFTEN.search(blows)
        and not lexicon.STILL.search(blows)
    )
    # A single punishment in childhood for a child's mischief ("小时候把收音机
    # 拆了，挨了我爸一顿打"), nothing after it and no injury: a memory, as our
    # labels read it (round 19). "从小" is no such time: it runs on to now.
    # "差点被揍死" (round 20): the blow nearly came, said big, as children say.
    return made_good or bool(
        _CHILDHOOD.search(plain)
        and (_ONE_BLOW.search(blows) or _NEARLY.search(blows))
        and not lexicon.OFTEN.search(plain)
        and not lexicon.STILL.search(plain)
        and not _INJURY.search(blows)
    )


_CHILDHOOD = re.compile(
    r"小时候|上小学|小学(?:的时候|那会)|[一二三四五六七八九十]{1,2}岁(?:那年|的时候)|"
    r"(?:初中|高中)(?:的时候|那会儿?|那年|时)|"
    r"\d{1,2}岁(?:那年|的时候)"
)
_ONE_BLOW = re.compile(r"一顿|一次|一回")
_NEARLY = re.compile(r"差点(?:儿)?(?:就|没)?(?:被|挨|让)[^，。！？]{0,6}(?:打|揍|抽)")
# ...no injury and no tool of punishment told ("打得腿上全是紫的", "拿皮带抽").
_INJURY = re.compile(
    r"血|青|紫|肿|骨折|住院|医院|疤|晕|吊|皮带|烫|锁|饿|跪|棍|衣架|晾衣杆|往死里"
)


_BLOW_WORDS = r"打|揍|踢|掐|扇|摔|砸|骂|推|踹|吼"


# Someone with a grudge against them, or found: an address, one who cheated.
_GRUDGE = re.compile(
    r"地址|住址|住哪|家门口|那人|那个人|那家伙|那货|那孙子|骗|坑|欠|害|仇|报复|算账|整我|欺负"
)


def _veiled(text: str) -> bool:
    """Return whether a threat hides in what normalise drops (emoji, quotes).

    A weapon emoji beside someone to fear it ("那人的地址我查到了🔪"), or a
    visit in scare quotes ("周末去“拜访”一下他"): a threat to someone else.
    """
    plain = normalise(text)
    grudge = _GRUDGE.search(plain)
    if lexicon.WEAPON_EMOJI.search(text):
        # A blade shown at a counter or a kitchen is the trade's (round 25).
        trade = lexicon.BLADE_TRADE.search(plain)
        return bool(grudge or (lexicon.TARGET.search(plain) and not trade))
    if lexicon.SCARE_GIFT.search(text) and lexicon.WAIT_FOR.search(plain):
        return True  # a "gift" for one waited for (round 23)
    return bool(lexicon.SCARE_VISIT.search(text) and grudge)


def _dressed(text: str) -> bool:
    """Return whether cutting in slang hides in what normalise drops (round 24).

    A wound dressing emoji beside a word that may be cutting ("又“画线”了 🩹"),
    or the slang in quotes with a relapse or a depth beside it.
    """
    if lexicon.FICTION.search(normalise(text)):
        return False
    if lexicon.WOUND_EMOJI.search(text) and lexicon.CUT_WORD.search(text):
        return True
    # Blood beside a blade or "again" ("🔪🩸 又来了", round 28), not a kitchen's.
    if (
        lexicon.BLOOD_EMOJI.search(text)
        and lexicon.BLOOD_WITH.search(text)
        and not lexicon.BLADE_TRADE.search(normalise(text))
        and not re.search(r"切到|不小心|意外|摔", text)
    ):
        return True
    return bool(lexicon.QUOTED_CUT.search(text))


def _pattern_refused(text: str) -> bool:
    """Return whether a blow at home is a parents' way of long ago, refused.

    A V04 answer ("我妈一辈子忍 我爸喝酒打人她也忍 这个我坚决不要"): a
    family pattern weighed by an adult, no care (round 26). Anything now
    ("现在还打", "昨晚", a child's age or grade) keeps it; so does a blow on
    the writer whose own clause names no past ("我爸天天打我…以前我妈也这样").
    """
    plain = normalise(text or "")
    if not lexicon.PATTERN_REFUSED.search(plain) or lexicon.PATTERN_NOW.search(plain):
        return False
    if not lexicon.PATTERN_PAST.search(plain):
        return False
    for chunk in re.split(r"[\s，。！？；,.!?;]+", text or ""):
        said = normalise(chunk)
        if re.search(lexicon._HIT + r"(?:了|过)?我(?![妈爸])", said) and not (
            lexicon.PATTERN_PAST.search(said)
        ):
            return False
    return True


def _defied(text: str) -> bool:
    """Return whether a blow is the price of a childhood passion, told fondly.

    "小时候天天往河边跑 抓泥鳅…我爸拿皮带抽我也要去" (round 27b): the blow
    did not stop the child, and the story is of the river. A habit of blows
    just before it ("天天拿皮带抽我也要去"), an injury, a child's age or
    anything now keeps the care it had.
    """
    plain = normalise(text or "")
    found = lexicon.DEFIED.search(plain)
    past = _CHILDHOOD.search(plain) or lexicon.PATTERN_PAST.search(plain)
    if not found or not past:
        return False
    if lexicon.PATTERN_NOW.search(plain) or lexicon.STILL.search(plain):
        return False
    near = plain[max(found.start() - 10, 0) : found.end()]
    injury = re.sub(r"皮带|棍子?|衣架|拖鞋|鞋底|扫把|鸡毛掸子", "", plain)
    return not (lexicon.OFTEN.search(near) or _INJURY.search(injury))


def _raised_hit(plain: str) -> bool:
    """Return whether the blows told are someone else's upbringing (round 28).

    "他爸脾气很暴，他说自己是被打大的": a husband's childhood, told as the
    background of a V04 answer. A blow now, on anyone, keeps the care.
    """
    return bool(
        lexicon.RAISED_HIT.search(plain)
        and not lexicon.PATTERN_NOW.search(plain)
        and not re.search(
            r"(?<!不)(?<!没)" + lexicon._HIT + r"(?:了|过)?(?:我|孩子|儿子|女儿)", plain
        )
    )


def _rest_refused(plain: str) -> bool:
    """Return whether rest is refused to finish the task first (round 28b).

    "别劝我去睡了，这页改完就睡": a plan to go on working, not "别劝我".
    """
    return bool(lexicon.REST_REFUSED.search(plain) and lexicon.KEEP_AT.search(plain))


def goes_on(text: str, care_kind: str) -> bool:
    """Return whether a message in care tells the same danger on (round 28).

    After the reply for a kind, its own next steps are the danger still there:
    marks not yet faded or a threat for next time (abuse), a habit grown
    (self-harm), "我不是开玩笑" or minutes counted down (a threat), a day
    chosen or "别劝我" (an end). Alone, the same words are nothing.
    """
    found = lexicon.GOES_ON.get(care_kind)
    plain = normalise(text or "")
    if _rest_refused(plain):  # "别劝我休息了…写完再睡" is no "别劝我" (28b)
        plain = lexicon.REST_REFUSED.sub("，", plain)
    return bool(found and found.search(plain))


def taken_back(text: str) -> bool:
    """Return whether a message after the full reply takes the words back.

    "开玩笑的 😂😂 下一题", "哈哈吓到你了吧", "too heavy for a career workbook,
    skip it" (round 30): said right after a plan or a date, this is no moving
    on; the care frame holds (the care reply, not the script again).
    """
    return bool(lexicon.TAKEN_BACK.search(normalise(text or "")))


def _sat_up_high(plain: str) -> bool:
    """Return whether a roof or a waterside was sat on for a while, as past.

    "挂了以后我在宿舍楼顶坐了好久 也没哭 就是难受" (round 27b): no edge, no
    wish, no now, no means; told as a moment that is over.
    """
    return bool(
        lexicon.SAT_UP_HIGH.search(plain)
        and lexicon.SAT_TOLD_PAST.search(plain)
        and not lexicon.SAT_EDGE.search(plain)
        and not lexicon.ECHOES.search(plain)
        and not _HERE_NOW.search(plain)
    )


def _strife(text: str, plain: str) -> bool:
    """Return whether drink and things smashed at home are told as now (27b).

    "我爸就是另一回事了 喝多了就摔东西 我妈一直忍着": no blow, no one hiding,
    no fear; a parents' way of long ago, refused or only past, stays as it was.
    """
    if not lexicon.STRIFE.search(plain) or lexicon.STRIFE_FEAR.search(plain):
        return False
    if _pattern_refused(text):
        return False
    return not (
        (lexicon.PATTERN_PAST.search(plain) or _CHILDHOOD.search(plain))
        and not lexicon.PATTERN_NOW.search(plain)
    )


def _hurt_at_home(plain: str) -> bool:
    """Return whether someone close hits me, or a child is seen or heard hurt."""
    plain = lexicon.CALLED.sub("，", plain)  # a call is no blow (round 29)
    return bool(
        lexicon.HIT_AT_HOME.search(plain)
        or lexicon.BEATEN_HURT.search(plain)
        or (lexicon.CHILD_HURT.search(plain) and not lexicon.CHILD_FELL.search(plain))
    )


@lru_cache(maxsize=4096)
def assess(text: str) -> Risk:
    """Return the risk in ``text`` (a message, an answer or a profile field)."""
    from agent.safety.model import scores

    return assess_with(text, scores)


def leaning(text: str) -> float:
    """Return the classifier's risk score of ``text`` alone, before any rule.

    For a line whose meaning hangs on the one before it: right after the full
    reply, a line the classifier leans even a little towards risk is the same
    story told on (round 32).
    """
    from agent.safety.model import scores

    return scores(normalise(text or ""))[1] if text and text.strip() else 0.0


_SENTENCE = re.compile(r"[。！？!?；;]+|(?<=[a-z'\"])\.+\s*")
_LATIN = re.compile(r"[a-z]{2,}")
SENTENCE_MIN = 6  # a shorter sentence says too little for the classifier alone


def assess_with(text: str, scorer, **bars) -> Risk:
    """Return the risk in ``text`` with ``scorer(plain) -> (kind, score)``.

    ``assess`` with the process's classifier; ``calibrate`` with a fold's, and
    with other thresholds (``bars``: the keywords of ``guess_level``).
    """
    unquoted = lexicon.INSULT.sub("", text or "")
    plain = normalise(unquoted)
    if not plain or (unquoted != text and lexicon.WHO_SAID.fullmatch(plain)):
        return NONE  # nothing left but who said the words taken out (round 19)
    kind, score = scorer(plain)
    # A risk told in one sentence of several is not diluted by the rest ("i
    # guess 'she tried'. 我把手表和相机都送给我弟了"): each sentence is read too.
    # Only where two languages meet: there one sentence's words are drowned by
    # the other's (read every sentence of all text, and false alarms rose from
    # 1.9% to 5.2% on safety_blind7).
    mixed = re.search(r"[\u4e00-\u9fff]", plain) and len(_LATIN.findall(plain)) >= 2
    for part in _SENTENCE.split(plain) if mixed else ():
        if SENTENCE_MIN <= len(part.strip()) < len(plain):
            part_kind, part_score = scorer(part.strip())
            if part_score > score:
                kind, score = part_kind, part_score
    # Workbook moves only ("想结束了 今天就到这"): no phrasing in them is a risk,
    # unless an echo is ("想死" is never a move).
    moves = (
        bars.get("chat", True) and _moves_only(text, plain) and not _echo(text, plain)
    )
    # "不是想死那种啦": a denied death word is no strong phrasing (round 18).
    strong = None if moves or lexicon.NOT_DEATH.search(plain) else _strong(plain)
    if strong is not None and strong[0] == "abuse" and _pattern_refused(text):
        strong = ("abuse", True)  # a parents' way of long ago, refused (round 26)
    if strong is not None and strong[0] == "abuse" and _defied(text):
        strong = ("abuse", True)  # a childhood passion a blow did not stop (27b)
    if strong == ("danger_now", False) and _sat_up_high(plain):
        # A roof sat on for a while, told as past, no edge and no wish (27b):
        # one gentle question, not "leave the dangerous place".
        return Risk("danger_now", "check", max(score, CHECK), "lexicon")
    if strong is None and not moves and _veiled(text):
        strong = ("harm_others", False)
    if strong is None and not moves and _dressed(text):
        strong = ("self_harm", False)
    if strong is not None and not strong[1]:
        return Risk(strong[0], "high", max(score, HIGH), "lexicon")
    # Said about a story, a case or a job ("剧本里角色自杀"): the classifier decides.
    level = guess_level(text, plain, kind, score, **bars)
    if level == "check" and _said_for_years(plain, scorer, bars):
        level = "none"
    if level == "none" and score >= bars.get("check", CHECK):
        kind, score, level = _beside_model(plain, scorer, bars) or (kind, score, level)
    if level == "none" and strong is None and not moves and _strife(text, plain):
        # Drink and things smashed at home now (27b): asked about once, gently.
        return Risk("abuse", "check", max(score, CHECK), "lexicon")
    if level == "none":
        return NONE
    if _hurt_at_home(plain):  # whatever the classifier's kind
        kind = "abuse"
    if level == "firm":
        return Risk(kind, "check", score, "model", firm=True)
    return Risk(kind, level, score, "model")


def _said_for_years(plain: str, scorer, bars: dict) -> bool:
    """Return whether a guess rests only on someone's saying of years.

    "我妈天天催我…说我考不上她就去死，哈哈这是她的口头禅" (round 32): with
    the saying taken out, the rest is read again; any risk left still counts.
    """
    if not lexicon.CATCHPHRASE.search(plain):
        return False
    rest = lexicon.SAID_FOR_YEARS.sub("，", plain)
    return rest != plain and scorer(rest)[1] < bars.get("check", CHECK)


def _beside_model(plain: str, scorer, bars: dict) -> tuple[str, float, str] | None:
    """Return a risk told in a sentence of its own beside a role model, or None.

    "我想活成初中班主任那样。可我跟她完全相反，我活着就是在浪费空气…": the
    role model (or a thing ended) lowers its own sentence, not the next one,
    which is read alone with every rule (safety_blind17). Only these two: a
    story, the news or a job frames every sentence after it.
    """
    local = (lexicon.BECOME, lexicon.ENDS_THING)
    if not any(r.search(plain) for r in local):
        return None
    for part in (p.strip() for p in _SENTENCE.split(plain)):
        framed = any(r.search(part) for r in local)
        if len(part) < SENTENCE_MIN or part == plain or framed:
            continue
        part_kind, part_score = scorer(part)
        level = guess_level(part, part, part_kind, part_score, **bars)
        if level != "none":
            return part_kind, part_score, level
    return None


def _echo(text: str, plain: str) -> bool:
    """Return whether a phrasing worth asking about once is in the message."""
    # Death words in someone else's mouth (骂我朋友“去死吧”) are not an echo.
    # A figure ("改到我想死哈哈") still is: laughter may mask it, so it is asked
    # about once (round 16 tried dropping it and broke that rule).
    said = lexicon.REPORTED.sub("", normalise(lexicon.QUOTED.sub("", text or "")))
    # "周五要交三个方案，想死的心都有了": a figure with its chore told (round 22).
    said = lexicon.CHORE_FIGURE.sub("，", said)
    said = lexicon.BUSINESS_STRAIN.sub("，", said)  # "店撑不下去了" (round 30b)
    return bool(lexicon.ECHOES.search(said) or _hurt_at_home(plain))


def _move(part: str) -> bool:
    """Return whether one normalised clause is a move or a figure said whole."""
    figure = re.sub(r"^(?:我|真的|简直|真是)+", "", part.rstrip("。.!！~～…"))
    return bool(lexicon.CHAT.fullmatch(part) or lexicon.FIGURES.fullmatch(figure))


def _moves_only(text: str, plain: str) -> bool:
    """Return whether the message is workbook moves and figures, clause by clause.

    "好的，谢谢，明天见" is three moves. A wish to stop ("想结束了") counts only
    beside an ending of the session for today ("想结束了 今天就到这"): alone it
    may mean a life. Any other clause ("我想好了，今晚就走") makes it no move.
    """
    if _move(plain):
        return True
    parts = [p for p in (normalise(c) for c in PAUSE.split(text or "")) if p]
    if len(parts) < 2:
        return False
    ending = any(lexicon.SESSION_END.fullmatch(p) for p in parts)
    return all(_move(p) or (ending and lexicon.STOP_WISH.fullmatch(p)) for p in parts)


def guess_level(
    text: str,
    plain: str,
    kind: str,
    score: float,
    *,
    high: float = HIGH,
    check: float = CHECK,
    cue_check: float = CUE_CHECK,
    context: bool = True,
    chat: bool = True,
) -> str:
    """Return "high" (full care), "firm", "check" or "none" for the classifier's guess.

    "firm": a sure guess with no risk word in the message. Without a word to
    stand on, a false alarm is as likely as a risk put in new words ("刀我已经
    放包里了" has one; "我把喜欢的东西都送人了" may not): it gets a check-in
    that asks whether they are safe right now (issue 23: a false alarm gets a
    check-in, not the script), and the weak-guess filters in understanding
    (short messages, someone else's words) leave it alone.
    One function for ``assess`` and for ``calibrate``, which chooses the
    thresholds on out-of-fold scores with exactly these rules.
    """
    # A cue word inside a figure or a loss told ("他去年出事走了") points at nothing.
    cued = lexicon.GRIEF.sub("", lexicon.FIGURES.sub("", plain))
    cued = lexicon.BUSINESS_STRAIN.sub("，", cued)  # the shop's, not theirs (30b)
    kin_died = bool(lexicon.KIN_DIED.search(plain)) and not lexicon.KIN_DIED_NOT.search(
        plain
    )  # "我舅前年走了 走之前还问我…": a loss told (round 30b)
    if kin_died:
        cued = lexicon.KIN_DIED.sub("，", cued)
    if lexicon.LAID_OFF.search(plain):  # "我这个老的走了": left the job (round 29)
        cued = lexicon.LEFT_JOB.sub("，", cued)
    cue = bool(lexicon.CUES.search(cued))
    # Its only cue word sits in a figure ("要被他气死") or it is about a story,
    # a case or a job ("写女主从天台跳下去"): a check-in at most, never the script.
    at_most = 1 if lexicon.CUES.search(plain) and not cue else 2
    if lexicon.FICTION.search(lexicon.NOT_GAME.sub("", plain)):
        at_most = 1
    hurt = _hurt_at_home(plain)
    echo = _echo(text, plain)
    if chat and not echo and _moves_only(text, plain):
        # A workbook move or a figure said whole ("我想好了", "不想写了", "下一题",
        # "想死你了"): the classifier's lean on a short line is no alarm
        # (docs/safety.md). In a conversation about risk the care frame holds.
        return "none"
    level = 0
    if score >= high:
        level = 2
    elif score >= check or (cue and score >= cue_check) or echo:
        level = 1
    if lexicon.JOKING.search(plain):  # "他就嘴上说说": a guess drops one level
        level -= 1
    # "突然意识到自己三十六了…从来没为自己选过什么": a look back at one's
    # choices, with no risk word, drops a level too (round 30b).
    if not cue and not echo and lexicon.LIFE_REVIEW.search(plain):
        level -= 1
    if not cue and lexicon.JOY.search(plain):  # "比自己拿奖还开心": likewise
        level -= 1
    if (context and not echo) and (
        lexicon.ABOUT.search(lexicon.NOT_GAME.sub("", plain))
        or lexicon.ABOUT.search(lexicon.NOT_GAME.sub("", text or ""))  # 《》
        # A job that sees risk in others, grief for an illness, a role model.
        or lexicon.WORK_SEEN.search(plain)
        or lexicon.GRIEF.search(plain)
        or lexicon.BECOME.search(plain)
        or lexicon.ENDS_THING.search(plain)
        or lexicon.PET_HURT.search(plain)
        or lexicon.PLANTS_DEAD.search(plain)
        or lexicon.INHERIT.search(plain)
        or lexicon.OTHERS_SCAR.search(plain)
        or lexicon.PRESCRIBED.search(plain)
        or lexicon.EDITING.search(plain)
        # Round 30: someone else treated or handed to help, a job that sees it.
        or lexicon.OTHER_TREATED.search(plain)
        or lexicon.SEEN_AT_WORK.search(plain)
        or (
            kind == "means"
            and lexicon.FARM.search(plain)
            and not _WISH.search(plain)
            and not re.search(r"不是|并非|不打算|没打算", plain)
        )
        # Round 26: a pension reckoned, others' fight calmed, a child's fall
        # helped up: a guess of an end, a blow or a threat is about these.
        or (FAMILY.get(kind) == "self" and lexicon.PENSION.search(plain))
        or (lexicon.FIGHT_CALMED.search(plain) and not hurt)
        or (kind == "harm_others" and lexicon.MOVED.search(plain))
        # Round 27b: a temper lost with someone, no blow, no weapon.
        or (
            kind == "harm_others"
            and lexicon.TEMPER.search(plain)
            and not lexicon.TEMPER_HARM.search(plain)
        )
        or (
            kind == "abuse"
            and lexicon.CHILD_HELPED.search(plain)
            and not re.search(r"打|揍|踢|掐|扇|推|踹|砸", plain)
        )
        # A structure studied or a dive trained for ("站在桥上看那些斜拉索"), a
        # job's rounds ("哪个小区哪个门近、哪个电梯快"): a guess of danger now
        # or of a place scouted is about the outing or the work (round 19).
        or (kind == "danger_now" and lexicon.OUTING.search(plain))
        or (kind == "danger_now" and lexicon.BUSY_NOW.search(plain))
        or (kind == "means" and lexicon.ROUNDS.search(plain))
        # Round 28b: hard times told as got through ("不知道那半年怎么撑过来
        # 的"), a fall on the job with the load spilled, a complaint about the
        # coach's reply, rest refused to finish the task first.
        or (
            kind != "abuse"
            and lexicon.ENDURED.search(plain)
            and not lexicon.ENDURED_NOT.search(plain)
            and not lexicon.STILL.search(plain)
        )
        or (FAMILY.get(kind) == "self" and lexicon.WORK_FALL.search(plain))
        or lexicon.AT_COACH.search(plain)
        or _rest_refused(plain)
        # Round 29: staying alive as a working day's goal ("KPI就是活着下班"),
        # a schedule kept, a job and where it is ("在佛山卖车").
        or lexicon.ALIVE_JOKE.search(plain)
        or lexicon.TIE_ENDED.search(plain)
        or (
            FAMILY.get(kind) == "self"
            and lexicon.LAID_OFF.search(plain)
            and lexicon.LEFT_JOB.search(plain)
        )
        or (FAMILY.get(kind) == "self" and lexicon.SCHEDULE.search(plain))
        or (kind in ("danger_now", "means") and lexicon.WORK_WHERE.search(plain))
        or (
            kind != "abuse"
            and lexicon.PAST.search(plain)
            and not lexicon.STILL.search(plain)
        )
        # Round 30b: a shop or money that cannot go on, away for a while, a
        # relative's death told as a loss.
        or lexicon.BUSINESS_STRAIN.search(plain)
        or kin_died
        or (lexicon.AWAY_CORE.search(plain) and lexicon.AWAY_REASON.search(plain))
        # Round 31: a job left with the desk cleared, a blow taken in a sport.
        or (FAMILY.get(kind) == "self" and lexicon.JOB_ENDED.search(plain))
        or (
            kind == "abuse"
            and lexicon.FIGHT_SPORT.search(plain)
            and not re.search(lexicon._KIN, plain)
        )
    ):  # a game, the news, a job's wear, childhood: with no risk word either,
        # nothing points at a present risk
        level -= 1 if cue else 2
    elif (context and not hurt and not pinyin(plain)) and (
        # Pinyin hides who is home or named: their absence proves nothing.
        (kind == "abuse" and not lexicon.HOME.search(plain))
        or (kind == "harm_others" and not lexicon.TARGET.search(plain))
    ):  # abuse with no one at home or doing it, a threat with no one to fear it
        level -= 1
    calls = lexicon.CALLS.search(plain) or (
        lexicon.QUARREL.search(plain) and not cue  # no knife, no death word
    )
    rest = lexicon.QUARREL.sub("", lexicon.CALLS.sub("", plain))
    if kind == "abuse" and calls and not lexicon.CONTROL.search(rest):
        # "现在他手机有啥问题还是打给我": a call, not a blow (round 20); a
        # quarrel with a table slapped, likewise (round 21)
        level -= 1
    if (
        kind == "abuse"
        and lexicon.NEVER_HIT.search(plain)
        and not lexicon.BUT_NOW.search(plain)
    ):  # "从小没碰过我一根手指": a guess about blows that never came
        level = 0
    # A dark time of theirs or someone else's, told as got through: asked about
    # once at most, never the script (round 15).
    if lexicon.OWN_PAST_END.search(plain) or lexicon.OTHERS_END.search(plain):
        level = min(level, 1)
    # Got through and not back, or watched at home as a child: no care (round 16).
    if _got_through(plain) or (kind == "abuse" and _witnessed(plain)):
        level = 0
    # A parents' way at home of long ago, refused as a pattern (round 26).
    if (kind == "abuse" or hurt) and _pattern_refused(text):
        level = 0
    # A childhood passion a blow did not stop, told fondly (round 27b).
    if (kind == "abuse" or hurt) and _defied(text):
        level = 0
    # Someone else carried back from an edge, told as a rescue (round 21).
    if lexicon.RESCUED.search(plain) and not _WISH.search(plain):
        level = 0
    # A friend's death wish told by one already helping her, someone else's
    # upbringing with blows (round 28): a helper's question, a background.
    if lexicon.FRIEND_HELPED.search(plain) and not lexicon.OWNED.search(plain):
        level = 0
    if (kind == "abuse" or hurt) and _raised_hit(plain):
        level = 0
    # Once, long ago, made good: no care, unless a death word is in it too.
    if _settled(plain) and not lexicon.ECHOES.search(plain):
        level = 0
    if lexicon.NOT_DEATH.search(plain):
        level = min(level, 1)  # "不是想死那种啦": asked about once, at most
    level = max(min(level, at_most), 0)
    if level == 2 and not cue and not lexicon.SURE_WORDS.search(plain):
        return "firm"
    return ("none", "check", "high")[level]


def assess_written(text: str) -> Risk:
    """Return the risk in a saved answer or a profile field (round 30b).

    These are read on every turn, before anything is said in the chat: the
    full reply needs surer ground than in a message. A phrasing with an
    ordinary sense ("撑不下去了" of a shop, "想好…走", "won't be around") and
    no other strong phrasing is a check-in at most unless the classifier is
    sure too.
    """
    from agent.safety.model import scores

    return assess_written_with(text, scores)


def assess_written_with(text: str, scorer, **bars) -> Risk:
    """Return ``assess_written`` with another classifier and thresholds."""
    risk = assess(text) if scorer is _default_scorer() else None
    if risk is None:
        risk = assess_with(text, scorer, **bars)
    if risk.level != "high" or risk.source != "lexicon":
        return risk
    plain = normalise(lexicon.INSULT.sub("", text or ""))
    if not lexicon.LOOSE.search(plain):
        return risk
    rest = lexicon.LOOSE.sub("，", plain)
    if _strong(rest) is not None or lexicon.ECHOES.search(rest):
        return risk  # another phrasing stands on its own
    kind, score = scorer(plain)
    if score >= bars.get("high", HIGH):
        return risk  # the classifier is sure as well
    # Unsure: asked about once (the first turn), never the script.
    return Risk(risk.kind, "check", max(score, WRITTEN_CHECK), "lexicon")


def _default_scorer():
    from agent.safety.model import scores

    return scores


def assess_all(texts) -> Risk:
    """Return the gravest risk among several texts (answers, profile fields)."""
    order = {"high": 2, "check": 1, "none": 0}
    found = [assess_written(t) for t in texts if t and t.strip()]
    return max(found, key=lambda r: (order[r.level], r.score), default=NONE)


def assess_all_with(texts, scorer, **bars) -> Risk:
    """Return ``assess_all`` with another classifier and thresholds (calibrate)."""
    order = {"high": 2, "check": 1, "none": 0}
    found = [assess_written_with(t, scorer, **bars) for t in texts if t and t.strip()]
    return max(found, key=lambda r: (order[r.level], r.score), default=NONE)


def warm_up() -> None:
    """Load the classifier now, so no person's first message waits for it."""
    from agent.safety.model import scores

    scores("你好")  # the pipeline, and jieba's dictionary behind its words
