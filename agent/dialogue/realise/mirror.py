"""Saying a story back in the person's words: which reflection fits it, and its kind."""

from __future__ import annotations

import re

from agent.dialogue.facts import you
from agent.dialogue.realise import Turn
from agent.rules import clip

NEGATED_GLAD = ("一点", "从来", "根本", "完全", "都", "也", "并", "不", "没")

INSIGHTS = {
    "contrast": "放不下的那一头，往往就是你在意的东西",
    "reversal": "那样的时候还留下来，说明那里有你真正在意的东西",
    "not_but": "能撑你熬过难处的，往往就是你最在意的东西",
    "scolded": "同一个习惯，换了地方就成了本事",
    "want_reject": "这已经是这道题的两半答案了",
}


def _as_you(clause: str) -> str:
    clause = you(clause)
    # "他们自己省吃俭用" is about them: no "你" in front of someone else.
    other = re.match(r"他|她|爸|妈|父母|家里|别人|同事|朋友|老板|领导", clause)
    # "小时候你总拆…" already says who: no second "你" in front.
    return clause if "你" in clause[:5] or other else "你" + clause


def mirror_of(t: Turn) -> tuple[list[str], str]:
    """Return reflections of the story in the person's words, and their kind."""
    said, ctx = t.u.said, t.ctx
    clauses = said.get("clauses", [])
    duration, role = said.get("duration", ""), ctx.role
    work = next(
        (c for c in clauses if (duration and duration in c) or (role and role in c)), ""
    )
    neg = [you(c) for c in said.get("negatives", []) if c != work][-1:]
    pos = [
        you(p).removeprefix("和")
        for p in said.get("positives", [])
        if len(p) >= 2 and p not in ("什么", "这个", "那个", "一下", "这样")
    ][:1]
    pos = [("和" + p) if p.startswith(("人", "别人")) else p for p in pos]
    glad = (said.get("glad") or [""])[0]
    if said.get("scolded"):
        later = next((c for c in clauses if re.search(r"后来|现在|工作|上班", c)), "")
        if later:
            return [
                f"小时候被说“{said['scolded']}”，{you(later)}",
                f"从被念叨“{said['scolded']}”到{you(later)}",
            ], "scolded"
        return [
            f"小时候总被说“{said['scolded']}”——很多才能，最早都是以“毛病”的样子出现的",
            f"被念叨了那么多年的“{said['scolded']}”，换个场合可能就是长处",
        ], "plain"
    if said.get("want") and said.get("reject"):  # the two halves of an answer
        return [
            f"你想留下的是{you(said['want'])}，不想要的是{you(said['reject'])}",
            f"一边想要{you(said['want'])}，一边坚决不要{you(said['reject'])}",
        ], "want_reject"
    if work and pos:
        head = _as_you(work) + (f"，{neg[0]}" if neg else "")
        mirror = [f"{head}；可一说到{pos[0]}，劲头就上来了"]
        if glad.startswith(NEGATED_GLAD):
            mirror.append(f"{head}；{pos[0]}，你却{glad}")
        return mirror, "work"
    if pos and glad.startswith(NEGATED_GLAD):
        lead = f"{neg[0]}，" if neg else ""
        return [
            f"{lead}{_as_you(pos[0])}也{glad}",
            f"{_as_you(pos[0])}，{glad}",
        ], "glad"
    if said.get("not_but"):
        x, y = (you(v) for v in said["not_but"])
        lead = f"{_as_you(work)}，" if work else ""
        return [f"{lead}撑着你的不是{x}，而是{y}", f"{lead}不是{x}，是{y}"], "not_but"
    if said.get("doubt") and said.get("vivid"):
        return [
            f"{_as_you(said['vivid'])}，你却说“{you(said['doubt'])}”",
            f"别人遇到难处会来找你，你却觉得{you(said['doubt'])}",
        ], "doubt"
    if said.get("reversal") and (neg or work):
        hard = neg[0] if neg else _as_you(work)
        return [
            f"{hard}，可就在那段时间，你反而{you(said['reversal'])}",
            f"{hard}；最难的时候，你却{you(said['reversal'])}",
        ], "reversal"
    if neg and pos:
        return [f"你说{neg[0]}，可一说到{pos[0]}就不一样了"], "pos"
    if pos:
        if glad and len(glad) >= 3:
            return [f"{you(pos[0])}就{glad}，说起它你是有劲的"], "pos"
        return [
            f"说起{you(pos[0])}，你是有劲的",
            f"听得出来，{you(pos[0])}让你很投入",
        ], "pos"
    if said.get("contrast"):
        before, after = (you(x) for x in said["contrast"])
        return [
            f"你说{before}，可{after}",
            f"一边是{before}，一边是{after}",
        ], "contrast"
    if said.get("vivid"):
        line = (
            f"{_as_you(said['vivid'])}，这件事你记得很清楚"
            if said.get("has_scene")
            else f"你说到{you(said['vivid'])}，这里面有你在意的东西"
        )
        return [line], "vivid"
    if neg:
        lead = _as_you(work) + "，" if work else ""
        return [f"{lead}{neg[0]}，这种消耗是真实的"], "neg"
    # Their words as they wrote them: a quotation keeps its "我".
    head = max((c for c in clauses if len(c) <= 30), key=len, default="") or clip(
        ctx.text, 30
    )
    return ([f"你说“{head}”"] if head else ["你说的这些，我记下了"]), "plain"
