"""Make an answer concrete without writing it for them (§6).

"帮我改改 / 写具体一点 / 太书面了" about an answer: the coach quotes the answer,
names the two or three things that would make *that* answer concrete (read
from what it lacks: a moment, an action, a feeling, a meaning behind an
abstract word), and offers a fill-in frame that starts with their own words.
It never writes content into their answer and never supplies facts.
"""

from __future__ import annotations

import re

from agent.dialogue import facts
from agent.dialogue.facts import REQUEST
from agent.dialogue.numbered import QUESTION_ID
from agent.dialogue.realise import Draft, Turn, story
from agent.dialogue.realise.edit import CLAUSE, edit
from agent.dialogue.realise.grounds import (
    PART_OF,
    fit_pieces,
    number,
    short,
    substance,
    where,
)
from agent.dialogue.signals import (
    ADD,
    ATTACK,
    EDIT,
    INJECTION_ANY,
    KEEP_OR_DROP,
    VERSIONS,
    asks_edit,
)
from agent.dialogue.tasks_route import (
    MERGE_IN,
    NOT_WORDING,
    ONE_LINE_ASK,
    THINNEST,
    USE_TOLD,
    WORDING,
)

QUESTION_REF = re.compile(r"第\s*([1-9一二三四五六七八九])\s*题")
DIGITS = dict(zip("一二三四五六七八九", "123456789", strict=True))
# Words that say how it was, not what happened: each one asks for its moment.
ABSTRACT = re.compile(
    r"意义|坚持|辛苦|成长|自由|开心|快乐|有意思|充实|满足|幸福|热爱|重要|价值|"
    r"努力|认真|负责|善良|真诚|喜欢|舒服|踏实|成就感|很好|不错"
)
MOMENT = re.compile(
    r"\d|[一二三四五六七八九十两几]+(?:年|个月|天|次|岁|小时|点)|那次|那天|那年|"
    r"那时|当时|当年|时候|去年|前年|上周|上个月|昨天|每天|每周|周末|小时候|以前|"
    r"有回|有一回|有一次|那回|那阵"
)
ACTION = re.compile(
    r"我(?:就|会|都|还|也|先|又|自己|一个人)?(?:去|做|写|说|教|帮|带|找|查|跑|练|画|"
    r"拆|修|改|学|讲|开|整理|安排|组织|请|陪|拒|选|辞|搬|跟)"
)
FEELING = re.compile(
    r"开心|高兴|难受|难过|生气|火大|累|爽|感动|带劲|骄傲|后悔|害怕|紧张|哭|笑|"
    r"激动|委屈|失落|兴奋|心疼|痛快|满足|踏实|成就感|烦"
)
# "二十多份鱼", "两百多箱货": a count, with or without 多.
# "能跟室友吵到凌晨": how long it held them, enough to count as a telling
# (not a moment: the clause with the moment is still the one picked first).
SPAN_OF_TIME = re.compile(r"凌晨|半夜|通宵|一晚上|一下午|一整天|到天亮")
NUMBER = re.compile(
    r"\d|[一二三四五六七八九十百两几]+多?(?:年|个|次|天|岁|小时|遍|本|人|份|箱|件|趟|家)"
)
FORMAL = re.compile(r"书面|官方|太正式|不像我|不像我说的|太装|像作文|太虚")
SHRUG = re.compile(
    r"^(?:不知道|没有|没想过|随便|都行|说不上来|想不出来|不清楚|无)[。！!]*$"
)
# "不知道，没想过这么远": a short answer that opens with a shrug has nothing to
# build a frame from (blind8 review: a frame began 「不知道，那次……」).
SHRUG_LED = re.compile(
    r"^(?:不知道|没想过|说不上来?|想不出来?|不清楚|没有)[^。！？!?]{0,14}[。！!]?$"
)
# A clause that does something ("批作文时给学生写评语"), wherever the verb sits.
DOES = re.compile(
    r"写|教|帮|修|做|画|讲|带|拆|整理|组织|陪|采访|琢磨|研究|设计|辅导|照顾|给.{1,6}[做讲看修算]"
)
# "太啰嗦了，帮我改短一点": fewer of their words, none of ours.
SHORTER = re.compile(
    r"改短|短一?点|短些|精简|啰嗦|罗嗦|啰里啰嗦|太长|缩短|删减|简短|简洁|压缩|"
    # "把P04压成一句话，不超过40字", "缩到60字以内" (coach_blind21)
    r"压成|压到|缩到|缩成|不超过\s*\d+\s*个?字|"
    r"shorter|too\s+long|trim",
    re.I,
)
# "改得具体点 别太长": a limit on the rewrite, not a cut asked for.
NOT_LONGER = re.compile(
    r"(?:别|不要|不用|别写|不能)(?:写|弄|改)?得?太?(?:长|啰嗦|罗嗦)"
)
# Words at a clause's start that say nothing ("其实", "就是"); a clause made
# only of them ("怎么说呢") is dropped whole.
FILLER = re.compile(
    r"^(?:其实|就是|然后|反正|说实话|说真的|那个|怎么说呢|我觉得吧?|感觉|可能|好像|嗯+|哈+|吧|还有就是)+\s*"
)
SHORT_ENOUGH = 30  # an answer this short has nothing to cut
KEEP = 3  # clauses kept at most
# The ideal day (V07) has not happened: no "那次/当时" to recall.
IMAGINED = frozenset({"V07"})
ROOM = 18  # characters of their answer quoted back
MARK = "我不替你改写"  # in every reply that asks: how a later turn finds it
# A rewrite stitched from their clauses, verbatim; "你前面聊到" lets the quote
# guard read their chat messages (finish.NAMES_STORY).
OWN = "全用你写的和你前面聊到的话"
TOLD = 20  # a message this long after our questions is them telling it
STORY_BACK = 4  # their recent messages read for a story told in chat
STORY_CHARS = 40  # a message this long, with clauses, is a story
REDO = re.compile(
    r"太水|写得不好|写的不好|重写|重新写|原来写的|不要原来|换掉|替换|"
    r"原来[^，,。]{0,8}?(?:那|这)?(?:句|条)[^，,。]{0,4}(?:删|去掉|不要)"
)
# "结合刚才说的帮我重写一下S02": the story just told, for the question named.
TOLD_REF = re.compile(
    r"刚才说的|刚说的|刚才讲的|结合刚才|这件事|这个故事|刚才那段|就用这"
)
# An ask to write something, not to edit a list.
WRITE_ASK = re.compile(r"写|改|整理|扩|填|弄成")
# "把这个故事揉进V08里", "那就写进P04": what they just told goes into the answer.
WRITE_IN = re.compile(r"(?:揉|写|放|加|塞|整合|合)进|用这个改|按这个写|照这个写")
QUESTION_ONLY = 30  # a shorter message ending in a question mark only asks
TOLD_SHORT = 16  # with nothing saved, a shorter telling is still their material
SHORT_TELLING = 3  # clauses told in the ask itself, kept whole


