"""Item N of the last list said in their own words ("把第一个改得更像我说的话").

A direction, a top-list entry or a candidate is said again with no term of
ours: only the clauses of their answers that it stands on, verbatim, and for
a direction the job it names. "太书面了" right after says it shorter still:
one clause of theirs. Nothing is added that they did not write.
"""

from __future__ import annotations

import re

from agent.dialogue import entities
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import for_entry, short
from agent.dialogue.realise.simpler import simpler
from agent.dialogue.tasks_route import EXPLAINING
from knowledge import selectors as kb

ORDINAL_WORDS = "零一二三四五六七八九"
CLAUSE_ROOM = 18
# "用「整理秩序」在「收纳与整理」里做整理收纳师，满足「自由」" → 整理收纳师
JOB = re.compile(r"里做([^，,；;。「」]{2,16})")


def which(t: Turn) -> int:
    """Return the 0-based index of the item the message points at (0 if none)."""
    if m := entities.ORDINAL.search(t.ctx.text or ""):
        return entities.ORDINALS.get(m.group(1), 1) - 1
    if re.search(r"最后(?:一|那)?[个条]", t.ctx.text or ""):
        return len(t.d.pending.get("items") or []) - 1
    return int(t.d.pending.get("plain_at") or 0)


def _clauses(ids: list[str], answers: dict, room: int) -> list[str]:
    """Return one clause of theirs per entry, as written, with no repeats."""
    said: list[str] = []
    for entry_id in ids:
        hit = kb.entry_get(entry_id=entry_id)
        if hit is None or hit.category not in ("values", "strengths", "interests"):
            continue
        found = for_entry(answers, entry_id, hit.category)  # type: ignore[arg-type]
        if found and (c := short(found[0].quote, found[0].surface, room)) not in said:
            said.append(c)
    return said


def plain(t: Turn) -> Draft:
    """Return item N in their own words, or say which items there are."""
    if t.d.last_act in (*EXPLAINING, "concrete"):
        return simpler(t)  # "太官方了，说人话" after an explanation: ours, plainer
    items = t.d.pending.get("items") or []
    if (
        items
        and BROAD.search(t.ctx.text or "")
        and not entities.ORDINAL.search(t.ctx.text or "")
        and not re.search(r"[VSPCvspc]0?\d|第.题", t.ctx.text or "")
    ):
        return _all_own(t, items)  # "这些太大了，再具体点": every item, their words
    index = which(t)
    keep = {**t.d.pending}
    if not 0 <= index < len(items):
        count = f"上一条只列了{len(items)}条" if items else "上一条没有列出条目"
        return Draft([[f"{count}，你想改的是哪一条？"]], pending=keep)
    item = items[index]
    again = t.d.last_act == "plain"  # "太书面了" after our plainer version
    room = CLAUSE_ROOM // 2 if again else CLAUSE_ROOM
    said = _clauses(item.get("ids") or [], t.ctx.answers, room)[: 1 if again else 2]
    number = f"第{ORDINAL_WORDS[index + 1] if index < 9 else index + 1}条"
    if item.get("category") == "candidate" and not said:
        # The answers whose words the candidate shares ("绘本区" for a picture-
        # book account); with none, it is theirs already, said back as written.
        from agent.dialogue.realise.compare import candidate_quotes

        said = [
            q for q in candidate_quotes(item["name"], t.ctx.answers) if "…" not in q
        ][: 1 if again else 2] or [short(item["name"], item["name"][:2], room)]
    if not said:  # a line made of their own answers (combine._from_words)
        said = [
            short(first, first[:2], room)
            for q in item.get("qids") or []
            if (first := re.split(r"[，,。；;！!？?]", t.ctx.answers.get(q) or "")[0])
        ][: 1 if again else 2]
    if not said:
        return Draft(
            [
                [
                    f"{number}在你的答案里还没找到你自己的话，我不替你编；你平时会怎么说它？"
                ]
            ],
            pending=keep,
        )
    job = m.group(1) if (m := JOB.search(item.get("name", ""))) else ""
    words = "，".join(f"「{c}」" for c in said)
    tail = f"，所以想试试{job}" if job else ""
    lead = (
        "再短一点，只留你一句话：" if again else f"{number}不用我的词，拿你写过的话说："
    )
    return Draft(
        [
            [
                f"{lead}{words}{tail}。这样读着像你会说的吗？不像就把哪个词换成你平时的说法。"
            ]
        ],
        rows=[],
        pending={**keep, "plain_at": index},
    )


# "“艺术”这种太大了，再具体点", "too generic" (coach_blind27): the whole list
BROAD = re.compile(r"太大|太泛|太笼统|太空|再具体|具体点|generic|too broad", re.I)


def _all_own(t: Turn, items: list[dict]) -> Draft:
    """Return each listed item as one clause of theirs, the words they wrote."""
    lines = []
    for i, item in enumerate(items[:4]):
        said = _clauses(item.get("ids") or [], t.ctx.answers, CLAUSE_ROOM)[:1]
        answer = t.ctx.answers.get(item.get("qid") or "") or ""
        if not said and (name := str(item.get("name") or "")) and name in answer:
            said = [short(name, name[:2], CLAUSE_ROOM)]  # their clause, no entry read
        if said:
            lines.append(f"{i + 1}.「{said[0]}」")
    if not lines:
        return Draft(
            [["这几条在你的答案里还没找到更具体的话；你能说一件最近做过的吗？"]]
        )
    return Draft(
        [
            [
                "具体的说法就在你自己写的话里，不用我的大词：",
                "；".join(lines) + "。",
                "哪一条最像你？",
            ]
        ],
        rows=[],
        pending={**t.d.pending},
    )


ACTS = {"plain": plain}
