"""Acts that explain and illustrate from the knowledge base.

Explain a concept, rephrase the question, explain a highlighted text, give
examples (never repeating), follow a reference ("第二个"), give the reason
("为什么"), go on ("然后呢") and search.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos, dig, meaning, q_ref, q_short, quote_whole, someone,
)
from agent.rules import clip

STEP_QUESTIONS = {
    "values_exploration": ["哪一个最让你有感觉，它让你想起哪件事？",
                           "你心里冒出来的是哪个人、哪件事？",
                           "读到哪一个时，你心里动了一下？",
                           "这几个里，哪个离你最近？"],
    "strengths_exploration": ["哪一条最像你，别人常因为什么找你帮忙？",
                              "你有没有类似的习惯，被人说过、也被人谢过？",
                              "哪一条让你想起自己做事的样子？",
                              "别人夸过你、也嫌过你的，是哪一条？"],
    "interests_exploration": ["哪一个让你忍不住想多了解一点？",
                              "最近一次你主动花时间去了解的是什么？",
                              "哪一个你愿意花一个周末去琢磨？"],
    "synthesis": ["把它放进你的候选里，会是哪一条？"],
}


def _ask(t: Turn, row: dict | None = None, single: bool = False) -> list[str]:
    own = [dig(row)] if row and dig(row) else []
    if single:  # one item on the table: no "哪一个"
        return own + ["你身上有没有这样的时候？", "这让你想起自己的哪件事？"]
    return own + STEP_QUESTIONS.get(t.ctx.step, STEP_QUESTIONS["values_exploration"])


def _mine(t: Turn) -> list[str]:
    """Return a pointer to the person's own material, when they have some."""
    draft = t.ctx.draft
    if draft:
        return [f"你在{q_ref(t.ctx.question)}写的“{clip(draft, 18).rstrip('。')}”里就有线索。"]
    return [""]


def explain(t: Turn) -> Draft:
    """Explain a concept of the method, or a knowledge entry, with an example."""
    data = t.art.get("explain_concept") or {}
    rows = data.get("entries") or []
    if data.get("key") == "entry" and rows:
        row = rows[0]
        return Draft(combos([
            [f"「{row['name']}」指的是{meaning(row)}。", f"「{row['name']}」说的是{meaning(row)}。"],
            [someone(row, t.seed), someone(row, t.seed + 1)],
            _ask(t, row, single=True),
        ], t.seed), rows=[row], pending={"why": f"我是从知识库里「{row['name']}」的定义讲的。"})
    if not data.get("label"):
        from agent.dialogue.realise.support import clarify
        return clarify(t)
    label, role = data["label"], data.get("role", "")
    definition = data.get("definition", "").rstrip("。")
    example = [f"比如{someone(r, t.seed + i)}" for i, r in enumerate(rows[:1])] or [""]
    core = data.get("key") in ("values", "strengths", "interests", "formula")
    return Draft(combos([
        [f"{definition}。", f"简单说：{definition}。"],
        [(f"在公式里，{role}。" if core else f"{role}。") if role else ""],
        example,
        _mine(t) + [""],
        _ask(t, rows[0] if rows else None, single=True),
    ], t.seed), rows=rows, pending={"why": f"因为{role}。" if role else "",
                                   "more": "接下来可以看看别人怎么落到自己身上。"})


def rephrase(t: Turn) -> Draft:
    """Say the question another way, with a whole example answer and a start."""
    guide = t.art.get("guide_question") or {}
    q = guide if guide.get("found") else t.ctx.question
    if not q:
        return Draft([["先挑一道最有感觉的题开始吧。", "你想从哪一道题写起？"]])
    again = guide.get("rephrased") or q_short(q)
    example = quote_whole(q.get("example", ""), 70)
    role = t.ctx.role
    start = ([f"可以先从你做{role}的这些年里找一个场景。"] if role else
             ["先写一个具体的人或一件事，之后我们再一起提炼。", "先写第一个冒出来的画面，不用完整。"])
    asked = q_short(q, 40)
    relevance = ""
    if re.search(r"关系|有什么用|有啥用|为什么要|干嘛要", t.ctx.text):
        relevance = {"values_exploration": "问这个，是为了找出你为什么而工作。",
                     "strengths_exploration": "问这个，是为了找出你不费力就做得好的方式。",
                     "interests_exploration": "问这个，是为了找出你愿意长期投入的领域。",
                     }.get(t.ctx.step, "")
    return Draft(combos([
        [relevance],
        [f"{q_ref(q)}问的是“{asked}”。{again}。", f"换个说法：{asked}——{again}。"],
        [f"有人这样写：“{example}”" if example else ""],
        start,
        ["你先想到的是哪一段？", "哪一个画面先冒出来？", "你心里第一个浮现的是什么？"],
    ], t.seed), pending={"why": f"因为{q.get('hint', '')}" if q.get("hint") else "",
                         "more": "写不出来时，先看看知识库里的例子也行。"})


