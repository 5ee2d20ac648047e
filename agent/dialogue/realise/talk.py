"""Replies to moves about the talk itself (agent/dialogue/moves.py).

Each is answered as the move it is, never quoted back as their story: how we
talk is changed, an ear is given without advice, a question only they can
answer is handed back with both sides in their words, and a decision is
taken as made, with the one step that follows from it.
"""

from __future__ import annotations

from agent.dialogue.moves import (
    FACT_FIX,
    NO_QUESTION,
    OTHERS_SAID,
    OTHERS_VIEW,
    OWN_WORDING,
    SELF_EITHER,
    SKIP_THAT,
    TOO_LATE,
    TOO_MANY,
    not_mine,
    settled_on,
)
from agent.dialogue.numbered import ids_named
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import short, where
from agent.dialogue.realise.phrases import q_ref, q_short

ROOM = 20  # characters of a chosen candidate quoted


def _one_question(t: Turn, lead: str = "就这一个：") -> str:
    q = t.ctx.question or {}
    return f"{lead}{q_short(q)}？" if q.get("text") else ""


def style(t: Turn) -> Draft:
    """Take their word on how we talk: one question at a time, or shorter."""
    text = t.ctx.text or ""
    if NO_QUESTION.search(text):  # no question at the end, from now on
        return Draft(
            [["好，之后先不追问了。想到什么就直接写，写完发我看看。"]],
            rows=[],
            pending={"prefs": {"no_questions": True}},
        )
    prefs: dict = {}
    if TOO_MANY.search(text):
        lead = ["抱歉，一下问多了。之后我一次只问一个。", "好，之后一次只问一个。"]
    elif SKIP_THAT.search(text):
        lead = ["好，那些不讲了。", "好，看过就不重复了。"]
    else:
        lead = ["好，我说短点。", "明白，之后我少说几句。"]
        prefs = {"brief": True}  # shorter replies from now on
    return Draft(
        [[x, _one_question(t)] for x in lead], rows=[], pending={"prefs": prefs}
    )


def correct(t: Turn) -> Draft:
    """Take their correction of a fact or of whose words these are."""
    text = t.ctx.text or ""
    word, who = not_mine(text)
    if who and OTHERS_VIEW.search(text) and not OTHERS_SAID.search(text):
        # their own view still open: named as theirs to settle, not as ours
        lead = f"「{word}」是{who}的看法；你自己还没定，这很正常。"
        ask = "先把他们的话放一边：哪件事是你自己做着顺手、也愿意多做的？"
    elif who:
        lead = (
            f"明白，「{word}」是{who}说的，不算你的，我不会再把它当成你的。"
            if word
            else f"明白，那是{who}说的，不算你的，我不会再把它当成你的。"
        )
        ask = "你自己呢，哪一句是你自己想写的？"
    else:
        m = FACT_FIX.search(text)
        right, wrong = (m.group("right"), m.group("wrong")) if m else ("", "")
        lead = f"记下了：是「{right}」，不是「{wrong}」。"
        ask = _one_question(t, lead="接着看这题：")
    return Draft([[lead, ask]], rows=[])


def not_for_me(t: Turn) -> Draft:
    """Doubt that the method is for them: fair, and where it starts for anyone."""
    if TOO_LATE.search(t.ctx.text or ""):  # the workbook's own first myth
        return Draft(
            [
                [
                    "不晚。这本工作簿开头就说：想做的事不用能做一辈子，只要适合现在的你；",
                    "人会变，答案也可以跟着更新。",
                    "就从现在的你出发：最近哪件事让你愿意多花点时间？",
                ]
            ],
            rows=[],
        )
    return Draft(
        [
            [
                "这个疑问很实在。这套题不要求你先有很多选择：",
                "它先看你已经在做、做得顺手的事，选择常常是从这里多出来的。",
                "就从你现在的日子里找：哪件事你做得比别人顺手？",
            ]
        ],
        rows=[],
    )


def translate(t: Turn) -> Draft:
    """Decline a translation honestly, and say how to keep their meaning."""
    answers = t.ctx.answers or {}
    named = [q for q in ids_named(t.ctx.text or "") if (answers.get(q) or "").strip()]
    line = (
        f"对照你的原句「{short(answers[named[0]].strip(), '', ROOM)}」"
        if named
        else "对照原句"
    )
    return Draft(
        [
            [
                "翻译我不替你做：我翻不准，怕把你的意思翻走样。",
                f"可以先用翻译工具翻，再{line}，看具体的事和数字有没有丢。",
            ]
        ],
        rows=[],
    )


def listen(t: Turn) -> Draft:
    """An ear, not advice: no task, no resource, no question pushed."""
    return Draft(
        [
            [
                "好，不给建议，也不让你去找什么。",
                "我在这儿听着，想说什么就说，说多少都行。",
            ],
            ["好，今天不提建议。", "你想说什么就说，我听着。"],
        ],
        rows=[],
    )


def self_either(t: Turn) -> Draft:
    """Hand back a question about themselves, both sides in their words."""
    m = SELF_EITHER.search(t.ctx.text or "")
    a, b = (m.group("a"), m.group("b")) if m else ("", "")
    sides = f"「{a}」还是「{b}」，" if a and b else ""
    return Draft(
        [
            [
                f"{sides}这个我不替你下结论；也可能两样都对，只是在不同的事上。",
                "想一件最近的具体事：那时候你更像哪一边？",
            ]
        ],
        rows=[],
    )


def settled(t: Turn) -> Draft:
    """A decision taken: said back as made, with the one step that follows."""
    what, qid = settled_on(t.ctx.text or "", t.ctx.answers or {})
    if qid:
        return Draft(
            [
                [
                    f"好，先试{where(qid, step=False)}「{short(what, '', ROOM)}」。",
                    "要不要给它配一个这周就能做的小实验？",
                ]
            ],
            rows=[],
        )
    ref = q_ref(t.ctx.question or {})
    if OWN_WORDING.search(t.ctx.text or ""):
        where_to = f"写进{ref}时" if ref else "写的时候"
        return Draft(
            [[f"好，就用你自己的说法：「{what}」。", f"{where_to}就用这句原话。"]],
            rows=[],
        )
    if not what and "先" in (t.ctx.text or ""):  # "那我先自己写写看"
        return Draft([["好，你先写，写好了随时发我看看。"]], rows=[])
    lead = f"好，就写「{what}」。" if what else "好，就这么定。"
    return Draft(
        [
            [
                lead,
                f"写进{ref}后发我看看，需要的话我帮你看哪里还能更具体。"
                if ref
                else "写好后发我看看，需要的话我帮你看哪里还能更具体。",
            ]
        ],
        rows=[],
    )


ACTS = {
    "translate": translate,
    "style": style,
    "correct": correct,
    "not_for_me": not_for_me,
    "listen": listen,
    "self_either": self_either,
    "settled": settled,
}
