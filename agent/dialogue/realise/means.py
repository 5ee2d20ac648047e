"""A stated limit of money or time, met with a step that fits it (Coach 3 §5).

"我可没钱去报班考证，两个娃呢" is not a request to guess at: the limit is
named in their own words, taken as real, and the next step offered costs
nothing: something their own answers say they already do, done a few more
times and noted. No course, no trip, no purchase.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from agent.dialogue import situation
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, STEP_OF, short, where
from agent.dialogue.tasks_route import BOUND, BOUND_ON, EARN

# Answers that say what they already do, the likeliest first: what people ask
# them for (S04), what they do for hours (S03), their best period (S06), the
# problem they would solve (P06), then the rest of each step.
OWN_FIRST = ("S04", "S03", "S06", "P06", "P04", "P03", "V03")
CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")
MIN_CLAUSE = 6
# Someone else as the clause's actor ("他都顶班", "我妈总说").
OTHER = re.compile(r"他|她|别人|人家|[爸妈]|老板|领导|同事|站长|师傅")
# What the money must cover, said in the same breath ("老大明年高考").
KIN_NEED = re.compile(r"高考|上学|学费|上大学|养老|看病|老人|孩子|娃")


def doing(
    answers: dict, prefer: tuple[str, ...] = (), avoid: str = ""
) -> tuple[str, str]:
    """Return (question id, a clause of theirs that says what they do), or ('', '').

    ``avoid``: the answer the last step was drawn from (not offered twice).
    """
    order = [*prefer, *OWN_FIRST, *sorted(answers)]
    for qid in dict.fromkeys(order):
        text = (answers.get(qid) or "").strip()
        if qid[:1] not in "VSP" or not text or qid == avoid:
            continue
        clauses = [
            c.strip() for c in CLAUSE.findall(text) if len(c.strip()) >= MIN_CLAUSE
        ]
        mine = [c for c in clauses if c.startswith("我") and "不" not in c[:3]]
        # Else a clause with no one else in it, and only from what they do (S,
        # P): "谁家有事他都顶班" in V01 is their station master, not a skill.
        plain = [c for c in clauses if not OTHER.search(c)] if qid[0] != "V" else []
        if pick := (mine or plain)[:1]:
            return qid, pick[0]
    return "", ""


def _their(text: str, *patterns: re.Pattern[str]) -> list[str]:
    """Return up to two of their clauses that state the limit, verbatim."""
    out = []
    for c in CLAUSE.findall(text):
        c = c.strip()
        if any(p.search(c) for p in patterns):
            out.append(c)
    return out[:2]


def _earn_clauses(text: str) -> list[str]:
    """Return their clauses that say income comes first, and what it must cover."""
    return _their(text, EARN, situation.CUES["money"], KIN_NEED)


def _at(t: Turn, qid: str) -> str:
    """Return "第4题", or "擅长的事第4题" from another step (C04 is not S04)."""
    return where(qid, step=STEP_OF.get(PART_OF.get(qid[:1], ""), "") != t.ctx.step)


def _stepped(
    t: Turn,
    lead: list[str],
    step_on: Callable[[str, str], str],
    step_else: str,
    close: str,
) -> Draft:
    """Return lead, a step drawn from one of their answers (else ``step_else``), close.

    ``step_on(where the answer is, their words)`` words the step; the answer used is
    kept as pending so the next step is drawn from another one.
    """
    qid, clause = doing(t.ctx.answers, avoid=t.d.pending.get("step", ""))
    step = step_on(_at(t, qid), short(clause, clause[:2], 18)) if qid else step_else
    return Draft([[*lead, step, close]], rows=[], pending={"step": qid})


# The time they named ("午睡那两个小时", "晚上一个小时"), to size the step to.
WINDOW = re.compile(
    r"(?:(?:午睡|晚上|早上|中午|下午|睡前|孩子睡了?)[^，,。]{0,4})?"
    r"[一二两三四五六七八九十半0-9]+\s*(?:个)?(?:小时|钟头|分钟)"
)


def fit(t: Turn) -> Draft:
    """Return the steps shrunk to a stated limit of time or place, with one example.

    "孩子还小走不开，只有午睡那两个小时，小实验我没法出门做": the limit is
    quoted and taken as real; a small experiment need not leave the house or
    take more than the time they named, and one is sized to it.
    """
    text = t.ctx.text
    said = _their(text, BOUND, situation.CUES["children"], situation.CUES["time"])
    named = "".join(f"「{s}」" for s in said)
    lead = f"你说{named}，这个得算进来：小实验不用出门，可以缩小了在家做、在网上做。"
    span = WINDOW.search(text)
    inside = f"就在{span.group(0)}里" if span else "挑一段孩子睡着的空当"
    return _stepped(
        t,
        [lead],
        lambda n, words: (
            f"比如{inside}，围着你{n}写的「{words}」，"
            "在网上找一个做这个的人发的内容或群，照着做一小段，记下做着顺不顺手。"
        ),
        f"比如{inside}，在网上找一个你好奇的行当的人发的内容，"
        "照着做一小段，记下哪一刻最想接着做。",
        "这样改小一点，你看行吗？",
    )


def earn(t: Turn) -> Draft:
    """Return income as the measure: their words, what the workbook is for, a step.

    "说这些有啥用，我现在就是要挣钱，房贷一个月四千多": the need is not argued
    with; the answers are said to serve it (work that pays and that they can
    keep doing), and the step asks the market about what they already do.
    """
    said = _earn_clauses(t.ctx.text)
    named = "".join(f"「{s}」" for s in said)
    lead = f"你说{named}，挣钱先算进来。"
    why = "这些题是帮你挑一份挣得到钱、又干得长的活：靠本来就擅长的，钱才挣得稳。"
    return _stepped(
        t,
        [lead, why],
        lambda n, words: (
            f"先来个不花钱的：你{n}写过「{words}」，"
            "这周问一两个熟人，会这个的人现在哪儿缺人、一个月给多少。"
        ),
        "先来个不花钱的：这周问一两个熟人，像你这样的经验现在哪儿缺人、一个月给多少。",
        "这样问问，你看行吗？",
    )


def means(t: Turn) -> Draft:
    """Return the limit in their words, taken as real, and a step that costs nothing."""
    if EARN.search(t.ctx.text):
        return earn(t)
    if BOUND.search(t.ctx.text) and BOUND_ON.search(t.ctx.text):
        return fit(t)  # a limit of time or place on the steps
    found = situation.cues(text=t.ctx.text)
    said = list(dict.fromkeys(v for v in found.values() if v))[:2]
    named = "、".join(f"「{s}」" for s in said)
    these = "这些都是" if len(said) > 1 else "这是"
    lead = f"你说{named}，{these}实打实的处境，得算进来。" if named else ""
    # What the step must not take: money, or time they do not have.
    spare = "不占整块时间" if "time" in found and "money" not in found else "不花钱"
    prefer = tuple(
        i.get("qid", "") for i in t.d.pending.get("items") or [] if i.get("qid")
    )
    qid, clause = doing(t.ctx.answers, prefer, avoid=t.d.pending.get("step", ""))
    if qid:
        words = short(clause, clause[:2], 18)
        step = (
            f"先来个{spare}的：你{_at(t, qid)}写过「{words}」，"
            "这周找一次身边能用上它的机会，做完记下谁用上了、你做着顺不顺手。"
        )
    else:
        step = f"先来个{spare}的：这周留意一件平常做着不累的小事，记下来就行。"
    return Draft([[x for x in (lead, step, "这样试，你看行吗？") if x]], rows=[])


def first_step(t: Turn) -> Draft:
    """Return a first step from their answers when no direction was listed.

    "第一条这周具体能干点啥" after a reply that listed nothing: said plainly,
    and the week's step is still offered from what they already do.
    """
    qid, clause = doing(t.ctx.answers, avoid=t.d.pending.get("step", ""))
    lead = "我上一条还没列出能编号的方向。"
    if not qid:
        return Draft(
            [
                [
                    lead,
                    "先把「擅长的事」第4题写上一句：别人最常找你帮什么忙，方向就有了着落。",
                ]
            ]
        )
    words = short(clause, clause[:2], 18)
    return Draft(
        [
            [
                lead,
                f"这周可以先试一件小事：你{_at(t, qid)}写过「{words}」，"
                "找一次身边能用上它的机会，做完记下谁用上了、你做着顺不顺手。",
                "这样试，你看行吗？",
            ]
        ],
        rows=[],
        pending={"step": qid},
    )


ACTS = {"means": means, "first_step": first_step}
