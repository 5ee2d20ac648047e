"""Saying a story back: their words quoted as written, never rewritten (Coach 3 §3).

A reflection either quotes a contiguous span of this message in 「」 or names a
topic in plain words; no clause is turned from 我 into 你 or spliced into a
frame, so it cannot come out ungrammatical or say what they did not write.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, asks, echoes_question, span_of, spans
from agent.dialogue.realise import Turn

NEGATED_GLAD = ("一点", "从来", "根本", "完全", "都", "也", "并", "不", "没")

# "not_but" has none: "不是…就是…" can be about anything, and a line about
# hardship under "我跟朋友聊天就是聊八卦" says what their words do not.
INSIGHTS = {
    "contrast": "放不下的那一头，往往就是在意的东西",
    "reversal": "难的时候还愿意留下来的地方，往往有真正在意的东西",
    "scolded": "同一个习惯，换了地方可能就是本事",
    "want_reject": "想要的和不要的，正好是这道题的两半",
}
# Talk that leads into a story ("哦，这么一说"): never quoted as part of it.
FILLER = re.compile(
    r"^[哦噢嗯啊诶哎]*[，, ]*(?:这么一说|这样说来|你这么一问|你一说|说实话|说真的|"
    r"怎么说呢|其实吧|那倒是|对了|好吧)$"
)
# The heart of a story: where they say what it meant to them ("也最像我自己",
# "我就是不想让老街坊吃不到那一口"). Quoted before any detail of the events.
HEART = re.compile(
    r"像我自己|像自己|做回自己|就是我自己|舍不得|舍得花|忘不了|不想让(?!自己|我)|就是想让|"
    r"总得有人|哭|掉眼泪|眼眶|都是我撑着|我撑着|撑着我的|支撑我的|让我撑下来的|没出错|没出过错|像个大人|长大了|独当一面|心慌|不甘心|被推着|没得选|哪有得选|身不由己|由不得我|全是(?:她|他|他们)的|满脑子|"
    r"最(?:踏实|自在|开心|满足|带劲|有劲|来劲|有意思|值得|骄傲|痛快)"
)
# For someone else's sake ("不想让老街坊吃不到"): offered, never asserted (§4).
FOR_OTHERS = re.compile(r"不想让(?!自己|我)|就是想让|舍不得|总得有人")
SELF = re.compile(r"像我自己|像自己|做回自己|就是我自己")
PUSHED = re.compile(r"被推着|没得选|哪有得选|身不由己|由不得我")
# Someone else's words reported ("说铁饭碗最踏实"): their heart, not this person's.
REPORTED = re.compile(
    r"^说(?!我)|让我|催我|逼我|要我|(?:爸|妈|父母|他们|他|她|领导|老板)\S{0,3}(?:说|让|催|逼|觉得)"
)
MOVED = re.compile(r"哭|掉眼泪|眼眶")
OTHERS_TEARS = re.compile(
    r"(?:她|他|他们|同学|孩子|别人|人家|小伙子?|姑娘|小孩|老人|客人|乘客|顾客|学生|病人|"
    r"女儿|儿子|老婆|老公|爸|妈|奶奶|爷爷|外婆|外公|朋友|同事|家属)[^，。！？]{0,6}(?:哭|掉眼泪)|陪哭|哭的"
)
# A negation just before the heart word ("没哭过", "从来不心慌").
DENIED = re.compile(r"(?:没有?|不|从不|不曾)[^，。！？]{0,2}$")
PRESSURE = re.compile(r"房租|房贷|补课|学费|攒钱|欠|又要钱|没钱|工资|月薪")
# A shrug around the answer ("不知道啊 小时候就是瞎玩 搭积木"): the things named
# are the answer, the shrug is not.
SHRUGGY = re.compile(r"瞎(?:玩|折腾|搞|弄)|随便|不知道|没啥|没什么|就是玩")
GROWN = re.compile(r"像个大人|长大了|独当一面")
UNEASY = re.compile(r"心慌|不甘心")
DROWNED = re.compile(r"全是(?:她|他|他们)的|满脑子")


def heart_of(text: str) -> str:
    """Return the clause that says what the story meant to them, verbatim, or ''.

    A clause too long to quote is cut after its "是" ("唯一舍得花的是每月十几块
    买B站大会员看修电脑的视频" → what they spend on), still verbatim.
    """
    for c in spans(text):
        found = HEART.search(c)
        if not found or asks(text, c) or REPORTED.search(c):
            continue
        if DENIED.search(c[: found.start()]):
            continue  # "没哭过啊" denies the tears: it is no heart to build on
        if MOVED.search(found.group(0)) and OTHERS_TEARS.search(c) and "我" not in c:
            continue  # "陪哭的同学": someone else's tears, never theirs (coach_blind17)
        if len(c) <= QUOTE_MAX:
            return c
        tail = re.split(r"的是|就是|是", c, maxsplit=1)[-1]
        if 4 <= len(tail) <= QUOTE_MAX:
            return tail
    return ""


def heart_ask(text: str, step: str = "") -> str:
    """Return one question that fits the heart of what they said."""
    heart = heart_of(text)
    if SELF.search(heart):
        return "那段日子里，哪一刻你最觉得是在做自己？"
    if GROWN.search(heart):
        return "那段日子里，哪一刻你最觉得自己撑起来了？"
    if UNEASY.search(heart):
        return "让你心里不踏实的那一头，你最怕丢掉的是什么？"
    if MOVED.search(heart):
        # "眼眶一下就热了" is no tears: only what they said is taken for granted.
        if re.search(r"哭|泪", heart):
            return "那一刻让你掉眼泪的，是哪一句、哪一下？"
        return "那一刻最戳中你的，是哪一句、哪一下？"
    if PUSHED.search(heart):
        return "这些年里，有没有哪一次是你自己拿的主意，哪怕很小？"
    if DROWNED.search(heart):
        return "先把别人的声音放一边：只问你自己，哪怕一小段，你想要的是什么？"
    if FOR_OTHERS.search(heart):
        return {
            "interests_exploration": "要是有人专门做这件事，你想知道他们怎么做吗？",
            "strengths_exploration": "做这件事时，哪一步你比别人做得顺？",
        }.get(step, "这份放不下，更像「责任」还是「守护」，还是都不是？")
    if step == "interests_exploration":
        return "它哪一点让你一直看下去？"
    if step == "strengths_exploration":
        return "这件事里，哪一步你做得比别人顺？"
    return "这件事里，哪一刻你最想再经历一次？"


# Blows or abuse in a clause ("我爸拿皮带抽我也要去", coach_blind26).
BLOWS = re.compile(r"[抽打揍踹扇][我他她]|耳光|挨打|挨揍|打断|拳头")
# A lead-in alone: "我自己搜的话", "要说的话", "这么一说" (coach_blind26).
LEAD_ONLY = re.compile(r".{0,6}的话|(?:硬|非)?要说(?:起来)?|(?:你)?这么一说|说起来")


def mirror_of(t: Turn) -> tuple[list[str], str]:
    """Return reflections of the story in the person's words, and their kind."""
    said, text = t.u.said, t.ctx.text or ""

    focus = t.ctx.question or {}
    asked = (focus.get("text", ""), focus.get("hint", ""))

    def q(fragment: str) -> str:
        span = span_of(text, fragment)
        if LEAD_ONLY.fullmatch(span):
            return ""  # "我自己搜的话" leads into the story, it tells nothing
        return "" if echoes_question(span, asked) else span  # the question's words

    clauses = said.get("clauses", [])
    duration, role = said.get("duration", ""), t.ctx.role
    work = q(
        next(
            (
                c
                for c in clauses
                if (duration and duration in c) or (role and role in c)
            ),
            "",
        )
    )
    neg = [q(c) for c in said.get("negatives", [])]
    neg = [n for n in neg if n and n != work][-1:]
    pos = [
        q(p)
        for p in said.get("positives", [])
        if len(p) >= 2 and p not in ("什么", "这个", "那个", "一下", "这样")
    ]
    pos = [p for p in pos if p and p != work][:1]
    both = "你写到「{}」，也写到「{}」"
    # It opens with the shrug ("不知道啊 小时候就是瞎玩 搭积木"): the things
    # played are the answer; on a values question "随便写一句" is no play.
    played = t.ctx.step in ("interests_exploration", "strengths_exploration")
    if played and SHRUGGY.search("".join(spans(text)[:2])):
        things = [
            c
            for c in spans(text)
            if not SHRUGGY.search(c) and 3 <= len(c) <= QUOTE_MAX and not asks(text, c)
        ][-2:]
        if len(things) == 2:
            return [both.format(*things)], "things"
        if things:
            return [f"你写到「{things[0]}」"], "things"
    if heart := heart_of(text):  # what it meant to them comes first
        # ...with what happened just before it: the hardship, or the event
        # ("说我是她住院这些天唯一记得她名字的人" before "我在更衣室哭了好久").
        clauses_ = spans(text)
        at = clauses_.index(heart) if heart in clauses_ else -1
        before = clauses_[at - 1] if at > 0 else ""
        before = (
            before
            if 4 <= len(before) <= QUOTE_MAX
            and not asks(text, before)
            and not FILLER.search(before)  # "这么一说" is no part of the story
            and not REPORTED.search(before)  # "说女人顾家最重要": not theirs
            else ""
        )
        # Money or pressure they named ("孩子上初中补课又要钱") is said back too.
        money = next(
            (
                c
                for c in clauses_
                if PRESSURE.search(c)
                and c != heart
                and len(c) <= QUOTE_MAX
                and not asks(text, c)
            ),
            "",
        )
        hard = next(
            (n for n in neg if n and n != heart and heart not in n), money or before
        )
        return ([both.format(hard, heart)] if hard else [f"你写到「{heart}」"]), "heart"
    if said.get("scolded") and (s := q(said["scolded"])):
        return [f"你写到「{s}」", f"「{s}」这几个字，你写了进来"], "scolded"
    want, reject = q(said.get("want", "")), q(said.get("reject", ""))
    if want and reject and want != reject:
        return [both.format(want, reject)], "want_reject"
    if work and pos:
        return [both.format(work, pos[0])], "work"
    if said.get("not_but") and (nb := q(said["not_but"][1])):
        return [f"你写的是「{nb}」"], "not_but"
    doubt, vivid = q(said.get("doubt", "")), q(said.get("vivid", ""))
    if doubt and vivid and doubt != vivid:
        return [both.format(vivid, doubt)], "doubt"
    reversal = q(said.get("reversal", ""))
    if reversal and (neg or work) and reversal not in (neg or [work]):
        return [both.format((neg or [work])[0], reversal)], "reversal"
    if neg and pos:
        return [both.format(neg[0], pos[0])], "pos"
    if pos:
        return [f"你写到「{pos[0]}」", f"「{pos[0]}」——这句我留意到了"], "pos"
    if said.get("contrast"):
        before, after = (q(x) for x in said["contrast"])
        if before and after and before != after:
            return [f"你写到「{before}」，又写到「{after}」"], "contrast"
    if vivid and not BLOWS.search(vivid):  # a beating is never praised as vivid
        return [f"你写到「{vivid}」", f"「{vivid}」这一幕，你写得很具体"], "vivid"
    if neg:
        return [f"你写到「{neg[0]}」，这一句我先记下"], "neg"
    head = max(
        (c for c in spans(text) if len(c) <= QUOTE_MAX and not asks(text, c)),
        key=len,
        default="",
    )
    return ([f"你写到「{head}」"] if head else ["你说的这些，我记下了"]), "plain"
