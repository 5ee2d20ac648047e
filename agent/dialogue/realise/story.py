"""Acts about what the person told or wrote: reflecting a story, reviewing a draft.

A reflection says back the person's words, sharper, before any question; an
affirmation names a strength they showed; examples come after, as "有人……".
"""

from __future__ import annotations

import re

from agent.dialogue import profile
from agent.dialogue.facts import you
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    cell,
    combos,
    dig,
    meaning,
    q_ref,
    q_short,
    someone,
)
from agent.rules import clip

INSIGHT = {
    "values": "也许你在意的是「{name}」",
    "strengths": "这像是「{name}」在起作用",
    "interests": "「{name}」也许就是让你有劲的领域",
}


def _as_you(clause: str) -> str:
    clause = you(clause)
    return clause if clause.startswith("你") else "你" + clause


def _linked(t: Turn) -> dict | None:
    """Return the knowledge row the person's own words point at, if any fits well.

    Only a name or alias they used, and not one they merely echoed from the
    question on screen ("理想的一天" is not a wish for 「理想」).
    """
    echo = t.ctx.question.get("text", "")
    strong = [e["id"] for e in t.u.entities if e["strong"] and e["surface"] not in echo]
    rows = {r["id"]: r for r in t.rows()}
    found = next((rows[i] for i in strong if i in rows), None)
    if found is None and t.u.said.get("vivid"):  # a search hit sharing their words
        vivid = t.u.said["vivid"]
        pairs = {vivid[i : i + 2] for i in range(len(vivid) - 1)}
        found = next(
            (
                r
                for r in t.rows()
                if any(p in r.get("name", "") + cell(r.get("keywords")) for p in pairs)
            ),
            None,
        )
    return found


NEGATED_GLAD = ("一点", "从来", "根本", "完全", "都", "也", "并", "不", "没")
INSIGHTS = {
    "contrast": "放不下的那一头，往往就是你在意的东西",
    "reversal": "那样的时候还留下来，说明那里有你真正在意的东西",
    "not_but": "能撑你熬过难处的，往往就是你最在意的东西",
    "scolded": "同一个习惯，换了地方就成了本事",
}


def _mirror(t: Turn) -> tuple[list[str], str]:
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
        if len(p) >= 2
        and p not in ("什么", "这个", "那个", "一下", "这样")
        and not p.startswith(("比", "还", "都"))
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


def _next_part(t: Turn) -> str:
    """Return what "然后呢" gets after a reflection: write it in, then one more line."""
    q = t.ctx.question
    if not q:
        return ""
    heard = clip(t.u.said.get("vivid") or "", 20).rstrip("。")
    lead = (
        f"就把“{heard}”这件事写进{q_ref(q)}" if heard else f"就把刚才这段写进{q_ref(q)}"
    )
    return f"{lead}，再补一句当时你最在意的是什么。"


def _why(t: Turn, row: dict | None) -> str:
    """Return the reason behind a reflection, for a following "为什么"."""
    said, text = t.u.said, t.ctx.text
    if row:
        heard = clip(said.get("vivid") or text, 16).rstrip("。")
        return f"因为你提到“{heard}”，这和「{row['name']}」说的{meaning(row)}很像。"
    if said.get("reversal"):
        return (
            f"因为你说最难的时候，你反而{you(said['reversal'])}："
            "能让人熬过难处的东西，往往就是最在意的东西。"
        )
    if said.get("not_but"):
        x, y = said["not_but"]
        return (
            f"因为你说撑着你的不是{x}，而是{you(y)}："
            "能让人熬过难处的东西，往往就是最在意的东西。"
        )
    if said.get("contrast"):
        x, y = said["contrast"]
        return f"因为你说“{x}”，又说“{you(y)}”：两头放在一起，差别本身就是线索。"
    return f"因为你说“{clip(text, 24).rstrip('。')}”，这句话里有你在意的东西。"


def reflect(t: Turn) -> Draft:
    """Reflect a personal story in their words, link it, tie it to the question."""
    said, ctx, q = t.u.said, t.ctx, t.ctx.question
    row = _linked(t)
    mirror, kind = _mirror(t)
    clauses = said.get("clauses", [])
    work = next((c for c in clauses if ctx.role and ctx.role in c), "")
    pos = [p for p in said.get("positives", []) if len(p) >= 4][:1]
    insight = [INSIGHT.get(row["category"], "").format(name=row["name"])] if row else []
    if kind == "work" and pos and ctx.role:
        core = re.sub(r"^(?:每天|每周|周末|平时|有时|经常|去|在)+", "", you(pos[0]))
        insight.append(f"也许让你有劲的不是{ctx.role}本身，而是{core}这类事")
    if kind in INSIGHTS and not insight:
        insight.append(INSIGHTS[kind])
    asks = said.get("asks", "")
    if said.get("doubt") or "算" in asks:  # "这算才能吗" / "这不算啥本事吧"
        insight = [
            f"这当然算，有人把这叫「{row['name']}」"
            if row
            else "这当然算：别人做起来费劲、你却很自然，这正是才能的样子"
        ]
    elif "是不是" in asks:
        care = re.split(r"是不是", asks, maxsplit=1)[-1].strip("吗呢啊？? ")
        insight = [f"听起来是的：你{you(care)}"] + insight[:1]
    firsts = [
        f"{m}——{i}。" if "——" not in m else f"{m}。{i}。"
        for m in mirror
        for i in insight
        if not (pos and i.endswith("这类事") and pos[0] in m)
    ] or [f"{m}。" for m in mirror]
    affirm = [""]
    if said.get("judged"):
        affirm = [
            f"这一点都不“{said['judged']}”，它是你真心想过的日子。",
            f"别说“{said['judged']}”：能说清自己想要什么样的一天，很多人都做不到。",
        ]
    elif said.get("duration") and (ctx.role or work):
        affirm = [
            f"能把一件事做{said['duration']}，这份韧劲本身就难得。",
            f"坚持了{said['duration']}，本身就说明你靠得住。",
        ]
    example = (
        [f"比如{someone(row, t.seed)}。"]
        if row and not said.get("doubt") and "算" not in asks
        else [""]
    )
    short = q_short(q, 24) if q else ""
    short = short if len(short) >= 8 else ""
    unanswered = q and not ctx.draft and len(ctx.text) >= 40
    ask = (
        [
            f"这段几乎就是{q_ref(q)}的答案，先把它贴进去，再补一句：那一刻你心里是什么滋味？"
        ]
        if unanswered
        else []
    )
    target = you(pos[0]) if pos else ""
    ask += [
        f"放到{q_ref(q)}上：最近哪一次{target}，让你最投入？" if q and target else "",
        (f"这段放到{q_ref(q)}（{short}）里，你最想留下哪一句？" if short else "")
        if q
        else "",
        "这件事里，最让你放不下的是哪一刻？",
        dig(row) if row else "",
    ]
    return Draft(
        combos([firsts, affirm, example, [a for a in ask if a][:2]], t.seed),
        rows=[row] if row else [],
        pending={"why": _why(t, row), "more": _next_part(t)},
    )


