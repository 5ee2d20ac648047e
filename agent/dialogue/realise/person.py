"""Acts about the person's own material: stories, drafts, summaries, synthesis.

A reflection says back the person's words, sharper, before any question; an
affirmation names a strength they showed; examples come after, as "有人……".
"""

from __future__ import annotations

import re

from agent.dialogue import profile
from agent.dialogue.facts import you
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos, dig, q_ref, q_short, someone
from agent.rules import clip

INSIGHT = {
    "values": "也许你在意的是「{name}」",
    "strengths": "这像是「{name}」在起作用",
    "interests": "「{name}」也许就是让你有劲的领域",
}


def _linked(t: Turn) -> dict | None:
    """Return the knowledge row the person's words point at, if any matches well."""
    # Only a name or alias the person used: a loose keyword match would tell
    # them something about themselves they never said.
    strong = [e["id"] for e in t.u.entities if e["strong"]]
    rows = {r["id"]: r for r in t.rows()}
    return next((rows[i] for i in strong if i in rows), None)


def _as_you(clause: str) -> str:
    clause = you(clause)
    return clause if clause.startswith("你") else "你" + clause


def reflect(t: Turn) -> Draft:
    """Reflect a personal story in their words, link it, tie it to the question."""
    said, ctx = t.u.said, t.ctx
    clauses = said.get("clauses", [])
    duration, role = said.get("duration", ""), ctx.role
    work = next((c for c in clauses if (duration and duration in c)
                 or (role and role in c)), "")
    # The last complaint is usually the point ("说不上讨厌，就是没感觉").
    neg = [you(c) for c in said.get("negatives", []) if c != work][-1:]
    pos = [you(p).removeprefix("和") for p in said.get("positives", [])
           if len(p) >= 4 and not p.startswith(("比", "还", "都"))][:1]
    if not pos and said.get("positives") and len(clauses) >= 2:
        pos = [you(clauses[0])[:16]]  # "做演示装置……我比他们还兴奋": what they did
    pos = [("和" + p) if p.startswith(("人", "别人")) else p for p in pos]
    glad = (said.get("glad") or [""])[0]
    if work and pos:
        head = _as_you(work) + (f"，{neg[0]}" if neg else "")
        mirror = [f"{head}；可一说到{pos[0]}，劲头就上来了"]
        if glad.startswith(("一点", "从来", "根本", "完全", "都", "也", "并", "不", "没")):
            mirror.append(f"{head}；{pos[0]}，你却{glad}")
    elif neg and pos:
        mirror = [f"你说{neg[0]}，可一说到{pos[0]}就不一样了",
                  f"{neg[0]}，和{pos[0]}时的劲头，差别很明显"]
    elif pos:
        mirror = [f"你说起{pos[0]}时，是有劲的", f"听得出来，{pos[0]}让你很投入"]
    elif neg:
        lead = _as_you(work) + "，" if work else ""
        mirror = [f"{lead}{neg[0]}，这种消耗是真实的", f"{lead}{neg[0]}，这句话分量不轻"]
    else:
        head = "，".join(you(c) for c in clauses[:2])[:36] or clip(ctx.text, 30)
        mirror = [f"你说“{head}”", f"我听到的是：{head}"]
    row = _linked(t)
    insight = [INSIGHT.get(row["category"], "").format(name=row["name"])] if row else [""]
    job = role or (work[-4:] if work else "")
    if work and pos and job:
        core = re.sub(r"^(?:每天|每周|周末|平时|有时|经常|去|在)+", "", pos[0])
        insight = [i for i in insight if i] + [f"也许让你有劲的不是{job}本身，而是{core}这类事"]
    affirm = [""]
    if duration and (role or work):
        affirm = [f"能把一件事做{duration}，这份稳和韧劲本身就是才能。",
                  f"坚持了{duration}，本身就说明你靠得住。"]
    example = [f"比如{someone(row, t.seed)}。"] if row else [""]
    q = ctx.question
    target = pos[0] if pos else (neg[0][:10] if neg else "")
    short = q_short(q, 20) if q else ""
    ask = [f"放到{q_ref(q)}上：最近哪一次{target}，让你最投入？" if q and pos else "",
           f"哪一次{target}的经历，你最想写进{q_ref(q) or '答案'}？" if target else "",
           f"这段经历放到{q_ref(q)}（{short}）里，你会怎么写？" if q else "",
           "那一刻你心里最强烈的感受是什么？", dig(row) if row else ""]
    # A mirror that already names the object is not followed by the same object.
    firsts = [f"{m}——{i}。" if i else f"{m}。" for m in mirror for i in insight
              if not (i and pos and i.endswith("这类事") and m.count(pos[0]) > 0 and "劲头" in m)]
    firsts = firsts or [f"{m}。" for m in mirror]
    options = combos([firsts, affirm, example, [a for a in ask if a]], t.seed)
    return Draft(options, rows=[row] if row else [], pending={
        "why": f"因为你提到“{target or clip(ctx.text, 16)}”，这正是这类人常有的表现。"
        if row else (
            f"因为你形容{job or '现在的事'}用的是“{neg[0]}”，说到{pos[0]}却是“{glad}”："
            "同一个你，两种劲头，差别本身就是线索。" if neg and pos and glad else
            f"因为你说“{clip(ctx.text, 24).rstrip('。')}”，这句话里有你在意的东西。"),
        "more": f"把这段写进{q_ref(q)}吧，先写那个具体场景。" if q else ""})


