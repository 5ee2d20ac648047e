"""Combine the three parts into 1–3 candidate directions, from their words (§6).

A part comes only from what the answers of its own step say (the results
page's reading): named first; one only hinted at is offered as "可能", never
asserted. Every part carries its question and a verbatim quote. With fewer
than two parts found, the reply says what is missing and which question to
write, instead of composing directions from nothing.
"""

from __future__ import annotations

import re
from collections import Counter

from agent.dialogue.facts import is_shrug
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import (
    OWN_ORDER,
    PART_NAME,
    STEP_NAME,
    cite,
    first_open,
    hint_alone,
    in_text,
    number,
    own_step,
    short,
    telling,
    usable,
)
from knowledge import selectors as kb
from knowledge.evidence import Evidence, evidence_find
from knowledge.evidence.records import Category

ORDER: tuple[Category, ...] = ("values", "strengths", "interests")
PER_PART = 3  # at most three directions, so at most three of each part
SAYS_SOMETHING = 8  # characters: shorter answers are shrugs ("说不上来")


def _row(e: Evidence) -> dict:
    """Return the knowledge row a direction is built from (names and careers)."""
    hit = kb.entry_get(entry_id=e.entry_id)
    data = (hit.data or {}) if hit else {}
    return {
        "id": e.entry_id,
        "name": e.name,
        "category": e.category,
        "career_examples": str(data.get("career_examples", "")),
        "fit_scenes": str(data.get("fit_scenes", "")),
    }


SHRUG_LED = re.compile(
    r"^\s*(?:不知道|不清楚|不确定|说不上来?|说不清|想不出来?|没有|没啥|没什么)|"
    r"(?:说|谈)不上(?:喜欢|爱|感兴趣|热爱)"
)


def parts_of(answers: dict, text: str) -> dict[Category, list[Evidence]]:
    """Return each part's records: named by the answers (most answers first).

    A part named in this message ("我擅长写作") comes first; else the answers'
    names; else one hinted at in its own step stands in, as a suspected record.
    """
    found = own_step(answers)
    workbook = {q: a for q, a in answers.items() if q[:1] in "VSP" and a}
    elsewhere = Counter(
        e.entry_id
        for e in evidence_find(answers=workbook, categories=ORDER)
        if usable(e)
    )
    here = [
        e
        for e in in_text(text, ORDER)
        if e.strength == "named" and not _other_part(e, text)
    ]
    parts: dict[Category, list[Evidence]] = {}
    for category in ORDER:
        mine = [e for e in found if e.category == category]
        # What they name in this very message comes first: "居中调和x社区营造，
        # 帮我组合下" asks for those two, not for what the answers name.
        named = [e for e in here if e.category == category] or [
            e for e in mine if e.strength == "named"
        ]
        # A guess from an answer that opens with a shrug or denies liking
        # ("不知道，跟朋友聊的都是孩子…，说不上喜欢聊什么" is no 「儿童教育」:
        # blind review 8 built 幼儿教师 on it) builds no direction.
        hinted = [
            e
            for e in mine
            if e.strength == "suspected"
            and not SHRUG_LED.search(answers.get(e.question_id) or "")
        ]
        hints = Counter(e.entry_id for e in hinted)  # the most answers first
        # Two characters in one answer are no part to build on ("小程序" →
        # 「法治」, "负责上线" → 「责任」, coach_blind9–10): such a hint stands in
        # only when another answer speaks of it too; else their own words do
        # (_from_words). "讲故事" says enough alone.
        hinted = [
            e
            for e in hinted
            if hint_alone(e) or hints[e.entry_id] + elsewhere[e.entry_id] >= 3
        ]
        # On a tie, the hint other steps' answers also speak of: 「个人理财」
        # (P06 理财, S04 存钱) before 「儿童教育」 (P03 孩子 only).
        pool = (
            named
            or sorted(
                hinted, key=lambda e: (-hints[e.entry_id], -elsewhere[e.entry_id])
            )[:1]
        )
        support = Counter(e.entry_id for e in pool)
        first: dict[str, Evidence] = {}
        for e in pool:
            first.setdefault(e.entry_id, e)
        ranked = sorted(first.values(), key=lambda e: -support[e.entry_id])
        parts[category] = ranked[:PER_PART]
    return parts


# The verb a part is said with: "我是擅长写东西" names a talent, not a passion.
PART_VERBS: dict[str, re.Pattern] = {
    "interests": re.compile(r"擅长|拿手|在行|会做|做得好"),
    "strengths": re.compile(r"喜欢|感兴趣|爱看|好奇"),
}


def _other_part(e: Evidence, text: str) -> bool:
    """Return whether the message says ``e`` with another part's verb."""
    verb = PART_VERBS.get(e.category)
    clause = text[max(0, e.surface_start - 8) : e.surface_start]
    return bool(verb and verb.search(clause))


