"""A value named by its breach, on the question that asks what angers them.

V05 asks what makes them angry and which principle it breaks: "最看不惯推卸
责任的" names 「责任」 by its breach, "太不公平了" 「公平」. The evidence matcher
reads both as negated (a dislike names nothing), which is right elsewhere; on
this question the value broken is offered to them as a hint, a question they
can turn down, never as theirs. Only a value's name or own word right after
a word of breach counts: "看不起为了面子硬撑的人" names no value.
"""

from __future__ import annotations

import re

from agent.dialogue.realise.grounds import usable
from knowledge import selectors as kb
from knowledge.evidence import Evidence

ANGER_ASKED = ("V05",)
# Words that break what follows them: "推卸责任", "不公平", "不讲诚信".
BREACH = r"(?:推卸|违背|破坏|践踏|不讲|不守|不顾|不|没有|没|毫无|缺乏|缺|失去)"
CLAUSE = re.compile(r"[^，,。！!？?；;\n]+")


def _breach(word: str, text: str) -> re.Match[str] | None:
    return re.search(BREACH + "(" + re.escape(word) + ")", text)


def _words(hit) -> list[str]:
    """Return the entry's name, then its own keywords and aliases."""
    data = hit.data or {}
    own = f"{data.get('keywords') or ''}|{data.get('aliases') or ''}"
    return [w for w in (hit.name, *own.split("|")) if len(w) >= 2]


def violated(answers: dict[str, str], taken: set[str]) -> list[Evidence]:
    """Return values their anger answer names by a breach, as suspected records.

    One entry per breached word: the entry it names first ("推卸责任" is
    「责任」), else the one whose own word it is ("不尊重人" → 「尊严」).
    """
    found: list[Evidence] = []
    entries = [h for h in kb.entries_all(category="values") if h.id not in taken]
    for qid in ANGER_ASKED:
        text = answers.get(qid) or ""
        claimed: set[int] = set()
        for by_name in (True, False):
            for hit in entries:
                words = _words(hit)[:1] if by_name else _words(hit)[1:]
                m = next((m for w in words if (m := _breach(w, text))), None)
                if not m or m.start(1) in claimed:
                    continue
                if any(e.entry_id == hit.id for e in found):
                    continue
                if e := _record(hit, qid, text, m):
                    claimed.add(m.start(1))
                    found.append(e)
    return found


def _record(hit, qid: str, text: str, m: re.Match[str]) -> Evidence | None:
    """Return the breach as a suspected record, quoting its clause verbatim."""
    start = m.start(1)
    clause = next(c for c in CLAUSE.finditer(text) if c.start() <= start < c.end())
    e = Evidence(
        entry_id=hit.id,
        name=hit.name,
        category="values",
        question_id=qid,
        strength="suspected",
        quote=clause.group(0),
        start=clause.start(),
        end=clause.end(),
        surface=m.group(1),
        surface_start=start,
        surface_end=m.end(1),
    )
    return e if usable(e) else None
