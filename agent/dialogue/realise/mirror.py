"""Saying a story back: their words quoted as written, never rewritten (Coach 3 §3).

A reflection either quotes a contiguous span of this message in 「」 or names a
topic in plain words; no clause is turned from 我 into 你 or spliced into a
frame, so it cannot come out ungrammatical or say what they did not write.
"""

from __future__ import annotations

from agent.dialogue.facts import QUOTE_MAX, asks, span_of, spans
from agent.dialogue.realise import Turn

NEGATED_GLAD = ("一点", "从来", "根本", "完全", "都", "也", "并", "不", "没")

INSIGHTS = {
    "contrast": "放不下的那一头，往往就是在意的东西",
    "reversal": "难的时候还愿意留下来的地方，往往有真正在意的东西",
    "not_but": "能撑人熬过难处的，往往就是最在意的东西",
    "scolded": "同一个习惯，换了地方可能就是本事",
    "want_reject": "想要的和不要的，正好是这道题的两半",
}


def mirror_of(t: Turn) -> tuple[list[str], str]:
    """Return reflections of the story in the person's words, and their kind."""
    said, text = t.u.said, t.ctx.text or ""

    def q(fragment: str) -> str:
        return span_of(text, fragment)

    clauses = said.get("clauses", [])
    duration, role = said.get("duration", ""), t.ctx.role
    work = q(
        next(
            (
                c
                for c in clauses
                if (duration and duration in c) or (role and role in c)
            ),
            "",
        )
    )
    neg = [q(c) for c in said.get("negatives", [])]
    neg = [n for n in neg if n and n != work][-1:]
    pos = [
        q(p)
        for p in said.get("positives", [])
        if len(p) >= 2 and p not in ("什么", "这个", "那个", "一下", "这样")
    ]
    pos = [p for p in pos if p and p != work][:1]
    both = "你写到「{}」，也写到「{}」"
    if said.get("scolded") and (s := q(said["scolded"])):
        return [f"你写到「{s}」", f"「{s}」这几个字，你写了进来"], "scolded"
    want, reject = q(said.get("want", "")), q(said.get("reject", ""))
    if want and reject and want != reject:
        return [both.format(want, reject)], "want_reject"
    if work and pos:
        return [both.format(work, pos[0])], "work"
    if said.get("not_but") and (nb := q(said["not_but"][1])):
        return [f"你写的是「{nb}」"], "not_but"
    doubt, vivid = q(said.get("doubt", "")), q(said.get("vivid", ""))
    if doubt and vivid and doubt != vivid:
        return [both.format(vivid, doubt)], "doubt"
    reversal = q(said.get("reversal", ""))
    if reversal and (neg or work) and reversal not in (neg or [work]):
        return [both.format((neg or [work])[0], reversal)], "reversal"
    if neg and pos:
        return [both.format(neg[0], pos[0])], "pos"
    if pos:
        return [f"你写到「{pos[0]}」", f"「{pos[0]}」——这句我留意到了"], "pos"
    if said.get("contrast"):
        before, after = (q(x) for x in said["contrast"])
        if before and after and before != after:
            return [f"你写到「{before}」，又写到「{after}」"], "contrast"
    if vivid:
        return [f"你写到「{vivid}」", f"「{vivid}」这一幕，你写得很具体"], "vivid"
    if neg:
        return [f"你写到「{neg[0]}」，这一句我先记下"], "neg"
    head = max(
        (c for c in spans(text) if len(c) <= QUOTE_MAX and not asks(text, c)),
        key=len,
        default="",
    )
    return ([f"你写到「{head}」"] if head else ["你说的这些，我记下了"]), "plain"
