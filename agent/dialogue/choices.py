"""Choices: the next steps the coach offers under a reply (Coach 3 §1).

The coach leads: every reply carries one to three steps it knows how to carry
out well, picked from the dialogue state and the question on screen. A choice
runs its act directly, with no classification (the `choice` frame), so a click
never lands on a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

from agent.context import TurnContext


@dataclass(frozen=True)
class Choice:
    """One next step: a button under a reply, and the act it runs."""

    id: str
    label: str  # at most 12 characters: a button
    text: str  # what is saved as the person's message
    intent: str  # the intent it runs ("" : read the text, as for the hotline)


CHOICES = {
    c.id: c
    for c in (
        Choice("rephrase", "换个说法", "这道题能换个说法吗？", "question_help"),
        Choice("example", "举个例子", "能举个例子吗？", "examples"),
        Choice("review", "帮我看看我写的", "帮我看看我写的", "feedback"),
        Choice("stuck", "我卡住了", "我卡住了，不知道从哪写起", "unclear"),
        Choice("next", "下一题", "下一题写哪个？", "progress"),
        Choice("rest", "我想先歇会儿", "我想先歇会儿", "greet"),
        Choice("help", "求助热线", "热线是哪个号码？", ""),
        Choice("fine", "我没事，继续", "我没事，我们继续吧", ""),
        Choice("top5", "挑出最重要的5个", "帮我挑出最重要的5个", "top"),
        Choice(
            "combine", "合成几个方向", "把我三部分合起来，给我几个方向", "synthesis"
        ),
        Choice("why1", "第一条为什么", "第一条为什么？", "item_why"),
        Choice("try", "设计个小实验", "帮我设计一个小实验试试", "experiment"),
        # Tasks offered when the coach is unsure which one was meant (abstain).
        Choice("compare2", "比一比两个候选", "帮我比较一下C01和C02", "compare"),
        Choice("polish", "帮我改具体", "帮我把这题的答案改得具体一点", "concrete"),
        Choice("summary", "总结我写的", "帮我总结一下我写的", "summary"),
    )
}
CARE = ("crisis", "care")
# After a task on the saved answers (realise/tasks.py, combine, compare…).
TASK_CHOICES = {
    "top": ("why1", "combine"),
    "synthesis": ("why1", "try"),
    "compare": ("try", "why1"),
    "item_why": ("combine", "rest"),
    "plain": ("why1", "try"),
    "point": ("review", "example"),
    "concrete": ("review", "example"),
    "purpose": ("top5", "combine"),
    "means": ("try", "rest"),
    "first_step": ("combine", "rest"),
    "answer_here": ("next", "rest"),
    "together": ("combine", "rest"),
    "repeats": ("top5", "combine"),
    "tension": ("top5", "review"),
    "thin": ("polish", "example"),
    "form": ("try", "combine"),
    "sides": ("example", "combine"),
    "listen": ("rest",),
    "keywords": ("top5", "review"),
    "self_either": ("review", "rest"),
}


# A nudge offers what fits its trigger: not the step's chips, which already sit
# under the input (UX 3), but the coach's own next steps, sent as chat text.
NUDGE_CHOICES = {
    "short_answer": ("review", "example"),
    "vague_answer": ("review", "example"),
    "stuck": ("rephrase", "example", "stuck"),
    "idle_timeout": ("rephrase", "example"),
}


def nudge_chips(trigger: str) -> list[dict]:
    """Return the chips ({id, text}) a nudge of ``trigger`` carries."""
    ids = NUDGE_CHOICES.get(trigger, ("rephrase", "example"))
    return [{"id": f"choice_{i}", "text": CHOICES[i].text} for i in ids]


def choice_text(choice_id: str, offered: list[dict]) -> str | None:
    """Return what a pressed choice stands for, if it was among ``offered``."""
    ids = {c.get("id") for c in offered or []}
    return (
        CHOICES[choice_id].text if choice_id in ids and choice_id in CHOICES else None
    )


# What the task model or the intent classifier leaned to, as a choice.
LEANS = {
    "top": "top5",
    "combine": "combine",
    "synthesis": "combine",
    "compare": "compare2",
    "choose": "compare2",
    "rewrite": "polish",
    "feedback": "review",
    "summary": "summary",
    "interpret": "summary",
    "examples": "example",
    "question_help": "rephrase",
    "concept": "rephrase",
    "experiment": "try",
}


def _can(choice: str, ctx: TurnContext) -> bool:
    """Tell whether a choice can be carried out with what is on screen and saved."""
    answers = {q: a for q, a in (ctx.answers or {}).items() if (a or "").strip()}
    parts = {q[:1] for q in answers if q[:1] in "VSP"}
    qid = ctx.question.get("id", "")
    return {
        "top5": bool(parts),
        "combine": len(parts) >= 2,
        "compare2": sum(q.startswith("C") for q in answers) >= 2,
        "polish": bool(ctx.draft or answers.get(qid)),
        "summary": len(answers) >= 2,
        "review": bool(ctx.draft),
        "example": bool(qid),
        "rephrase": bool(qid),
        "try": ctx.step == "synthesis",
    }.get(choice, False)


def likely_choices(leans: list[str], ctx: TurnContext) -> list[str]:
    """Return the choices for what the message most likely asked, best first."""
    ids = [LEANS[x] for x in leans if x in LEANS]
    return [i for i in dict.fromkeys(ids) if _can(i, ctx)][:3]


def choices_for(
    act: str, ctx: TurnContext, likely: list[str] | None = None
) -> list[dict]:
    """Return the 1–3 choices offered after a reply of ``act``, as {id, label}."""
    if act == "abstain" and likely:
        # Not sure which task was meant: the likeliest ones it can carry out.
        ids = list(likely)
        for extra in ("rephrase", "example", "next") if ctx.question else ("rest",):
            if len(ids) < 2 and extra not in ids:
                ids.append(extra)
        return [{"id": i, "label": CHOICES[i].label} for i in ids[:3]]
    if act in CARE:  # after care: help and rest, not workbook steps
        ids = ["help", "rest"]
    elif act == "checkin":
        ids = ["help", "fine"]
    elif act in TASK_CHOICES:  # a task on the saved answers: its own next steps
        ids = list(TASK_CHOICES[act])
        from agent.dialogue.realise.combine import ready

        if act == "synthesis" and not ready(ctx.answers, ctx.text):
            ids = ["rest"]  # nothing to ask about yet: the reply says what to write
        if act in ("concrete", "item_why") and ctx.question:
            ids = [*ids, "next"]
    elif ctx.step == "synthesis":
        ids = ["combine", "top5", "rest"]
    elif act == "empathy":
        ids = ["rest", "stuck"] if ctx.question else ["rest"]
    elif not ctx.question:
        ids = ["next", "rest"]
    elif ctx.draft:
        ids = ["review", "example", "next"]
    else:
        ids = ["rephrase", "example", "stuck"]
    done = {
        "rephrase": "rephrase",
        "examples": "example",
        "feedback": "review",
        "stuck": "stuck",
    }
    ids = [i for i in ids if i != done.get(act)] or ids
    if (
        len(ids) < 2
        and ctx.question
        and act not in (*CARE, "checkin", "empathy", "listen")
    ):
        ids.append("next")
    return [{"id": i, "label": CHOICES[i].label} for i in ids[:3]]


# Choices that point at the items of the reply itself ("第一条为什么").
ON_ITEMS = frozenset({"why1"})


def choices_kept(choices: list[dict], pending: dict) -> list[dict]:
    """Return the planned ``choices`` less those the written reply cannot back.

    The plan comes before the words: a top list that found nothing to list
    ("还找不到直接说出某个价值观的句子") offers no "第一条为什么", since pressing it
    could only be answered with "which one do you mean?".
    """
    if pending.get("items"):
        return choices
    kept = [c for c in choices if c["id"] not in ON_ITEMS]
    if kept == choices:
        return choices
    ids = {c["id"] for c in kept}
    extra = next((i for i in ("rest", "next") if i not in ids), None)
    if len(kept) < 2 and extra:
        kept.append({"id": extra, "label": CHOICES[extra].label})
    return kept
