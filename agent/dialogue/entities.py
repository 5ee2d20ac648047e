"""Entity linking over the knowledge base, ordinals, quoted questions, topics.

Surfaces are entry names, admin-editable aliases and keywords
(``knowledge.selectors.entity_surfaces``); a name or alias counts more than a
keyword, and a longer surface more than a shorter one.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from knowledge import selectors as kb

CATEGORY_OF = {"V": "values", "T": "strengths", "P": "interests"}
ORDINALS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "1": 1,
    "2": 2,
    "3": 3,
    "4": 4,
    "5": 5,
}
ORDINAL = re.compile(r"第\s*([一二两三四五12345])\s*(?:个|条|种|项|点)?")
LAST = re.compile(r"最后(?:一|那)?(?:个|条)|最后那")
# Words that ask for something rather than name it; dropped from search topics.
REQUEST_WORDS = re.compile(
    r"有哪些|有没有|有什么|列出来?|列一下|所有的?|全部|查一下|查查|找一下|找找|搜一下|"
    r"帮我|给我|告诉我|推荐|相关的?|有关的?|关于|对应的?|和|跟|与|的|吗|呢|吧|啊|"
    r"价值观|才能|天赋|优势|领域|热情|兴趣|条目|词条|东西|类|一些|几个|哪个|哪些|能|我|想|看看|讲"
)
CATEGORY_WORDS = (
    ("价值观", "values"),
    ("重要的事", "values"),
    ("才能", "strengths"),
    ("擅长", "strengths"),
    ("天赋", "strengths"),
    ("优势", "strengths"),
    ("领域", "interests"),
    ("热情", "interests"),
    ("兴趣", "interests"),
    ("喜欢的事", "interests"),
)


# Fillers that contain an alias but name nothing ("说实话" is not 「真相」).
FILLERS = re.compile(
    r"说实话|老实说|实话实说|其实|说真的|真的是|自由发挥|随便|"
    # "自然" as in effortless or sleeping in, not the value of being in nature.
    r"自然醒|自然而然|顺其自然|(?:很|挺|特别|非常|比较|不)自然|自然地|"
    # People, not values: "前领导说" is not a wish for 「领导」.
    r"(?:前|老|我们|我的|他们)?(?:领导|老板|上司|老师|同事)"
)


# "我不想像我妈那样忍一辈子" and "没回老家" name what they turn away from: a
# surface with a negation shortly before it in its clause is not their word
# for something they hold. "不想被管着" stays: what they resent names the value.
NEGATION = re.compile(r"不|没|别|未|讨厌|受不了|拒绝")
RESENTED = re.compile(r"(?:不|没|别|讨厌|受不了|拒绝)\S{0,2}被$")
# A negation and the few characters it governs ("没回老家", "不想要", "不烦").
NEGATED_SPAN = re.compile(r"(?:不|没|别|未)(?:想|要|肯|愿)?[^\s，。都就也的了很]{0,2}")
NEGATION_REACH = 8  # characters before the surface that a negation governs


def negated(text: str, surface: str) -> bool:
    """Tell whether ``surface`` in ``text`` follows a negation in its clause."""
    start = text.find(surface)
    if start < 0:
        return False
    clause = re.split(r"[，,。；;！!？?\n]", text[:start])[-1][-NEGATION_REACH:]
    return bool(NEGATION.search(clause)) and not RESENTED.search(clause)


def fold(text: str) -> str:
    """Return ``text`` lower-cased and NFKC-folded for surface matching."""
    return unicodedata.normalize("NFKC", text or "").lower()


@lru_cache(maxsize=8)
def _surfaces(version: int) -> tuple[tuple[str, str, int], ...]:
    # Longest first, so "饮食与烹饪" wins over "烹饪" for the same span.
    rows = kb.entity_surfaces()
    return tuple(sorted(rows, key=lambda r: -len(r[0])))


@lru_cache(maxsize=4096)
def _link(text: str, version: int) -> tuple[tuple[str, float, str], ...]:
    best: dict[str, tuple[float, str]] = {}
    taken: list[tuple[int, int]] = []
    for surface, entry_id, weight in _surfaces(version):
        start = text.find(surface)
        if start < 0:
            continue
        end = start + len(surface)
        # A span already claimed by a longer surface keeps only its own entry.
        if any(s <= start and end <= e and (e - s) > len(surface) for s, e in taken):
            continue
        taken.append((start, end))
        score = weight * len(surface)
        if score > best.get(entry_id, (0.0, ""))[0]:
            best[entry_id] = (score, surface)
    ranked = sorted(best.items(), key=lambda kv: -kv[1][0])
    return tuple((eid, score, surface) for eid, (score, surface) in ranked)


def link(text: str, *, category: str = "all", limit: int = 5) -> list[dict]:
    """Return the knowledge entries the text names, best first.

    Each is ``{"id", "name", "category", "score", "surface", "strong"}``; strong
    means a name or alias matched (score ≥ 6), not only a short keyword.
    """
    found = []
    clean = FILLERS.sub(" ", fold(text)[:600])
    for entry_id, score, surface in _link(clean, kb.knowledge_version()):
        kind = CATEGORY_OF.get(entry_id[:1], "")
        if category not in ("all", kind) or negated(clean, surface):
            continue
        hit = kb.entry_get(entry_id=entry_id)
        if hit is None:
            continue
        found.append(
            {
                "id": entry_id,
                "name": hit.name,
                "category": kind,
                "score": score,
                "surface": surface,
                "strong": score >= 6,
            }
        )
        if len(found) >= limit:
            break
    return found


def ordinal(text: str) -> int | None:
    """Return the position a message points at (第二个 → 2, 最后那个 → -1)."""
    if m := ORDINAL.search(text or ""):
        return ORDINALS.get(m.group(1))
    if LAST.search(text or ""):
        return -1
    return None


def category_asked(text: str) -> str | None:
    """Return the knowledge category a message names (才能 → strengths), if any."""
    return next((c for w, c in CATEGORY_WORDS if w in (text or "")), None)


def topic(text: str) -> str:
    """Return what a search or example request is about, without request words."""
    rest = REQUEST_WORDS.sub(" ", fold(text))
    return re.sub(r"[\s\W_]+", " ", rest).strip()


def quoted_question(text: str) -> str | None:
    """Return the id of a workbook question quoted (even partly) in ``text``."""
    folded = re.sub(r"[\s\W_]+", "", fold(text))
    if len(folded) < 8:
        return None
    for q in kb.questions_all():
        body = re.sub(r"[\s\W_]+", "", fold(q.text))
        # Twelve characters in a row of the question text is a quotation.
        for i in range(0, max(1, len(body) - 11), 4):
            if body[i : i + 12] in folded:
                return q.id
    return None


def quoted_hint(text: str) -> str | None:
    """Return the id of the question whose hint holds a line quoted in ``text``.

    "“反衬出你更看重的东西”没看懂" (coach_blind29): that question, whichever
    is on screen.
    """
    for span in HINT_QUOTE.findall(text):
        span = re.sub(r"[\s\W_]+", "", fold(span))
        for q in kb.questions_all():
            if len(span) >= 6 and span in re.sub(r"[\s\W_]+", "", fold(q.hint or "")):
                return q.id
    return None


HINT_QUOTE = re.compile(r"[“\"「‘']([^”\"」’']{6,40})[”\"」’']")
