"""Acts at the seams: a summary, candidates from the three parts, choosing
between them, and a small experiment to test one.
"""

from __future__ import annotations

import re

from agent.dialogue import profile
from agent.dialogue.facts import you
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos,
)
from agent.rules import clip


def summary(t: Turn) -> Draft:
    """Gather what they wrote into two or three lines, in their own words."""
    lines = profile.answer_lines(t.ctx.answers, limit=3)
    if not lines:
        return Draft(
            [["你还没写下答案，所以暂时没什么可理的。", "先写一题，我再帮你整理？"]]
        )
    clues = profile.clue_names(t.ctx)
    return Draft(
        combos(
            [
                ["到目前你写了：", "帮你理一下："],
                ["；".join(lines) + "。"],
                [f"反复出现的线索是{clues}。" if clues else ""],
                ["哪一条最像你？", "读下来，哪一句最让你有感觉？"],
            ],
            t.seed,
        )
    )


def synthesis(t: Turn) -> Draft:
    """Combine values, talents and passions into 2–3 candidate sentences."""
    parts = profile.three_parts(t.ctx, t.u)
    labels = (
        ("重要的事", "values"),
        ("擅长的事", "strengths"),
        ("喜欢的事", "interests"),
    )
    missing = [label for label, key in labels if not parts[key]]
    if len(missing) >= 2:
        have = "、".join(
            f"「{r['name']}」"
            for key in ("values", "strengths", "interests")
            for r in parts[key][:1]
        )
        return Draft(
            combos(
                [
                    [
                        f"从你写的看，我只找到{have}，还缺{'、'.join(missing)}的线索。"
                        if have
                        else f"你写的内容里还看不出{'、'.join(missing)}的线索，"
                        "现在组合就是我瞎编了。"
                    ],
                    ["比如先写一句：哪些事你做几个小时也不累？"],
                    ["你想先补哪一块？"],
                ],
                t.seed,
            )
        )
    lines = profile.candidates(parts, limit=2)
    said = [
        r["evidence"]
        for key in ("strengths", "interests")
        for r in parts[key][:1]
        if r.get("evidence")
    ]
    quoted = "“" + "”“".join(said) + "”"
    intro = (
        [f"你写过{quoted}，可以先试这两条：", f"从你写的{quoted}出发，先试两条："]
        if said
        else ["从你写的看，可以先试这两条：", "把你的线索组合一下："]
    )
    rows = [r for key in ("strengths", "interests", "values") for r in parts[key]]
    return Draft(
        combos(
            [
                intro,
                ["；\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1)) + "。"],
                [
                    "哪条更让你心动？这周就能先做一件小事试试手感。",
                    "哪条读起来最像你？挑一条，我们设计个小实验。",
                ],
            ],
            t.seed,
        ),
        rows=rows,
        pending={
            "why": "每条都取自你答案里出现过的词："
            + "、".join(f"「{r['name']}」" for r in rows[:4])
            + "。",
            "more": "挑一条，这周花两小时做个最小版本试试。",
            "lines": lines,
        },
    )


def choose(t: Turn) -> Draft:
    """Help choose among options without choosing for them."""
    # Their values from what they wrote, not from this message: a job title
    # in "做旅行规划师" is not the value 「规划」.
    parts = profile.three_parts(t.ctx, None)
    value = parts["values"][0]["name"] if parts["values"] else ""
    values_named = [
        e for e in t.u.entities if e["category"] == "values" and e["strong"]
    ]
    ranking = re.search(r"排前|怎么排|按什么排|排不出|排序|先后", t.ctx.text)
    if ranking and len(values_named) < 2:
        values_named = [{"name": r["name"]} for r in parts["values"][:2]]
        if len(values_named) < 2:
            return Draft(
                combos(
                    [
                        ["好几个都重要很正常，排的时候两两比就行。"],
                        [
                            "拿两个问自己：如果只能留一个，留哪个？赢的那个再去和下一个比。"
                        ],
                        ["你先拿哪两个比？", "哪两个你最难取舍？"],
                    ],
                    t.seed,
                )
            )
    if len(values_named) >= 2:  # "自由和家人怎么排": two values, not two options
        a, b = values_named[0]["name"], values_named[1]["name"]
        return Draft(
            combos(
                [
                    [
                        f"「{a}」和「{b}」排不出先后很正常。",
                        f"两个都放不下，说明「{a}」「{b}」都是真的。",
                    ],
                    [
                        "看做过的选择比看感觉准：回想一次两者冲突的时候，你最后选了哪边。",
                        f"试试这样想：如果一年里只能保住「{a}」或「{b}」，失去哪个更难受。",
                    ],
                    ["那一次你是怎么选的？", "哪一次选择最能说明你的排序？"],
                ],
                t.seed,
            )
        )
    options = profile.options_in(t.ctx.text) or [
        line.split("，满足")[0] for line in t.d.pending.get("lines") or []
    ]
    if t.d.last_act == "choose" and not options:  # a reason given mid-choice
        heard = clip(t.ctx.text, 20).rstrip("。？?")
        link = [e for e in t.u.entities if e["strong"]]
        why = (
            f"这背后像是你看重的「{link[0]['name']}」。"
            if link
            else "这就是你的一把尺子。"
        )
        return Draft(
            combos(
                [
                    [f"你说“{heard}”——{why}", f"“{heard}”，这句很关键：{why}"],
                    [
                        "也可以两条都留着：稳的那条当主线，另一条先当副业试两周。",
                        "拿这把尺子量另一条，它哪里让你不安心？",
                    ],
                    ["哪条更经得起这把尺子？", "按这个标准，你现在更偏哪边？"],
                ],
                t.seed,
            )
        )
    named = "”和“".join(options[:2])
    reasons = [
        c
        for c in t.u.said.get("clauses", [])
        if re.search(r"喜欢|稳|收入|钱|有感觉|没感觉|累|自由|压力", c) and len(c) <= 16
    ][:2]
    lead = (
        [
            f"“{named}”都说得通，纠结说明两条都戳到了你。",
            f"“{named}”，两条各有各的吸引力。",
        ]
        if len(options) >= 2
        else [
            "两条都说得通，纠结说明它们都戳到了你。",
            "选哪条只能由你来定，我给你一把尺子。",
        ]
    )
    sides = [
        re.sub(r"^(?:前者|后者|一个|另一个|第一个|第二个)", "", seg)
        for seg in re.split(r"[，。；,;]", t.ctx.text)
        if re.match(r"前者|后者|一个是?|另一个", seg) and 4 <= len(seg) <= 20
    ]
    if len(sides) == 2:  # "前者喜欢但是收入不稳定，后者稳但是没那么有感觉"
        lead = [f"一条{you(sides[0])}，一条{you(sides[1])}：这就是你在掂量的东西。"]
    elif len(reasons) == 2:  # their own trade-off, said back
        lead = [f"一条{you(reasons[0])}，一条{you(reasons[1])}：这就是你在掂量的东西。"]
    test = (
        [
            f"拿你看重的「{value}」当尺子，看哪条更贴近它。",
            f"用「{value}」量一量：哪条做下去，你更像自己？",
        ]
        if value
        else ["想想做完哪条，你会更想接着做。"]
    )
    return Draft(
        combos(
            [
                lead,
                test,
                [
                    "也可以各花一个周末试一下，再比较哪条让你更有劲。",
                    "不急着定：各做一个两小时的小尝试，感觉会比想象准。",
                    "真定不下来，就先试成本低的那条。",
                ],
                [
                    "你心里偏向哪一条？",
                    "如果只能先试一条，你会选哪条？",
                    "哪条一想到就更有劲？",
                ],
            ],
            t.seed,
        )
    )


AMOUNT = re.compile(r"[一二两三四五半0-9]+个?(?:小时|分钟)")

PERIOD = re.compile(r"晚上|每晚|周末|午休|早上|下班后")

REVIEW = re.compile(r"判断|复盘|行不行|有没有用|效果|怎么看|成功|失败")


def experiment(t: Turn) -> Draft:
    """Design a small 1–2 week experiment for a candidate, or how to review one."""
    parts = profile.three_parts(t.ctx, t.u)
    field = parts["interests"][0] if parts["interests"] else None
    talent = parts["strengths"][0] if parts["strengths"] else None
    if REVIEW.search(t.ctx.text):
        used = (
            f"有没有用上你的「{talent['name']}」"
            if talent
            else "有没有用上你擅长的做法"
        )
        return Draft(
            combos(
                [
                    ["复盘时看三点：", "判断行不行，看三件事："],
                    [
                        f"那段时间过得快不快；{used}；做完还想不想接着做。两项以上是“是”，就值得再试一轮。"
                    ],
                    ["复盘定在哪天？", "你打算哪天坐下来复盘？"],
                ],
                t.seed,
            ),
            rows=[r for r in (talent,) if r],
        )
    career = field.get("career_examples", "").split("|")[0] if field else ""
    own = profile.options_in(t.ctx.text)
    lines = t.d.pending.get("lines") or []
    if not own and lines:  # "第一条怎么开始": the candidate we just wrote
        index = max(0, (t.u.ordinal or 1) - 1) if t.u.ordinal != -1 else len(lines) - 1
        m = re.search(
            r"用「(.+?)」在「(.+?)」里做([^，；。]+)", lines[min(index, len(lines) - 1)]
        )
        if m:
            own = [
                f"用「{m.group(1)}」做一件和「{m.group(2)}」有关的小作品（像{m.group(3)}会做的那种）"
            ]
    amount, period = AMOUNT.search(t.ctx.text), PERIOD.search(t.ctx.text)
    when = (
        f"就用{period.group(0) if period else '每天'}的{amount.group(0)}，"
        if amount
        else (f"就用这个{period.group(0)}，" if period else "这周")
    )
    said_own = bool(profile.options_in(t.ctx.text))  # their words, not our line
    kind = said_own and re.search(r"写|文章|公众号|播客|视频|内容|故事", own[0])
    talk = said_own and re.search(r"陪伴|教|培训|咨询|辅导|带|讲", own[0])
    if own and (kind or talk):  # a concrete first step for this kind of work
        action = (
            f"做一期最小版的“{own[0]}”：写一篇八百字或录十分钟，发给三个会看的人"
            if kind
            else f"找一个正需要的人，用一小时试一次“{own[0]}”，结束时问他哪句最有用"
        )
        career = ""
    elif own:  # their own candidate, in their words
        action, career = (
            (
                f"{own[0]}，拿给三个人看，记下他们的第一句反应"
                if own[0].startswith("用「")
                else f"做出“{own[0]}”的一个最小成品，拿给三个会用它的人看，"
                "记下他们的第一句反应"
            ),
            "",
        )
    elif talent and field:
        action = f"用「{talent['name']}」在「{field['name']}」里做一次小尝试"
    else:
        action = "挑一条候选，做出一个最小成品，拿给三个人看"
    return Draft(
        combos(
            [
                [
                    "小实验就是花一两周、成本低、马上能开始的尝试。",
                    "把候选当成假设，用一个小实验检验它。",
                ],
                [
                    f"比如{when}{action}"
                    + (f"，像{career}那样做一小件事" if career else "")
                    + "。"
                ],
                [
                    "做完记下哪一刻最投入，再问问自己还想不想继续。",
                    "定个复盘日子：做完后，哪一刻最有劲？",
                ],
            ],
            t.seed,
        ),
        rows=[r for r in (talent, field) if r],
    )


ACTS = {
    "summary": summary,
    "synthesis": synthesis,
    "choose": choose,
    "experiment": experiment,
}
