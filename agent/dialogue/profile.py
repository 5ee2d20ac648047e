"""The person's three parts (values, talents, passions) from what they wrote.

Sources, strongest first: what this message names, the coach notes, and the
saved answers of each step linked to the knowledge base. Used by summary,
choosing and experiments (combining reads the evidence matcher: realise/combine.py).
"""

from __future__ import annotations

import re

from agent.context import TurnContext
from agent.dialogue import entities
from agent.dialogue.understanding import Understanding
from agent.rules import clip
from knowledge import selectors as kb

PREFIX_CATEGORY = {"V": "values", "S": "strengths", "P": "interests"}
NOTE_KEYS = {
    "values": "candidate_values",
    "strengths": "candidate_talents",
    "interests": "candidate_passions",
}


def row(entry_id: str) -> dict | None:
    """Return a knowledge entry's fields the coach talks about, or None."""
    hit = kb.entry_get(entry_id=entry_id)
    if hit is None:
        return None
    return {
        "id": hit.id,
        "name": hit.name,
        "category": hit.category,
        **{
            k: str(v)
            for k, v in (hit.data or {}).items()
            if k in ("career_examples", "definition", "description", "fit_scenes")
        },
    }


def three_parts(
    ctx: TurnContext, u: Understanding | None = None
) -> dict[str, list[dict]]:
    """Return up to three rows per part, strongest source first."""
    ids: dict[str, list[str]] = {k: [] for k in NOTE_KEYS}
    evidence: dict[str, str] = {}
    for e in u.entities if u else []:
        if e["category"] in ids:
            ids[e["category"]].append(e["id"])
    per_answer: dict[str, list[list[str]]] = {k: [] for k in NOTE_KEYS}
    for qid, text in sorted(ctx.answers.items()):
        category = PREFIX_CATEGORY.get(qid[:1])
        if category and text.strip():
            found_here = clue_ids(text, category=category)
            per_answer[category].append(found_here)
            # Their own words behind the clue, to quote back.
            words = re.split(r"[，。；！？,;!?\n]", text.strip())[0]
            for found in found_here:
                if len(words) <= 16:  # quoted whole, or not at all
                    evidence.setdefault(found, words)
    for category, lists in per_answer.items():
        # The best clue of every answer before the second of any: the parts
        # come from across what they wrote, not all from one answer.
        for rank in range(max((len(x) for x in lists), default=0)):
            ids[category].extend(x[rank] for x in lists if rank < len(x))
    for key, note in NOTE_KEYS.items():
        ids[key].extend(i["id"] for i in (ctx.notes.get(note) or []) if "id" in i)
    parts: dict[str, list[dict]] = {}
    for key, chosen in ids.items():
        rows = [r for r in (row(i) for i in dict.fromkeys(chosen)) if r]
        parts[key] = [{**r, "evidence": evidence.get(r["id"], "")} for r in rows[:3]]
    return parts


SIGNAL_CELLS = (
    "keywords",
    "aliases",
    "signals",
    "evidence_signals",
    "curiosity_signals",
    "example_topics",
    "self_statement",
)
STOP_PAIRS = {
    "一个",
    "自己",
    "我们",
    "什么",
    "时候",
    "就是",
    "没有",
    "可以",
    "觉得",
    "喜欢",
}


def _overlap(text: str, data: dict) -> int:
    """Count the two-character words a text shares with an entry's signals."""
    cells = " ".join(str(data.get(c, "")) for c in SIGNAL_CELLS)
    pairs = {text[i : i + 2] for i in range(len(text) - 1)} - STOP_PAIRS
    return sum(1 for p in pairs if p.strip() and len(p.strip()) == 2 and p in cells)


def clue_ids(text: str, *, category: str) -> list[str]:
    """Return the entries an answer names, or clearly describes (two shared words).

    Names and aliases first; then a search hit counts only if its signals share
    at least two words with the answer ("被盯着打卡" → 「自由」), so a loose
    match never becomes something the person supposedly said.
    """
    found = linked_ids(text, category=category)
    for clause in re.split(r"[。；！？;!?\n]", text or ""):
        # A complaint says nothing about what someone is good at or drawn to,
        # but anger is how values show ("欺负新人我会很生气" → 「公平」).
        complaint = NEGATIVE.search(clause) and not re.search(
            r"受不了被|讨厌被", clause
        )
        if len(clause) < 6 or (complaint and category != "values"):
            continue
        # "没回老家" shares 老家 with 「家乡」 and means the opposite: words a
        # negation governs are no evidence for an entry.
        kept = entities.NEGATED_SPAN.sub(" ", clause)
        hits = [
            h
            for h in kb.entry_search(query=clause[:80], category=category, limit=3)
            if h.category == category
        ]
        for i, hit in enumerate(hits):
            # A clear winner of the search counts too (far ahead of the next hit),
            # if it shares at least one word with what they wrote.
            shared = _overlap(kept, hit.data or {})
            clear = (
                i == 0
                and hit.score >= 10
                and (len(hits) < 2 or hit.score >= 2.5 * hits[1].score)
                and shared >= 1
            )
            if clear or shared >= 2:
                found.append(hit.id)
    return list(dict.fromkeys(found))


def linked_ids(text: str, *, category: str = "all") -> list[str]:
    """Return the entries a text names by name or alias, outside complaints.

    "讨厌领导拍脑袋" says nothing good about 「领导」, so a clause with a
    complaint in it is skipped.
    """
    found: list[str] = []
    for clause in re.split(r"[，。；！？,;!?\n]", text or ""):
        if clause.strip() and not NEGATIVE.search(clause):
            found.extend(
                e["id"] for e in entities.link(clause, category=category) if e["strong"]
            )
    return list(dict.fromkeys(found))


def answer_lines(answers: dict[str, str], limit: int = 3) -> list[str]:
    """Return the person's answers as short lines in their own words."""
    lines = []
    for qid, text in sorted(answers.items()):
        if text.strip():
            short = clip(text.strip(), 24).rstrip("。") or text.strip()[:20]
            lines.append(f"{qid} “{short}”")
    return lines[-limit:]


def clue_names(ctx: TurnContext) -> str:
    """Return the clues that recur across the answers, as 「a」「b」."""
    parts = three_parts(ctx)
    names = [
        r["name"]
        for key in ("values", "strengths", "interests")
        for r in parts[key][:1]
    ]
    return "".join(f"「{n}」" for n in names)


NEGATIVE = re.compile(r"讨厌|不喜欢|受不了|烦|被.{0,4}骂|不想|生气|反感|最怕")
OPTION = re.compile(r"(?:用|做|当|去)[^，。；：,;:？?！!\s“”]{3,18}")
QUOTED = re.compile(r"[“\"「『]([^”\"」』]{4,30})[”\"」』]")


# A question about an option is not the option ("周末去社区讲一次要准备点啥").
NOT_AN_OPTION = re.compile(
    r"选|哪个|哪条|怎么|设计|纠结|什么|试试|一下|要准备|[啥吗呢]"
)


def options_in(text: str) -> list[str]:
    """Return the candidate phrases a message names ("用化繁为简写理财科普")."""
    quoted = [m.group(1) for m in QUOTED.finditer(text or "")]
    found = quoted or [
        m.group(0).rstrip("的和还是或者") for m in OPTION.finditer(text or "")
    ]
    return [
        f
        for f in dict.fromkeys(found)
        if not re.search(
            r"选|哪个|哪条|怎么|设计|纠结|什么|试试|一下|要准备|[啥吗呢]", f
        )
    ]
