"""Reflecting a personal story: in the person's words, sharper, before any question.

An affirmation names a strength they showed; an example comes after, as "有人……".
"""

from __future__ import annotations

import re

from agent.dialogue.facts import asks as asks_us
from agent.dialogue.facts import pasted, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import usable
from agent.dialogue.realise.mirror import INSIGHTS, heart_ask, mirror_of, span_of
from agent.dialogue.realise.phrases import (
    combos,
    dig,
    meaning,
    q_ref,
    q_short,
    someone,
)
from knowledge.evidence import spans_match

# A reading of ours is offered as a question they can turn down (Coach 3 §4).
OFFER = {
    "values": "你写的这些，更像是在意「{name}」，还是别的什么？",
    "strengths": "这里面用到的，更像「{name}」，还是别的本事？",
    "interests": "「{name}」算是让你有劲的领域吗，还是另有所指？",
}


# A clause about what another person said, wanted or did to them.
OTHERS_WORDS = re.compile(
    r"(?:爸|妈|父母|家里|他们|她|他|领导|老板|老师)\S{0,6}(?:说|让|催|逼|要我|觉得|嫌)"
    r"|让我|催我|逼我|要我|^说"
)


# Who someone is or where they are from names no value ("老家" is not 「家乡」).
KIN = re.compile(r"爸|妈|父母|家里|家人|孩子|老公|老婆|老家|奶奶|爷爷|外婆|外公")


def _lacks(step: str, said: dict, q: dict) -> list[str]:
    """Return asks for what the story still lacks, in this step's terms.

    A value shows in a moment, a feeling and a reason; a talent in how they
    did it; a passion in what they went and did. An imagined day ("如果……")
    has no date to ask for.
    """
    asked = q.get("text") or ""
    if asked.startswith(("如果", "假如")) and "一天" in asked:
        return ["这样的一天里，哪一段你最舍不得被打断？", "这一天里你最期待哪一段？"]
    if asked.startswith(("如果", "假如")):  # a year to learn, a person to ask
        return ["这里面你最想弄明白的是哪一部分？"]
    scene = said.get("has_scene")
    if step == "interests_exploration":
        return (
            ["它哪一点让你放不下、想多了解？"]
            if scene
            else ["最近一次你主动去了解这件事，是看了什么、做了什么？"]
        )
    if step == "strengths_exploration":
        return (
            ["做这件事时，哪一步你几乎不用想？"]
            if scene
            else ["能说一次具体的经历吗：当时你是怎么做的？"]
        )
    if not scene:
        return [
            "能说一个具体的时刻吗：哪天、在哪、谁在场？",
            "这里面哪一天、哪一幕你记得最清楚？",
        ]
    if not said.get("has_feeling"):
        # "那一刻" needs a moment they described (a thing they did), not just a year.
        return (
            ["那一刻你心里是什么滋味？", "当时你心里是什么感觉？"]
            if said.get("vivid")
            else ["这件事里，最让你放不下的是什么？"]
        )
    if not said.get("has_reason"):
        return ["这件事为什么到现在还让你记得？", "它为什么对你这么重要？"]
    return []


def _before(text: str, words: str) -> str:
    """Return the sentence leading up to ``words``: who did it is said there."""
    head = text[: max(0, text.find(words))]
    return re.split(r"[。！？!?\n]", head)[-1]


def _linked(t: Turn) -> dict | None:
    """Return the knowledge row the person's own words point at, if any fits well.

    Only a name or alias they used, and not one they merely echoed from the
    question on screen ("理想的一天" is not a wish for 「理想」).
    """
    echo = t.ctx.question.get("text", "")
    text = t.ctx.text or ""
    # Words said of someone else ("说女孩子稳定最重要") are not theirs (§4).
    theirs = [c for c in spans(text) if not OTHERS_WORDS.search(c)]
    strong = [
        e["id"]
        for e in t.u.entities
        if e["strong"]
        and e["surface"] not in echo
        and any(e["surface"] in c for c in theirs)
        # "我爸妈都是中学老师" names who they are, not that 「家人」 is a value.
        and not KIN.search(e["surface"])
    ]
    # And only what the evidence matcher of the results page reads as theirs,
    # said in a positive sense: "我们村的娃放学就打游戏" is the children's
    # gaming, raised as a worry, not a passion to offer (review 11-27, c6-08).
    # Read as a message, not as the answer to the question on screen: on P06
    # (the world's problems) the matcher lets others' clauses name a topic.
    named = {
        e.entry_id
        for e in spans_match(text=text, question_id="")
        if e.strength == "named" and usable(e)
    }
    strong = [i for i in strong if i in named]
    rows = {r["id"]: r for r in t.rows()}
    # Only what they named: a search hit that merely shares two characters with
    # their story ("财富" for a tea-shop plan) is a guess, and guesses are not said.
    found = next((rows[i] for i in strong if i in rows), None)
    return found