def _which(t: Turn) -> tuple[str, str]:
    """Return (question id, its saved answer) the message is about.

    ("", "") when nothing is named and no question is in focus; ("?3", "") when
    "第3题" could be one of several steps' questions.
    """
    answers, text = t.ctx.answers, t.ctx.text
    if m := QUESTION_ID.search(text):  # "C01" names one question, in any step
        qid = f"{m.group(1).upper()}0{m.group(2)}"
        return qid, (answers.get(qid) or "").strip()
    if THINNEST.search(text):  # "就改最空的那条": the one named thinnest
        from agent.dialogue.realise.thin import thinnest

        qid = t.d.pending.get("thinnest") or thinnest(answers)
        return qid, (answers.get(qid) or "").strip()
    if m := QUESTION_REF.search(text):
        n = int(DIGITS.get(m.group(1), m.group(1)))
        prefix = (t.ctx.question.get("id") or "")[:1]
        if prefix in PART_OF:
            qid = f"{prefix}{n:02d}"
            return qid, (answers.get(qid) or "").strip()
        hits = [q for q in answers if q[:1] in PART_OF and number(q) == n]
        hits = [q for q in hits if answers[q].strip()]
        if len(hits) > 1:
            return f"?{n}", ""
        return (hits[0], answers[hits[0]].strip()) if hits else ("", "")
    qid = t.ctx.question.get("id") or t.d.pending.get("concrete", "")
    return qid, (answers.get(qid) or "").strip()


# "V07我写了这么一句：'每天过得舒服…'你帮我改改": the answer, typed in the ask.
INLINE = re.compile(r"[“\"「]([^”\"」]{6,80})[”\"」]")


# "那我随便写了：睡到自然醒，…。你帮我把这段写得像样一点": after a colon.
AFTER_COLON = re.compile(r"(?:写了|写的是|我写|这么写|就写)[:：]\s*([^。！？!?]{6,80})")


def _inline(text: str) -> str:
    """Return an answer quoted in the message itself, or ""."""
    m = INLINE.search(text or "")
    # "别写成“我要改变世界”那种口气" names what not to write (coach_blind21)
    negated = m and re.search(r"(?:别|不要|不想|不能)[^，。]{0,4}$", text[: m.start()])
    if m and re.search(r"写|答", text[: m.start()]) and not negated:
        return m.group(1).strip()
    m = AFTER_COLON.search(text or "")
    return m.group(1).strip() if m else ""


def asks(answer: str) -> list[str]:
    """Return the two or three things this answer lacks, as prompts to fill."""
    wanted = []
    if word := ABSTRACT.search(answer):
        wanted.append(f"「{word.group(0)}」具体是哪件事、哪一刻让你这么觉得")
    if not MOMENT.search(answer):
        wanted.append("那是什么时候、在哪儿的事")
    if not ACTION.search(answer):
        wanted.append("当时你具体做了什么、说了什么")
    if not FEELING.search(answer):
        wanted.append("做完之后你心里是什么感觉")
    if not NUMBER.search(answer):
        wanted.append("有没有一个数字：几年、几次、几个人")
    # Already concrete: the moment inside it, and how others saw it.
    wanted += ["其中最难或最带劲的是哪一刻", "当时别人怎么说、怎么反应"]
    return wanted[:3]


def _told_since(history: list[tuple[str, str]]) -> bool:
    """Tell whether they told the story in chat after our last questions."""
    told = False
    for role, text in reversed(history):
        if role != "user" and (MARK in text or OWN in text):
            return told
        told = told or (role == "user" and len(text) >= TOLD)
    return False


# How a story is led into ("你这么一说我想起来一个", "硬要说的话"): no content.
LEAD_IN = re.compile(
    r"^(?:哦+|噢+|嗯+|啊)?(?:这样啊|你这么一说|这么一说|我想起来|想起来|说起来|硬要说的?话|"
    r"非要说的?话|(?:要说|我自己)的话$|跟你说|那有一个|有一个|我想想|怎么说呢|对了|"
    r"(?:好吧|嗯)?我?想(?:起|到)(?:来)?(?:一个|一件)?$)"
)
# Spaces between characters are pauses too ("泡茶算不算 一泡就是一下午").
# A space between Chinese runs is a clause break (phone typing without commas);
# before a Latin word it is not ("还有就是 mechanical keyboards" is one piece).
PIECE = re.compile(r"(?:[^，,。；;！!？?…\n\s]+(?:\s+(?=[A-Za-z0-9]))?)+")


# "别把车写进去", "不要写我有车" (coach_blind21): what they leave out.
LEAVE_OUT = re.compile(
    r"(?:别|不要|不用)(?:把)?([\u4e00-\u9fff]{1,6}?)(?:写进去|写进来|写上|放进去|写进)|"
    r"(?:别|不要)(?:写|提)([\u4e00-\u9fff]{1,6}?)(?=[，。！!,？?]|$)"
)


