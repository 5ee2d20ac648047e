"""What a person said about themselves, in their own words: clauses, feelings, objects.

A reflection should say back the person's words, sharper; so we keep their
phrases (trimmed, first person turned to second) instead of paraphrasing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from agent.dialogue.lexicon import (
    FEELINGS,
    NEGATIVE,
    PEOPLE,
    POSITIVE,
    REASONS,
    SHRUGS,
    TIME_MARKS,
)
from agent.dialogue.signals import CLAIMED

# Spaces split Chinese clauses ("累死了 不想写") but not English words.
# Where something happened: "在养老院", "店里", "车间", "村小".
PLACE = re.compile(
    r"在[^，,。！!？?\s]{1,8}(?:里|上|院|店|厂|站|村|校|家|班|队)|"
    r"(?:店|厂|车间|工地|站点|医院|学校|教室|村|病房|门口|食堂)里"
)
WISH = re.compile(r"想|要|打算|希望|准备")
CLAUSE_SPLIT = re.compile(
    r"[，,。.！!？?；;、…\n]+|(?<=[\u4e00-\u9fff])\s+|\s+(?=[\u4e00-\u9fff])|(?=但是|可是|不过|然而)"
)
LEADS = re.compile(
    r"^(?:我的意思是|我是说|我想说的是|也就是说|意思是|结果|但是|可是|不过|然而|而且|其实|就是|所以|然后|因为|但|可(?![能以是])|却|就|也|还|"
    r"那(?![时年天次个些段阵种样])|嗯+|唉+|emm+)+"
)
DURATION = re.compile(
    r"(?:(?<=了)|(?<=做)|(?<=干)|(?<=当)|(?<=快)|(?<=近)|(?<=整整)|(?<=工作))"
    r"([0-9]{1,2}|[一二两三四五六七八九十半]{1,3})多?年"
    r"|(?<![0-9那这同去今明前后上下])([0-9]{1,2}|[一二两三四五六七八九十半]{1,3})多?年(?=了|的|多)"
)
NOT_BUT = re.compile(r"不是(.{1,12}?)[，,]?(?:而是|就是)([^，。！？]{2,24})")
DOUBT = re.compile(
    r"不算(?:啥|什么)?(?:本事|长处|才能|优点)|算不上(?:什么)?\S{0,4}|没什么了不起"
)
CONTRAST = re.compile(r"但是|可是|不过|却|反而|可我|但我")
ACTION = re.compile(
    r"把|做了|做成|自己|帮|给|教|研究|整理|写|画|拆|修|带|陪|出题|组织|策划|"
    # Doings of people who organise and fix ("我直接拉了个表分片区", "翻了两天
    # 旧凭证给找出来了", "拿了几本书过去教他们念"): their act, in their words.
    r"拉了|排了|分了|安排|张罗|协调|联系|订了|找出|翻了|查了|算了|记了|扛|顶|"
    r"拿了|换了|搬了|跑了|做完|弄完|带着|领着"
)
# Someone else acting on them ("给我发了奖金", "被领导表扬"): not their act.
DONE_TO_ME = re.compile(r"[给让对夸替帮叫请骂]我|^被|被[^，。]{0,4}(?:夸|表扬|奖|批评)")
QID = re.compile(r"[VSPC]0\d", re.I)
AGE = re.compile(r"([1-9][0-9])\s*(?:岁|了)")
CUE_TAIL = re.compile(
    r"(?:的时候|时候|时|的时)?(?:我)?(?:都|就|会)?(?:觉得|感觉|会)?(?:挺|很|特别|超|最|蛮|真)?$"
)


@dataclass
class Said:
    """The person's message, broken into what a reflection can use."""

    clauses: list[str] = field(default_factory=list)
    contrast: list[str] = field(default_factory=list)  # [before, after] a 但是
    vivid: str = ""  # the most concrete thing they did, in their words
    asks: str = ""  # a question at the end of a story ("所以这算擅长什么")
    not_but: list[str] = field(default_factory=list)  # 不是[X]，而是[Y]
    doubt: str = ""  # "我觉得这不算啥本事": they doubt their own strength
    reversal: str = ""  # "那段时间我反而没想过辞职"
    judged: str = ""  # a judgement on themselves: "有点没出息"
    want: str = ""  # what they want to keep ("想继承他们能吃苦")
    reject: str = ""  # what they refuse ("不想被一个店拴住")
    scolded: str = ""  # what they were scolded for: "我妈天天说我磨叽" → 磨叽
    positives: list[str] = field(default_factory=list)  # objects they enjoy
    glad: list[str] = field(default_factory=list)  # their words for enjoying it
    negatives: list[str] = field(default_factory=list)  # clauses that drain them
    duration: str = ""  # "五年" as written
    age: str = ""
    has_scene: bool = False
    has_person: bool = False
    has_feeling: bool = False
    has_reason: bool = False


