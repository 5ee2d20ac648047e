"""Moves about the talk itself, not about their life (Coach 3 §3, §4).

A blind set (coach_blind31) showed the same four kinds of message quoted back
as if they were a story: "你问题太多了，一次问一个行不行" (how we talk), "我就是
想找个人说说，不用给我建议" (what they want from us now), "那我到底是在乎钱还是
不在乎啊" (a question about themselves, which only they can answer) and "那我就
写'编竹筐'" / "那就候选3吧" (a decision taken). None of them is material to
reflect: each is answered as the move it is. Read only for messages that were
going to be reflected, abstained on or rephrased, and never beside a risk.
"""

from __future__ import annotations

import re

from agent.dialogue.numbered import MEANING, ids_named

MOVE_MAX = 40  # a move is said briefly; a longer message tells something
DOUBT_MAX = 90  # a doubt may come with its reason, said first

# How we talk: too many questions, too long.
TOO_MANY = re.compile(
    r"问题(?:也)?(?:太|好|这么|那么)多|(?:太|好|这么|那么)多(?:的)?问题|"
    r"问(?:我)?(?:得)?(?:太|好|这么|那么)多|一次(?:就|只)?问一个|"
    r"一口气问|(?:一连|连着|一下子?)问了?[两三四五好几]个|别(?:老|总|再|一直)?(?:追问|问我问题)|"
    r"(?:能不能|可以|可不可以)?(?:别|不要)(?:老|总|再|一直)问(?:了|我)?"
)
TOO_LONG = re.compile(
    r"(?:你(?:的)?(?:回复|回答|说的|话)|你说得?)(?:也)?(?:太|好|有点)(?:长|多|啰嗦|绕)|"
    r"(?:字|话)太多了|你(?:太|好)啰嗦|(?:你)?少说(?:两|几)句"
)
# "能不能别每次最后都问我一个问题，先给点结论": no question at the end.
NO_QUESTION = re.compile(
    r"别(?:每次|老是|总是|一直|总)?(?:最后|结尾)?(?:都)?(?:问我|追问|反问)(?:一个)?(?:问题)?"
)
# "你别跟我讲开头那几个误区，我看过了": something of ours not to say again.
SKIP_THAT = re.compile(
    r"(?:你)?(?:别|不用|不要)(?:再)?(?:跟我)?(?:讲|说|提)(?:那些|这些|那几个|开头|前面)"
)
# What they want from us now: an ear, not advice.
LISTEN = re.compile(
    r"(?:不用|不要|别|不需要)(?:给我|跟我)?(?:提|出|讲|说)?(?:建议|道理|大道理|分析)|"
    r"(?:就|只)(?:是)?想(?:找个?人)?(?:说说|聊聊|倾诉|吐槽|说会儿话)|"
    r"听我(?:说说|说会儿|吐槽)|陪我(?:说说|聊聊|说会儿)"
)
# A question about themselves only they can answer ("我到底是在乎钱还是不在乎").
SELF_EITHER = re.compile(
    r"我(?:到底|究竟)(?:是|算|该|要|想|在)?(?P<a>[^，,。？?！!还]{1,10}?)还是"
    r"(?P<b>[^，,。？?！!]{1,10}?)(?:啊|呀|呢|嘛|吗)?(?=[^\u4e00-\u9fffA-Za-z0-9]|$)"
)
# A decision taken: "那我就写'编竹筐'", "那就候选3吧", "我就写这个", "那我先自己写写看".
SETTLED = re.compile(
    r"^(?:好|行|嗯|哦|懂了|明白了|对|ok|OK)?[，,。！! ]*(?:那)?(?:我)?"
    r"(?:就|先)(?:自己)?(?:写|选|定|用|试)(?:写看|写试试|一下)?"
    r"(?P<what>这个|它|这条|这句|候选\s*\S|[Cc]0?[1-5]|[「'‘“\"][^」'’”\"]{1,16}[」'’”\"])?"
    r"|^(?:好|行|嗯|对)?[，,。 ]*(?:那)?就(?:选)?"
    r"(?P<pick>这个|它|这条|候选\s*\S|[Cc]0?[1-5])(?:吧|了)"
)
# A fact of theirs we got wrong, corrected: "我刚才说的是我在外卖站当站长，不是骑手".
FACT_FIX = re.compile(
    r"(?:说的是|我是说|意思是)(?P<right>[^，,。！!？?]{2,16})[，,]\s*(?:不是|而不是)"
    r"(?P<wrong>[^，,。！!？?]{1,10})"
)
# Someone else's words read as theirs: "那是我妈说的", "'执行力强'是领导说的".
OTHERS_SAID = re.compile(
    r"(?:那|这|都)?是(?P<who>(?:我)?(?:妈|爸|爸妈|父母|领导|老板|同事|老公|老婆|婆婆|"
    r"家里人|家人|老师|朋友|上司|主管)|别人|他们)(?:说|讲|要求|觉得|认为|夸)的"
)
# "你刚才说我很看重稳定": the word they say we put on them.
PUT_ON = re.compile(
    r"你(?:刚才|刚刚|之前|前面)?说我(?:很|特别|最)?(?:看重|在乎|在意|喜欢|擅长|适合)?"
    r"(?P<word>[^，,。！!？?啊吗呢]{1,8})"
)
# Doubt that the method is for them at all ("是不是只适合有选择的人").
NOT_FOR_ME = re.compile(
    r"只适合[^，。？?]{1,10}的人|哪有资格|(?:没|有)资格(?:谈|说|想)|"
    # "这套东西对我有用吗" (coach_blind32)
    r"(?:这套|这个|这些)(?:东西|方法|工作簿|题目?)?(?:对我)?(?:真的)?(?:有用|管用)吗|"
    r"我(?:这种人|这样的人)(?:也)?(?:配|能)(?:谈|想|找)"
)
# "我这岁数了还琢磨什么'重要的事'，是不是有点晚了": too late, they fear.
TOO_LATE = re.compile(
    r"(?:这岁数|这把年纪|岁数大了|年纪大了|都[三四五六]十(?:多)?(?:岁)?了)"
    r"[^。]{0,24}(?:晚了|来得及|还琢磨|还找|还谈|还想|还有用|有用吗)"
)
# "那你说说，像我这种情况，第一步该干啥": where to begin.
FIRST_STEP = re.compile(r"第一步(?:该|要|应该|得)?(?:干|做|怎么走|从哪)(?:啥|什么)?")
ASKED_TOO = re.compile(
    r"(?:帮我|给我|替我)(?:写|改|弄|整|出|想|挑|排|总结|翻)|写一版|写个|改一?下|改成"
)
QUESTION = re.compile(r"[？?]|[吗呢嘛]|啥|什么|怎么|哪")
# "我老公说我适合在家带娃…我自己也不知道": someone's view of them, not taken on.
OTHERS_VIEW = re.compile(
    r"(?P<who>(?:我)?(?:老公|老婆|对象|妈|爸|爸妈|父母|婆婆|领导|老板|同事|朋友|老师|家里人))"
    r"(?:也|都|总|老)?(?:说|觉得|认为)我(?P<what>[^，,。！!？?]{2,14})"
    r"[^！!？?]{0,24}?(?:我自己(?:也|倒|其实)?(?:不知道|不确定|说不好|不这么觉得|不觉得|没想好)"
    r"|我(?:其实)?不(?:这么)?(?:觉得|认))"
)
# "不是'有原则'，更像是'敢说不，但说得让人舒服'": their own wording, given.
OWN_WORDING = re.compile(
    r"(?:更像是|应该是|其实是|就叫|叫它|我想写成|就写成)\s*"
    r"[「'‘“\"](?P<what>[^」'’”\"]{2,20})[」'’”\"]"
)
# "帮我把C01翻成英文": a translation, which the offline coach does not do.
TRANSLATE = re.compile(
    r"翻(?:译)?成(?:英文|英语|中文)|英文版|用英(?:文|语)(?:写|说)|"
    r"\btranslat(?:e|ion)\b|\binto english\b",
    re.I,
)
QUOTED = re.compile(r"[「'‘“\"]([^」'’”\"]{1,16})[」'’”\"]")