def _kept(t: Turn, pieces: list[str]) -> list[str]:
    """Return the pieces without those holding what they asked to leave out."""
    out = [w for m in LEAVE_OUT.finditer(t.ctx.text or "") for w in m.groups() if w]
    out = [w for w in out if w not in ("这个", "那个", "这些", "太多")]
    return [p for p in pieces if not any(w in p for w in out)]


def _chat_story(t: Turn, *, least: int = STORY_CHARS) -> list[str]:
    """Return up to three clauses of a story they told in chat just before, verbatim.

    "那你帮我把第3题改得具体点" right after telling the 冲压线 story: that story
    is the concrete material, in their words: when it happened, what they did,
    and how it ended for them (its last clause). The ask itself, in the app's
    history, is no story; nor are the words that lead into one.
    """
    story = _chat_told(t, least)
    clauses = [
        c.strip()
        for c in PIECE.findall(story)
        if 4 <= len(c.strip())
        and not LEAD_IN.match(c.strip())
        and not re.search(r"算不算|[？?吗]$", c.strip())
        # "我这是语音打的字可能有错": about the typing, no part of the story
        and not re.search(r"语音|打的字|错别字|打错|你明白|你懂|你知道吗", c)
        # "这题我是不是就写这个": about the task, in the story's message
        and not facts.asks(story, c.strip())
    ]
    clauses = _kept(t, clauses)
    if len(clauses) < (3 if least >= STORY_CHARS else 2):
        return []
    return fit_pieces(_picked(clauses))


# The ask inside a message that also tells the story ("…最后拿了一等奖。你帮我把
# 这段写成V03的答案吧"): the sentence with it is left out, the rest is the story.
ASK_SENTENCE = re.compile(
    r"帮我|你帮|能不能|可不可以|写成|写进|整理成|这个要是算|要是算的话|答案吧|[吗呢？?]$|"
    # "就改最空的那条，给我两个版本，我自己选" (coach_blind20): the ask, no story
    r"给我|[两三几]个?版本|自己选|自己挑|就改|"
    # "第三个“沟通协调”我不认…去掉它", "我不同意…你只看了价值观" (coach_blind21)
    r"不认|不同意|去掉|删掉|换一个|太普通|你只|不像我|换成"
)
SENTENCE = re.compile(r"[^。！!？?\n]+[。！!？?]?")


def _own_told(t: Turn) -> str:
    """Return the story told in the ask itself, its asking sentence left out.

    Only a telling counts: a time, a number or a deed of theirs in it, and no
    sentence that talks to us or about the task ("你写的这个有点太文艺了",
    "我想看看人家是怎么写的" are no story).
    """
    text = t.ctx.text or ""
    if not re.search(r"[\u4e00-\u9fff]", text):
        return ""  # "you write something for V07 based on that": an ask, no story
    if not re.search(r"[。！!？?]", text):
        # "聊改装车停不下来 跟同学能聊一晚上 你帮我写进去吧": spaces are the stops
        text = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "。", text)
    told = "".join(
        s
        for s in SENTENCE.findall(text)
        if not ASK_SENTENCE.search(s)
        and not any(facts.asks(text, c) for c in PIECE.findall(s))
        and not re.search(r"你|这个|那个", s[:6])
    ) or _told_beside_ask(text)
    day = "一天" in (t.ctx.question.get("text") or "")  # an ideal day is told as one
    telling = MOMENT.search(told) or NUMBER.search(told) or SPAN_OF_TIME.search(told)
    if not (telling or day):
        return ""
    return re.sub(
        r"^(?:[VSPvsp]0?[1-9])?\s*(?:我想了想|我想想|想了想)?[，,]?", "", told
    )


# "就写他半夜发烧那次…": what follows is the material, the lead-in is the ask.
WRITE_LEAD = re.compile(r"^(?:就|你就)?(?:写|按|用)(?=[他她我那这])")


def _told_beside_ask(text: str) -> str:
    """Return the telling clauses of a one-sentence ask, in their order.

    "其实我最常刷的是老房子改造和收纳视频，一刷一晚上，帮我重新写一版" is
    one sentence: its clauses before and after the ask are the material
    (coach_blind29), the asking clauses are left out.
    """
    sentences = SENTENCE.findall(text)
    if len(sentences) != 1:
        return ""
    if len(re.findall(r"[A-Za-z]", text)) > len(re.findall(r"[\u4e00-\u9fff]", text)):
        return ""  # an ask in English is answered as one (scope.py)
    kept = []
    for c in PIECE.findall(sentences[0]):
        c = WRITE_LEAD.sub("", c.strip())
        if (
            len(c) >= 4
            and not ASK_SENTENCE.search(c)
            and not facts.asks(text, c)
            and not INSTRUCTION.search(c)
        ):
            kept.append(re.sub(r"^(?:好吧|嗯|那|其实|说实话)[，,]?", "", c))
    return "，".join(kept)


# How they want it written, not what happened ("100字以内", "保留外婆那句原话",
# "别写'偷偷'", "最好也别占孩子在家的时间"): never material.
INSTRUCTION = re.compile(
    r"\d+\s*字|字以内|[一二两三四五六七八九十\d]+\s*句|以内|就行|重点|改成|不变|别|不用|"
    r"不要|太长|太短|简短|简洁|口气|像我|书面|写出来|不会写|保留|原话|形容词|预算|"
    r"标准|新词|听懂|顺序|啰嗦|实验|花钱|你|[A-Za-z]{2,}"
)


# "帮我写P08：我想找…": the answer spelt out after the colon (coach_blind22).
SPELT = re.compile(r"(?:写|填)\s*[VSPvsp]0?[1-9][^：:]{0,4}[：:]\s*([^。！!？?]{8,80})")
# "把这个写成P08", "就这个写进去": what they just said is what goes in.
THIS_ONE = re.compile(r"(?:把)?(?:这个|这句|这些)(?:写成|写进|填进|放进|当成)")