def content_chars(text: str) -> str:
    """Return the letters and digits of ``text`` (spaces and punctuation dropped)."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] in "LN")


_SHRUG_LEADS = sorted((s for s in SHRUGS if len(s) > 1), key=len, reverse=True)
# What is left of "都还好吧 没啥特别生气的" once the shrugs are out: particles.
_SHRUG_GLUE = re.compile(
    r"[吧呢啊呀吗嘛哦嗯额呃的了也都就还太很挺真我]|特别|其实|好像|可能|什么|啥"
)


# A placeholder saved where the answer will go ("还没写", "V08 还没想好"): the
# question is still open, so no act quotes it as what they wrote (coach_blind23:
# "你在第3题写的是「还没写」").
UNWRITTEN = re.compile(
    r"^(?:(?:我)?(?:还|暂时|目前)?(?:没|没有)(?:写|填|想好|想清楚|想出来|想到|想)(?:好)?|"
    r"还在想|想不出来?|待定|待填|先空着|空着|暂无|略|tbd|todo|n/?a)"
    r"[。.!！~…\s]*$",
    re.IGNORECASE,
)


def unwritten(text: str) -> bool:
    """Tell whether a saved answer is only a placeholder for one not written yet."""
    return bool(UNWRITTEN.match((text or "").strip()))


def is_shrug(text: str) -> bool:
    """Tell whether an answer is a stock shrug ("不知道", "都还好吧 没啥特别生气的").

    Either one shrug with at most 4 characters after it, or shrugs and particles
    with at most 2 characters of anything else.
    """
    core = content_chars(text or "").lower()
    if core in SHRUGS or any(
        core.startswith(s) and len(core) - len(s) <= 4 for s in _SHRUG_LEADS
    ):
        return True
    rest = core
    for s in _SHRUG_LEADS:
        rest = rest.replace(s, "")
    return rest != core and len(_SHRUG_GLUE.sub("", rest)) <= 2


# People an answer may name, longest first ("妈妈" before "妈"), to say back.
NAMED_PEOPLE = (
    "老伴 外婆 外公 奶奶 爷爷 姥姥 姥爷 妈妈 爸爸 母亲 父亲 哥哥 姐姐 弟弟 妹妹 "
    "老公 老婆 丈夫 妻子 女儿 儿子 导师 老师 师傅 教练 班主任 同事 同学 室友 "
    "朋友 邻居 领导 上司 老板 前辈 学长 学姐 医生 护士 舅舅 姑姑 阿姨 叔叔"
).split()


def person_named(answer: str) -> str:
    """Return who the answer names ("我妈" → 妈妈), or ''."""
    found = next((p for p in NAMED_PEOPLE if p in answer), "")
    if not found and (m := re.search(r"我(妈|爸)", answer)):
        found = m.group(1) * 2
    return found


QUOTE_MAX = 24  # a quote longer than this is a paste, not a reflection
EDGES = " 　\"'“”「」‘’()（）"


# A preface before a colon ("有一件：外婆住院时…", "补充一下：那次…") only
# announces the story: a quote starting with it says back nothing of theirs
# (coach_blind20). Someone's speech ("她说：…") keeps its speaker.
PREFACE = re.compile(
    r"^(?:(?:想到|想起|还有|有)(?:一件事?|个事)|补充一下|补充|比如|例如|举个例子|是这样的?|"
    r"(?:那)?(?:我)?(?:再)?补(?:充)?一句)"
    r"[:：]\s*"
)


def spans(text: str) -> list[str]:
    """Return the message's clauses exactly as written (only their edges trimmed)."""
    parts = (PREFACE.sub("", c.strip(EDGES)) for c in CLAUSE_SPLIT.split(text or ""))
    return [c.strip(EDGES) for c in parts if c.strip(EDGES)]


