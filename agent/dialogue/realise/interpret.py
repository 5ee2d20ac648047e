"""What something they said shows about them: "这说明我擅长啥？" (§4, §6).

The subject is their own words: the message itself when it tells something
beyond the ask, else the last thing they told in chat, else the answer on
screen. What the evidence matcher finds there is offered as a question they
can turn down, each name beside the very words it stands on; when nothing is
named, that is said, and no name is made up.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, REQUEST, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_NAME, PART_OF
from agent.dialogue.realise.phrases import combos
from knowledge.evidence.records import Category

# The part they ask about, by its words; else the step's own part.
ASKED: tuple[tuple[str, Category], ...] = (
    (r"擅长|才能|长处|优势|本事|能力|good\s+at|strength|talent", "strengths"),
    (r"在意|看重|价值|重要|care\s+about|value", "values"),
    (r"喜欢|兴趣|热情|爱好|热爱|passion|enjoy|interest", "interests"),
)
# A question id whose voice rules are the plain ones (docs/evidence.md): the
# person's own words name, someone else's only suggest.
PLAIN_QUESTION = {"values": "V02", "strengths": "S03", "interests": "P02"}
# The ask itself ("这说明我…", "what does that say about me"), cut from the
# message before what is left is read as something they told.
ASK = re.compile(
    r"[，,。！!？?\s]*(?:那|所以|这样)?(?:这|那|这些|那些|这件事|这段|这个)?"
    r"(?:说明|代表|看出|看得出|能看出|算是?|属于|反映).{0,12}$|"
    # "帮我从这里提炼一个才能。", "帮我归纳成一两个才能词。" (coach_blind21)
    r"[，,。！!？?\s]*(?:帮我|你)?(?:从这里|从这儿|从这些)?(?:帮我)?(?:提炼|归纳|总结)"
    r"[^。！!？?]{0,16}[。！!？?]?$|"
    r"what\s+does\s+(?:that|this|it).*$",
    re.I,
)
TOLD_MIN = 8  # fewer characters than this tell nothing to read
# "哈哈开玩笑的。" before a story is about the last message, not a trait.
BANTER = re.compile(
    r"^(?:哈+|嘿+|h{2,})?[，,。！!\s]*(?:开(?:个)?玩笑的?|逗你的?|说着玩的?)[，,。！!\s]*"
)
STEP_PART: dict[str, Category] = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
}


def part_asked(text: str, step: str) -> Category:
    """Return the part the message asks about, or the step's own."""
    for pattern, part in ASKED:
        if re.search(pattern, text, re.I):
            return part
    return STEP_PART.get(step, "values")


# "那我贴几条：", "好吧，" before what they paste or tell.
PASTE_LEAD = re.compile(
    r"^(?:好吧|那|那我|我)?[，,\s]*(?:贴几条|贴一下|说几条)?[：:，,\s]*"
)


ASKED_US = re.compile(
    r"帮我|你帮|你给|你说|哪天合适|怎么写|什么意思|"
    r"给我(?:写|改|挑|排|定|列|设计|总结|一个|几个|两个|三个)"
)


def source(t: Turn) -> tuple[str, str]:
    """Return (their words to read, where they are: "chat" or a question id)."""
    told = BANTER.sub("", ASK.sub("", t.ctx.text or "")).strip()
    told = PASTE_LEAD.sub("", told).strip()
    if len(told) >= TOLD_MIN and not REQUEST.search(told):
        return told, "chat"
    for role, said in reversed(t.ctx.history):
        # The app's history already holds this very message: the ask is no story.
        said = BANTER.sub("", ASK.sub("", said)).strip()
        if (
            role == "user"
            and len(said) >= TOLD_MIN
            and not REQUEST.search(said)
            # "复盘日期定哪天合适？…帮我写成…": asked of us, never read as a story
            # (a long story with "塞给我了" in it is still a story: coach_blind28)
            and not (
                ASKED_US.search(said) and (len(said) < 40 or re.search(r"[？?]", said))
            )
        ):
            return said, "chat"
    qid = t.ctx.question.get("id", "")
    return (t.ctx.answers or {}).get(qid, ""), qid