def explain_text(t: Turn) -> Draft:
    """Explain a highlighted sentence or a quoted workbook question."""
    text = (t.ctx.selection or t.ctx.text).replace("“", "「").replace("”", "」")
    quoted = clip(text, 30).rstrip("。") or text[:28]
    guide = t.art.get("guide_question") or {}
    if guide.get("found"):
        example = quote_whole(guide.get("example", ""), 60)
        return Draft(combos([
            [f"你选的“{quoted}”出自第{guide['number']}题，它想问的是：{guide['rephrased']}。",
             f"“{quoted}”这句的意思是：{guide['rephrased']}。"],
            [f"比如有人写：“{example}”" if example else ""],
            ["你会写哪一件事？", "读完这句，你想到了谁或哪件事？"],
        ], t.seed))
    data = t.art.get("explain_concept") or {}
    if data.get("label") or data.get("entries"):
        draft = explain(t)
        lead = [f"“{quoted}”这句的重点在{data.get('label') or '「' + data['entries'][0]['name'] + '」'}。"]
        draft.options = [[lead[0], *o] for o in draft.options]
        return draft
    return Draft(combos([
        [f"“{quoted}”这句，是在提醒你回到自己的具体经历。"],
        [f"放到{q_ref(t.ctx.question)}上，就是先写一个真实的场景。" if t.ctx.question else ""],
        ["你读到它时，想到的是哪件事？"],
    ], t.seed))


def examples(t: Turn) -> Draft:
    """Two new knowledge rows framed as "有人……", chosen for the focus."""
    rows = (t.art.get("recommend_examples") or {}).get("entries") or []
    if not rows:
        return Draft([["这一类我能举的例子都举过了。", "换个角度：你身边有谁让你想到这道题？"]])
    a = rows[0]
    b = rows[1] if len(rows) > 1 else None
    again = t.plan.act in ("more", "go_on")
    lead = (["再换两个看看。", "好，换几个新的。", "再来两个不一样的。", "换个方向再看看。"]
            if again else
            ["举两个例子，看看哪个像你。", f"围绕{q_ref(t.ctx.question) or '这一步'}，先看两个。",
             "先看两个别人的样子。"])
    body = [f"比如{someone(a, t.seed)}。" + (f"还有「{b['name']}」：{meaning(b)}。" if b else "")]
    rest = rows[2:3]
    hint = (t.ctx.question.get("hint") or "").split("；")[0].rstrip("。")
    names = "「" + "」「".join(r["name"] for r in rows[:2]) + "」"
    reason = (f"因为{q_ref(t.ctx.question)}的关键是：{hint}。{names}是常见的答案方向。"
              if hint else f"因为{names}是这一步最常见的几种答案方向。")
    return Draft(combos([lead, body, _ask(t, a)], t.seed), rows=rows,
                 pending={"why": reason,
                          "more": f"还有「{rest[0]['name']}」：{meaning(rest[0])}。" if rest else ""})


def refer(t: Turn) -> Draft:
    """Expand the item the person pointed at."""
    if "line" in t.plan.target:
        line, n = t.plan.target["line"], t.plan.target["number"]
        return Draft(combos([
            [f"第{n}条是：{line}。"],
            ["意思是把你擅长的方式，放进你愿意投入的领域里，再用你看重的东西检验它。"],
            ["这周可以先做一个最小版本，花两三个小时就够。"],
            ["它让你心动的是哪一部分？", "读这一条时，你心里是期待还是犹豫？"],
        ], t.seed))
    if "missing" in t.plan.target:
        count = t.plan.target["count"]
        return Draft([[f"刚才我只列了{count}个。", "你想展开的是哪一个？"]])
    data = t.art.get("explain_concept") or {}
    row = next((r for r in data.get("entries") or []
                if r.get("name") == t.plan.target.get("name")), None)
    name = t.plan.target.get("name", "")
    if row is None:
        return Draft([[f"「{name}」我这里一时查不到细节。", "你是想到了自己的哪件事？"]])
    two_sides = (f"它的长处是{meaning({'definition': row.get('strength_form')})}，短处是"
                 f"{meaning({'definition': row.get('weakness_form')})}。"
                 if row.get("strength_form") else "")
    return Draft(combos([
        [f"「{name}」是{meaning(row)}。", f"展开说「{name}」：{meaning(row)}。"],
        [two_sides],
        [f"比如{someone(row, t.seed)}。", f"比如{someone(row, t.seed + 1)}。"],
        [dig(row) or "你身上有没有这样的时候？", "你有没有过这样的时候？"],
    ], t.seed), rows=[row], pending={"why": f"「{name}」是知识库里和你这道题相连的条目。"})


