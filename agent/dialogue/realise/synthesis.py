"""A summary in their words (combining the parts is realise/combine.py).

The summary reads the part they name ("综合这一步", "价值观那几题", "V04"), or the
step on screen, in the workbook's order; the only names it adds are the ones
the evidence matcher finds named in those answers. "分成想继承的和不想要的两栏"
sorts the clauses of one answer by their own words (不想, 不要…), and what
says neither is left for them to place.
"""

from __future__ import annotations

import re

from agent import context
from agent.dialogue.facts import REQUEST, asks, is_shrug
from agent.dialogue.numbered import named_question
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, number, short, usable
from agent.dialogue.realise.phrases import combos
from agent.dialogue.realise.portrait import portrait
from agent.dialogue.signals import SHORTER_ASK
from agent.dialogue.tasks_route import PORTRAIT
from knowledge.evidence import evidence_find
from knowledge.evidence.records import CATEGORIES

# The part a message names, by the words people use for it.
PARTS = (
    ("C", re.compile(r"综合|合成|候选|synthesis", re.I)),
    ("V", re.compile(r"重要的事|价值观|看重")),
    ("S", re.compile(r"擅长的事|才能|优势|长处")),
    ("P", re.compile(r"喜欢的事|热情|领域|兴趣")),
)
STEP_PREFIX = {**context.STEP_PREFIX, "synthesis": "C"}
ORDER = "VSPC"
SPAN = re.compile(r"([VSPCvspc])0?\d\s*(?:到|-|~|～|至)\s*[VSPCvspc]?0?\d")
# "三部分写的东西总结一下": every step, not the one on screen.
# "我前面写的东西", "到现在写的这些" (coach_blind18): everything so far.
ALL = re.compile(
    r"三部分|三个部分|所有|全部|整体|每一步|前面几步|几步|从头|"
    r"前面写的|之前写的|到现在写的|目前写的|写过的(?:这些|东西)|"
    r"到目前为止|到现在为止|迄今|(?i:so far)"
)
LINES = 4
THREE_STEPS = re.compile(r"前面?(?:三|3)步|这(?:三|3)步")
# "分成想继承的和不想要的两栏": one answer, its clauses in two columns.
TOLD_BEFORE = re.compile(
    r"(?:上面|前面|刚才|之前)(?:说|讲|聊)的(?:那些|这些|都)|这(?:两|几)段|(?:两|几)段话"
)
HABIT = re.compile(r"特别|总是?|从不|从来|一直|舍不得|越来越|老是|天天|每天|没.{0,3}过")
STORY_BACK = 3  # messages back that "上面说的那些" reaches
OWN_STORY = 40  # characters: an ask this long tells its own story too


def _told_here(text: str) -> str:
    """Return the message without its asking sentences, or '' if little is left."""
    kept = [
        s
        for s in re.split(r"(?<=[。！!？?])", text)
        if s.strip() and not COLUMNS.search(s) and not REQUEST.search(s)
    ]
    told = "".join(kept)
    return told if len(told) >= OWN_STORY // 2 else ""


COLUMNS = re.compile(r"两栏|两列|两类|两部分|两边|分成|分开|拆成")
NOT_WANTED = re.compile(r"不想|不要|不愿|别像|不学|不能像|受不了|讨厌")
WANTED = re.compile(r"要学|想学|想继承|继承|我要|想要|想像|学到|留下")
UNSURE = re.compile(
    r"不知道|不清楚|说不清|说不上来|没想过|想要(?:什么|啥)|要(?:什么|啥)"
)
# A colon ends a lead-in too ("第四题我只想到几句零碎的：想继承…", coach_blind19).
CLAUSES = re.compile(r"[^，,。；;：:！!？?\n\s]+")
# "这个我想学", "这个也不想要": a clause that only points back at the one before.
POINTER = re.compile(
    r"^(?:这个|这些|这点|这一点|那个)(?:我|也|都|就)*(?:想|不想|要|不要|学)"
)