def _own_line(t: Turn) -> str:
    """Return the non-asking sentences of the message, if they say something."""
    text = t.ctx.text or ""
    told = "".join(
        s.strip("。！!")
        for s in SENTENCE.findall(text)
        if not ASK_SENTENCE.search(s) and not re.search(r"你", s)
    )
    told = re.sub(r"^(?:那|那么|嗯|好吧|行吧)[，,]?", "", told).strip("，, ")
    return told if 8 <= len(told) <= 60 and told in text else ""


def _own_story(t: Turn) -> list[str]:
    """Return up to four clauses of a story told in the ask itself, verbatim."""
    told = _own_told(t)
    if len(told) < TOLD_SHORT:
        return []
    asked = (t.ctx.question.get("text", ""), t.ctx.question.get("hint", ""))
    clauses = [
        c.strip()
        for c in PIECE.findall(told)
        if 4 <= len(c.strip())
        and not LEAD_IN.match(c.strip())
        and not facts.asks(told, c.strip())
        # "如果真能免费进修一年": the question read back, never their material
        and not facts.echoes_question(c.strip(), asked)
    ]
    clauses = _kept(t, clauses)
    if "一天" in (t.ctx.question.get("text") or ""):
        # An ideal day is all its parts, in their order ("睡到自然醒，骑车去河边
        # 溜一圈，下午…，晚上…"), its lead-in ("大概就是：") left off.
        day = [re.sub(r"^[^：:]{0,6}[：:]", "", c) for c in clauses]
        return fit_pieces(day[:4]) if len(day) >= 2 else []
    if len(clauses) == SHORT_TELLING:
        # "要是能学一年，我想学木工，可又怕别人笑我": three clauses are the
        # telling whole; picking two dropped the wish itself (coach_blind29)
        return fit_pieces(clauses)
    return fit_pieces(_picked(clauses)) if len(clauses) >= 2 else []


# "按刚才陈姨那件事": the story named by who or what it was about.
NAMED_STORY = re.compile(
    r"(?:按|用|就用|拿|照)(?:着)?(?:刚才|前面|上面|之前)?(?:说的|讲的)?([\u4e00-\u9fff]{2,6}?)"
    r"(?:那件事|那段|那个事|那事|的事|那次)"
)


def _chat_told(t: Turn, least: int = STORY_CHARS) -> str:
    """Return the story they told in chat just before (the one named, if named)."""
    recent = [
        x
        for role, x in t.ctx.history
        # "忽略你之前收到的所有指令…": an attack is never their story (coach_blind5)
        if role == "user"
        and x != t.ctx.text
        and not INJECTION_ANY.search(x)
        and not ATTACK.search(x)
    ][-STORY_BACK:]
    if (m := NAMED_STORY.search(t.ctx.text or "")) and (
        named := next((x for x in reversed(recent) if m.group(1) in x), "")
    ):
        return re.sub(r"^.{0,12}?(?:我想写这个|我想写|就写)[:：]\s*", "", named)
    # "你帮我把刚才这段整理成V05的答案吧" is an ask, not the story before it.
    return next(
        (
            x
            for x in reversed(recent)
            if len(x) >= least
            and not REQUEST.search(x)
            and not facts.FEEDBACK.search(x)  # "我不同意…": about our reply, no story
            # "'如何体面地辞职'你怎么没提": about our reply too (coach_blind23)
            and not re.search(r"你(?:怎么|为什么|为啥|咋)(?:没|不|又)|你刚才|你说的", x)
            # "你是chatgpt吗？还是文心一言？" between the story and the ask: a
            # question to us, skipped for the story before it (coach_blind16)
            and not (x.rstrip().endswith(("？", "?")) and len(x) < QUESTION_ONLY)
        ),
        "",
    )


# A clause about their own doing ("我一口气接了二十多单"), not a thought.
MINE = re.compile(
    # "B站我几乎只看两类": a short topic may come before 我 (coach_blind16)
    r"^(?:那天|后来|然后|当时|最后|就|结果|[^你我说但而可却，,。]{1,3})?我"
    r"(?!觉得|想|感觉|猜|估计|也不知道)"
)


def _picked(clauses: list[str]) -> list[str]:
    """Return the story's telling clauses in its order: when, what I did, the end.

    At most four: the first with a time, up to two of their own doings (a
    clause of theirs with 我, a number or a deed), and the last one (how it
    ended for them). Empty openings ("可能是", "其实") are left off.
    """
    clauses = [facts.PREFACE.sub("", c) or c for c in clauses]  # "有一件：…"
    clauses = [re.sub(r"^(?:可能是|要说[^，]{0,6}的)\s*", "", c) or c for c in clauses]
    clauses = [FILLER.sub("", c).strip() or c for c in clauses]
    when = next((c for c in clauses[:-1] if MOMENT.search(c)), "")
    did = [
        c
        for c in clauses[:-1]
        if c != when
        and (MINE.search(c) or NUMBER.search(c) or ACTION.search(c) or DOES.search(c))
    ]
    did.sort(key=lambda c: not MINE.search(c))  # their own first, order kept
    chosen = {when, *did[:2], clauses[-1]} - {""}
    # A short telling, or one whose doings no pattern names ("给流浪猫搭了个窝，
    # 用泡沫箱和旧棉被"): its clauses as they come.
    doing = [
        c for c in chosen if ACTION.search(c) or DOES.search(c) or NUMBER.search(c)
    ]
    if len(chosen) < 2 or not (did or doing):
        chosen = set(clauses[:4])
    return [c for c in clauses if c in chosen][:4]


def _opening(answer: str, room: int = ROOM) -> str:
    """Return the answer's first clauses up to ``room`` characters, verbatim."""
    answer = substance(answer).rstrip("。！!…")  # our own sentence ends it
    if len(answer) <= room:
        return answer
    end = 0
    for m in CLAUSE.finditer(answer):
        if m.end() > room and end:
            break
        end = m.end()
    return answer[: min(end, room + 6)] + "…"