# A request or a question is not a story ("你觉得我…": asked of us; "你说得不
# 对" is a correction, not a request): "你写到「帮我挑出最重要的5个」" would
# say back what they asked of us as if it were about their life. A question
# word inside a statement ("想知道里面是怎么转起来的") is still their story.
# Help asked of us; "我小时候帮我外婆记账", "邻居找我帮忙" tell of help they gave.
HELP_ASKED = (
    r"帮我(?!外婆|外公|奶奶|爷爷|姥姥|姥爷|[爸妈哥姐弟妹家老儿女闺孩同朋室])|"
    r"(?<!找我)(?<!让我)(?<!请我)帮忙"
)
REQUEST = re.compile(
    HELP_ASKED + r"|请你|你能|你说(?![得的过])|你觉得|能不能|可不可以|你替我|[吗呢]$|"
    # "你先判断一下", "你直接给结论" (coach_blind21): put to us
    r"你(?:先|来|直接|再|给我)"
)
# Talk about the exercise, not about their life: the question said back to us
# ("你问我重要选择按啥标准"), what they want from it ("背后是啥价值观",
# "挑出我最突出的三个才能", "or just a hobby"), or how it is going ("我写不来这种").
# Quoted as "线索", these read as if the request were their answer (review 11-27).
# Feedback on our last reply and edits asked of it (coach_blind16: "第三个
# “责任感”我不太认同…换掉", "你写的这个跟我现在的工作一模一样啊", "那就挑最
# 省钱最省时间的那个吧，顺便帮我定个复盘日期"): about the task, not their life.
FEEDBACK_WORDS = (
    r"不太?认同|换掉|去掉|删掉|再换|换个方向|再写一[个条版句]|再组一|再来一[个条版]|"
    r"你(?:写|给|列|举|组|挑)的|那就(?:挑|用|选|写|按)|顺便|硬凹|太虚了|像算命|"
    r"太长了|太短了|要怎么|怎么追问|提示(?:说|里)|随口一说|随便说说|说着玩|"
    r"你这么?说|说得(?:也)?太|"
    # Disagreeing with our last reply (coach_blind21): "我不同意…你只看了价值观",
    # "“做事细致”太普通了，换一个", "第三个“沟通协调”我不认"
    r"^我?不同意|我不同意你|你只看|太普通|换一个|我不认|不认这"
)
FEEDBACK = re.compile(FEEDBACK_WORDS)
META = re.compile(
    r"你问|(?:这题|这道题|题目|它|题里)问我|你说的|背后是|是啥|是什么|算不算|算吗|也算|这算|能算|算是什么|"
    r"挑出|挑个|挑几|选出|列出|排个|写不来|不会写|怎么写|该写|写啥|写什么|"
    r"有啥用|有什么用|没啥用|没什么用|有意义吗|没意义|理解错|理解偏|说偏|说得不对|说的不对|"
    r"我问|不是这个|有啥关系|有什么关系|什么意思|啥意思|"
    r"第.{1,2}题|这题|那题|这道题|"
    # Doubt about the exercise itself ("感觉像在给自己找借口"): not their story.
    r"找借口|贴金|自欺欺人|自我安慰|骗自己|吹牛|瞎玩|别人也会|谁都会|谁不会|"
    # Asks and disputes said to us (coach_blind12: "那你按我写的原话重新排一遍",
    # "再把“公平”加进去，你把那句话改一下", "我从来没说过我最看重钱啊").
    r"你(?:把|按|给我|来|直接|再)|重新排|排一遍|加进去|改一下|没说过|哪句话说过|哪句说过|"
    r"这种题|这些题|这题目|" + FEEDBACK_WORDS + "|"
    # Asks that name what to make of it (coach_blind18: "你把我说的这两件事写成
    # S03吧，用我自己的口气", "换个才能给我配一条C02", "哪些东西老是反复出现").
    # ("直接写成他的名字", "一口气接了二十多单" are their story: not these)
    r"(?:帮我|你|给我)[^，。！？]{0,12}(?:写成|整理成|改成|缩成)|"
    r"(?:写成|整理成|改成|缩成)\s*(?:[VSPCvspc]0?[1-9]|第\s*\S\s*题|答案|一段|一句)|"
    r"用我.{0,6}(?:口气|口吻|语气)|反复出现|老是出现|你看看|"
    # About the writing, not their life ("我写的太简单了 就三个字", "把hint里说的
    # …也写进去", "按时间顺序", coach_blind19)
    r"我写的|写得太|太简单|太笼统|[一二两三四五几]个字|句式|\bhint\b|提示里|写进去|"
    r"按时间顺序|那一栏|这一栏|再加一条|"
    # About the workbook or us, or not knowing how to write ("你们这套东西是给年轻
    # 人玩的吧", "V02我不zhi道咋写", coach_blind29/30): never their material
    r"你们这|这套|咋写|zhi道|不知道(?:怎么|咋|如何)|没做过啥|想不出(?:来)?(?:啥|什么)?$|"
    r"给我(?:配|写|列|挑|出|想|举|整理|总结|改|弄|换|来)|"
    r"\b(?:hobby|passion|talent|counts?|should|what|how|why|answer|english|or just)\b",
    re.I,
)


