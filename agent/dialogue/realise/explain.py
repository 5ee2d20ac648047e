"""Acts that explain: a concept, the question, a highlighted text, the reason
behind the last reply ("为什么"), what comes next ("然后呢"), "这也算吗".
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    ask,
    cell,
    combos,
    meaning,
    q_ref,
    q_short,
    someone,
)
from agent.rules import clip


def _mine(t: Turn) -> list[str]:
    """Return a pointer to the person's own material, when they have some."""
    draft = t.ctx.draft
    if draft:
        return [
            f"你在{q_ref(t.ctx.question)}写的“{clip(draft, 18).rstrip('。')}”"
            "里就有线索。"
        ]
    return [""]


def explain(t: Turn) -> Draft:
    """Explain a concept of the method, or a knowledge entry, with an example."""
    data = t.art.get("explain_concept") or {}
    rows = data.get("entries") or []
    if data.get("key") == "entry" and rows:
        row = rows[0]
        return Draft(
            combos(
                [
                    [
                        f"「{row['name']}」指的是{meaning(row)}。",
                        f"「{row['name']}」说的是{meaning(row)}。",
                    ],
                    [someone(row, t.seed), someone(row, t.seed + 1)],
                    ask(t.ctx.step, row, single=True),
                ],
                t.seed,
            ),
            rows=[row],
            pending={"why": f"我是从知识库里「{row['name']}」的定义讲的。"},
        )
    if not data.get("label"):
        from agent.dialogue.realise.conversation import clarify

        return clarify(t)
    role = data.get("role", "")
    definition = data.get("definition", "").rstrip("。")
    example = [f"比如{someone(r, t.seed + i)}" for i, r in enumerate(rows[:1])] or [""]
    core = data.get("key") in ("values", "strengths", "interests", "formula")
    tool = re.search(
        r"ps|photoshop|剪辑|python|excel|英语|编程|ppt|证", t.ctx.text, re.I
    )
    answer = (
        [f"{tool.group(0)}本身是技能；让你把它用溜的那股劲，才可能是才能。"]
        if tool and data.get("key") == "skill"
        else [""]
    )
    return Draft(
        combos(
            [
                [f"{definition}。", f"简单说：{definition}。"],
                answer,
                [(f"在公式里，{role}。" if core else f"{role}。") if role else ""],
                example,
                _mine(t) + [""],
                ask(t.ctx.step, rows[0] if rows else None, single=True),
            ],
            t.seed,
        ),
        rows=rows,
        pending={
            "why": f"因为{role}。" if role else "",
            "more": "接下来可以看看别人怎么落到自己身上。",
        },
    )


def rephrase(t: Turn) -> Draft:
    """Say the question another way, with a whole example answer and a start."""
    guide = t.art.get("guide_question") or {}
    q = guide if guide.get("found") else t.ctx.question
    if not q:
        return Draft([["先挑一道最有感觉的题开始吧。", "你想从哪一道题写起？"]])
    again = guide.get("rephrased") or q_short(q)
    example = t.fresh_example(q)
    rows = guide.get("entries") or []
    other = (
        f"比如{someone(rows[t.seed % len(rows)], t.seed)}。"
        if rows and not example
        else ""
    )
    role = t.ctx.role
    start = (
        [f"可以先从你做{role}的这些年里找一个场景。"]
        if role
        else [
            "先写一个具体的人或一件事，之后我们再一起提炼。",
            "先写第一个冒出来的画面，不用完整。",
        ]
    )
    asked = q_short(q, 40)
    relevance = ""
    if re.search(r"关系|有什么用|有啥用|为什么要|干嘛要", t.ctx.text):
        relevance = {
            "values_exploration": "问这个，是为了找出你为什么而工作。",
            "strengths_exploration": "问这个，是为了找出你不费力就做得好的方式。",
            "interests_exploration": "问这个，是为了找出你愿意长期投入的领域。",
        }.get(t.ctx.step, "")
    return Draft(
        combos(
            [
                [relevance],
                [
                    f"{q_ref(q)}问的是“{asked}”。{again}。",
                    f"换个说法：{asked}——{again}。",
                    f"{q_ref(q)}想问的是：{again}。",
                    f"{q_ref(q)}我换个角度说：{again}。",
                    f"{q_ref(q)}说白了，{again}。",
                ],
                [f"有人这样写：“{example}”" if example else other],
                start,
                [
                    "你先想到的是哪一段？",
                    "哪一个画面先冒出来？",
                    "你心里第一个浮现的是什么？",
                    "如果只写一句，你会写谁？",
                    "哪件事你一想起来就有画面？",
                    "你最先想写的是哪一幕？",
                ],
            ],
            t.seed,
        ),
        marks=[f"ex:{q.get('id')}"],
        pending={
            "why": f"因为{q.get('hint', '')}" if q.get("hint") else "",
            "more": "写不出来时，先看看知识库里的例子也行。",
        },
    )


