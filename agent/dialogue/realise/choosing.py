"""Choosing between candidates or values without choosing for the person."""

from __future__ import annotations

import re

from agent.dialogue import profile
from agent.dialogue.facts import span_of
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.combine import named_values
from agent.dialogue.realise.phrases import (
    combos,
)
from agent.rules import clip


def choose(t: Turn) -> Draft:
    """Help choose among options without choosing for them."""
    # Their values from what they wrote, not from this message: a job title
    # in "做旅行规划师" is not the value 「规划」.
    parts = profile.three_parts(t.ctx, None)
    # "你看重的「X」" only where an answer names X (the results page's matcher).
    value = next(iter(named_values(t.ctx.answers)), "")
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
    options_here = profile.options_in(t.ctx.text)
    if len(values_named) >= 2 and (
        ranking or not options_here
    ):  # "自由和家人怎么排": two values, not two options
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
            f"“{named}”都说得通，各有各的理由。",
            f"“{named}”，两条各有各的吸引力。",
        ]
        if len(options) >= 2
        else [
            "两条都说得通，各有各的理由。",
            "选哪条只能由你来定，我给你一把尺子。",
        ]
    )
    sides = [
        re.sub(r"^(?:前者|后者|一个|另一个|第一个|第二个)", "", seg)
        for seg in re.split(r"[，。；,;\s]+", t.ctx.text)
        if re.match(r"前者|后者", seg) and 4 <= len(seg) <= 20
    ]
    if len(sides) == 2:  # "前者喜欢但是收入不稳定，后者稳但是没那么有感觉"
        sides = [span_of(t.ctx.text, x) for x in sides]
        lead = [f"一条「{sides[0]}」，一条「{sides[1]}」：这就是你在掂量的东西。"]
    elif len(reasons) == 2:  # their own trade-off, said back
        sides = [span_of(t.ctx.text, x) for x in reasons]
        lead = [f"一条「{sides[0]}」，一条「{sides[1]}」：这就是你在掂量的东西。"]
    if not all(sides[:2]):
        lead = [""]
    test = (
        [
            f"拿你看重的「{value}」当尺子，看哪条更贴近它。",
            f"用「{value}」量一量，看哪条做下去更像你自己。",
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


ACTS = {"choose": choose}