CJK = re.compile(r"[\u4e00-\u9fff]")
NOISE = re.compile(r"[\s，,。.、；;：:！!？?“”「」‘’\"'…~～]+")
TEMPLATE = re.compile(r"“[^”]*”|「[^」]*」")
# Runs shorter than ECHO_RUN are everyday words; a clause ECHO_SHARE of which
# is the question's own words is the question, said back.
ECHO_RUN = 4
ECHO_SHARE = 0.6


def echoes_question(clause: str, question_texts) -> bool:
    """Return whether ``clause`` is mostly the question's own words said back.

    "最有成就感的时候" under S06 ("…最有成就感的一段时间…"), or the hint's
    "喜欢的是这件事本身还是背后的主题" (coach_blind16): the question, read out,
    is never their story to quote back.
    """
    plain = NOISE.sub("", clause or "")
    # A sentence pattern the hint gives them to fill (“正因为我不擅长……，所以我
    # 擅长……”) is the form of their answer, not the question: left out.
    asked = TEMPLATE.sub("", "".join(t for t in question_texts if t))
    source = NOISE.sub("", asked)
    if len(plain) < ECHO_RUN or not source:
        return False
    covered = [False] * len(plain)
    for i in range(len(plain) - ECHO_RUN + 1):
        if plain[i : i + ECHO_RUN] in source:
            covered[i : i + ECHO_RUN] = [True] * ECHO_RUN
    return sum(covered) >= ECHO_SHARE * len(plain)


def asks(text: str, clause: str) -> bool:
    """Return whether ``clause`` of ``text`` asks us something or is about the task."""
    at = (text or "").find(clause)
    after = text[at + len(clause) : at + len(clause) + 1] if at >= 0 else ""
    if CJK.search(text or "") and not CJK.search(clause) and len(clause.split()) < 4:
        return True  # "obsessed with" in a Chinese message: a fragment, not theirs
    return bool(REQUEST.search(clause) or META.search(clause)) or after in ("?", "？")


def span_of(text: str, fragment: str) -> str:
    """Return the shortest clause of ``text`` holding ``fragment``, verbatim, or ''.

    The fragment may come from a reading that dropped fillers ("其实"): the
    clause it sits in is found by its words, and the clause as written is used.
    """
    if not fragment:
        return ""
    squeeze = re.compile(r"[\s，,]+")
    fits = [
        c
        for c in spans(text)
        if fragment in c or squeeze.sub("", fragment) in squeeze.sub("", c)
    ]
    best = min(
        (c for c in fits if not asks(text, c) and not thin(c)), key=len, default=""
    )
    if best and len(best) <= QUOTE_MAX:
        return best
    plain = fragment in (text or "") and not asks(text, fragment)
    plain = plain and not thin(fragment)
    return fragment if plain and len(fragment) <= QUOTE_MAX else ""