def explain_text(t: Turn) -> Draft:
    """Explain a highlighted sentence or a quoted workbook question."""
    text = (t.ctx.selection or t.ctx.text).replace("“", "「").replace("”", "」")
    quoted = clip(text, 30).rstrip("。") or text[:28]
    guide = t.art.get("guide_question") or {}
    if guide.get("found"):
        example = t.fresh_example(guide)
        same = (
            guide["rephrased"].replace("“", "「")[:12] in text
            or text[:12] in guide["rephrased"]
        )
        how = {
            "values_exploration": "先写出具体的事，再想它背后你在意的是什么",
            "strengths_exploration": "先写出具体的习惯，再想它在什么场合会变成长处",
            "interests_exploration": "先写出具体的兴趣，再想你真正好奇的是哪一面",
        }.get(guide.get("step", ""), "先写出具体的事，再想它说明了你什么")
        meaning_of = f"{how}（{q_short(guide, 24)}）" if same else guide["rephrased"]
        return Draft(
            marks=[f"ex:{guide.get('id')}"],
            options=combos(
                [
                    [
                        f"你选的“{quoted}”出自第{guide['number']}题，"
                        f"它想问的是：{meaning_of}。",
                        f"“{quoted}”这句的意思是：{meaning_of}。",
                    ],
                    [f"比如有人写：“{example}”" if example else ""],
                    ["你会写哪一件事？", "读完这句，你想到了谁或哪件事？"],
                ],
                t.seed,
            ),
        )
    data = t.art.get("explain_concept") or {}
    if data.get("label") or data.get("entries"):
        draft = explain(t)
        lead = [
            f"“{quoted}”这句的重点在"
            f"{data.get('label') or '「' + data['entries'][0]['name'] + '」'}。"
        ]
        draft.options = [[lead[0], *o] for o in draft.options]
        return draft
    return Draft(
        combos(
            [
                [f"“{quoted}”这句，是在提醒你回到自己的具体经历。"],
                [
                    f"放到{q_ref(t.ctx.question)}上，就是先写一个真实的场景。"
                    if t.ctx.question
                    else ""
                ],
                ["你读到它时，想到的是哪件事？"],
            ],
            t.seed,
        )
    )


def why(t: Turn) -> Draft:
    """Give the reason behind the last statement."""
    reason = t.d.pending.get("why") or ""
    data = t.art.get("explain_concept") or {}
    if not reason and data.get("role"):
        reason = f"因为{data['role']}。"
    if not reason:
        reason = "因为写得越具体，后面越容易看出哪些线索在反复出现。"
    return Draft(
        combos(
            [
                ["问得好。", "说说我的理由。", ""],
                [reason],
                ["你觉得哪里说得通、哪里不像你？", "这和你自己的感觉，哪里对得上？"],
            ],
            t.seed,
        ),
        pending={"more": t.d.pending.get("more", "")},
    )


def go_on(t: Turn) -> Draft:
    """Go on from where the last reply stopped."""
    more = t.d.pending.get("more") or ""
    if not more and t.art.get("recommend_examples"):
        from agent.dialogue.realise.examples import examples

        return examples(t)
    guide = t.art.get("guide_question") or {}
    if not more and guide.get("found"):  # nothing held back: one layer deeper
        directions = guide.get("directions") or []
        return Draft(
            combos(
                [
                    ["再往深一层：", "接下来可以这样想："],
                    [f"{d}。" for d in directions[1:3]]
                    or [f"{guide.get('rephrased', '')}。"],
                    ["写的时候，那个画面里有谁？", "你会先写哪一个画面？"],
                ],
                t.seed,
            )
        )
    return Draft(
        combos(
            [
                ["接着刚才的说。", "往下走一步：", "下一步是这样："],
                [more],
                ["你想先写哪一段？", "从哪个画面开始写？"],
            ],
            t.seed,
        )
    )