def _clause(text: str, surface: str) -> str:
    """Return their clause that holds the matched words, verbatim."""
    return next(
        (c for c in spans(text) if surface in c and len(c) <= QUOTE_MAX),
        surface,
    )


def interpret(t: Turn) -> Draft:
    """Offer what their words may show, each name beside its own words."""
    from knowledge.evidence import spans_match

    part = part_asked(t.ctx.text or "", t.ctx.step)
    said, where = source(t)
    name = PART_NAME[part]
    if not said.strip():
        return Draft(
            [
                [
                    f"你还没说一件具体的事，我看不出是哪种{name}。"
                    "说一件最近做过的事就行，我们一起看。"
                ]
            ]
        )
    qid = where if PART_OF.get(where[:1]) == part else PLAIN_QUESTION[part]
    found = [
        e
        for e in spans_match(text=said, question_id=qid, categories=(part,))
        if len(e.surface) >= 2
    ]
    named = [e for e in found if e.strength == "named"]
    picks = (named + [e for e in found if e not in named])[:2]
    earlier = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
    # Quoted from further back than the last message: named as such (finish.py).
    near = said in (t.ctx.text or "") or bool(earlier and said in earlier[-1])
    lead = (
        ("你刚才说" if near else "你前面聊到")
        if where == "chat"
        else f"你在第{int(where[1:])}题写"
    )
    if not picks and part == "values" and (kin := _kin_offer(said, lead)):
        return kin  # "女儿打视频过来…我在电动车上哭了": offered, never asserted
    if not picks:
        return Draft(
            combos(
                [
                    [
                        f"你说的这些里，我对不上现成的{name}词，不乱安名字。",
                        f"这段话里没有直接说到哪种{name}，我不替你起名。",
                    ],
                    [
                        "这件事里，哪一步你做起来几乎不用想，别人却觉得难？"
                        if part == "strengths"
                        else "这里面最让你放不下的是哪一点？"
                        if part == "values"
                        else "这件事里，哪一部分你会主动去琢磨？"
                    ],
                ],
                t.seed,
            )
        )
    shown = [f"「{_clause(said, e.surface)}」" for e in picks]
    if len(picks) == 2:
        quotes = shown[0] if shown[0] == shown[1] else f"{shown[0]}和{shown[1]}"
        offer = (
            f"{lead}{quotes}，可能跟「{picks[0].name}」或「{picks[1].name}」有关。"
            f"更像哪个，还是都不是？"
        )
    else:
        offer = (
            f"{lead}{shown[0]}，可能跟「{picks[0].name}」有关。像你吗，还是另有说法？"
        )
    return Draft([[offer, "算不算由你定。"]])


# Family in the story, and a cost taken for it ("回来开店，收入少了一半多"):
# 「家人」 offered as a question with "还是别的" (Coach 3 §4, coach_blind27).
KIN = re.compile(
    r"我妈|我爸|父母|爸妈|家里人|孩子|老婆|老公|女儿|儿子|外婆|奶奶|爷爷|姥姥"
)
COST = re.compile(r"收入少|少了一半|降薪|工资(?:少|降)|钱少了|辞了|不干了|放弃了")


def _kin_offer(said: str, lead: str) -> Draft | None:
    """Offer 「家人」 when their story is about family, with their clauses."""
    clauses = [c for c in spans(said) if 4 <= len(c) <= QUOTE_MAX]
    kin = next((c for c in clauses if KIN.search(c)), "")
    if not kin:
        return None
    costs = [c for c in clauses if COST.search(c) and c != kin]
    cost = next(
        (c for c in costs if re.search(r"收入|工资|钱", c)), costs[0] if costs else ""
    )
    # Quoted from an earlier message: named as such (finish checks the quotes).
    told = f"{lead}「{kin}」" + (f"，也说到「{cost}」" if cost else "")
    ask = (
        "这样选的时候，放在前面的更像「家人」，还是别的？"
        if cost
        else "它指向的，更像「家人」，还是别的？"
    )
    return Draft([[f"{told}。{ask}", "算不算由你定。"]])


ACTS = {"interpret": interpret}