def _next_part(t: Turn) -> str:
    """Return what "然后呢" gets after a reflection: write it in, then one more line."""
    q = t.ctx.question
    if not q:
        return ""
    heard = span_of(t.ctx.text, t.u.said.get("vivid") or "")
    lead = (
        f"就把「{heard}」这件事写进{q_ref(q)}"
        if heard
        else f"就把刚才这段写进{q_ref(q)}"
    )
    return f"{lead}，再补一句当时你最在意的是什么。"


def _why(t: Turn, row: dict | None) -> str:
    """Return the reason behind a reflection, for a following "为什么"."""
    said, text = t.u.said, t.ctx.text
    heard = span_of(text, said.get("vivid") or "")
    if row:
        lead = f"因为你写到「{heard}」，" if heard else "因为你写的这件事，"
        return f"{lead}和「{row['name']}」说的{meaning(row)}很像；像不像，你说了算。"
    if said.get("reversal") and (x := span_of(text, said["reversal"])):
        return f"因为你写到「{x}」：能让人熬过难处的东西，往往就是最在意的东西。"
    if said.get("not_but") and (x := span_of(text, said["not_but"][1])):
        return f"因为你写的是「{x}」：能让人熬过难处的东西，往往就是最在意的东西。"
    if said.get("contrast"):
        x, y = (span_of(text, c) for c in said["contrast"])
        if x and y and x != y:
            return f"因为你写到「{x}」，又写到「{y}」：两头放在一起，差别本身就是线索。"
    clauses = said.get("clauses", [])
    moving = next(
        (
            span_of(text, c)
            for c in reversed(clauses)
            if re.search(r"哭|感动|生气|开心|难过|不觉得|最|忘不了", c)
            and span_of(text, c)
        ),
        "",
    )
    moving = moving or next(
        (span_of(text, c) for c in reversed(clauses) if span_of(text, c)), ""
    )
    if not moving:
        return ""  # realise reads the reason off the reply itself
    return f"因为你写到「{moving}」：让人动情的地方，通常就是在意的地方。"


def listed_lines(text: str) -> list[str]:
    """Return the content lines of a list pasted line by line ([] if not one).

    The line that leads into it ("我直接把搜索记录复制给你吧：") and the one
    that closes it ("哈哈哈哈就这些") are no content.
    """
    return [
        x
        for x in pasted(text)
        if not x.endswith(("：", ":"))
        and not re.search(r"就这些|就这么多|复制给你|贴给你|差不多了", x)
    ]


def list_taken(t: Turn, lines: list[str]) -> Draft:
    """Take a pasted list as the question's material; ask which they would keep."""
    q = t.ctx.question
    picked = "".join(f"「{x[:14]}」" for x in lines[:6])
    where = q_ref(q) if q else "这题"
    return Draft(
        [
            [
                f"这几条就是{where}的原料：{picked}。",
                # P03's own distinction: curiosity, not an errand (DOMAIN.md)
                "里面哪几条是你搜完还想接着看、不为办事的？"
                if (q or {}).get("id") == "P03"
                else "里面哪一条最像你，想先留下？",
            ]
        ],
        pending={"listed": lines[:6]},
    )