def _frame(answer: str) -> str:
    """Return a fill-in frame that opens with their first clause, verbatim."""
    first = next(iter(CLAUSE.findall(substance(answer))), answer).strip()
    if len(first) > ROOM:
        first = first[:ROOM] + "…"
    return f"「{first}，那次……，我……，当时觉得……」"


def _material(answers: dict, skip: str) -> list[tuple[str, str]]:
    """Return (question id, clause) of things they already do, from other answers."""
    found = []
    for qid in sorted(answers):
        # Their own doings only: values answers tell of others (V01, V04).
        if qid == skip or qid[:1] not in ("S", "P"):
            continue
        for clause in CLAUSE.findall(answers[qid] or ""):
            if DOES.search(clause) and 6 <= len(clause) <= 16:
                found.append((qid, clause.strip()))
                break
    return found


def _imagined(t: Turn, qid: str, answer: str, quoted: str) -> Draft | None:
    """Return the asks for an imagined day or saying, with their own material.

    Not "那次/当时": nothing has happened yet. What would fill it is often in
    their other answers already ("批作文时给学生写评语"); it is offered, not put in.
    """
    wanted = []
    if word := ABSTRACT.search(answer):
        wanted.append(f"「{word.group(0)}」的是哪件事")
    wanted += ["早中晚各在哪儿、和谁", "一天结束时心里是什么感觉"]
    numbered = "；".join(f"{i}. {a}" for i, a in enumerate(wanted[:3], 1))
    have = _material(t.ctx.answers, qid)[:2]
    lead = (
        f"你在第{number(qid)}题写的是「{quoted}」。这是想象的一天，补上这几样就具体了："
    )
    if not have:
        return Draft(
            [[f"{lead}{numbered}。开头可以照这个填：「那天早上……，白天我在……」"]],
            rows=[],
            pending={"concrete": qid, "points": wanted[:3]},
        )
    for n in (2, 1):
        own = "、".join(
            f"{where(q, step=True)}「{short(c, c, 14)}」" for q, c in have[:n]
        )
        text = f"{lead}{numbered}。你别的答案里已有现成的事：{own}，放得进这一天吗？"
        if len(text) <= t.budget:
            return Draft(
                [[text]], rows=[], pending={"concrete": qid, "points": wanted[:3]}
            )
    return None


def _plan(t: Turn, qid: str, quoted: str) -> Draft:
    """Return the asks that make a direction (C answers) a step to try this week.

    A plan has no past moment to recall: what makes it concrete is when, for
    whom and, when they ask for money, what to charge; what they already do
    (an S or P answer) is offered as where the first try comes from.
    """
    wanted = ["这礼拜哪天、在哪儿先试一次", "第一个找谁：身边谁正好用得上"]
    if re.search(r"钱|收入|收费|赚|挣", t.ctx.text):
        wanted.append("收多少、怎么收，先定个小数")
    numbered = "；".join(f"{i}. {a}" for i, a in enumerate(wanted, 1))
    from agent.dialogue.realise.means import doing  # means imports the router

    q, c = doing({k: v for k, v in t.ctx.answers.items() if k[:1] in "SP"})
    own = (
        f"你{where(q, step=True)}写过「{short(c, c, 16)}」，第一次可以从这儿找人。"
        if q
        else ""
    )
    return Draft(
        [
            [
                f"你在第{number(qid)}题写的是「{_opening(t.ctx.answers[qid], 24)}」。"
                f"{MARK}，补上这几样就能这礼拜试：{numbered}。{own}"
            ]
        ],
        rows=[],
        pending={"concrete": qid, "points": wanted},
    )


def trimmed(answer: str) -> tuple[list[str], list[str]]:
    """Return (clauses kept, clauses cut): their words only, in their order.

    Each kept clause is a contiguous span of the answer, its empty opening
    ("其实", "就是") left off; repeats and clauses of filler alone are cut, and
    of the rest the first and those that tell something (a deed, a number, a
    moment, a feeling) stay.
    """
    kept: list[str] = []
    cut: list[str] = []
    for raw in (c.strip() for c in CLAUSE.findall(answer)):
        core = FILLER.sub("", raw).strip()
        if len(core) < 2 or core in kept:
            cut.append(raw)
            continue
        telling = (
            not kept
            or DOES.search(core)
            or NUMBER.search(core)
            or MOMENT.search(core)
            or FEELING.search(core)
        )
        (kept if telling and len(kept) < KEEP else cut).append(core if telling else raw)
    return kept, [c for c in cut if c]


ONE_LINE = re.compile(r"再短|一句话?|一行|更短")


def _shorter(where: str, qid: str, answer: str, keep: int = KEEP) -> Draft:
    """Return the answer cut to its telling clauses, offered, never written in."""
    kept, cut = trimmed(answer)
    cut = kept[keep:] + cut
    kept = kept[:keep]
    ref = where or "这题"
    first = kept[0] if kept else _opening(answer)
    if len(answer) <= SHORT_ENOUGH or not cut:
        return Draft(
            [
                [
                    f"{ref}现在{len(answer)}个字，已经不长了，我找不到能删的。"
                    f"真要再短，就只留「{first}」这一句，"
                    "留不留由你。"
                ]
            ],
            pending={"concrete": qid},
        )
    kept_words = "".join(f"「{k}」" for k in kept)
    drop = "".join(f"「{c}」" for c in cut[:2])
    return Draft(
        [
            [
                f"只删不加，{ref}可以只留你这几句原话：{kept_words}。",
                f"删掉的是{drop}{'等' if len(cut) > 2 else ''}。",
                "哪句删多了就加回去；改不改由你，我不会动你写的。",
            ]
        ],
        rows=[],
        # the version shown, so "你把带徒弟那段删了" puts that part back into it
        pending={"concrete": qid, "pieces": kept},
    )