def _part(e: Evidence, room: int) -> str:
    """Return "才能「爱讲故事」（第4题「…」）", a hint marked as a guess."""
    source = (
        cite(e, room=room)
        if e.question_id
        else f"你刚说的「{short(e.quote, e.surface, room)}」"
    )
    maybe = "可能是" if e.strength == "suspected" else ""
    return f"{PART_NAME[e.category]}{maybe}「{e.name}」（{source}）"


def _missing(
    parts: dict[Category, list[Evidence]], answers: dict, room: int = 14
) -> str:
    """Return what the parts not found need: their words, or the question to write.

    A step with answers saved is never called missing (blind review,
    2026-11-27): one of its answers is quoted and they are asked what it says.
    Only a step with no answer saved is "还缺", with its first open question.
    """
    absent = [c for c in ORDER if not parts[c]]
    if not absent:
        return ""
    written = [(c, q) for c in absent if (q := _written(c, answers))]
    unwritten = [c for c in absent if c not in dict(written)]
    said = ""
    if written:
        quoted = "，".join(
            f"{PART_NAME[c]}你在{STEP_NAME[c]}第{number(q)}题写过"
            f"「{telling(answers[q].strip(), room)}」"
            for c, q in written
        )
        which = "、".join(PART_NAME[c] for c, _ in written)
        # Their words show the part; only our list has no name for it (blind
        # review 2026-11-27d: "还没有直接说出才能的词" read as "no talent").
        said = f"{quoted}，没对上现成的{which}词，也可能算一条"
    if not unwritten:
        return said
    first = unwritten[0]
    qid = first_open(first, answers)
    where = (
        f"「{STEP_NAME[first]}」第{number(qid)}题" if qid else f"「{STEP_NAME[first]}」"
    )
    names = "、".join(PART_NAME[c] for c in unwritten[:-1])
    names = f"{names}和{PART_NAME[unwritten[-1]]}" if names else PART_NAME[first]
    need = f"还缺{names}，可以先写{where}"
    return f"{said}；{need}" if said else need


def _written(category: Category, answers: dict) -> str:
    """Return the answer of the part's own step that shows it best.

    The first the part's own order ranks (what people come to you for before
    a weakness), else the longest. A shrug ("说不上来", "不知道") is not an
    answer: that part is still missing.
    """
    prefix = {"values": "V", "strengths": "S", "interests": "P"}[category]
    said = [
        q
        for q, t in sorted(answers.items())
        if q.startswith(prefix)
        and len((t or "").strip()) >= SAYS_SOMETHING
        and not is_shrug(t)
    ]
    ranked = [q for q in OWN_ORDER[category] if q in said]
    return (
        ranked[0]
        if ranked
        else max(said, key=lambda q: len(answers[q].strip()), default="")
    )


def combine(t: Turn) -> Draft:
    """Return 1–3 directions, each naming its parts with their words."""
    answers = t.ctx.answers
    parts = parts_of(answers, t.ctx.text)
    present = [c for c in ORDER if parts[c]]
    missing = _missing(parts, answers)
    if len(present) < 2 and (drafted := _from_words(t, parts)):
        return drafted
    if len(present) < 2:
        have = "；".join(_part(e, 14) for c in present for e in parts[c][:2])
        lead = (
            f"目前能对上的只有{have}，只凭这些组合方向就是我瞎编了。"
            if have
            else "只凭现在能对上的词组合方向，就是我瞎编了。"
        )
        ask = (
            "这几句背后，你自己会用哪个词来说？说给我，我再帮你组合。"
            if any(_written(c, answers) for c in ORDER if not parts[c])
            else "写完我马上帮你组合。"
        )
        return Draft([[lead + missing + "。" + ask]], rows=[])
    for room, count, aside in (
        (12, 3, 14),
        (12, 3, 8),
        (10, 2, 14),
        (10, 2, 8),
        (8, 2, 8),
        (8, 1, 8),
        (6, 1, 8),
    ):  # what is beside the directions kept short when room runs out
        text, lines = _compose(parts, _missing(parts, answers, room=aside), room, count)
        if len(text) <= t.budget:
            break
    return Draft(
        [[text]],
        rows=[],
        pending={
            "lines": lines,
            "items": _items(parts, lines),
            "why": "每条方向都只用你答案里说到的部分，引号里是你的原话。",
            "more": "挑一条，这周花两小时做个最小版本试试。",
        },
    )


WORDS_ROOM = 16


