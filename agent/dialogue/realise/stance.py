"""Where the person stands on the exercise or on us: doubt, a correction, whose call.

Three clear messages the coach used to abstain on (review 2026-11-27, T8, T5,
T55). Each is understood as an act of its own and answered as such:
- doubt about the method ("算了 填这些对我没啥用吧"): acknowledge it, give one
  honest reason, and offer a smaller step or a break;
- a correction that hands over the value ("我不是想被表扬，我就是觉得不公平"):
  take their word, and offer the entry their own words name as theirs;
- "你是不是也觉得我该听我妈的": not ours to decide; what is theirs and what is
  the other person's are kept apart.
"""

from __future__ import annotations

__all__ = [
    "DOUBT_METHOD",
    "OTHERS_CALL",
    "correction",
    "doubt",
    "taken_back",
    "whose_call",
]

import re

from agent.dialogue.facts import (
    asks,
    claimed_core,
    person_named,
    said_by_us,
    span_of,
    spans,
)
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import where as at
from agent.dialogue.realise.phrases import combos, q_ref
from agent.dialogue.signals import (
    CLAIM_FIX,
    DOUBT_METHOD,
    FIX_DISPUTE,
    FIX_RIGHT,
    REFUSED,
)

# Someone else's view held up for us to side with ("你是不是也觉得我该听我妈的").
OTHERS_CALL = re.compile(
    r"(?:该|应该|要不要|是不是要)(?:听|照着?|按)(?:我|家里|他们|她|他)"
    r"|(?:站|向着)(?:我|他|她)?.{0,3}(?:那边|一边)"
    r"|(?:我)?(?:妈|爸|父母|家里|老公|老婆|对象)(?:说)?(?:得|的)?(?:对|没错)"
    r"|(?:说|让|要)我(?:应该|该|得|去).{0,16}你(?:是不是)?也(?:这么|这样)?(?:觉得|认为)"
)
# "我不是想被表扬，我就是觉得不公平": what they are not, then what they are.
NOT_THIS = re.compile(
    r"不是(?:在意|看重)?(?P<wrong>[^，,。！？!?]{1,8}?)[，, ]*"
    r"(?:我)?(?:就是|只是|而是|是)(?P<right>[^，,。！？!?]{2,16})"
)


def _named_value(clause: str) -> str:
    """Return the value entry a clause of theirs names ("觉得不公平" → 公平), or ''.

    By name only, longest first: "不公平" is a complaint about 公平, which the
    evidence matcher rightly reads as negated; here the complaint is the point.
    """
    from knowledge import selectors as kb

    names = sorted(
        (e.name for e in kb.entries_all(category="values") if len(e.name) >= 2),
        key=len,
        reverse=True,
    )
    named = next((n for n in names if n in clause), "")
    if named:
        return named
    from agent.dialogue import entities  # an alias of theirs: "说话算数" → 守信

    return next(
        (
            e["name"]
            for e in entities.link(clause)
            if e["category"] == "values" and e["strong"] and len(e["surface"]) >= 2
        ),
        "",
    )


def doubt(t: Turn) -> Draft:
    """Meet doubt about the exercise: fair, one honest reason, a smaller way on."""
    q = q_ref(t.ctx.question) or "这道题"
    return Draft(
        combos(
            [
                [
                    "有这个怀疑很正常，填题本身确实不会直接给你一个答案。",
                    "你这么想不奇怪：光填这些，确实不会自己变出答案。",
                ],
                [
                    "它能做的，是把你做选择时真正在意的东西摆到纸面上，"
                    "下次要选的时候，手里有一把自己的尺子。",
                ],
                [
                    f"今天不想填也可以，写下的都保存好了；要是还愿意试一下，{q}只写一句也算数。",
                    f"要不先停在这儿歇会儿；想试的话，{q}只写一句话就够。",
                ],
            ],
            t.seed,
        )
    )


def value_handed(t: Turn, wrong: str, right: str, value: str) -> Draft:
    """Take their correction, and offer the value their own words name."""
    said = span_of(t.ctx.text, right) or right
    return Draft(
        combos(
            [
                [
                    f"明白，是我说偏了，不是「{wrong}」。",
                    f"好，是我理解错了，你不是「{wrong}」。",
                ],
                [
                    f"你说的是「{said}」——你在意的是「{value}」，这样说对吗？",
                    f"「{said}」，这说的是「{value}」吧，我这样记对吗？",
                ],
            ],
            t.seed,
        )
    )