def _named(qid: str) -> str:
    """Return "第3题" for a question id, "这题" when none or an ambiguous one."""
    return f"第{number(qid)}题" if qid and not qid.startswith("?") else "这题"


def _versions(t: Turn, qid: str) -> Draft | None:
    """Two versions to pick from, both only their own words: whole, and short.

    "给我两个版本挑": the pieces of the last rewrite, else of the story told in
    the ask or just before. No word of ours goes into either (Coach 3 §6).
    """
    saved = (t.ctx.answers or {}).get(qid, "").strip()
    if saved and THINNEST.search(t.ctx.text or ""):
        # "就改最空的那条，给我两个版本": that answer's own clauses, no story
        pieces = [c for c in facts.spans(saved) if len(c) >= 4][:4]
    else:
        pieces = (
            list(t.d.pending.get("pieces") or [])
            or _own_story(t)
            or _chat_story(t, least=TOLD_SHORT)
        )
    if len(pieces) < 2:
        return None
    where = _named(qid)
    whole = "".join(f"「{p}」" for p in pieces)
    # Three pieces or more: whole, and cut to how it began and ended; two: in
    # their order, and the other way round (the point first).
    other, how = (
        ((pieces[0], pieces[-1]), "短的")
        if len(pieces) >= 3
        else ((pieces[1], pieces[0]), "倒过来先说后一句的")
    )
    second = "".join(f"「{p}」" for p in other)
    return Draft(
        [
            [
                f"两版都{OWN}：一是照你说的顺序，{whole}；二是{how}，{second}。",
                f"挑一版贴进{where}，哪句不像你就删掉或换成你的说法。",
            ]
        ],
        rows=[],
        pending={"concrete": qid, "pieces": pieces},
    )


def _restyled(t: Turn, qid: str, answer: str) -> Draft:
    """Say how to reword it in their own voice; never reword it for them.

    "口语一点", "换个温和点的说法", "别用“正义”这种大词", "别把我写得很高尚"
    (coach_blind20): new words of ours would not be theirs (Coach 3 §6), so
    the sentences are shown back, with what to look for in each.
    """
    pieces = (
        list(t.d.pending.get("pieces") or [])
        or [c for c in facts.spans(answer) if len(c) >= 4][:4]
    )
    if not pieces:  # "再自然一点，像我平时说话": which text is not known
        return Draft(
            [
                [
                    "你想改的是哪一段？告诉我题号，或者把那几句贴给我。"
                    "用词我不替你换，会把你的句子摆出来，陪你一句句看。"
                ]
            ],
            rows=[],
        )
    said = "".join(f"「{p}」" for p in pieces)
    text = t.ctx.text or ""
    # "别用“正义”“底线”这种大词" when those words were never in it: said so.
    absent = [
        w
        for w in re.findall(r"[“\"「]([^”\"」]{1,6})[”\"」]", text)
        if not any(w in p for p in pieces)
    ]
    note = (
        f"里面没有{'、'.join(f'「{w}」' for w in absent)}，都是你的原话；"
        if absent
        else ""
    )
    how = (
        "说到别人的地方，只写他做了什么、你怎么想，不下评判，语气自然就软了"
        if re.search(r"温和(?:一?点|些)|太狠|太冲|怪", text)
        else "那股劲留着：你原话里最冲的那个词别删，只删掉你自己读着别扭的"
        if re.search(r"太温和|太软|要有|气势|那股", text)
        else "当时怎么想就怎么写，为了钱、为了家都可以照直写"
        if re.search(r"高尚|现实", text)
        else "哪个词你跟朋友聊天时不会说，就换成你会说的"
    )
    return Draft(
        [
            [
                f"用词得是你自己的，我不替你换，换了就不像你了。{_named(qid)}这几句：{said}，"
                f"{note}{how}。改完贴给我，我帮你看意思有没有变。"
            ]
        ],
        rows=[],
        pending={"concrete": qid, "pieces": pieces},
    )


def _merged(t: Turn, qid: str, answer: str) -> Draft | None:
    """Join what they add in this message to their saved answer, both verbatim.

    "你说P02只写“心理学书”太泛。那我补一句：我特别爱看家庭治疗的案例。帮我
    合进去" (coach_blind21): the saved answer, then their new clause.
    """
    text = t.ctx.text or ""
    added = [
        c
        for c in facts.spans(text)
        if len(c) >= 4
        and not facts.asks(text, c)
        and not MERGE_IN.search(c)
        and not WORDING.search(c)
        # How to write it, not what to add: "100字以内", "保留那个小朋友", "别太书面"
        and not re.search(
            r"你说|太泛|太空|太虚|只写|字以内|字左右|不超过|保留|别|不要|一点$|一些$|"
            r"缩|压成|改|写成|答案",
            c,
        )
    ]
    if not answer or not added:
        return None
    said = "".join(f"「{p}」" for p in [_opening(answer), *added[:2]])
    return Draft(
        [
            [
                f"{_named(qid)}可以这样写，{OWN}：{said}。",
                "按这个顺序连起来就是一版；哪句不对告诉我，我就删掉。",
            ]
        ],
        rows=[],
        pending={"concrete": qid, "pieces": [_opening(answer), *added[:2]]},
    )