def why(t: Turn) -> Draft:
    """Give the reason behind the last statement."""
    reason = t.d.pending.get("why") or ""
    data = t.art.get("explain_concept") or {}
    if not reason and data.get("role"):
        reason = f"因为{data['role']}。"
    if not reason:
        reason = "因为写得越具体，后面越容易看出哪些线索在反复出现。"
    return Draft(combos([
        ["问得好。", "说说我的理由。", ""],
        [reason],
        ["你觉得哪里说得通、哪里不像你？", "这和你自己的感觉对得上吗？"],
    ], t.seed), pending={"more": t.d.pending.get("more", "")})


def go_on(t: Turn) -> Draft:
    """Go on from where the last reply stopped."""
    more = t.d.pending.get("more") or ""
    if not more and t.art.get("recommend_examples"):
        return examples(t)
    guide = t.art.get("guide_question") or {}
    if not more and guide.get("found"):  # nothing held back: one layer deeper
        directions = guide.get("directions") or []
        return Draft(combos([
            ["再往深一层：", "接下来可以这样想："],
            [f"{d}。" for d in directions[1:3]] or [f"{guide.get('rephrased', '')}。"],
            ["写的时候，那个画面里有谁？", "你会先写哪一个画面？"],
        ], t.seed))
    return Draft(combos([
        ["接着说。", "好，往下讲。"],
        [more],
        ["你想先写哪一段？", "从哪个画面开始写？"],
    ], t.seed))


def search(t: Turn) -> Draft:
    """List what the knowledge base has on the topic."""
    rows = (t.art.get("search_content") or {}).get("entries") or []
    rows = [r for r in rows if r.get("category") != "questions"]
    if re.search(r"差不多|类似|相近|相似|接近|像", t.ctx.text):  # not the word itself
        named = {e["name"] for e in t.u.entities}
        rows = [r for r in rows if r["name"] not in named] or rows
    rows = rows[:3]
    if not rows:
        from agent.dialogue.realise.support import clarify
        return clarify(t)
    listed = "；".join(f"「{r['name']}」{clip(meaning(r), 22).rstrip('。')}" for r in rows)
    query = t.plan.topic.get("query", "") if t.plan.topic else ""
    return Draft(combos([
        [f"和“{query}”有关的有：{listed}。", f"知识库里找到这些：{listed}。"],
        [f"比如{someone(rows[0], t.seed)}。"],
        _ask(t, rows[0]),
    ], t.seed), rows=rows, pending={"why": "它们的名字、别名或关键词和你问的词对得上。"})


def counts(t: Turn) -> Draft:
    """Answer "这也算吗" directly (yes, as a clue), then what would make it one."""
    rows = [r for r in (t.art.get("search_content") or {}).get("entries") or []
            if r.get("category") != "questions"]
    strong = {e["id"] for e in t.u.entities if e["strong"]}
    row = next((r for r in rows if r["id"] in strong), None)
    kind = (row or {}).get("category") or t.u.category or {
        "values_exploration": "values", "strengths_exploration": "strengths",
    }.get(t.ctx.step, "interests")
    test = {
        "interests": ["关键看是真好奇还是只是消遣：你会主动去琢磨它背后的门道吗？",
                      "分辨一下：不为放松，你也会想多了解它吗？"],
        "strengths": ["关键看它是不是你不经意就会做、别人还常因此找你：有人这样说过你吗？"],
        "values": ["关键看它背后你在意的是什么：没有它时，你最难受的是哪一点？"],
    }[kind]
    angry = "生气" in t.ctx.text or "愤怒" in t.ctx.text
    return Draft(combos([
        ["算。", "当然算。", "算数的。"],
        ["让你生气的事，常常指向你在意的价值。" if angry else "",
         f"它可能指向「{row['name']}」：{meaning(row)}。" if row else
         "再小的事，只要你真的在意，都是线索。"],
        test,
    ], t.seed), rows=[row] if row else [])


ACTS = {
    "explain": explain, "rephrase": rephrase, "explain_text": explain_text,
    "examples": examples, "more": examples, "refer": refer, "why": why,
    "go_on": go_on, "search": search, "counts": counts,
}
