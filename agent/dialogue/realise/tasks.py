"""Tasks done from the saved answers, with evidence (Coach 3 §6).

"挑出最重要的5个" is answered only with what the person's own answers name, found
by the evidence matcher the results page uses (knowledge/evidence: negation-,
shrug- and homonym-aware), each item with the words it stands on. Fewer than
asked is said plainly; nothing is made up to fill the list.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from agent.dialogue.facts import asks, is_shrug, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import (
    OWN_ORDER,
    PART_OF,
    STEP_NAME,
    cite,
    hint_alone,
    short,
    substance,
    telling,
    usable,
    where,
)
from agent.dialogue.realise.violated import violated
from knowledge.evidence import Evidence, evidence_find
from knowledge.evidence.match import OTHERS_ASKED, SAID_ASKED
from knowledge.evidence.records import Category
from knowledge.evidence.told import renamed, told_words
from knowledge.evidence.voice import own_run

# "三样就够", "挑两三样": the higher of a range ("两三" → 3).
TOP = re.compile(
    r"(?:[一两二三四五六七八]|[1-8])?([1-9一二两三四五六七八九])\s*(?:个|条|项|样|种|件)"
)
# "top 3 values", "前三": the number before its noun ("3 values" has no 个).
TOP_LEAD = re.compile(r"(?:top|前)\s*([1-9一二两三四五六七八九])", re.I)
RANK_ASKED = re.compile(
    r"排个?序|排一下|排个顺序|排顺序|按.{0,6}排|排名|重新排|排一遍|这么排|\brank", re.I
)
PICK = re.compile(
    r"挑|选|排|列|拎|筛|找出|说出|给我说|归纳|总结|提炼|提(?:几|两|三)|pick|rank", re.I
)
# Words asked for to choose from ("候选词", "关键词"): hints count as candidates.
CANDIDATES = re.compile(r"关键词|候选词|我自己挑|我来挑|供我挑|几个词|两三个词|个说法")
RANGE = re.compile(r"[VSPvsp]0?[1-9]\s*(?:到|至|-|~|～)\s*[VSPvsp]?0?[1-9]")
# "这段经历对应的才能", "从这事能看出": the answer on screen, not all of them.
THIS_ONE = re.compile(r"这段|这件事|这事|这个经历|这段经历|这一题|这题")
DIGITS = dict(zip("一二两三四五六七八九", "1223456789", strict=True))
KINDS: tuple[tuple[Category, re.Pattern[str], str], ...] = (
    ("values", re.compile(r"价值|重要的事|在意|看重|当回事"), "价值观"),
    ("strengths", re.compile(r"才能|擅长|优势|长处|本事|拿手|强项|看家"), "才能"),
    ("interests", re.compile(r"喜欢|热情|兴趣|领域|爱好|上心"), "喜欢的事"),
)
STEP_KIND = {
    "values_exploration": 0,
    "strengths_exploration": 1,
    "interests_exploration": 2,
}
QUOTE_ROOM = 10  # characters of their words per item: five items fit in 200
SUSPECTED_MAX = 3  # hints offered beside the named: a question, not a list


def _wanted(t: Turn) -> tuple[Category, str, int]:
    """Return (category, its word, how many) the message asks for (5 unsaid)."""
    found = next((k for k in KINDS if k[1].search(t.ctx.text)), None)
    kind = found or KINDS[STEP_KIND.get(t.ctx.step, 0)]
    # The number after the verb ("前面七个答案里挑5个": five), else any.
    text = t.ctx.text
    picked = PICK.search(text)
    m = (
        (picked and TOP.search(text, picked.end()))
        or TOP_LEAD.search(text)
        or TOP.search(text)
    )
    count = int(DIGITS.get(m.group(1), m.group(1))) if m else 5
    if PER_ITEM.search(text):  # "每一条后面对应一个才能的词": one per item, not one
        count = 5
    return kind[0], kind[2], count


PER_ITEM = re.compile(r"每(?:一)?(?:条|题|句|段)")


def _scope(t: Turn) -> dict[str, str]:
    """Return the answers the ask is about: those it names, else all of them.

    "帮我从V01和V02里提几个关键词" reads those two; "这段经历对应的才能" the
    answer on screen (coach_blind12).
    """
    from agent.dialogue.tasks_route import named

    workbook = {q: a for q, a in t.ctx.answers.items() if q[:1] in PART_OF}
    ids = named(t.ctx.text, t.ctx.step)
    if len(ids) == 2 and ids[0][0] == ids[1][0] and RANGE.search(t.ctx.text):
        # "P01到P04": the questions between too
        low, high = sorted(int(q[1:]) for q in ids)
        ids = [f"{ids[0][0]}{n:02d}" for n in range(low, high + 1)]
    ids = [q for q in ids if (workbook.get(q) or "").strip()]
    if ids:
        return {q: workbook[q] for q in ids}
    qid = t.ctx.question.get("id", "")
    if THIS_ONE.search(t.ctx.text) and (workbook.get(qid) or "").strip():
        return {qid: workbook[qid]}
    return workbook


# "我说的这些", "刚才说的那些": what they told in the chat, not the answers.
TOLD_POINTER = re.compile(
    r"我(?:刚才|上面|前面)?(?:说|讲|聊)的(?:这些|那些|几个|都)|刚才说的那些"
)
TOLD_BACK = 3  # their messages back that "我说的这些" reaches


def _told_top(t: Turn, category: Category, word: str) -> Draft | None:
    """Return what their recent chat names of one part, with their words.

    Read as if written for the question on screen, by the same matcher as
    the answers; a name is theirs only where their words name it, a hint is
    put to them apart. None when the chat names nothing of the part.
    """
    qid = t.ctx.question.get("id", "") or {"values": "V01"}.get(category, "")
    told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
    told = [x for x in told[-TOLD_BACK:] if len(x) >= 8]
    if not told or PART_OF.get(qid[:1]) != category:
        return None
    found = [
        e
        for e in evidence_find(answers={qid: "。".join(told)}, categories=(category,))
        if usable(e) and e.voice == "own" and e.name not in t.d.dropped
    ]
    named = _first_each([e for e in found if e.strength == "named"])[:SUSPECTED_MAX]
    hints = _first_each(
        [e for e in found if e.strength == "suspected" and hint_alone(e)]
    )[:SUSPECTED_MAX]
    hints = [e for e in hints if e.entry_id not in {n.entry_id for n in named}]
    if not named and not hints:
        # No name fits: their own lines, listed for them to name (the sorting
        # asked for is theirs; a name of ours would be a guess).
        text = "。".join(told)
        own = [
            c
            for c in spans(text)
            if 5 <= len(c) <= 20 and "我" in c and not asks(text, c)
        ][:3]
        if len(own) < 2:
            return None
        lines = "".join(f"「{c}」" for c in own)
        return Draft(
            [
                [
                    f"你前面聊到的：{lines}，我对不上现成的{word}名字，不硬归。"
                    "这几件事里，别人找你其实是看中你哪一点，你会怎么叫它？"
                ]
            ],
            rows=[],
        )

    def said(xs: list[Evidence]) -> str:
        return "、".join(
            f"「{e.name}」（「{short(e.quote, e.surface, 12)}」）" for e in xs
        )

    parts = [f"你前面聊到的里，直接说到的{word}有：{said(named)}。" if named else ""]
    parts.append(f"可能相关、等你确认的：{said(hints)}。" if hints else "")
    parts.append("哪条不像你就划掉；算不算由你定。")
    return Draft(
        [[x for x in parts if x]],
        rows=[],
        pending={
            "items": [
                {"name": e.name, "qid": "", "ids": [e.entry_id]} for e in named + hints
            ]
        },
    )


def named_ids(t: Turn) -> list[str]:
    """Return the saved answers the ask names by id or number."""
    from agent.dialogue.tasks_route import named

    return [q for q in named(t.ctx.text, t.ctx.step) if t.ctx.answers.get(q)]


# "能按重要程度排个序吗？我觉得自由应该排第一" (coach_blind18): the order is
# theirs; the one they put first, if they name it.
ORDER_ASK = re.compile(r"排个?序|排一下序|按重要|排第一|排在第一|排前面|先后")
FIRST_SAID = re.compile(
    r"[「“\"'‘]?([\u4e00-\u9fff]{2,6}?)[」”\"'’]?(?:应该|要|得|可以)?(?:排|放)(?:在)?(?:第一|最前)"
)


def _reordered(t: Turn) -> Draft:
    """Order the last list as they say; say so when what they put first is not in it."""
    # Named entries only: a clause of theirs we could not name is no rank.
    items = [
        i for i in t.d.pending.get("items") or [] if i.get("name") and i.get("ids")
    ]
    names = list(dict.fromkeys(i["name"] for i in items))
    said = FIRST_SAID.search(t.ctx.text or "")
    first = said.group(1) if said else ""
    first = re.sub(r"^(?:我觉得|觉得|我看|我想)", "", first)
    listed = "".join(f"「{n}」" for n in names)
    if first and first in names:
        order = [first, *(n for n in names if n != first)]
        ranked = "；".join(f"{k}.「{n}」" for k, n in enumerate(order, 1))
        return Draft(
            [[f"按你说的排：{ranked}。", "后面几条的先后也由你定，要换就告诉我。"]],
            rows=[],
            pending={"items": sorted(items, key=lambda i: i["name"] != first)},
        )
    if first:
        return Draft(
            [
                [
                    f"「{first}」排第一，由你定。",
                    f"不过我刚才列的是{listed}，你写的答案里我没找到「{first}」这个词。",
                    f"要不要先把「{first}」写进一题，再和这几条一起排？",
                ]
            ],
            rows=[],
        )
    return Draft(
        [
            [
                f"先后我不替你定：刚才列的是{listed}。",
                "你最舍不得放下的是哪一条？我按你的顺序往下排。",
            ]
        ],
        rows=[],
    )


# "最后帮我合并成3个核心才能，名字起得像我自己会说的话" (coach_blind23).
REGROUP = re.compile(
    r"(?:合并|合|归|并|浓缩|归纳|压)成[一二两三四五六\d]个|起(?:个)?名字|起个名|重新起名"
)


def _regrouped(t: Turn) -> Draft:
    """Return the last list set out for them to group and name themselves.

    Which items are one, and what to call it in their own words, only they can
    say; we lay out each item beside the words it stands on and keep the list.
    """
    items = t.d.pending.get("items") or []
    lines = []
    for i, item in enumerate(items[:5], 1):
        name, qid = str(item.get("name") or ""), item.get("qid") or ""
        said = str(item.get("surface") or "")
        src = f"（{where(qid, step=True)}「{said}」）" if qid and said else ""
        lines.append(f"{i}.「{short(name, name, 16)}」{src}")
    return Draft(
        [
            [
                "合成几个、叫什么，得用你的话，我替你起名就不像你了。依据摆在这：",
                "；".join(lines) + "。",
                "哪几条你觉得是一回事？圈出来，用你平时的说法给它起个名，发我，我帮你对一遍依据。",
            ]
        ],
        rows=[],
        pending={"items": items},
    )


def top(t: Turn) -> Draft:
    """Pick the person's top N of one part: what their answers name, then hints.

    Named entries are listed as theirs; when they are fewer than asked, entries
    the answers only hint at are put to them as a question, apart, each with
    the words it was read from (Coach 3 §4): never stated as theirs.
    """
    if (
        t.d.last_act in ("top", "item_why")
        and t.d.pending.get("items")
        and ORDER_ASK.search(t.ctx.text or "")
        and not re.search(r"为什么|为啥|凭什么", t.ctx.text or "")
    ):
        return _reordered(t)  # "能按重要程度排个序吗": the same list, their order
    if (
        t.d.last_act in ("top", "item_why")
        and t.d.pending.get("items")
        and REGROUP.search(t.ctx.text or "")
    ):
        return _regrouped(t)  # "合并成3个，名字像我自己会说的": grouping is theirs
    category, word, count = _wanted(t)
    if TOLD_POINTER.search(t.ctx.text) and (told := _told_top(t, category, word)):
        return told  # "把我说的这些列一下，看看能归成哪几个才能": the chat, read
    workbook = _scope(t)
    if not named_ids(t):
        # Unnamed, the part is read from its own step only, as on the results
        # page: "在家装电脑修东西" in V07 is no talent they named (coach_blind14).
        mine = {q: a for q, a in workbook.items() if PART_OF.get(q[:1]) == category}
        workbook = mine or workbook
    every = [
        e
        for e in evidence_find(answers=workbook, categories=(category,))
        # Two characters or more, and whole words: "钱" in "借出去的钱从来不催"
        # is not 「财富」, 家教 across "一家|教培" is not 「教养」.
        if usable(e) and e.name not in t.d.dropped  # struck by them: stays out
    ]
    # S07's words from the people who know them, as they were said: talents
    # named, whether or not an entry is called that (knowledge/evidence/told).
    others_said = (
        [(q, w) for q, w in told_words(workbook) if w not in t.d.dropped]
        if category == "strengths"
        else []
    )[:count]
    ranked = _first_each(
        [
            e
            for e in every
            if e.strength == "named"
            # 「观察入微」 read from "胆大心细" is their word again, renamed
            and not renamed(e.question_id, e.surface, others_said)
        ]
    )[: count - len(others_said)]
    taken = {e.entry_id for e in ranked}
    room_left = min(SUSPECTED_MAX, count - len(ranked) - len(others_said))
    # A keyword's guess ("做设计" → 「美感」, "负责一个新机型" → 「责任」) is
    # not put to them in a list (coach_blind8–10 reviews: the main source of
    # capped replies); their own unnamed answers are, below. What a V05 anger
    # breaches is reasoned, not a keyword: offered first.
    hinted = violated(workbook, taken) if category == "values" else []
    if CANDIDATES.search(t.ctx.text):
        # "给我两三个候选词，我自己挑": what their words only hint at is asked
        # for, each put to them with its quote, never as theirs.
        hinted += _first_each(
            [
                e
                for e in every
                if e.strength == "suspected"
                and e.voice == "own"
                # "我负责想点子" is no 「收尾闭环」: two characters say too little
                and hint_alone(e)
                and e.entry_id not in taken
                and e.entry_id not in {h.entry_id for h in hinted}
            ]
        )
    hinted = hinted[: max(room_left, 0)]
    nothing_named = not others_said and not ranked and not hinted
    if nothing_named and (own := _own_words(t, category)):
        return _own_offered(t, word, count, own)
    # Answers of the part's own step no entry was read from still show it:
    # quoted as they wrote them, put to them as a question (blind review
    # 2026-11-27d: "没依据的我不凑数" after two picks while V01 said 顶班).
    cited = {e.question_id for e in ranked + hinted} | {q for q, _ in others_said}
    rest = [(q, c) for q, c in _own_words(t, category) if q not in cited]
    own = rest[: max(count - len(others_said) - len(ranked) - len(hinted), 0)]
    weak = [
        (q, substance(re.split(r"[。！？!?\n]", a)[0].strip()))
        for q, a in sorted(workbook.items())
        if q in WEAK and len(a.strip()) >= 4 and not is_shrug(a)
    ]
    if not others_said and not ranked and not hinted and not own and weak:
        # Only a criticised habit or a thing done badly: the flip is theirs to make.
        q, c = weak[0]
        return Draft(
            [
                [
                    f"没有直接点名的{word}。"
                    f"你写了{where(q, step=False)}「{telling(c, OWN_ROOM)}」，"
                    f"那是被念叨或做不好的一面，翻过来才可能是{word}，算不算由你定。"
                    "它在哪件事上反而帮过你？"
                ]
            ],
            rows=[],
            pending={"items": [{"name": c, "qid": q, "ids": []}]},
        )
    if not others_said and not ranked and not hinted and not own:
        step = STEP_NAME[category]
        return Draft(
            [
                [  # one alternative of two sentences (not two alternatives)
                    f"你「{step}」这一步还没有写下能挑的答案，所以不想硬挑。",
                    "可以先补一两题，或者你自己列几个，我帮你对照你写的内容。",
                ]
            ]
        )
    # "只够N条" answers a number they asked for, not "我到底擅长啥".
    asked = bool(TOP.search(t.ctx.text) or TOP_LEAD.search(t.ctx.text))
    more = len(rest) > len(own) or not asked
    return _listed(t, word, count, ranked, hinted, own, more=more, told=others_said)


def _listed(
    t: Turn,
    word: str,
    count: int,
    ranked: list[Evidence],
    hinted: list[Evidence],
    own: list[tuple[str, str]],
    *,
    more: bool,
    told: Sequence[tuple[str, str]] = (),
) -> Draft:
    """Return the named, the hinted and their own unnamed clauses, apart.

    Named entries are listed as theirs; hints and clauses no entry fits are
    offered, each with the words it stands on, for them to take or strike.
    Fewer than asked is said only when every answer of the step is used.
    """
    told = list(told)
    total = len(told) + len(ranked) + len(hinted) + len(own)
    used_up = f"这一步写的答案都用上了，只够{total}条，不凑数。"
    short_of = "" if total >= count or more else used_up
    if own:
        which = (
            "那几句你会叫它们什么"
            if len(own) > 1
            else f"{where(own[0][0], step=False)}那句你会叫它什么"
        )
        ask = f"哪条不像你就划掉，{which}？"
    elif hinted:
        ask = "标了可能的算不算，哪条不像你就划掉？"
    else:
        ask = "哪个不像你，告诉我就划掉。"
    text = ""
    # "排个序": the order given is said, as it was made (blind review of
    # coach_blind11: a list, then "I never ranked" when asked about it).
    # The order is OWN_ORDER's (grounds.py), said as it is.
    then = {
        "价值观": "你最投入的事和做过的选择",
        "才能": "别人常找你帮的忙和做着不累的事",
        "喜欢的事": "你聊起来停不下的和小时候就爱做的",
    }.get(word, "")
    basis = (
        f"先后是这样排的：直接写出名字的在前，其余先看{then}；顺序由你改。"
        if then and RANK_ASKED.search(t.ctx.text) and total > 1
        else ""
    )
    for room, mine, said in (
        (QUOTE_ROOM, OWN_ROOM, basis),
        (8, 12, basis),
        (6, 10, basis),
        (6, 8, basis),
        (6, 8, ""),
    ):
        items = "；".join(f"「{e.name}」（{cite(e, room=room)}）" for e in ranked)
        maybe = "、".join(f"「{e.name}」（{cite(e, room=room)}）" for e in hinted)
        clauses = "、".join(
            f"{where(q, step=False)}「{telling(c, mine)}」" for q, c in own
        )
        parts = []
        if told:
            words = "、".join(f"「{w}」" for _, w in told)
            parts.append(f"{where(told[0][0], step=False)}里，别人说你{words}。")
        if ranked:
            lead = "另外，" if told else "从你写的答案里，"
            parts.append(f"{lead}直接说到的{word}有：{items}。")
        if hinted:
            lead = "可能也是" if ranked or told else f"没有直接点名的{word}，但这几处像"
            parts.append(f"{lead}：{maybe}。")
        if own:
            lead = "还有" if ranked or hinted or told else f"没有直接点名的{word}，但"
            parts.append(f"{lead}你写的{clauses}，我对不上现成的词，也可能算一条。")
        text = "".join(parts) + said + short_of + ask
        if len(text) <= t.budget:
            break
    return Draft(
        [[text]],
        rows=[],
        # "第二条为什么" points here (realise/refs.py): named, hints, then clauses.
        pending={
            "items": [{"name": w, "qid": q, "ids": []} for q, w in told]
            + _items(ranked + hinted)
            + [{"name": c, "qid": q, "ids": []} for q, c in own]
        },
    )


def _items(records: list[Evidence]) -> list[dict]:
    """Return what "第二条为什么" can point at next (realise/refs.py).

    Each item keeps where it was read (question and matched words), so the
    why cites the very span the item stands on.
    """
    return [
        {
            "name": e.name,
            "ids": [e.entry_id],
            "category": e.category,
            "qid": e.question_id,
            "surface": e.surface,
            "strength": e.strength,
        }
        for e in records
    ]


def _first_each(records: list[Evidence]) -> list[Evidence]:
    """Return one record per entry (its first), the most supported first."""
    support = Counter(e.entry_id for e in records)
    first: dict[str, Evidence] = {}
    for e in records:
        first.setdefault(e.entry_id, e)
    return sorted(first.values(), key=lambda e: -support[e.entry_id])


OWN_ROOM = 18
WEAK = frozenset({"S02", "S05"})  # habits criticised, things done badly


def _own_words(t: Turn, category: Category) -> list[tuple[str, str]]:
    """Return (question id, their first clause) of the part's answers that show it."""
    out = []
    scope = _scope(t)
    for qid in OWN_ORDER.get(category, ()):
        text = (scope.get(qid) or "").strip()
        if len(text) >= 4 and not is_shrug(text):
            # Their own clauses only: "毕业时我妈说考公稳定" is the mother's
            # (where the question asks what others say of them, theirs too).
            first = re.split(r"[。！？!?\n]", text)[0].strip()
            # V01 and V04 ask about someone else: "我爸常说做生意要守信，这点我想
            # 留着" is theirs whole.
            whole = qid in SAID_ASKED or qid in OTHERS_ASKED
            first = substance(first if whole else own_run(first))
            if len(first) >= 4:
                out.append((qid, first))
    return out


def _own_offered(t: Turn, word: str, count: int, own: list) -> Draft:
    """Return their own answers as the candidates when no entry name fits them.

    "从我写的里挑三个我最擅长的" with answers the matcher names nothing in:
    the answers that show the part are quoted as they wrote them, fewer than
    asked said plainly, and the name is asked of them, never invented.
    """
    picked = own[:count]
    items = "；".join(
        f"{where(q, step=False)}「{short(c, c[:2], OWN_ROOM)}」" for q, c in picked
    )
    fewer = f"只找到{len(picked)}处，不凑数。" if len(picked) < count else ""
    return Draft(
        [
            [
                f"你写的答案里没有直接点名某个{word}，我不替你安名字。",
                f"最能看出你{word}的，是你自己写的这几处：{items}。",
                fewer + f"这几件背后，你会用哪个词说自己的{word}？",
            ]
        ],
        rows=[],
        pending={"items": [{"name": c, "qid": q, "ids": []} for q, c in picked]},
    )


ACTS = {"top": top}
