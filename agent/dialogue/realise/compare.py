"""Compare two candidates side by side, each with its own evidence (§6).

The candidates come from the message ("A…；B…", "「…」和「…」", "…还是…"), from
the step-4 answers it names (C01, C02), from the directions of the last reply
("第一条和第二条"), or from the first two saved candidates. For each, the entries
its words name are looked up in the workbook answers by the evidence matcher;
what is found is quoted, what is not is said. No verdict: the choice is theirs.
"""

from __future__ import annotations

import re

from agent.dialogue import entities
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import for_entry, in_text, short, where
from knowledge.evidence import Evidence
from knowledge.evidence.records import Category

ALL: tuple[Category, ...] = ("values", "strengths", "interests")
IDS = re.compile(r"(?<![A-Za-z])(C0[1-9])(?![0-9])", re.I)
# "A 给老人开课；B 做反欺诈审核" / "一个是…，另一个是…"
LABELLED = re.compile(
    r"(?:^|[\s：:，,；;。])(?:A|a|一个是)\s*[:：、.．)）]?\s*(?P<a>[^；;\n]+?)\s*[；;，,。]\s*"
    r"(?:B|b|另一个是|一个是)\s*[:：、.．)）]?\s*(?P<b>[^；;。？?\n]+)"
)
QUOTED = re.compile(r"[「“\"]([^」”\"]{2,30})[」”\"]")
EITHER = re.compile(
    r"(?:是|选|去|做)?(?P<a>[^，,。；;：:？?\s]{2,20})还是(?P<b>[^，,。；;：:？?\s]{2,20})"
)
# "比较一下我这两个候选：开一家宠物洗护小店 和 在宠物医院做营养咨询"
BOTH = re.compile(
    r"[：:]\s*(?P<a>[^，,。；;：:？?\n]{2,30}?)\s*(?:和|跟|与|vs\.?|VS)\s*"
    r"(?P<b>[^，,。；;：:？?\n]{2,30})"
)
TRAILING = re.compile(r"[，,。；;！!？?\s]+$|(?:哪个|哪条)(?:好|更好|合适|更合适)?.*$")
NAME_ROOM = 14
QUOTE_ROOM = 10


def _from_message(text: str) -> list[str]:
    """Return the two candidates the message spells out, if it does."""
    for pattern in (LABELLED, EITHER, BOTH):
        if m := pattern.search(text):
            pair = [TRAILING.sub("", m.group(g)).strip() for g in ("a", "b")]
            if all(len(p) >= 2 for p in pair):
                return pair
    quoted = list(dict.fromkeys(QUOTED.findall(text)))
    return quoted[:2] if len(quoted) >= 2 else []


def candidates(t: Turn) -> list[str]:
    """Return the two candidates to compare, or fewer when none are clear."""
    text, answers = t.ctx.text, t.ctx.answers
    ids = [i.upper() for i in IDS.findall(text)]
    if len(ids) >= 2:
        return [answers.get(i, "").strip() for i in ids[:2]]
    if found := _from_message(text):
        return found
    lines = t.d.pending.get("lines") or []
    picks = [entities.ORDINALS[n] for n in re.findall(r"第([一二两三12345])", text)]
    if len(picks) >= 2 and all(p <= len(lines) for p in picks[:2]):
        return [lines[p - 1] for p in picks[:2]]
    saved = [answers[q].strip() for q in sorted(answers) if q.startswith("C")]
    return [s for s in saved if s][:2]


def grounds(candidate: str, answers: dict) -> list[tuple[Evidence, Evidence]]:
    """Return (what the candidate names, the answer that names it) pairs."""
    pairs = []
    for named in in_text(candidate, ALL):
        found = for_entry(answers, named.entry_id, named.category)
        if found:
            pairs.append((named, found[0]))
    return pairs


def _side(label: str, candidate: str, answers: dict) -> tuple[str, list[str]]:
    """Return one candidate's line and the entries it stands on."""
    name = short(candidate, candidate[:2], NAME_ROOM)
    pairs = grounds(candidate, answers)
    if not pairs:
        return f"{label}「{name}」：你的答案里还没找到直接说到它的话", []
    said = "；".join(
        f"说到「{n.name}」，你在{where(e.question_id, step=True)}写过"
        f"「{short(e.quote, e.surface, QUOTE_ROOM)}」"
        for n, e in pairs[:2]
    )
    return f"{label}「{name}」：{said}", [n.entry_id for n, _ in pairs[:2]]


def compare(t: Turn) -> Draft:
    """Return the two candidates side by side, each with its own evidence."""
    ids = [i.upper() for i in IDS.findall(t.ctx.text)][:2]
    empty = [i for i in ids if not (t.ctx.answers.get(i) or "").strip()]
    if len(ids) == 2 and empty:
        return Draft(
            [
                [
                    f"你的{'和'.join(empty)}还没写下内容，先在第4步写好，我再把两个放在一起比。"
                ]
            ]
        )
    pair = [c for c in candidates(t) if c]
    if len(pair) < 2:
        return Draft(
            [
                [
                    "我没认出要比较的是哪两个候选，"
                    "可以照「A……；B……」的样子发给我，或先在第4步写下两个候选。"
                ]
            ]
        )
    lines, items = [], []
    for label, candidate in zip("AB", pair, strict=False):
        line, ids = _side(label, candidate, t.ctx.answers)
        lines.append(line)
        items.append({"name": candidate, "ids": ids, "category": "candidate"})
    both = all(i["ids"] for i in items)
    close = (
        "依据都在这里，选哪个由你定；想先给哪个设计个小实验？"
        if both
        else "缺依据的那个，可以先补一句你做过的相关小事再比；选哪个由你定。"
    )
    return Draft(
        [["。\n".join(lines) + "。\n" + close]],
        rows=[],
        pending={"items": items},
    )


ACTS = {"compare": compare}