def correction(t: Turn) -> Draft | None:
    """Return the reply to a correction that hands over a value, or None."""
    m = NOT_THIS.search(t.ctx.text or "")
    if not m:
        return None
    wrong = m.group("wrong").strip("的了吧啊 ")
    right = m.group("right").strip("的了吧啊 ")
    if not (wrong and right):
        return None
    value = _named_value(right)
    # Without a value named, conversation.repair's own reading of it answers.
    return value_handed(t, wrong, right, value) if value else None


def whose_call(t: Turn) -> Draft:
    """Say whose call it is, and keep their wish apart from the other person's."""
    text = t.ctx.text or ""
    who = person_named(text) or "别人"
    who = who if who == "别人" else f"你{who}"  # "老公的想法是老公的" → 你老公
    told = [x for r, x in t.ctx.history if r == "user" and len(x) >= 20]
    # Their own wish, if an earlier message said one ("其实我更想…").
    own = next(
        (
            span_of(x, c)
            for x in reversed(told)
            for c in spans(x)
            if re.search(r"我(?:更|其实|还是)?想|我喜欢|我想要", c)
            and not re.search(r"她|他|妈|爸|让我|催我", c)
            and span_of(x, c)
        ),
        "",
    )
    q = q_ref(t.ctx.question)
    mine = (
        [f"你之前写过「{own}」，这一句是你自己的。"]
        if own
        else [f"{who}的想法是{who}的；你自己想要什么，只有你说得出来。"]
    )
    ask = (
        [
            f"{q}可以先只写你自己的版本，先不管谁会怎么说：如果没人催，你的那一天会怎么开始？",
            f"{q}先写你自己的版本：不考虑任何人的意见，你最想要的是哪一样？",
        ]
        if q
        else ["不考虑任何人的意见，你自己最想要的是什么？"]
    )
    return Draft(
        combos(
            [
                [
                    "该不该听，不是我能替你定的，我也不站在谁那边。",
                    "这事我不替你下结论：听不听，是你的决定。",
                ],
                mine,
                ask,
            ],
            t.seed,
        )
    )


def rejected(t: Turn) -> Draft | None:
    """Drop the item they refused, say their reason back, ask about the rest."""
    text = t.ctx.text or ""
    m = REFUSED.search(text)
    if not m:
        return None
    item = m.group("item").strip("的了吧啊 ")
    rest = text[m.end() :]
    whole = rest.strip("，,。！!？? ")
    reason = (
        whole  # "那是没办法，班长不管我才去的": their whole reason, as written
        if 4 <= len(whole) <= 24 and not asks(text, whole)
        else next((c for c in spans(rest) if len(c) >= 4 and not asks(text, c)), "")
    )
    if re.fullmatch(r"[这那它]?[个条点]?|这一?[条点]|那一?[条点]", item):
        return None  # "这个我不认": nothing named to drop
    said = span_of(text, reason) if reason else ""
    why = [f"你说「{said}」，这个理由我记下了。"] if said else [""]
    return Draft(
        combos(
            [
                [f"好，「{item}」那条划掉。", f"明白，「{item}」不算，我拿掉了。"],
                why,
                [
                    "剩下的里面，哪一条你认？",
                    "剩下那几条，哪一条说的确实是你？",
                ],
            ],
            t.seed,
        )
    )


def claim_fixed(t: Turn) -> Draft | None:
    """Answer "你说X…其实我是Y": whether we said X, then Y kept in their words."""
    text = t.ctx.text or ""
    m, right = CLAIM_FIX.search(text), FIX_RIGHT.search(text)
    if not (m and right and FIX_DISPUTE.search(text)) or "我不是" in text:
        return None  # "我不是X，我就是Y" is conversation.repair's own correction
    wrong, said = m.group("x"), right.group("y").strip("的了吧啊呀")
    if not said or wrong in said or len(said) < 2:
        return None
    never = not said_by_us(wrong, t.ctx.history)
    lead = f"我前面没有说过「{wrong}」。" if never else f"好，不是「{wrong}」。"
    return Draft(
        combos(
            [
                [lead],
                [f"你说的是「{said}」，我记下了。", f"记下了：是「{said}」。"],
                [
                    "这一点在你身上，最近一次是什么时候冒出来的？",
                    "要把它写进哪一题，用你刚才这句就行；想先写哪题？",
                ],
            ],
            t.seed,
        ),
        rows=[],
    )


