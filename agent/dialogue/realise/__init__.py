"""Realisation: the words of a reply, from the act, the context and the artifacts.

Each act has a function that returns a ``Draft``: alternatives made of slots,
plus what the reply leaves pending ("为什么" / "然后呢"). ``realise`` picks the
alternative, finds which knowledge items it named (in order: "第二个" refers to
them), and returns the ``Reply``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agent.context import TurnContext
from agent.dialogue.policy import Plan
from agent.dialogue.realise.phrases import choose
from agent.dialogue.state import DialogueState
from agent.dialogue.understanding import Understanding


@dataclass
class Turn:
    """Everything a realiser reads; nothing here is parsed from prose."""

    ctx: TurnContext
    u: Understanding
    d: DialogueState
    plan: Plan
    art: dict[str, dict]  # tool name → artifact of this turn
    seed: int
    budget: int = 200

    def fresh_example(self, question: dict) -> str:
        """Return the question's workbook example unless this session saw it."""
        if not question.get("example") or f"ex:{question.get('id')}" in self.d.seen:
            return ""
        from agent.dialogue.realise.phrases import quote_whole

        return quote_whole(question["example"], 70)

    def rows(self) -> list[dict]:
        """Return the knowledge rows of this turn's artifacts, without repeats."""
        found: list[dict] = []
        for data in self.art.values():
            for row in data.get("entries") or []:
                if row.get("category") != "questions" and row not in found:
                    found.append(row)
        return found


@dataclass
class Draft:
    """Alternatives for a reply and what it leaves for a follow-up."""

    options: list[list[str]]
    rows: list[dict] = field(default_factory=list)  # rows the text may name
    pending: dict = field(default_factory=dict)
    marks: list[str] = field(default_factory=list)  # other things shown ("ex:V03")


@dataclass
class Reply:
    """The reply's text and what the dialogue state records about it."""

    text: str
    shown: list[dict]
    pending: dict
    marks: list[str] = field(default_factory=list)


# Acts a shrug may land on ("不知道" reads as rephrase, "没想过这个" as empathy,
# "你随便帮我写一个吧" as scope): all get one way into the question instead.
SHRUG_ACTS = ("rephrase", "nudge", "empathy", "examples", "scope", "abstain", "stuck")


def _after_first(option: list[str], line: str) -> list[str]:
    """Return ``option`` with ``line`` put after its first non-empty segment."""
    at = next((i for i, seg in enumerate(option) if seg.strip()), 0)
    return [*option[: at + 1], line, *option[at + 1 :]]


# Acts that answer a word put in our mouth themselves, or must stay as written.
OWN_UNSAID = ("pushback", "repair", "crisis", "care", "checkin", "injection", "refuse")


def _unsaid(turn: Turn, draft: Draft) -> str:
    """Return a word the message says we said and we never did, or "".

    "你说我在乎'自主'", "第三个为啥是'被认可'" (coach_blind23): the task is still
    done, after one plain sentence that the word was none of ours.
    """
    from agent.dialogue.facts import claimed_core, said_by_us

    core = claimed_core(turn.ctx.text or "")
    if (
        not core
        or turn.plan.act in OWN_UNSAID
        or not any(role != "user" for role, _ in turn.ctx.history)
        or said_by_us(core, turn.ctx.history)
        or any("没有说过" in "".join(o) for o in draft.options)
    ):
        return ""
    return core


def named(text: str, rows: list[dict]) -> list[dict]:
    """Return the rows named as 「name」 in ``text``, in order of appearance."""
    hits: list[tuple[int, dict]] = []
    for row in rows:
        at = text.find(f"「{row.get('name', '')}」")
        if at >= 0 and row.get("id") not in {h[1]["id"] for h in hits}:
            hits.append((at, {k: row[k] for k in ("id", "name", "category")}))
    return [row for _, row in sorted(hits, key=lambda h: h[0])]


