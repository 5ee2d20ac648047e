"""Reading one saved answer back: "帮我看看第5题我写的，背后是啥价值观".

The subject is the saved answer, not the message: its words are quoted (never
the request, review 2026-11-27 T4), and what may lie behind them is offered as
a question they can turn down (§4). Entries come from the results page's
matcher first; an answer about anger or care names no entry outright, so a
few cues of ours (what the anger is about) may suggest two, as a question.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_NAME, PART_OF
from agent.dialogue.realise.phrases import combos, q_ref

# What someone is angry or glad about → two values it may point at (our words).
CUES: tuple[tuple[str, tuple[str, str]], ...] = (
    (
        r"凭什么|不公|只表扬|抢功|成了.{0,8}成果|没人(?:看见|提|管)|吃亏|偏心",
        ("公平", "认可"),
    ),
    (
        r"骗|坑|说话不算|撒谎|忽悠|糊弄|答应.{0,8}(?:没|不认)|装没|放鸽子|不认账|"
        r"说好.{0,10}(?:不见|没|变)",
        ("守信", "真诚"),
    ),
    (r"欺负|老人|弱者|孩子|病人|没人帮", ("守护", "善良")),
    (r"不尊重|看不起|吼|当众|工号|呼来喝去", ("尊严", "公平")),
    (r"插队|没规矩|乱|拖|磨蹭|效率", ("秩序", "效率")),
    (r"帮|教|陪|照顾|被需要", ("助人", "被需要")),
)


def _quote(answer: str) -> str:
    """Return the answer's first clause that can be quoted whole, verbatim."""
    return next(
        (c for c in spans(answer) if 4 <= len(c) <= QUOTE_MAX),
        "",
    )


def _offers(answer: str, qid: str) -> list[str]:
    """Return up to two entry names the answer may point at."""
    from knowledge.evidence import spans_match

    part = PART_OF.get(qid[:1], "values")
    found: list[str] = []
    if part == "values":  # what the anger is about, before a word it merely uses
        found.extend(next((n for p, n in CUES if re.search(p, answer)), ()))
    found += [
        e.name
        for e in spans_match(text=answer, question_id=qid, categories=(part,))
        if len(e.surface) >= 2
    ]
    return list(dict.fromkeys(found))[:2]


def read_answer(t: Turn) -> Draft:
    """Quote the saved answer, offer what may lie behind it, ask one question."""
    qid = t.plan.target.get("question_id", "")
    answer = (t.ctx.answers or {}).get(qid, "")
    question = {"id": qid, "number": int(qid[1:]) if qid[1:].isdigit() else 0}
    ref = q_ref(question) or "这题"
    quote = _quote(answer)
    lead = (
        [f"你在{ref}写的是「{quote}」。", f"{ref}你写了「{quote}」。"]
        if quote
        else [f"你在{ref}写的这段，我读了。"]
    )
    names = _offers(answer, qid)
    part = PART_NAME.get(PART_OF.get(qid[:1], "values"), "价值观")
    if len(names) == 2:
        offer = [f"背后的{part}，更像「{names[0]}」还是「{names[1]}」，还是都不是？"]
    elif names:
        offer = [f"背后的{part}，更像「{names[0]}」，还是别的？"]
    elif part == "才能":  # a way of doing things: asked for, not guessed
        offer = ["这件事里，哪一步你做起来几乎不用想，别人却觉得难？"]
    else:
        offer = ["这里面最让你放不下的是哪一点？说出来，答案就在那儿。"]
    return Draft(combos([lead, offer], t.seed))


ACTS = {"read_answer": read_answer}