# Whether anything is left of a clause without particles, emoji and marks ("吗😂😂"): a
# quote of it would say back nothing they said (coach_blind18).
PARTICLES = re.compile(r"[吗呢吧啊呀哦嘛啦哈嗯了的]|[^\w]")


def thin(clause: str) -> bool:
    """Tell whether ``clause`` holds no real character ("“轴”" holds one)."""
    return not PARTICLES.sub("", clause or "")


def trim(clause: str) -> str:
    """Drop leading connectives and fillers from a clause."""
    return LEADS.sub("", clause.strip(" 　\"'“”「」")).strip()


FILLERS = re.compile(r"说实话|老实说|说真的|其实|真的|反正|哈哈+|hh+|嘿嘿")


def clauses(text: str) -> list[str]:
    """Return the message's clauses, trimmed, without fillers or empty ones."""
    parts = (
        trim(FILLERS.sub("", PREFACE.sub("", c.strip(EDGES))))
        for c in CLAUSE_SPLIT.split(text or "")
    )
    return [c for c in parts if len(c) >= 2 and not QID.search(c)]


def _object_after(clause: str, cue: str) -> str:
    """Return what follows a cue such as 喜欢 ("喜欢和人打交道" → "和人打交道")."""
    rest = clause.split(cue, 1)[1]
    rest = re.sub(r"^(?:上|的是|的|去|跟)?", "", rest)
    return rest.strip()[:16]


def _object_before(clause: str, cue: str) -> str:
    """Return what precedes a cue such as 带劲 ("帮新人理思路的时候觉得挺带劲")."""
    head = clause.split(cue, 1)[0]
    head = re.sub(r"^(?:只有|就是|每次|一到|一说到|说到|一|在)", "", head)
    head = re.sub(r"^我", "", head)
    return CUE_TAIL.sub("", head).strip()[-16:]


def positive_object(clause: str) -> str:
    """Return the thing a positive clause is about, or '' when it is not clean."""
    found = re.sub(r"^(?:就是|都是|只是|也就是|还是)", "", _positive_object(clause))
    found = found.rstrip("的地着")
    # "我比他们还兴奋" compares, it names no object: "比他们还" is not a thing.
    return "" if re.search(r"[得时还也都]$|^[比还都]", found) else found


def _positive_object(clause: str) -> str:
    for cue in POSITIVE:
        if cue in clause:
            after = _object_after(clause, cue)
            before = _object_before(clause, cue)
            if cue in (
                "喜欢",
                "特别喜欢",
                "很喜欢",
                "最喜欢",
                "热爱",
                "爱",
                "享受",
                "擅长",
                "佩服",
                "羡慕",
            ):
                return after or before
            return before or after
    return ""


NEGATED = re.compile(
    r"(?:一点儿?|从来|根本|完全)?(?:也|都|并)?(?:不|没)(?:觉得|会|怎么|太)?(?:"
    + "|".join(("累", "烦", "无聊", "难受", "讨厌", "腻"))
    + ")"
)