def realise(turn: Turn) -> Reply:
    """Return the reply for the turn's act."""
    from agent.dialogue.realise import (
        abstain,
        care,
        choosing,
        combine,
        compare,
        concrete,
        conversation,
        differ,
        drafts,
        empathy,
        examples,
        experiments,
        explain,
        followups,
        form,
        honour,
        interpret,
        keywords,
        means,
        others,
        plain,
        points,
        purpose,
        reading,
        refs,
        repeats,
        scope,
        sides,
        sorting,
        story,
        synthesis,
        talk,
        tasks,
        tension,
        thin,
        together,
    )

    table = {}
    modules = (care, empathy, scope, conversation, explain, followups, examples, tasks)
    tasks_on_answers = (
        combine,
        compare,
        concrete,
        refs,
        plain,
        points,
        purpose,
        means,
        together,
    )
    for module in (
        *modules,
        abstain,
        story,
        drafts,
        synthesis,
        choosing,
        experiments,
        sorting,
        reading,
        interpret,
        honour,
        differ,
        others,
        repeats,
        tension,
        thin,
        form,
        sides,
        talk,
        keywords,
    ):
        table.update(module.ACTS)
    for module in tasks_on_answers:  # their own acts, and "synthesis"
        table.update(module.ACTS)
    fn = table.get(turn.plan.act) or explain.ACTS["rephrase"]
    draft = fn(turn)
    blank = turn.plan.act == "feedback" and not turn.ctx.draft  # "不清楚", no draft
    if (turn.plan.act in SHRUG_ACTS or blank) and not turn.u.checkin:
        from agent.dialogue.realise import shrug

        if shrug.shrugged(turn.ctx.text) and (smaller := shrug.way_in(turn)):
            draft = smaller  # "不知道": the question made smaller, same act
    if turn.plan.act in (
        "choose",
        "refer",
        "why",
        "experiment",
        "go_on",
        "item_why",
        "plain",
        "compare",
    ) and turn.d.pending.get(
        "lines"
    ):  # candidate lines stay addressable ("第二条") while we talk about them
        draft.pending = {**draft.pending, "lines": turn.d.pending["lines"]}
        if turn.d.pending.get("items"):  # ...and their evidence ("第二条依据是什么")
            draft.pending.setdefault("items", turn.d.pending["items"])
    if (
        turn.plan.act in ("autonomy", "decide_for_me")
        and turn.d.pending.get("items")
        and not draft.pending
    ):  # "你直接告诉我选哪个" talks about the same two: "第一个" still points there
        draft.pending = {"items": turn.d.pending["items"]}
    if unsaid := _unsaid(turn, draft):
        # "你说我在乎'稳定'…" when we never did: said first, then the act
        draft.options = [
            [f"我前面没有说过「{unsaid}」。{o[0]}", *o[1:]] for o in draft.options
        ]
    if turn.u.hard:  # a hard time beside the task: met first, in their words
        met = f"你说「{turn.u.hard}」，这份难受是真的，我们慢慢来。"
        draft.options = [[met, *o] for o in draft.options]
    if turn.u.checkin:  # kept right after the opening: fit drops it last
        from agent.safety.replies import checkin_note

        kind = (turn.u.risk or {}).get("kind", "")
        check = checkin_note(kind, written=turn.u.written)
        # after the first thing said (an empty opening is no opening)
        draft.options = [_after_first(o, check) for o in draft.options]
    text = choose(draft.options, turn.d, turn.budget)
    if not text:  # no option fitted the budget: say the question again, never nothing
        text = choose(explain.ACTS["rephrase"](turn).options, turn.d, turn.budget)
    if turn.d.prefs and turn.plan.act not in ("crisis", "care", "checkin"):
        from agent.dialogue.state import honour_prefs

        text = honour_prefs(text, turn.d.prefs)  # "别每次最后都问我问题"
    if turn.u.checkin or turn.u.risk.get("level", "none") != "none":
        from agent.safety.replies import unquote_risk

        text = unquote_risk(text)  # asking if they are safe, never in their words
    rows = draft.rows or turn.rows()
    marks = [
        m
        for m in draft.marks
        if m.startswith("ex:")
        and "有人这样写" in text
        or m.startswith("ex:")
        and "有人写" in text
    ]
    shown = named(text, rows)
    if turn.plan.act != "why" and not draft.pending.get("why"):
        # "为什么这么说" then explains this reply, not any reply (Coach 3 §5).
        from agent.dialogue.realise.reasons import basis

        reason = basis(
            act=turn.plan.act,
            reply=text,
            message=turn.ctx.text,
            answers=turn.ctx.answers or {},
            history=[x for r, x in turn.ctx.history if r == "user"],
            shown=shown,
            question=turn.ctx.question or {},
        )
        draft.pending = {**draft.pending, "basis": reason, "did": turn.plan.act}
    return Reply(text=text, shown=shown, pending=draft.pending, marks=marks)