def counts(t: Turn) -> Draft:
    """Answer "这也算吗" directly (yes, as a clue), then what would make it one."""
    rows = [
        r
        for r in (t.art.get("search_content") or {}).get("entries") or []
        if r.get("category") != "questions"
    ]
    strong = {e["id"] for e in t.u.entities if e["strong"]}
    row = next((r for r in rows if r["id"] in strong), None)
    kind = (
        (row or {}).get("category")
        or t.u.category
        or {
            "values_exploration": "values",
            "strengths_exploration": "strengths",
        }.get(t.ctx.step, "interests")
    )
    test = {
        "interests": [
            "关键看是真好奇还是只是消遣：它背后哪一部分，你会主动去琢磨？",
            "分辨一下：不为放松的时候，你最想多了解它的哪一面？",
        ],
        "strengths": [
            "关键看它是不是你不经意就会做、别人还常因此找你：谁这样说过你，当时是什么事？"
        ],
        "values": ["关键看它背后你在意的是什么：没有它时，你最难受的是哪一点？"],
    }[kind]
    angry = "生气" in t.ctx.text or "愤怒" in t.ctx.text
    told = [x for r, x in t.ctx.history if r == "user" and len(x) >= 30][-1:]
    from agent.dialogue.facts import read, you

    here = [
        c
        for c in t.u.said.get("clauses", [])
        if len(c) >= 5 and not re.search(r"算|吗|呢|\?|？", c)
    ]
    thing = (
        you(here[0])
        if here
        else you(read(told[0]).vivid)
        if told and len(t.ctx.text) < 20
        else ""
    )
    worry = re.search(r"不会|不懂|不专业|外行|没学过", t.ctx.text)
    return Draft(
        combos(
            [
                ["算。", "当然算。", "算的，而且很可能是条好线索。"],
                ["不会也不影响：喜欢的事看的是你想靠近它，不是你已经会。"]
                if worry
                else [""],
                ["让你生气的事，常常指向你在意的价值。" if angry else ""],
                [
                    f"它可能指向「{row['name']}」：{meaning(row)}。"
                    if row
                    else (
                        f"{thing}，这本身就是线索"
                        + (
                            f"，正好写进{q_ref(t.ctx.question)}。"
                            if t.ctx.question
                            else "。"
                        )
                        if thing
                        else "再小的事，只要你真的在意，都是线索。"
                    )
                ],
                test,
            ],
            t.seed,
        ),
        rows=[row] if row else [],
    )


def flip(t: Turn) -> Draft:
    """Turn a habit they were scolded for into its strength form (正因为……所以……)."""
    trait = t.plan.target.get("trait") or ""
    if not trait or trait in ("这", "这个", "它", "那个", "这点"):
        return Draft(
            combos(
                [
                    [
                        "能翻，几乎每个被念叨过的习惯都能翻。",
                        "能，缺点往往是才能用错了地方。",
                    ],
                    ["比如总被说“磨蹭”的人，换个场合就是做事仔细、想得周全。"],
                    ["你想翻的是哪个习惯？", "你说的是被念叨最多的哪一个？"],
                ],
                t.seed,
            )
        )
    rows = [
        r
        for r in (t.art.get("search_content") or {}).get("entries") or []
        if r.get("category") == "strengths"
    ]
    row = next(
        (
            r
            for r in rows
            if trait in cell(r.get("weakness_form")) + cell(r.get("aliases"))
        ),
        rows[0] if rows else None,
    )
    if row is None:
        body = [f"能翻。正因为{trait}，你在别人图快的地方，往往看得更仔细。"]
    else:
        strong = cell(row.get("strength_form"))
        body = [
            f"能翻：正因为{trait}，所以{strong}。有人把这叫「{row['name']}」。",
            f"当然能。“{trait}”的另一面，常常是{strong}，也就是「{row['name']}」。",
        ]
    return Draft(
        combos(
            [
                body,
                [
                    f"你哪一次正因为{trait}，反而把事做对了？",
                    f"想一件事：正是因为{trait}，你拦下了什么、做好了什么？",
                ],
            ],
            t.seed,
        ),
        rows=[row] if row else [],
    )


ACTS = {
    "explain": explain,
    "rephrase": rephrase,
    "explain_text": explain_text,
    "why": why,
    "flip": flip,
    "go_on": go_on,
    "counts": counts,
}