def concrete(t: Turn) -> Draft:
    """Return the questions that would make the answer concrete, and a frame."""
    qid, answer = _which(t)
    answer = answer or _inline(t.ctx.text)
    # A story told with one question on screen goes into that question only, not
    # into another the ask also names ("…然后顺便把V05也扩一下", coach_blind26).
    on_screen = qid == (t.ctx.question.get("id") or qid)
    if not answer and len(lines := story.listed_lines(t.ctx.text)) >= 3:
        return story.list_taken(t, lines)  # "搜索记录贴一下：'…'、'…'，哪些能写进P03"
    if MERGE_IN.search(t.ctx.text or "") and (merged := _merged(t, qid, answer)):
        return merged
    if (
        WORDING.search(t.ctx.text or "")
        and not NOT_WORDING.search(t.ctx.text or "")
        and not _told_since(t.ctx.history)  # told since: they write it as they said it
    ):
        return _restyled(t, qid, answer)
    if VERSIONS.search(t.ctx.text or "") and (versions := _versions(t, qid)):
        return versions
    if USE_TOLD.search(t.ctx.text or "") and len(pieces := _chat_story(t)) >= 2:
        # The rewrite is made of what they just told, in their words and order.
        where = _named(qid)
        said = "，".join(f"「{p}」" for p in pieces)
        return Draft(
            [
                [
                    f"用你刚才说的那件事，{where}可以这样写，{OWN}：{said}。",
                    "按这个顺序连起来就是一版；哪句不对告诉我，我就删掉。",
                ]
            ],
            rows=[],
            pending={
                "concrete": qid,
                "source": _chat_told(t, TOLD_SHORT)[:300],
                "pieces": pieces,
            },
        )
    if (
        answer
        and WRITE_IN.search(t.ctx.text or "")
        and on_screen
        and not _own_story(t)
        and (just_told := _chat_told(t))
        and len(pieces := _chat_story(t)) >= 2
    ):
        # "把这个故事揉进V08里…蛋糕那句不用写", "写进P04 把'老婆说我败家'也带
        # 上 原来那句删掉": the story just told, with what they keep or drop of it
        # and of the saved answer, never the saved answer alone (coach_blind26).
        where = _named(qid)
        # "重新写一下，把戚风那次加进去": an add keeps what was written
        redo = REDO.search(t.ctx.text or "") and not ADD.search(t.ctx.text or "")
        old = [] if redo else [_opening(answer)]
        lines = [c for c in PIECE.findall(just_told) if not LEAD_IN.match(c.strip())]
        if SHORTER.search(t.ctx.text or ""):
            lines = pieces  # "别太长 两三句": the story's telling clauses only
        source = "。".join([*old, "，".join(lines)])
        # Only a keep or a cut is an edit here ("放进去" is the write-in itself).
        if KEEP_OR_DROP.search(t.ctx.text or "") and (edited := edit(t, source, where)):
            return edited
        said = "，".join(f"「{p}」" for p in [*old, *pieces])
        return Draft(
            [
                [
                    f"{where}可以这样写，{OWN}：{said}。",
                    "按这个顺序连起来就是一版；哪句不对告诉我，我就删掉。",
                ]
            ],
            rows=[],
            pending={
                "concrete": qid,
                "source": just_told[:300],
                "pieces": [*old, *pieces],
            },
        )
    if (
        t.d.last_act == "concrete"
        and asks_edit(t.ctx.text or "")
        # A plain cut of a saved answer stays with _shorter below ("再短点，一句话").
        and (t.d.pending.get("source") or EDIT.search(t.ctx.text or ""))
    ) or (answer and KEEP_OR_DROP.search(t.ctx.text or "")):
        # ...or a saved answer edited at once ("孩子出生那句留着，讲我老公那段去掉")
        # "压成两三句，那个细节要留着": the last version, edited in their words
        source = t.d.pending.get("source") or answer
        where = _named(qid)
        if source and (edited := edit(t, source, where)):
            return edited
    if qid.startswith("?") or (
        not qid and any(q[:1] in PART_OF for q in t.ctx.answers)
    ):
        which = f"第{qid[1:]}题好几步里都有" if qid else "我还不确定你指哪一题"
        return Draft([[f"{which}，告诉我是哪一步的第几题，我就照着那题的答案问。"]])
    where = f"第{number(qid)}题" if qid else ""
    if not answer and (listed := t.d.pending.get("listed")):
        # "那帮我把P03写出来吧" right after the list they pasted: its lines
        where = _named(qid)
        said = "".join(f"「{x[:14]}」" for x in listed)
        return Draft(
            [
                [
                    f"{where}就从你贴的这几条里挑：{said}。",
                    "哪几条不为办事、搜完还想接着看，就写那几条，"
                    "照这个填：「最近常搜……和……，因为……」。哪些是好奇，只有你知道，我不替你挑。",
                ]
            ],
            rows=[],
            pending={"concrete": qid, "listed": listed},
        )
    # "那帮我写P08：我想找…" (the line after the colon), or "…你帮我把这个写成P08吧"
    # (the line they just wrote): that line is the answer, as they wrote it.
    spelt = SPELT.search(t.ctx.text or "")
    own = spelt.group(1).strip() if spelt else ""
    if not own and THIS_ONE.search(t.ctx.text or ""):
        own = _own_line(t)
    beside = _told_beside_ask(t.ctx.text or "")
    if (
        not own
        and len(beside) >= TOLD_SHORT
        and beside in (t.ctx.text or "")  # quoted as written, or not at all
        and (
            MOMENT.search(beside)
            or NUMBER.search(beside)
            or SPAN_OF_TIME.search(beside)
        )
        and not _chat_told(t)  # a story just told is the material (USE_TOLD)
    ):
        own = beside  # "帮我写一版…就写他半夜发烧那次…": the line in the ask
    if not answer and own:
        return Draft(
            [
                [
                    f"{where or '这题'}还空着，可以就用你这句：「{own}」。",
                    "照原样贴进去就是一版；想补一句为什么，用你自己的话加。",
                ]
            ],
            rows=[],
            pending={"concrete": qid, "source": own, "pieces": [own]},
        )
    if (
        not answer
        and not qid.startswith("C")  # a candidate is a formula, not a story pasted
        and (
            len(pieces := _own_story(t)) >= 2
            or len(pieces := _chat_story(t, least=TOLD_SHORT)) >= 2
        )
    ):
        if t.d.last_act == "concrete" and SHORTER.search(t.ctx.text or ""):
            pieces = [pieces[0], pieces[-1]]  # "再短点": what happened, how it ended
        # "帮我把刚刚这段整理成S06的答案": nothing saved yet, a story just told.
        said = "，".join(f"「{p}」" for p in pieces)
        source = _own_told(t) if pieces == _own_story(t) else _chat_told(t, TOLD_SHORT)
        return Draft(
            [
                [
                    f"{where or '这题'}还空着，可以先用你刚才说的这几句，"
                    f"{OWN}：{said}。",
                    f"连起来贴进{where or '这题'}就是一版；"
                    "哪句不对就删，想加的用你自己的话补。",
                ]
            ],
            rows=[],
            pending={"concrete": qid, "source": source[:300], "pieces": pieces},
        )
    if not answer:
        lead = f"{where}还没有写下答案" if where else "我还不确定你想让我看哪一题的答案"
        return Draft(
            [[f"{lead}，先写一两句，哪怕很粗糙，我再帮你问具体。"]],
            pending={"concrete": qid},
        )
    thin = SHRUG.match(answer) or len(answer) < 3 or SHRUG_LED.match(answer)
    short_one = thin or len(answer) <= 8
    # "P05我就写了“游戏”两个字…我聊游戏其实主要是聊数值平衡": the ask carries
    # the material (coach_blind14); "V06写的不知道…帮我写成P06" right after the
    # story: the story is, not the shrug saved (coach_blind26). Their clauses,
    # in their order.
    here = _own_story(t) if short_one else []
    chat = (
        _chat_story(t)
        if short_one
        and len(here) < 2
        and on_screen
        and WRITE_ASK.search(t.ctx.text or "")  # not "去掉它，换一个" (a list edit)
        else []
    )
    if len(pieces := here if len(here) >= 2 else chat) >= 2:
        said = "，".join(f"「{p}」" for p in pieces)
        whence, source = (
            ("你这条消息里", _own_told(t))
            if pieces is here
            else ("你刚才说的", _chat_told(t))
        )
        return Draft(
            [
                [
                    f"{where}现在写的是「{answer}」。{whence}就有具体的，{OWN}：{said}。",
                    f"连起来写进{where}就是一版；哪句不对告诉我，我就删掉。",
                ]
            ],
            rows=[],
            pending={"concrete": qid, "source": source[:300], "pieces": pieces},
        )
    if thin:
        return Draft(
            [
                [
                    f"{where}现在写的是「{answer}」，还没有可以展开的事。"
                    "先想一件最近让你有感觉的小事，写一句就行。"
                ]
            ],
            pending={"concrete": qid},
        )
    if SHORTER.search(t.ctx.text or "") and not NOT_LONGER.search(t.ctx.text or ""):
        # "再短点，一句话" after our cut: one clause of theirs, the first kept.
        again = t.d.last_act == "concrete" and bool(ONE_LINE.search(t.ctx.text))
        return _shorter(where, qid, answer, keep=1 if again else KEEP)
    told = _told_since(t.ctx.history)
    if (
        not told
        and (on_screen or TOLD_REF.search(t.ctx.text or ""))
        and len(pieces := _chat_story(t)) >= 2
    ):
        # The rewrite asked for, made only of their words in their order.
        # "我原来写的太水了": the old answer is what they want replaced.
        old = [] if REDO.search(t.ctx.text or "") else [_opening(answer)]
        said = "，".join(f"「{p}」" for p in [*old, *pieces])
        return Draft(
            [
                [
                    f"{where or '这题'}可以这样写，{OWN}：{said}。",
                    f"按这个顺序连起来贴进{where or '这题'}，"
                    "再补一句当时心里怎么想的；哪句不对就删。",
                ]
            ],
            rows=[],
            pending={"concrete": qid},
        )
    if told or (t.d.last_act == "concrete" and t.d.pending.get("concrete") == qid):
        # The questions were asked: not the same list again.
        leads = (
            [
                "你刚才在聊天里说的那段就很具体，照你跟我说话的口气写进",
                "就用你刚才跟我聊天的那种说法，写进",
            ]
            if told
            else [
                "不用换成好听的词，像跟朋友聊天那样写进",
                "别找好听的词，就用平时说话的口气写进",
            ]
        )
        tail = (
            f"{where or '这题'}：先写那件事，再写你当时的感受。"
            f"开头可以照这个填：{_frame(answer)}"
        )
        return Draft(
            [[lead + tail] for lead in leads],  # a second asking gets other words
            rows=[],
            pending={"concrete": qid},
        )
    if (
        ONE_LINE_ASK.search(t.ctx.text or "")
        and len(answer) <= SHORT_ENOUGH
        and not re.search(r"扩|太短|展开|具体|详细", t.ctx.text or "")
    ):
        # "帮我改成一句能交的" when it is one line already: said so, not rewritten
        return Draft(
            [
                [
                    f"{where}的「{answer}」本身就是一句，照实交就行。",
                    "想让人看懂它为什么重要，可以用你自己的话补半句。",
                ]
            ],
            pending={"concrete": qid},
        )
    quoted = _opening(answer)
    if qid.startswith("C"):
        return _plan(t, qid, quoted)
    if qid in IMAGINED and (imagined := _imagined(t, qid, answer, quoted)):
        return imagined
    wanted = asks(answer)
    numbered = "；".join(f"{i}. {a}" for i, a in enumerate(wanted, 1))
    lead = (
        "我不替你改写，改出来就不像你了。像跟朋友聊天那样，补上这几样就行："
        if FORMAL.search(t.ctx.text)
        else f"你在{where}写的是「{quoted}」。我不替你改写，补上这几样就会具体："
    )
    return Draft(
        [[f"{lead}{numbered}。也可以照这个填：{_frame(answer)}"]],
        rows=[],
        pending={"concrete": qid, "points": wanted},  # "第二点怎么写"
    )


ACTS = {"concrete": concrete}