def not_said(t: Turn) -> Draft | None:
    """Say plainly that we never said what they object to; keep their own words.

    "我啥时候说想住海边了？？删掉。我就想在成都": the coach never wrote 海边. No
    apology for a thing not done and no guess at what they saw: what they say
    instead is theirs, quoted.
    """
    text = t.ctx.text or ""
    core = claimed_core(text)
    if not core or said_by_us(core, t.ctx.history):
        return None
    mine = next(
        (qid for qid, a in (t.ctx.answers or {}).items() if a and core in a), ""
    )
    where = f"，{at(mine, step=True)}你写过「{core}」" if mine else "，你的答案里也没有"
    mine_now = [
        c
        for c in spans(text)
        if 4 <= len(c) <= 24
        and core not in c
        and not re.search(
            r"你|删|去掉|啥时候|什么时候|下结论|展开|说说|帮我|第.[个条项]|"
            # "我哪写过这个" (coach_blind32) disputes ours, says nothing of theirs
            r"没(?:提|说|写)过|哪(?:里|儿)?(?:提|说|写)过",
            c,
        )
        # "我觉得不太对" judges ours; it says nothing of theirs (coach_blind17)
        and not re.search(r"不太?对|不认同|不同意|不是这样|不准|想多了", c)
        # "改得不错", "再短一点", "我不这样说话的": about our writing (coach_blind26)
        and not re.search(
            r"改得|写得|不错|还行|挺好|舒服|太\S{1,3}了|再\S{0,2}点|用不来|这种|"
            r"(?:这样|这么|像我)说话|不像我|我的意思|变味",  # coach_blind27
            c,
        )
        and not asks(text, c)
    ]
    # What they say instead ("我其实更想问的是…") comes before anything else.
    own = next(
        (c for c in mine_now if re.search(r"其实|更想|而是|就是|真正|^是因为", c)),
        mine_now[0] if mine_now else "",
    )
    said = span_of(text, own) if own else ""
    styled = re.search(
        r"洋气|鸡汤|文艺|文绉绉|书面|煽情|矫情|太虚|太假|太官方|太正式|不这么说|"
        r"不是这样说|说话不是这样|说话直|不这样说|用不来|广告词|口语",
        text,
    )
    broad = re.search(r"太泛|太普通|太空|谁都可以|谁都会|谁不会", text)
    rest = (
        # a style disliked ("太鸡汤了 什么“点亮”"): their own way of saying it
        "你平时怎么说，就照那样写；我不会往你的答案里加词。哪句读着别扭，指给我看。"
        if styled
        # a word too broad ("第一个“沟通能力”太泛了"): their own, made specific
        else f"你说的「{said}」就比「{core}」具体，用你这句就行。"
        if broad and said and re.search(r"其实|因为|总想|就是", said)
        else "想找个更贴你的说法，就从你写过的事里挑一件，说说你在里面具体做了什么。"
        if broad
        else f"你说「{said}」，这句是你自己的，要写进去就照这个写。"
        if said
        else "你想写的是什么，用你的话说，我照着来。"
    )
    spoke = any(role != "user" for role, _ in t.ctx.history)
    lead = "我前面的回复里没有说过" if spoke else "这次对话里我还没说过"
    return Draft([[f"{lead}「{core}」{where}。{rest}"]], rows=[])


# "你说得不对": the pushback itself, before what they say instead.
WRONG = re.compile(r"不对|错了|不是这样|理解偏|理解错|说偏|想多了|没那么复杂|过度解读")


def taken_back(t: Turn) -> Draft | None:
    """Take a "你说得不对" with their own words in it: strike ours, keep theirs."""
    text = t.ctx.text or ""
    if t.ctx.selection or not WRONG.search(text):
        return None
    own = next(
        (
            c
            for c in spans(text)
            if 4 <= len(c) <= 24
            and not WRONG.search(c)
            and not re.search(r"你", c)
            and not re.match(r"我?不是", c)  # "我不是…" is what they strike
            and not asks(text, c)  # "我问的不是这个" is about us
        ),
        "",
    )
    said = span_of(text, own) if own else ""
    if not said:
        return None
    return Draft(
        combos(
            [
                ["明白，是我说偏了。", "好，是我理解错了。"],
                [f"你说「{said}」，那一条就划掉。", f"「{said}」，我记下了。"],
                [
                    "这件事里，哪一部分你还愿意留下？",
                    "去掉它以后，你还想留着的是哪一部分？",
                ],
            ],
            t.seed,
        )
    )