def _from_words(t: Turn, parts: dict[Category, list[Evidence]]) -> Draft | None:
    """Return a direction made of their own answers where no entry names a part.

    "把我的本事和喜欢的事配一配" with answers the matcher names nothing in: the
    talent and the field are their own clauses, quoted, and what to do with
    them is left for them to say (no job invented). None when fewer than two
    parts have anything written.
    """
    answers = t.ctx.answers
    said: dict[Category, str] = {}
    qids: list[str] = []
    # The talent and the field first: what "第一条" is said again with.
    for c in ("strengths", "interests", "values"):
        if parts[c]:
            said[c] = f"「{parts[c][0].name}」"
        elif q := _written(c, answers):
            said[c] = f"你写的「{telling(answers[q].strip(), WORDS_ROOM)}」"
            qids.append(q)
    # A talent and a field at least: "用在你在意的事上" would be ours, not theirs.
    if not (said.get("strengths") and said.get("interests")):
        return None
    line = f"把{said['strengths']}，用在{said['interests']}上"
    if value := said.get("values"):
        line += f"，守住{value}"
    text = (
        f"有些部分没对上现成的词，就用你的原话来组合：{line}。"
        "具体做什么我不替你编，你先想一件这周就能试的小事？"
    )
    if len(text) > t.budget:
        return None
    return Draft(
        [[text]],
        rows=[],
        pending={
            "lines": [line],
            "items": [{"name": line, "ids": [], "qids": qids, "category": "direction"}],
            "why": "这条方向只用你自己写的话拼成，引号里是你的原话。",
        },
    )


def directions(rows: dict[Category, list[dict]], count: int) -> list[str]:
    """Return "用「才能」在「领域」里做【事】，满足「价值」" lines, all different.

    A part not found is left out of the line, never filled with a guess.

    The i-th line takes the i-th talent, field and value (round robin); one
    talent and one field still give two lines by the field's next career.
    """
    talents, fields, values = rows["strengths"], rows["interests"], rows["values"]
    lines: list[str] = []
    for i in range(count):
        talent = talents[i % len(talents)] if talents else None
        field = fields[i % len(fields)] if fields else None
        value = values[i % len(values)] if values else None
        careers = [c for c in (field or {}).get("career_examples", "").split("|") if c]
        fit = (talent or {}).get("fit_scenes", "")
        careers.sort(key=lambda c: -sum(c[j : j + 2] in fit for j in range(len(c) - 1)))
        job = careers[i % len(careers)] if careers else "一件具体的事"
        # No talent named yet: none is claimed ("用你的长处" would be a guess).
        line = f"用「{talent['name']}」" if talent else ""
        line += f"在「{field['name']}」里" if field else ""
        line += f"做{job}"
        line += (
            f"，满足「{value['name']}」"
            if value and (i == 0 or len(values) > 1)
            else ""
        )
        if line not in lines:
            lines.append(line)
    return lines


def _compose(
    parts: dict[Category, list[Evidence]], missing: str, room: int, count: int
) -> tuple[str, list[str]]:
    """Return the reply and its direction lines at one quote length and count."""
    width = max(len(parts["strengths"]), len(parts["interests"]), 1)
    shown = {c: parts[c][: min(width, count)] for c in ORDER}
    rows = {c: [_row(e) for e in shown[c]] for c in ORDER}
    lines = directions(rows, min(max(width, 2), count))
    said = "；".join(_part(e, room) for c in ORDER for e in shown[c])
    body = "；\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
    guess = any(e.strength == "suspected" for c in ORDER for e in shown[c])
    tail = (
        (
            "标了可能的是我猜的。"
            if missing
            else "标了可能的几项是我猜的，不对就告诉我。"
        )
        if guess
        else ""
    )
    ask = f"{missing}。" if missing else "哪条读起来最像你？"
    found = sum(bool(shown[c]) for c in ORDER)
    joined = "三者" if found == 3 else "这两部分"
    # Parts they named in the message are not "in your answers".
    asked = [not e.question_id for c in ORDER for e in shown[c]]
    lead = (
        "按你点的"
        if all(asked)
        else "按你点的和你的答案"
        if any(asked)
        else "你的答案里有"
    )
    text = f"{lead}：{said}。\n{joined}组合起来，可以先试：\n{body}。\n{tail}{ask}"
    return text, lines


def _items(parts: dict[Category, list[Evidence]], lines: list[str]) -> list[dict]:
    """Return what "第二条" can point at next: each direction and its parts."""
    return [
        {
            "name": line,
            "ids": [
                e.entry_id for c in ORDER for e in parts[c] if f"「{e.name}」" in line
            ],
            "category": "direction",
        }
        for line in lines
    ]


def named_values(answers: dict) -> list[str]:
    """Return the values the values answers name, most answers first."""
    return [e.name for e in parts_of(answers, "")["values"] if e.strength == "named"]


def ready(answers: dict, text: str = "") -> bool:
    """Tell whether the answers hold two parts or more (directions can be offered)."""
    return sum(bool(p) for p in parts_of(answers, text).values()) >= 2


ACTS = {"synthesis": combine}