def read(text: str) -> Said:
    """Return what the person said about themselves in ``text``.

    "一点都不觉得累" is engagement, not a complaint: a negated drain marks the
    clause before it (what they were doing) as something they enjoy.
    """
    said = Said(clauses=clauses(text))
    for i, clause in enumerate(said.clauses):
        if re.search(r"[吗呢啊]$|什么|怎么|哪", clause):
            continue  # a question is not a thing they enjoy
        if NEGATED.search(clause):
            doing = NEGATED.split(clause)[0].strip()
            if (len(doing) < 4 or re.search(r"奇怪|我$|^很", doing)) and i > 0:
                doing = said.clauses[i - 1]
            if any(w in doing for w in NEGATIVE):
                doing = "{vivid}"  # what they did, found below
            if len(doing) >= 4:
                said.positives.append(
                    re.sub(r"^(?:但是|可是|不过|但|可)?(?:我)?", "", doing)[:20]
                )
                said.glad.append(NEGATED.findall(clause)[0])
            continue
        negative = any(w in clause for w in NEGATIVE)
        if negative:
            said.negatives.append(clause[:24])
        elif re.search(r"不(?:太|怎么|是很|大)?(?:爱|喜欢|享受)", clause):
            continue  # "我不太爱出镜" is not something they enjoy
        elif (obj := positive_object(clause)) and len(obj) >= 2:
            said.positives.append(obj)
            said.glad.append(next(c for c in POSITIVE if c in clause))
    for found in DURATION.finditer(text or ""):
        # "一个练了两年的阿姨": someone else's years, said of them, not theirs.
        if re.match(
            r"的[^，。！？\s]{0,3}(?:阿姨|大爷|老人|同事|学员|客户|人|孩子|学生|师傅)",
            (text or "")[found.end() :],
        ):
            continue
        said.duration = found.group(0)
        break
    for sentence_ in re.split(r"[。！？!?\n]", text or ""):
        parts = CONTRAST.split(FILLERS.sub("", sentence_), maxsplit=1)
        if len(parts) == 2:
            before = (clauses(parts[0]) or [""])[-1]
            after = (clauses(parts[1]) or [""])[0]
            if (
                4 <= len(before) <= 18
                and 4 <= len(after) <= 24
                and not before.endswith("我")
            ):
                said.contrast = [before, after]
                break
    actions = [
        c
        for c in said.clauses
        if ACTION.search(c)
        and 6 <= len(c) <= 24
        and not any(w in c for w in NEGATIVE)
        and not re.search(r"应该|可能|吧$|[吗呢]$|不知道|不|没", c)
    ]
    if actions:  # the clause richest in doing, as they said it
        # Their own act before what others did to them: "带着两个徒弟守了三天三夜"
        # over "厂长当着全车间的面给我发了两千块奖金".
        said.vivid = max(
            actions,
            key=lambda c: (
                not DONE_TO_ME.search(c),
                c.startswith("我") or "我" in c[:3],  # said as theirs: "我直接…"
                len(ACTION.findall(c)),
                len(c),
            ),
        )
    said.positives = [
        said.vivid if p == "{vivid}" else p
        for p in said.positives
        if p != "{vivid}" or said.vivid
    ]
    if m := NOT_BUT.search(FILLERS.sub("", text or "")):
        said.not_but = [m.group(1).strip("什么的 "), trim(m.group(2))[:20]]
    if m := DOUBT.search(text or ""):
        said.doubt = m.group(0)
    if m := re.search(r"(?:反而|倒是)([^，。！？\s]{3,16})", text or ""):
        said.reversal = m.group(1)
    if m := re.search(
        r"(?:想继承|想留下|想要|想学|佩服)([^，。！？\s]{2,14})", text or ""
    ):
        said.want = m.group(1)
    if m := re.search(r"(?:不想|不要|坚决不|受不了)([^，。！？\s]{2,14})", text or ""):
        said.reject = m.group(1)
    if m := re.search(r"没出息|不好意思|太普通|很俗|太幼稚|不值一提", text or ""):
        said.judged = m.group(0)
    if m := re.search(
        # "我妈说我磨蹭是缺点" → 磨蹭: the verdict after the habit is not the habit
        r"(?:说|嫌|骂|念叨)我(?:太|很|特别|总是|老是)?([^，。！？\s]{2,4}?)"
        r"(?:是(?:个)?(?:缺点|毛病|短处)|这个?毛病|[，。！？\s]|$)",
        text or "",
    ):
        said.scolded = m.group(1)
    elif m := re.search(
        # "我妈骂我最多的就是'三分钟热度'", "我这个'嘴笨'": the quoted habit
        r"(?:说|嫌|骂|念叨)我[^，。！？]{0,8}[“\"'‘「]([^”\"'’」]{2,8})[”\"'’」]|"
        r"我这个?[“\"'‘「]([^”\"'’」]{2,8})[”\"'’」]",
        text or "",
    ):
        said.scolded = (m.group(1) or m.group(2)).split("，")[0]
    elif m := re.search(
        # "从小被我妈说磨蹭", "我的缺点就是磨蹭 这玩意儿…" (coach_blind29)
        r"(?:被[^，。！？\s]{0,4}?(?:说|嫌|骂|念叨)|(?:缺点|毛病|短处)(?:就|其实)?是|"
        # "我妈最常骂我的就是手欠" (coach_blind26)
        r"(?:说|嫌|骂|念叨)我?(?:最多)?的(?:就)?是)"
        r"(?:我)?(?:太|很|特别|总是|老是)?[“\"'‘「]?([^，。！？\s“”\"'‘’「」]{2,4}?)"
        r"[”\"'’」]?(?:[，。！？\s]|$)",
        text or "",
    ):
        said.scolded = m.group(1)
    tail = (said.clauses or [""])[-1]
    if re.search(r"算|适合|是不是|什么|吗|呢|啊$", tail) and re.search(
        r"所以|这算|那我|是不是|适合", tail
    ):
        said.asks = tail
    if m := AGE.search(text or ""):
        said.age = m.group(1)
    said.has_person = any(w in (text or "") for w in PEOPLE)
    # A scene is told by a time, by a place, or by someone doing something
    # they describe ("放学回家没人问一句作业"): none of these is asked again.
    said.has_scene = (
        any(w in (text or "") for w in TIME_MARKS)
        or bool(PLACE.search(text or ""))
        # ...but a wish is no scene ("想去游戏公司做原画")
        or (said.has_person and bool(said.vivid) and not WISH.search(said.vivid))
    )
    said.has_feeling = any(w in (text or "") for w in FEELINGS)
    said.has_reason = any(w in (text or "") for w in REASONS)
    return said


