"""Round 11: a medium or platform the person uses, not the passion itself.

"抖音上刷最多的是小户型怎么布置家里", "我在网课上学会了画画", "上网课学日语":
the platform is where or how, the topic after it is what they care about.
"刷抖音刷到一两点": a feed scrolled is no field of interest either, and
"攒钱买漫展门票" is the means to the show, not personal finance. Making
content there ("在抖音上开了个教做饭的账号") is the medium's own field, and
the platform as a topic of its own ("网课这件事我一直在琢磨") still names.
Wasted time ("纯属浪费时间", "刷完特别空虚") is a take-back cue in the lexicon.

Round 13 (blind14): a place the person works at is where they earn, not what
they care for: "我在健身房当前台" (`workplace`, only suspected).
"""

import re

from knowledge.evidence.bounds import SENTENCE_ENDS

# The platform as a place online or a way in: "抖音上…", "在网课上…",
# "通过网课", "上网课学…". Not "里" ("小区里的老人", "在养老院做义工": a
# real place is often the topic), and not 看/听 ("看动漫学日语": the show
# may be the passion too).
_VIA = re.compile(r"(?:通过|用|靠|跟着|上)$")
# Not a place things stand on ("盲道上停满了车", round 20).
_PLACE = re.compile(r"^上(?!瘾|手|班|停|堆|摆|放|扔|挤|占|铺|躺|站|坐)")
# Round 20: the platform as the topic of a scroll ("抖音刷得最多的是做饭视频",
# "B站最常看…"), with the content after it.
_SCROLLED_THERE = re.compile(
    r"^(?:上|里)?(?:我)?(?:最常|最多|经常|常|天天|每天|一般|主要|平时|总)?"
    r"(?:刷|看|搜|逛)(?!完|腻)"
)
# Money or a way put to another passion: "攒钱买漫展门票", "存钱换一台相机",
# and round 19's "在攒钱准备装修", "存钱打算去潜水".
_SPENT_ON = re.compile(r"^(?:去?买|换|凑|准备|打算|用来|留着)")
# Scrolling a feed: "刷抖音", "天天刷网课"; not the content scrolled for
# ("总刷做饭的视频", "刷美食区": that is the topic).
_SCROLLED = re.compile(r"刷$")
# Round 20: the content named after the topic, "刷电子产品测评".
_CONTENT = re.compile(
    r"^(?:的|视频|区|内容|教程|帖子|博主|up主|vlog|号|类|相关|"
    r"测评|评测|开箱|科普|资讯|攻略|讲解|解说|合集|频道|直播)"
)
# Making content there: then the medium is the person's field.
_MAKES = re.compile(
    r"账号|粉丝|涨粉|运营|拍视频|拍vlog|剪视频|剪辑|发视频|做博主|当博主|做号|"
    r"直播间|自媒体|做视频|更新"
)
# "在健身房当前台", "在咖啡馆打工", "在书店上班": the word names the place of a
# job. Not "在健身房练了三年" (the doing there).
_AT = re.compile(r"在(?:一家|一个|家|个)?$")
_WORKS_THERE = re.compile(
    r"^[^\W\d_]{0,2}?(?:房|馆|店|厅|室|中心|俱乐部|公司|厂)里?"
    r"(?:当|做|干|上班|打工|工作|实习|兼职|上岗)"
)


def channel(folded: str, start: int, end: int, topic_after: bool) -> bool:
    """Return whether the passion word at [start, end) is a channel, not a topic.

    topic_after: another passion is named or hinted after it in its clause
    (the caller knows the entries).
    """
    if _MAKES.search(_sentence(folded, start)):
        return False
    lead = folded[max(0, start - 2) : start]
    if _SCROLLED.search(lead) and not _CONTENT.match(folded[end:]):
        return True
    tail = folded[end : end + 2]
    return topic_after and bool(
        _VIA.search(lead)
        or _PLACE.match(tail)
        or _SPENT_ON.match(tail)
        or _SCROLLED_THERE.match(folded[end : end + 8])
    )


# Feeds and apps people scroll (folded text is lower case).
PLATFORM = re.compile(
    r"(?:抖音|快手|b站|小红书|微博|知乎|youtube|视频号|头条|淘宝|直播)$"
)


def scrolled_for(folded: str, end: int) -> bool:
    """Return whether the platform word just before ``end`` is scrolled for content.

    "抖音看修车 看开箱", "B站最常刷做饭视频": what they watch there is the
    interest, whether or not the knowledge base has a word for it, so the
    platform is at most suspected (coach_blind26: "短视频与自媒体" was said to be
    named). ``channel`` drops it only when the topic after it is an entry.
    """
    if not PLATFORM.search(folded[max(0, end - 4) : end]) or _MAKES.search(
        _sentence(folded, end)
    ):
        return False  # "看心理医生看了两年": a doctor seen, no feed
    m = _SCROLLED_THERE.match(folded[end : end + 8])
    if m is None:
        return False
    return bool(re.match(r"[\u4e00-\u9fffA-Za-z]{2}", folded[end + m.end() :]))


def _sentence(folded: str, i: int) -> str:
    left = max(folded.rfind(c, 0, i) for c in SENTENCE_ENDS) + 1
    right = min(
        (j for c in SENTENCE_ENDS if (j := folded.find(c, i)) >= 0),
        default=len(folded),
    )
    return folded[left:right]


def workplace(folded: str, start: int, end: int) -> bool:
    """Return whether the passion word at [start, end) names where one works."""
    return bool(
        _AT.search(folded[max(0, start - 3) : start])
        and _WORKS_THERE.match(folded[end : end + 10])
    )
