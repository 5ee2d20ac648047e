"""A talent's two sides or its definition, as the knowledge base writes them.

"“追求完美”也算才能吗…把它的长处形式和短处形式分别写一下", "给三个才能各写一句
定义" (coach_blind25): the entries named in the message, or listed in our last
reply, are looked up; each side or definition is said as the knowledge base
has it, named as such, and never as a verdict on the person.
"""

from __future__ import annotations

import re

from agent.dialogue.entities import link
from agent.dialogue.realise import Draft, Turn
from agent.lookups import row_of
from knowledge import selectors as kb

SIDES = re.compile(r"长处形式|短处形式|长处和短处|优点和缺点|两面|好的一面|坏的一面")
SHOWN_MAX = 3


def _rows(t: Turn) -> list[dict]:
    """Return the talent rows meant: named in the message, else the last list's."""
    found = [e for e in link(t.ctx.text or "", category="strengths") if e["strong"]]
    named = [e["id"] for e in found]
    said = {e["id"]: e["surface"] for e in found}
    listed = [
        i
        for item in t.d.pending.get("items") or []
        for i in item.get("ids") or []
        if i.startswith("T")
    ]
    rows = []
    for entry_id in dict.fromkeys(named or listed):
        if (hit := kb.entry_get(entry_id=entry_id)) is not None:
            row = row_of(hit)
            if said.get(entry_id) and said[entry_id] != row["name"]:
                row["said"] = said[entry_id]  # "追求完美" is filed as 「精益求精」
            rows.append(row)
    return rows[:SHOWN_MAX]


def _two_sides(r: dict) -> str:
    """Return a talent's strength and weakness form, as the knowledge base has it."""
    if not (r.get("strength_form") and r.get("weakness_form")):
        return f"「{r['name']}」：{r.get('definition', '')}"
    said = f"你说的「{r['said']}」知识库里叫" if r.get("said") else ""
    good = r["strength_form"].replace(" ", "、")
    bad = r["weakness_form"].replace(" ", "、")
    return f"{said}「{r['name']}」，长处是{good}，短处是{bad}"


def sides(t: Turn) -> Draft:
    """Return each meant talent's strength and weakness form, or its definition."""
    rows = _rows(t)
    if not rows:
        return Draft(
            [
                [
                    "你说的这个，知识库里没有对得上的才能词，我不替你编它的两面。"
                    "说一件它帮过你、又拖过你的事，两面就都在里面了。"
                ]
            ]
        )
    two = bool(SIDES.search(t.ctx.text or ""))
    lines = [
        _two_sides(r) if two else f"「{r['name']}」：{r.get('definition', '')}"
        for r in rows
    ]
    close = (
        "这是知识库里的写法；你自己的事里，哪一面出现得多？"
        if two
        else "这是知识库里的写法，抄下来前换成你自己的话也行。"
    )
    return Draft([["；".join(lines) + "。", close]], rows=rows)


ACTS = {"sides": sides}