def reflect(t: Turn) -> Draft:
    """Reflect a personal story in their words, link it, tie it to the question."""
    if len(lines := listed_lines(t.ctx.text)) >= 2:
        return list_taken(t, lines)  # a search history pasted for P03
    said, ctx, q = t.u.said, t.ctx, t.ctx.question
    mirror, kind = mirror_of(t)
    # Two halves of their own answer need no entry of ours on top.
    row = None if kind == "want_reject" else _linked(t)
    clauses = said.get("clauses", [])
    work = next((c for c in clauses if ctx.role and ctx.role in c), "")
    pos = [p for p in said.get("positives", []) if len(p) >= 4][:1]
    offer = [OFFER[row["category"]].format(name=row["name"])] if row else []
    insight = [INSIGHTS[kind]] if kind in INSIGHTS else []
    if kind == "scolded" and ctx.step != "strengths_exploration":
        # The flip ("同一个习惯…就是本事") is the talents step's: on a values
        # question a customer's unfair complaint is no habit of theirs.
        insight = []
    asks = said.get("asks", "")
    if said.get("doubt") or "算" in asks:  # "这算才能吗" / "这不算啥本事吧"
        insight = [
            f"这当然算，有人把这种本事叫「{row['name']}」"
            if row
            else "这当然算：别人做起来费劲、你却很自然，这正是才能的样子"
        ]
        offer = []
    elif "是不是" in asks and not said.get("judged"):  # never "是的：你太没出息了"
        insight = ["这个我没法替你下结论，但写下来的这件事本身，值得再看一眼"]
    firsts = [
        f"{m}——{i}。" if "——" not in m else f"{m}。{i}。"
        for m in mirror
        for i in insight
    ] or [f"{m}。" for m in mirror]
    affirm = [""]
    if said.get("judged"):
        day = "一天" in (q.get("text") or "") if q else False
        affirm = (
            [
                f"这一点都不“{said['judged']}”，这就是你想过的日子。",
                f"别说“{said['judged']}”：能说清自己想要什么样的一天，很多人都做不到。",
            ]
            if day
            else [
                f"这一点都不“{said['judged']}”，写下来的就是你在意的东西。",
                f"别说“{said['judged']}”：能把自己在意的说清楚，很多人都做不到。",
            ]
        )
    elif (
        said.get("duration")
        and (ctx.role or work)
        and kind != "heart"  # the heart of it comes before any count of years
        # "考了两年没上岸": years that went wrong are not to be weighed by us.
        and not re.search(r"没|不", span_of(ctx.text, said["duration"]) or "没")
        and not re.search(
            r"爸|妈|父母|他们|他|她",
            _before(ctx.text, said["duration"]),
        )
    ):  # their own years, not their parents' ("我妈一直忍，忍了三十年")
        # The years are theirs; a verdict on them (韧劲, 分量) would be ours.
        affirm = [
            f"{said['duration']}，不是一个小数字。",
            f"你写的是{said['duration']}，这段时间本身就值得再看一眼。",
        ]
    # One offer at most: an example of someone else's on top of it piled
    # unrelated lives onto their story (review 11-27, T11, T54).
    example = (
        [f"比如{someone(row, t.seed)}。"]
        if row and not offer and not said.get("doubt") and "算" not in asks
        else [""]
    )
    short = q_short(q, 24) if q else ""
    short = short if len(short) >= 8 else ""
    # "这段几乎就是第N题的答案" only for their own first-person account: never
    # for someone else's plan (her mother's), nor for a message about the
    # exercise ("你问我…") or one already met with an offer of ours.
    unanswered = (
        q
        and not ctx.draft
        and len(ctx.text) >= 40
        and "我" in ctx.text
        and not OTHERS_WORDS.search(ctx.text)
        and not any(asks_us(ctx.text, c) for c in spans(ctx.text))
        and kind != "heart"
        and not offer
    )
    lacks = _lacks(ctx.step, said, q)
    then = next((x for x in lacks if "：" not in x), "这里面你最在意的是什么？")
    ask = (
        [f"这段几乎就是{q_ref(q)}的答案，先把它贴进去，再补一句：{then}"]
        if unanswered
        else []
    )
    ask += [
        *([heart_ask(ctx.text, ctx.step)] if kind == "heart" else []),
        *offer,  # our reading, as a question they can turn down
        f"放到{q_ref(q)}上：最近哪一次让你最投入？" if q and pos else "",
        *lacks,
        (f"这段放到{q_ref(q)}（{short}）里，你最想留下哪一句？" if short else "")
        if q
        else "",
        # A hard story has a moment that stays; a glad one, a moment of zest.
        (
            "这件事里，最让你放不下的是哪一刻？"
            if said.get("negatives")
            else "其中哪一刻你最来劲？"
            if said.get("positives")
            else ""
        )
        if not said.get("scolded")
        else "",
        (
            f"正因为{said['scolded']}，你在哪件事上反而做得比别人好？"
            if said.get("scolded")
            else ""
        ),
        dig(row) if row else "",
    ]
    if kind == "heart":  # one question that fits what it meant to them
        ask = [heart_ask(ctx.text, ctx.step)]
    elif kind == "things":  # "搭积木 拿泥巴捏房子": what they did, in their words
        ask = ["这些里面，哪一样你能一玩就是一下午？"]
    return Draft(
        combos([firsts, affirm, example, [a for a in ask if a][:2]], t.seed),
        rows=[row] if row else [],
        pending={"why": _why(t, row), "more": _next_part(t)},
    )


ACTS = {"reflect": reflect}