def move(text: str) -> str:
    """Return the move a short message makes about the talk, or ""."""
    text = (text or "").strip()
    last = re.split(r"(?<=[。！!？?])", text.rstrip("。！!？? "))[-1]
    if len(text) <= DOUBT_MAX and (NOT_FOR_ME.search(last) or TOO_LATE.search(last)):
        return "not_for_me"  # "…我一个县城老师…这套东西对我有用吗": said last
    if not text or len(text) > MOVE_MAX:
        return ""
    style = (
        TOO_MANY.search(text)
        or TOO_LONG.search(text)
        or SKIP_THAT.search(text)
        or NO_QUESTION.search(text)
    )
    # "…直接给我写一版", "字太多了…就是让我干啥": the ask beside it comes first
    if style and not (ASKED_TOO.search(text) or MEANING.search(text)):
        return "style"
    if OTHERS_SAID.search(text) or FACT_FIX.search(text) or OTHERS_VIEW.search(text):
        return "correct"
    if NOT_FOR_ME.search(text):
        return "not_for_me"
    if FIRST_STEP.search(text):
        return "progress"
    if LISTEN.search(text):
        return "listen"
    if SELF_EITHER.search(text):
        return "self_either"
    if (m := SETTLED.search(text)) and _settled_only(text, m):
        return "settled"
    if OWN_WORDING.search(text) and not QUESTION.search(text):
        return "settled"
    return ""


def _settled_only(text: str, m: re.Match) -> bool:
    """Tell a decision said alone ("我就写这个") from one beside an ask or a plan.

    "那先试A，周末去社区讲一次要准备点啥" asks something; "就写个开头也行啊"
    asks us to write: neither is a decision to acknowledge.
    """
    rest = text[m.end() :]
    if re.fullmatch(r"[吧了啦呀啊。！!～~\s]*", rest):
        return True
    named = m.group("what") or m.group("pick")
    return bool(named) and not QUESTION.search(rest)


def _yours(who: str) -> str:
    """Return "我老板" as we name them to the person: "你老板"."""
    return "你" + who[1:] if who.startswith("我") else who


def not_mine(text: str) -> tuple[str, str]:
    """Return (the word, whose it is) of someone else's words read as theirs."""
    m = OTHERS_SAID.search(text)
    if not m and (v := OTHERS_VIEW.search(text)):
        return v.group("what"), _yours(v.group("who"))
    if not m:
        return "", ""
    quoted = QUOTED.search(text)
    put = PUT_ON.search(text)
    word = quoted.group(1) if quoted else put.group("word") if put else ""
    return word, _yours(m.group("who"))


def settled_on(text: str, answers: dict) -> tuple[str, str]:
    """Return (what they settled on, its candidate id or "") in their words."""
    if own := OWN_WORDING.search(text):
        return own.group("what"), ""
    ids = [q for q in ids_named(text) if q.startswith("C")]
    if ids and (answers.get(ids[0]) or "").strip():
        return answers[ids[0]].strip(), ids[0]
    m = QUOTED.search(text)
    return (m.group(1), "") if m else ("", "")