REVISE = re.compile(r"怎么改|改成|如何改|怎么写得|怎么补|改一下|帮我改")


def _draft_review(draft: str) -> tuple[str, list[str]]:
    """Return the draft's most specific sentence and what it still lacks."""
    from agent.dialogue.facts import read

    said = read(draft)
    missing = []
    if not (said.has_scene or said.has_person):
        missing.append("一个具体的场景")
    if not said.has_feeling:
        missing.append("当时的感受")
    if not said.has_reason:
        missing.append("它为什么对你重要")
    best = max(re.split(r"[。！？!?\n]", draft), key=len).strip()
    return clip(best, 22).rstrip("。") or best[:20], missing


STEPS = {
    "一个具体的场景": "写一次具体的经历：哪天、在哪、和谁",
    "当时的感受": "写下那一刻的感受，用你自己的词",
    "它为什么对你重要": "补一句“因为……”，说它为什么对你重要",
}


def feedback(t: Turn) -> Draft:
    """Say what is specific in the draft, what is missing, one deepening question."""
    draft, q = t.ctx.draft, t.ctx.question
    told = [text for role, text in t.ctx.history if role == "user" and len(text) >= 30]
    if not draft and told:
        draft = told[-1]  # "那我V03就这么写？": the story they just told is the draft
    if re.search(r"多细|多长|写多少|几句|三句|一句话", t.ctx.text):
        return Draft(
            combos(
                [
                    ["几句话就够，不用长。", "不用写很长，三四句就行。"],
                    ["写到别人能看见那个画面：哪一天、谁说了什么、你当时心里怎么想。"],
                    ["你先写哪一幕？", "那一幕里，谁说了哪句话？"],
                ],
                t.seed,
            )
        )
    if not draft:
        example = clip((t.art.get("guide_question") or {}).get("example", ""), 60)
        return Draft(
            combos(
                [
                    [f"{q_ref(q) or '这道题'}你还没写下内容，先写两三句，我再帮你看。"],
                    [f"比如有人这样写：“{example.rstrip('。')}”" if example else ""],
                    ["你打算从哪件事写起？"],
                ],
                t.seed,
            )
        )
    best, missing = _draft_review(draft)
    named = profile.linked_ids(draft)
    found = (t.art.get("search_content") or {}).get("entries") or []
    rows = [r for r in found if r["id"] in named][:1]
    if REVISE.search(t.ctx.text) and missing:
        marks = "①②③"
        steps = "；".join(f"{marks[i]}{STEPS[m]}" for i, m in enumerate(missing[:3]))
        flip = (
            "，最后用“正因为……所以……”把它翻成长处"
            if t.ctx.step == "strengths_exploration"
            else ""
        )
        return Draft(
            combos(
                [
                    ["可以这样改：", "分几步补："],
                    [steps + flip + "。"],
                    ["你想先补哪一步？", "先从哪一步下手？"],
                ],
                t.seed,
            )
        )
    verdict = (
        ["已经挺具体了，有画面也有感受。"]
        if not missing
        else [f"“{best}”是好的起点。", f"你写的“{best}”，方向是对的。"]
    )
    gap = (
        [
            f"还差一点：{'、'.join(missing[:2])}。",
            f"再补上{'和'.join(missing[:2])}，就更像你自己的了。",
            f"读下来少了{'、'.join(missing[:2])}。",
        ]
        if missing
        else ["可以试着从里面提炼一个关键词。"]
    )
    named_row = (
        [f"你写的这些，有人会叫它「{rows[0]['name']}」：{meaning(rows[0])}。"]
        if rows
        else [""]
    )
    deepen = [dig(rows[0])] if rows and dig(rows[0]) else []
    if "当时的感受" in missing:
        deepen.append("那一刻你的感受是什么？")
    if "一个具体的场景" in missing:
        deepen.append("哪一次具体发生的事，可以放进来？")
    deepen += ["这件事对你为什么重要？"] if "它为什么对你重要" in missing else []
    deepen = deepen or ["如果用一个词概括它，会是什么？"]
    return Draft(
        combos([verdict, gap, named_row, deepen[:2]], t.seed),
        rows=rows[:1],
        pending={"more": "改的时候先补一个具体场景，再写感受。"},
    )


ACTS = {"reflect": reflect, "feedback": feedback}