def feedback(t: Turn) -> Draft:
    """Say what is specific in the draft, what is missing, one deepening question."""
    draft, q = t.ctx.draft, t.ctx.question
    if not draft:
        example = clip((t.art.get("guide_question") or {}).get("example", ""), 60)
        return Draft(combos([
            [f"{q_ref(q) or '这道题'}你还没写下内容，先写两三句，我再帮你看。"],
            [f"比如有人这样写：“{example.rstrip('。')}”" if example else ""],
            ["你打算从哪件事写起？"],
        ], t.seed))
    from agent.dialogue.facts import read

    said = read(draft)
    quote = clip(draft, 20).rstrip("。")
    good = [f"“{quote}”这一句很具体，有画面。" if said.has_scene or said.has_person
            else f"你写下了“{quote}”，方向是对的。"]
    missing = []
    if not (said.has_scene or said.has_person):
        missing.append("一个具体的场景或人")
    if not said.has_feeling:
        missing.append("当时的感受")
    if not said.has_reason:
        missing.append("它为什么对你重要")
    gap = [f"还差一点：{'、'.join(missing[:2])}。"] if missing else ["已经很完整了，可以试着提炼一个关键词。"]
    rows = (t.art.get("guide_question") or {}).get("entries") or []
    example = [f"比如{someone(rows[0], t.seed)}。"] if rows and missing else [""]
    deepen = [dig(rows[0])] if rows and dig(rows[0]) else []
    deepen += ["那一刻你的感受是什么？", "这件事对你为什么重要？", "能说一个具体的场景吗？"]
    return Draft(combos([good, gap, example, deepen[:2]], t.seed), rows=rows[:1])


def summary(t: Turn) -> Draft:
    """Gather what they wrote into two or three lines, in their own words."""
    lines = profile.answer_lines(t.ctx.answers, limit=3)
    if not lines:
        return Draft([["你还没写下答案，所以暂时没什么可理的。", "先写一题，我再帮你整理？"]])
    clues = profile.clue_names(t.ctx)
    return Draft(combos([
        ["到目前你写了：", "帮你理一下："],
        ["；".join(lines) + "。"],
        [f"反复出现的线索是{clues}。" if clues else ""],
        ["哪一条最像你？", "读下来，哪一句最让你有感觉？"],
    ], t.seed))


def synthesis(t: Turn) -> Draft:
    """Combine values, talents and passions into 2–3 candidate sentences."""
    parts = profile.three_parts(t.ctx, t.u)
    missing = [label for label, key in (("重要的事", "values"), ("擅长的事", "strengths"),
                                         ("喜欢的事", "interests")) if not parts[key]]
    if len(missing) >= 2:
        return Draft(combos([
            [f"要组合，还缺{'和'.join(missing)}的线索。"],
            ["比如先写一句：哪些事你做几个小时也不累？"],
            ["你想先补哪一块？"],
        ], t.seed))
    lines = profile.candidates(parts, limit=2)
    return Draft(combos([
        ["从你写的看，可以先试这两条：", "把你的线索组合一下："],
        ["\n".join(f"{i}. {line}；" for i, line in enumerate(lines, 1))],
        ["哪条更让你心动？这周就能先做一件小事试试手感。",
         "哪条读起来最像你？挑一条，我们设计个小实验。"],
    ], t.seed), pending={"why": "每条都取自你写过的价值观、才能和领域。",
                         "more": "挑一条，这周花两小时做个最小版本试试。"})


def choose(t: Turn) -> Draft:
    """Help choose among options without choosing for them."""
    parts = profile.three_parts(t.ctx, t.u)
    value = parts["values"][0]["name"] if parts["values"] else ""
    test = (f"拿你看重的「{value}」当尺子，看哪条更贴近它。" if value
            else "也可以想想：做完哪条，你会更想接着做。")
    options = profile.options_in(t.ctx.text)
    named = "”和“".join(options[:2])
    lead = ([f"“{named}”都说得通，纠结说明两条都戳到了你。"] if len(options) >= 2 else
            ["两条都说得通，纠结说明它们都戳到了你。"])
    return Draft(combos([
        lead + ["选哪条只能由你来定，我帮你把标准摆出来。"],
        [test],
        ["也可以各花一个周末试一下，再比较哪条让你更有劲。"],
        ["你心里偏向哪一条？", "如果只能先试一条，你会选哪条？"],
    ], t.seed))


def experiment(t: Turn) -> Draft:
    """Design a small 1–2 week experiment for a candidate."""
    parts = profile.three_parts(t.ctx, t.u)
    field = parts["interests"][0] if parts["interests"] else None
    talent = parts["strengths"][0] if parts["strengths"] else None
    career = field.get("career_examples", "").split("|")[0] if field else ""
    own = profile.options_in(t.ctx.text)
    if own:  # their own candidate, in their words
        action, career = f"做一个最小版本的“{own[0]}”", ""
    elif talent and field:
        action = f"用「{talent['name']}」在「{field['name']}」里做一次小尝试"
    else:
        action = "挑一条候选，做一个最小版本"
    return Draft(combos([
        ["小实验就是花一两周、成本低、马上能开始的尝试。", "把候选当成假设，用一个小实验检验它。"],
        [f"比如这周{action}" + (f"，像{career}那样做一小件事" if career else "") + "。"],
        ["做完记下哪一刻最投入，再问问自己还想不想继续。", "定个复盘日子：做完后，哪一刻最有劲？"],
    ], t.seed), rows=[r for r in (talent, field) if r])


ACTS = {
    "reflect": reflect, "feedback": feedback, "summary": summary,
    "synthesis": synthesis, "choose": choose, "experiment": experiment,
}
