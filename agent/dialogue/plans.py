"""The plan of a turn and the act-specific planners the policy calls.

Examples and "再举一个" (never repeat), search with a relevance threshold
(clarify and log a gap on a weak match), references by position, progress.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from agent.context import TurnContext
from agent.dialogue.state import DialogueState
from agent.dialogue.understanding import Understanding
from knowledge import selectors as kb

STEP_CATEGORY = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
}


@dataclass
class Plan:
    """The act of this turn, its tool calls and what it changes."""

    act: str
    calls: list[dict] = field(default_factory=list)
    target: dict = field(default_factory=dict)  # the item referred to, if any
    topic: dict | None = None  # the new dialogue topic, if this act sets one
    gap: str = ""  # a request the knowledge base could not answer
    actions: dict = field(default_factory=dict)  # e.g. {"guide_mode": "quiet"}
    # The next steps offered under the reply (agent.dialogue.choices), planned
    # before any model runs.
    choices: list[dict] = field(default_factory=list)

    def dump(self) -> dict:
        """Return the plan as a plain dict for the graph state."""
        return asdict(self)


def _call(name: str, **args) -> dict:
    return {"name": name, "args": args}


def _examples(ctx: TurnContext, u: Understanding, d: DialogueState, act: str) -> Plan:
    if act == "more" and d.topic:
        topic, category = d.topic.get("query", ""), d.topic.get("category", "auto")
    else:
        strong = [e for e in u.entities if e["strong"]]
        topic = strong[0]["name"] if strong else ""
        category = u.category or STEP_CATEGORY.get(ctx.step, "auto")
    call = _call(
        "recommend_examples", topic=topic, category=category, exclude=list(d.seen)
    )
    return Plan(act, [call], topic={"query": topic, "category": category})


def _overlaps(topic: str, hit) -> bool:
    """Tell whether a hit shares a two-character word with the topic (relevance)."""
    data = hit.data or {}
    surface = "|".join(
        [hit.name, str(data.get("keywords", "")), str(data.get("aliases", ""))]
    )
    pairs = {topic[i : i + 2] for i in range(len(topic) - 1)} - {"的人", "一个"}
    return any(p.strip() and len(p.strip()) == 2 and p in surface for p in pairs)


def _search(u: Understanding) -> Plan:
    category = u.category or "all"
    strong = [
        e for e in u.entities if e["strong"] and category in ("all", e["category"])
    ]
    weak_only = not strong and not any(
        h.category != "questions" and _overlaps(u.topic, h)
        for h in kb.entry_search(query=u.topic or "", category=category, limit=5)
    )
    if not u.topic or weak_only:
        return Plan("clarify", gap=u.topic or "")
    query = strong[0]["surface"] if strong else u.topic
    call = _call("search_content", query=query, category=category, limit=6)
    return Plan("search", [call], topic={"query": query, "category": category})


def _refer(ctx: TurnContext, u: Understanding, d: DialogueState) -> Plan:
    lines = d.pending.get("lines") or []
    if u.ordinal is not None and lines:  # "第二条" after candidate lines
        index = u.ordinal - 1 if u.ordinal > 0 else len(lines) - 1
        if 0 <= index < len(lines):
            return Plan(
                "refer",
                [_call("explain_concept", concept="小实验")],
                target={"line": lines[index], "number": index + 1},
            )
        if not d.shown:  # "那第三个呢" after two lines: say there were two
            return Plan("refer", target={"missing": u.ordinal, "count": len(lines)})
    target = None
    if u.ordinal is not None and d.shown:
        index = u.ordinal - 1 if u.ordinal > 0 else len(d.shown) - 1
        target = d.shown[index] if 0 <= index < len(d.shown) else None
        if target is None and u.ordinal > 0:
            # People count across replies: "第三个" after two and then two more.
            recent = [i for i in d.seen if not i.startswith("ex:")][-6:]
            if u.ordinal <= len(recent):
                hit = kb.entry_get(entry_id=recent[u.ordinal - 1])
                if hit is not None:
                    target = {"id": hit.id, "name": hit.name, "category": hit.category}
        if target is None and len(d.shown) == 1:  # "第二个" when one was shown
            target = {**d.shown[0], "only": True}
        if target is None:
            return Plan("refer", target={"missing": u.ordinal, "count": len(d.shown)})
    if target is None:
        names = {e["name"] for e in u.entities}
        target = next((i for i in d.shown if i["name"] in names), d.shown[0])
    call = _call("explain_concept", concept=target["name"])
    return Plan("refer", [call], target=target)


def _next_question(ctx: TurnContext) -> str:
    """Return the first unanswered question of the step after the focus, or ''."""
    questions = kb.questions_for_step(step=ctx.step)
    ids = [q.id for q in questions]
    start = ids.index(ctx.question["id"]) + 1 if ctx.question.get("id") in ids else 0
    ordered = ids[start:] + ids[:start]
    return next((q for q in ordered if not ctx.answers.get(q, "").strip()), "")
