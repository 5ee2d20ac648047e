"""Which part a thing belongs to ("这属于哪一类？", Coach 3 §8).

The answer names a part (重要的事 / 擅长的事 / 喜欢的事) from how the person
put it (喜欢 → a field, 擅长 → a way of doing, 在乎 → a reason), names the
knowledge entries the words resemble, and offers them as a question: the
person decides, the coach does not file it for them.
"""

from __future__ import annotations

import re

from agent.dialogue.entities import link
from agent.dialogue.facts import span_of
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos
from agent.dialogue.signals import FIELD_ASK

PART = {
    "values": "重要的事（为什么做）",
    "strengths": "擅长的事（用什么方式做）",
    "interests": "喜欢的事（在哪个领域做）",
}
# How they put it decides first: "我喜欢画画" is a field they love, "我很会画画"
# a way they are good at, "我受不了敷衍" a reason they care about.
CUES = (
    ("strengths", re.compile(r"擅长|拿手|很会|特别会|做得好|夸我|找我帮|不费劲")),
    ("values", re.compile(r"在乎|看重|重视|受不了|看不惯|生气|不能忍|底线|坚持")),
    ("interests", re.compile(r"喜欢|爱|感兴趣|着迷|好奇|迷上|停不下|忍不住")),
)
# The other reading, said by what would make it so.
OTHER = {
    "strengths": "如果让你投入的是做的方式本身，它也可能是擅长的事里的",
    "interests": "如果吸引你的是这个领域本身，它也可能是喜欢的事里的",
    "values": "如果要紧的是它背后的理由，它也可能是重要的事里的",
}
# The category words of the question itself name nothing the person does.
CATEGORY_WORDS = re.compile(
    r"^(?:热情|才能|价值观|兴趣|天赋|优势|领域|重要|擅长|喜欢)$"
)


def _part(text: str, found: list[dict]) -> tuple[str, str]:
    """Return the part and the words of theirs that decided it ('' if an entry did)."""
    for kind, cue in CUES:
        if m := cue.search(text):
            return kind, m.group(0)
    return (found[0]["category"], "") if found else ("", "")


def _field_named(t: Turn) -> tuple[list[dict], str]:
    """Return the fields the person's words name, and the message they are in.

    This message first; "这算个啥领域啊" names nothing, so then their last
    message before it ("老人不会用手机挂号…").
    """
    told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
    for source in (t.ctx.text, *reversed(told[-2:])):
        found = [
            e
            for e in link(source, category="interests", limit=3)
            if e["surface"] in source and not CATEGORY_WORDS.match(e["surface"])
        ]
        if found:
            return found, source
    return [], ""


def field(t: Turn) -> Draft:
    """Answer "这算个啥领域" with the fields their words name, offered as a question."""
    found, source = _field_named(t)
    if not found:
        return Draft(
            [
                [
                    "知识库里我没找到和它直接对得上的领域，先不乱安名字。",
                    "你最想多了解的是它的哪一面：人、手艺，还是背后的道理？",
                ]
            ]
        )
    earlier = source != t.ctx.text
    words = span_of(source, found[0]["surface"]) or found[0]["surface"]
    said = f"你{'刚才' if earlier else ''}说的「{words}」"
    names = [e["name"] for e in found[:2]]
    near = f"「{names[0]}」最接近" + (f"，也沾一点「{names[1]}」" if names[1:] else "")
    closing = (
        f"你觉得更像「{names[0]}」，还是「{names[1]}」？"
        if len(names) > 1
        else f"你觉得是「{names[0]}」，还是另有所指？"
    )
    return Draft(
        combos(
            [
                [
                    f"{said}，放在喜欢的事（在哪个领域做）里，和知识库的{near}。",
                    f"按知识库的分法，{said}和{near}。",
                ],
                [closing],
            ],
            t.seed,
        ),
        rows=[
            {"id": e["id"], "name": e["name"], "category": e["category"]}
            for e in found[:2]
        ],
        pending={"why": f"因为{said}里的词和「{names[0]}」的关键词对得上。"},
    )


def sort(t: Turn) -> Draft:
    """Say which part it most likely belongs to, and offer the entries it resembles."""
    if FIELD_ASK.search(t.ctx.text):  # which field, not which part
        return field(t)
    found = [
        e
        for e in t.u.entities
        if e["category"] in PART and not CATEGORY_WORDS.match(e["surface"])
    ]
    kind, cue = _part(t.ctx.text, found)
    if not kind:
        return Draft(
            [
                [
                    "要看它回答的是哪个问题：为什么做是重要的事，用什么方式做是擅长的事，"
                    "在哪个领域做是喜欢的事。",
                    "你说的这件，是你在乎的理由、你拿手的做法，还是你想投入的主题？",
                ]
            ]
        )
    words = sorted(
        {e["surface"] for e in found if e["surface"] in t.ctx.text}, key=t.ctx.text.find
    )
    said = "".join(f"「{w}」" for w in words[:2])
    mine = [e for e in found if e["category"] == kind][:2]
    other = next((e for e in found if e["category"] != kind), None)
    lead = [
        f"{said}听起来更像{PART[kind]}。" if said else f"听起来更像{PART[kind]}。",
        f"照你的说法，{said or '它'}先放在{PART[kind]}里看。",
    ]
    if cue:  # the word that decided it, in their own words
        lead = [f"你用的词是「{cue}」，所以{said or '它'}先放在{PART[kind]}里看。"]
    near = "和".join(f"「{e['name']}」" for e in mine)
    alt = f"不过{OTHER[other['category']]}「{other['name']}」。" if other else ""
    if mine and other:
        closing = [f"你觉得更像「{mine[0]['name']}」，还是「{other['name']}」？"]
    elif len(mine) > 1:
        closing = [f"你觉得更像「{mine[0]['name']}」，还是「{mine[1]['name']}」？"]
    else:
        closing = ["你觉得像吗，还是另有所指？", "放在这里，你觉得对吗？"]
    return Draft(
        combos(
            [
                lead,
                [f"知识库里和它接近的是{near}。" if near else ""],
                [alt],
                closing,
            ],
            t.seed,
        ),
        rows=[
            {"id": e["id"], "name": e["name"], "category": e["category"]}
            for e in (*mine, *([other] if other else []))
        ],
    )


ACTS = {"sort": sort}