def _scope(t: Turn) -> tuple[str, str]:
    """Return (prefix or "", question id or "") for what the message names."""
    text = t.ctx.text or ""
    if m := SPAN.search(text):  # "S01到S08": the step, not its first answer
        return m.group(1).upper(), ""
    if qid := named_question(text, t.ctx.step):
        return qid[:1], qid
    if ALL.search(text):
        return "", ""
    for prefix, words in PARTS:
        if words.search(text):
            return prefix, ""
    return STEP_PREFIX.get(t.ctx.step, ""), ""


def _columns(t: Turn, qid: str, answer: str, *, told: bool = False) -> Draft:
    """Return one answer's sentences sorted by their own words into two columns.

    A sentence is the unit ("…谁家有事都去帮忙，这个我想学"): "这个我想学" alone
    names nothing. Spaces between characters are stops too, and "但" splits a
    sentence that holds both sides.
    """
    text = t.ctx.text or ""
    yes_name = "想继承的" if "继承" in text else "想要的"
    spaced = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "。", answer)
    pieces: list[str] = []
    for clause in CLAUSES.findall(spaced.replace("。", "\n")):
        for p in re.split(r"(?:但是|但|可是|不过)", clause):
            p = p.strip("，, ")
            if pieces and POINTER.match(p):
                pieces[-1] = f"{pieces[-1]}，{p}"  # "…都去帮忙，这个我想学"
            elif len(p) >= 3:
                pieces.append(p)
    # "我也不知道我想要什么" wants nothing yet: no line of either side (coach_blind27)
    pieces = [p for p in pieces if not UNSURE.search(p)]
    yes = [p for p in pieces if WANTED.search(p) and not NOT_WANTED.search(p)]
    no = [p for p in pieces if NOT_WANTED.search(p)]
    # "说到父母这题", "我爸那边的话": about the question, no line of either side
    rest = [
        p
        for p in pieces
        if p not in yes and p not in no and not asks(answer, p) and len(p) >= 4
    ]
    # Habits first ("一年到头没休息过", "舍不得关一天门"), in their order.
    ranked = sorted(rest, key=lambda x: not HABIT.search(x))

    def said(xs: list[str]) -> str:
        return "".join(f"「{short(x, x, 24)}」" for x in xs[:2]) or "（你还没写）"

    unsorted = "".join(f"「{short(x, x, 16)}」" for x in rest if x in ranked[:2])
    left = f"没写明放哪栏的还有{unsorted}，由你定。" if rest else ""
    if not yes and not no and rest:
        # Nothing says which side: their lines listed, the sorting theirs
        # (a guess at which of her mother's ways she wants would be ours).
        lines = "".join(f"「{short(x, x, 20)}」" for x in rest if x in ranked[:4])
        return Draft(
            [
                [
                    f"你前面聊到的有：{lines}。哪句放进{yes_name[:-1]}那栏、"
                    "哪句放进不想要那栏，你来分；分不清的先空着。"
                    "先挑一句你最确定的？"
                ]
            ],
            rows=[],
        )
    whose = "前面聊到的" if told else f"第{number(qid)}题自己的"
    return Draft(
        [
            [
                f"按你{whose}话分：{yes_name}：{said(yes)}；"
                f"不想要的：{said(no)}。{left}哪句放错了，告诉我。"
            ]
        ],
        rows=[],
    )