def pasted(text: str) -> list[str]:
    """Return the lines of a list pasted line by line (three or more), else [].

    A search history for P03 pasted whole is material they give, not a request
    to be guessed at (coach_blind11).
    """
    lines = [x.strip() for x in (text or "").splitlines() if len(x.strip()) >= 3]
    if len(lines) >= 3:
        return lines
    # "'基金定投'、'猫咪肾衰竭早期症状'、'二手富士相机'": a list pasted in quotes
    items = LISTED_QUOTES.findall(text or "")
    return items if len(items) >= 3 else []


LISTED_QUOTES = re.compile(
    r"[‘'“\"「]([^’'”\"」]{2,20})[’'”\"」](?=\s*[、，,；;]\s*[‘'“\"「]|\s*[、，,]?\s*(?:等|这些|[。.]|$))"
)


# Words put in the coach's mouth or theirs ("我啥时候说想住海边了？？"), checked
# against what was said: understanding routes on it, stance answers it.
def claimed_core(text: str) -> str:
    """Return the words a message says were put in its mouth, or ""."""
    m = CLAIMED.search(text or "")
    if not m:
        return ""
    bare = next((m.group(g) for g in "wvutsrqponlkjihg" if m.group(g)), "")
    if bare:
        return bare.strip()  # quoted: as they quoted it ("那一刻我明白了")
    said = m.group("x") or m.group("y") or m.group("z") or ""
    quoted = re.search(r"[“「\"'‘]([^”」\"'’]{2,14})[”」\"'’]", said)
    core = quoted.group(1) if quoted else re.sub(r"^(?:我|是|说|想|要)+", "", said)
    return core.strip("的了吧啊呀 ")


def said_by_us(core: str, history: list[tuple[str, str]]) -> bool:
    """Return whether our earlier replies hold these words (or most of them)."""
    ours = "".join(x for role, x in history if role != "user")
    if not core or core in ours:
        return bool(core)
    pairs = [core[i : i + 2] for i in range(len(core) - 1)]
    return bool(pairs) and sum(p in ours for p in pairs) / len(pairs) >= 0.6
