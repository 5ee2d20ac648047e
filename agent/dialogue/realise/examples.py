"""Acts that show knowledge rows.

Examples (never repeated), a shown item expanded ("第二个"), a search of the
knowledge base.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    ask,
    cell,
    combos,
    dig,
    meaning,
    q_ref,
    someone,
)
from agent.rules import clip


def flips_asked(question: dict) -> bool:
    """Tell whether the question asks for a habit turned over ("正因为……所以……").

    S02 and S05 say so in their hint: an example for them is a criticised
    habit and the strength it turns into, not a plain strength (review 11-27).
    """
    return "正因为" in (question.get("hint") or "")


def flip_of(row: dict) -> str:
    """Return "有人总被说…；正因为…" for a talent row, or '' if it has no two sides."""
    weak = cell(row.get("weakness_form")).split("，")[0]
    turned = cell(row.get("reframe_example"))
    if not weak or not turned.startswith("正因为"):
        return ""
    return f"有人总被说“{weak}”，换个场合就成了「{row['name']}」：“{turned}”"


def _flip_examples(t: Turn, rows: list[dict]) -> Draft | None:
    """Two examples of a habit turned over, for a question that asks for one."""
    flips = [(r, f) for r in rows if (f := flip_of(r))][:2]
    if not flips:
        return None
    again = t.plan.act in ("more", "go_on")
    lead = (
        ["再换两个被嫌弃的习惯看看。", "再来两个，都是先被说、后来翻过来的。"]
        if again
        else [
            f"{q_ref(t.ctx.question) or '这题'}要的是先被嫌弃、后来翻成长处的例子：",
            "举两个把缺点翻成长处的例子：",
        ]
    )
    # Two if they fit beside the opening and the question, else the first.
    body = "；".join(f for _, f in flips) + "。"
    if len(body) > t.budget - 70:
        body, flips = flips[0][1] + "。", flips[:1]
    return Draft(
        combos(
            [
                lead,
                [body],
                [
                    "你被说得最多的那一条是什么，换到合适的场合它会变成什么？",
                    "轮到你：哪条习惯常被人念叨，用“正因为……所以……”翻过来会是什么？",
                ],
            ],
            t.seed,
        ),
        rows=[r for r, _ in flips],
        pending={
            "why": f"因为{q_ref(t.ctx.question) or '这题'}问的是被批评的习惯，"
            "例子就得是同一个特点的两面。"
        },
    )


def examples(t: Turn) -> Draft:
    """Two new knowledge rows framed as "有人……", chosen for the focus."""
    rows = (t.art.get("recommend_examples") or {}).get("entries") or []
    if not rows:
        return Draft(
            [["这一类我能举的例子都举过了。", "换个角度：你身边有谁让你想到这道题？"]]
        )
    if flips_asked(t.ctx.question) and (flipped := _flip_examples(t, rows)):
        return flipped
    a = rows[0]
    b = rows[1] if len(rows) > 1 else None
    again = t.plan.act in ("more", "go_on")
    lead = (
        [
            "再换两个看看。",
            "好，换几个新的。",
            "再来两个不一样的。",
            "换个方向再看看。",
            "这两个和刚才的不太一样。",
            "再给你两个，看看有没有更贴的。",
            "来，再看两个。",
        ]
        if again
        else [
            "举两个例子，看看哪个像你。",
            f"围绕{q_ref(t.ctx.question) or '这一步'}，先看两个。",
            "先看两个别人的样子。",
        ]
    )
    body = [
        f"比如{someone(a, t.seed)}。"
        + (f"还有「{b['name']}」：{meaning(b)}。" if b else "")
    ]
    rest = rows[2:3]
    own = next(
        (
            c
            for c in t.u.said.get("clauses", [])
            if len(c) >= 5
            and not re.search(r"例子|举|怎么|答|写|不|没", c)
            and re.search(r"刷|看|玩|搜|逛|听|做|喜欢|爱", c)
        ),
        "",
    )
    denied = next(
        (
            c
            for c in t.u.said.get("clauses", [])
            if re.search(r"不逛|不看|没有|不怎么", c)
        ),
        "",
    )
    way_in = (t.ctx.question.get("hint") or "").split("；")[0].split("，")[-1]
    way_in = way_in.rstrip("。").lstrip("或也")
    if denied and way_in:  # "我平时不逛书店": the question has another way in
        example = t.fresh_example(t.ctx.question)
        return Draft(
            combos(
                [
                    [f"没关系，换个入口：{way_in}。"],
                    [f"有人这样写：“{example}”" if example else ""],
                    ["你最常点开的是哪一类？", "你手机里停留最久的是哪一类内容？"],
                ],
                t.seed,
            ),
            marks=[f"ex:{t.ctx.question.get('id')}"],
        )
    if own:  # their own words first: the examples serve them
        lead = [f"你说“{own[:18]}”——那就从这里找。先看两个："]
    hint = (t.ctx.question.get("hint") or "").split("；")[0].rstrip("。")
    names = "「" + "」「".join(r["name"] for r in rows[:2]) + "」"
    reason = (
        f"因为{q_ref(t.ctx.question)}的关键是：{hint}。{names}是常见的答案方向。"
        if hint
        else f"因为{names}是这一步最常见的几种答案方向。"
    )
    return Draft(
        combos([lead, body, ask(t.ctx.step, a)], t.seed),
        rows=rows,
        pending={
            "why": reason,
            "more": f"还有「{rest[0]['name']}」：{meaning(rest[0])}。" if rest else "",
        },
    )


def refer(t: Turn) -> Draft:
    """Expand the item the person pointed at."""
    if "line" in t.plan.target:
        line, n = t.plan.target["line"], t.plan.target["number"]
        return Draft(
            combos(
                [
                    [f"第{n}条是：{line}。"],
                    [
                        "意思是把你擅长的方式，放进你愿意投入的领域里，再用你看重的东西检验它。"
                    ],
                    ["这周可以先做一个最小版本，花两三个小时就够。"],
                    ["它让你心动的是哪一部分？", "读这一条时，你心里是期待还是犹豫？"],
                ],
                t.seed,
            )
        )
    if "missing" in t.plan.target:
        count = t.plan.target["count"]
        return Draft([[f"刚才我只列了{count}个。", "你想展开的是哪一个？"]])
    data = t.art.get("explain_concept") or {}
    row = next(
        (
            r
            for r in data.get("entries") or []
            if r.get("name") == t.plan.target.get("name")
        ),
        None,
    )
    name = t.plan.target.get("name", "")
    if row is None:
        return Draft(
            [[f"「{name}」我这里一时查不到细节。", "你是想到了自己的哪件事？"]]
        )
    two_sides = (
        f"它的长处是{meaning({'definition': row.get('strength_form')})}，短处是"
        f"{meaning({'definition': row.get('weakness_form')})}。"
        if row.get("strength_form")
        else ""
    )
    return Draft(
        combos(
            [
                [
                    f"刚才只列了这一个，就展开它：「{name}」是{meaning(row)}。",
                ]
                if t.plan.target.get("only")
                else [
                    f"「{name}」是{meaning(row)}。",
                    f"展开说「{name}」：{meaning(row)}。",
                ],
                [two_sides],
                [
                    f"比如{x}。"
                    for x in (someone(row, t.seed), someone(row, t.seed + 1))
                    if meaning(row) not in x  # not the definition said twice
                ]
                or [""],
                [
                    dig(row) or "你身上哪一次有过这样的时候？",
                    "你想起的是自己的哪一次？",
                ],
            ],
            t.seed,
        ),
        rows=[row],
        pending={"why": f"「{name}」是知识库里和你这道题相连的条目。"},
    )


def search(t: Turn) -> Draft:
    """List what the knowledge base has on the topic."""
    rows = (t.art.get("search_content") or {}).get("entries") or []
    rows = [r for r in rows if r.get("category") != "questions"]
    top = max((float(r.get("score") or 0) for r in rows), default=0.0)
    rows = [
        r for r in rows if float(r.get("score") or 0) >= 0.35 * top
    ]  # drop the tail
    if re.search(r"差不多|类似|相近|相似|接近|像", t.ctx.text):  # not the word itself
        named = {e["name"] for e in t.u.entities}
        rows = [r for r in rows if r["name"] not in named] or rows
    rows = rows[:3]
    if not rows:
        from agent.dialogue.realise.conversation import clarify

        return clarify(t)
    listed = "；".join(
        f"「{r['name']}」{clip(meaning(r), 22).rstrip('。')}" for r in rows
    )
    query = t.plan.topic.get("query", "") if t.plan.topic else ""
    return Draft(
        combos(
            [
                [f"和“{query}”有关的有：{listed}。", f"知识库里找到这些：{listed}。"],
                [f"比如{someone(rows[0], t.seed)}。"],
                ask(t.ctx.step, rows[0]),
            ],
            t.seed,
        ),
        rows=rows,
        pending={"why": "它们的名字、别名或关键词和你问的词对得上。"},
    )


ACTS = {"examples": examples, "more": examples, "refer": refer, "search": search}