def summary(t: Turn) -> Draft:
    """Gather what they wrote into a few lines, in their own words."""
    if PORTRAIT.search(t.ctx.text or ""):
        return portrait(t)  # "一句话总结我是什么样的人": one line, cited
    prefix, qid = _scope(t)
    answers = {q: a.strip() for q, a in t.ctx.answers.items() if a and a.strip()}
    # "不知道" is no line of a summary, nor counted in one (coach_blind18).
    answers = {q: a for q, a in answers.items() if not is_shrug(a)}
    # "把想继承的和不想要的分成两栏" with no number: the question on screen.
    on_screen = (t.ctx.question or {}).get("id", "")
    qid = qid or (on_screen if COLUMNS.search(t.ctx.text or "") else "")
    if qid and COLUMNS.search(t.ctx.text or ""):
        told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
        if answers.get(qid):
            return _columns(t, qid, answers[qid])
        text = t.ctx.text or ""
        if len(text) >= OWN_STORY and (own := _told_here(text)):
            # "我妈其实就是那种…我爸…敢闯。你帮我把这些分成…两栏": told here
            return _columns(t, qid, own, told=True)
        if TOLD_BEFORE.search(text) and len(told) >= 2:
            # "就用我上面说的那些": all they told of late, not only the last
            told = ["。".join(x for x in told[-STORY_BACK:] if len(x) >= 20)]
        if told and len(told[-1]) >= 20:
            # "帮我把这段弄成V04的格式吧，分两栏": the story just told, sorted
            return _columns(t, qid, told[-1], told=True)
    scoped = {q: a for q, a in answers.items() if not prefix or q[:1] == prefix}
    if not scoped and prefix == STEP_PREFIX.get(t.ctx.step) and not qid:
        # The step on screen is only the default: with it still empty, what
        # they wrote elsewhere is what there is to sum up (coach_blind29: at
        # the synthesis with six answers, "这一步你还没写下答案" was no help).
        scoped, prefix = answers, ""
    if THREE_STEPS.search(t.ctx.text or "") and not qid:
        # "前面三步写了啥": values, talents, passions, not the synthesis
        scoped = {q: a for q, a in answers.items() if q[:1] in "VSP"}
        prefix = ""
    # "太长了，三行以内" right after a summary: fewer lines, fewer words each,
    # of the same answers.
    shorter = t.d.last_act == "summary" and bool(SHORTER_ASK.search(t.ctx.text or ""))
    if shorter and (before := t.d.pending.get("summarised")):
        scoped, prefix, qid = {q: answers[q] for q in before if q in answers}, "", ""
    unwritten = ""
    if qid and qid not in answers and scoped:
        # "就按P07，你帮我梳理一下" with P07 empty: said so, and the step's answers
        # laid out to draw on (coach_blind20: "这一步你还没写下答案" was untrue).
        unwritten, qid = f"{qid}还空着，", ""
    if qid:
        scoped = {qid: answers[qid]} if qid in answers else {}
    chosen = sorted(scoped.items(), key=lambda x: (ORDER.find(x[0][:1]), x[0]))
    if not prefix and not qid:
        # Every step: the first answer of each before the second of any.
        rank = {q: i for i, q in enumerate(sorted(scoped))}
        firsts = {
            q: sum(1 for p in scoped if p[:1] == q[:1] and rank[p] < rank[q])
            for q in scoped
        }
        chosen.sort(key=lambda x: (firsts[x[0]], ORDER.find(x[0][:1])))
    if not chosen:
        empty = "这一步你还没写下答案" if prefix else "你还没写下答案"
        return Draft([[f"{empty}，所以暂时没什么可理的。", "先写一题，我再帮你整理？"]])
    most, room = (3, 12) if shorter else (LINES, 22)
    lines = [f"{q}「{short(a, a, room)}」" for q, a in chosen[:most]]
    more = f"等{len(chosen)}题" if len(chosen) > most else ""
    named = list(
        dict.fromkeys(
            e.name
            for q, a in chosen
            # Each answer names its own step's part only, as on the results page.
            for e in evidence_find(
                answers={q: a},
                categories=(PART_OF[q[:1]],) if q[:1] in PART_OF else CATEGORIES,
            )
            # Whole words of their own, as the tasks read them: "扣钱" in an
            # anger at fines is no 「财富」 (coach_blind18).
            if e.strength == "named" and usable(e)
        )
    )[:3]
    clue = (
        "里面直接点到名字的有" + "".join(f"「{n}」" for n in named) + "。"
        if named and not shorter
        else ""
    )
    return Draft(
        combos(
            [
                [f"{unwritten}先看你写下的："]
                if unwritten
                else ["到目前你写了：", "帮你理一下："],
                ["；".join(lines) + more + "。"],
                [clue],
                ["哪一条最像你？", "读下来，哪一句最让你有感觉？"],
            ],
            t.seed,
        ),
        pending={
            "summarised": [q for q, _ in chosen],
            # "总结里第三点能展开说说吗": each line a listed item, by its answer
            "items": [
                {"name": short(a, a, room), "qid": q, "ids": []}
                for q, a in chosen[:most]
            ],
        },
    )


ACTS = {"summary": summary}
