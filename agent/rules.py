"""The answer rules of seed 003 §8, and cutting text only where a reader pauses.

Rules (DESIGN.md, "A chat turn", point 4): at most 200 characters (a CJK
character counts one), a concrete example, specific, a pointer to the next
step. A crisis reply, a refusal or a quiet-mode confirmation needs no forced
"比如": ``RULES_BY_ACT`` says which rules an act is held to.
"""

from __future__ import annotations

import re

EXAMPLE_RE = re.compile(r"(比如|例如|举个例子|比方说|譬如|有人)[：:，,]?\s*\S{4,}")
NEXT_WORDS = ("下一步", "接下来", "试着", "不妨", "你可以先", "先写", "写下", "再叫我")
ABSTRACT = (
    "因人而异",
    "没有标准答案",
    "多思考",
    "相信自己",
    "顺其自然",
    "加油",
    "最重要的是",
    "总之",
    "一般来说",
    "每个人都不一样",
    "找到自己",
    "用心感受",
)
ALL_RULES = ("length", "has_example", "specific", "next_step")
LIGHT = ("length", "next_step")
RULES_BY_ACT = {
    "crisis": ("length",),
    "care": ("length",),
    "checkin": ("length",),
    "english": LIGHT,
    "refuse": LIGHT,
    "quiet": ("length",),
    "scope": LIGHT,
    "empathy": LIGHT,
    "greet": LIGHT,
    "autonomy": LIGHT,
    "summary": LIGHT,
    "clarify": LIGHT,
    "abstain": LIGHT,
    "progress": LIGHT,
    "choose": LIGHT,
}
_STOPS = "。！？!?…"
_PAUSES = "，、；：,;:"


def answer_length(text: str) -> int:
    """Return the length of an answer as a reader counts it (one per character)."""
    return len(text or "")


def answer_checks(
    text: str, *, grounding: list[str], max_chars: int = 200, act: str = ""
) -> dict[str, bool]:
    """Return each rule the act is held to and whether ``text`` satisfies it."""
    text = text or ""
    tail = text[-40:]
    grounded = any(g and g in text for g in grounding)
    every = {
        "length": 0 < answer_length(text) <= max_chars,
        "has_example": bool(EXAMPLE_RE.search(text)),
        "specific": (grounded or bool(re.search(r"[「“『]", text)))
        and sum(text.count(w) for w in ABSTRACT) < 2,
        "next_step": "？" in tail or "?" in tail or any(w in tail for w in NEXT_WORDS),
    }
    return {k: every[k] for k in RULES_BY_ACT.get(act, ALL_RULES)}


def sentence(text: str) -> str:
    """Return ``text`` ending with a full stop unless it already ends a sentence."""
    text = (text or "").strip().rstrip(_PAUSES)
    return text if not text or text[-1] in _STOPS + "”」.）" else text + "。"


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to at most ``limit`` characters at a sentence or clause end.

    Never mid-word: the cut falls after 。！？ if one is late enough, else after
    a comma (which then becomes 。); a text with no pause at all is dropped
    whole rather than cut, unless it has no pause because it is one short word.
    """
    text = " ".join(str(text or "").split())
    if len(text) <= limit:
        return text
    stop = max(text.rfind(p, 0, limit) for p in _STOPS)
    if stop >= limit // 2:
        return text[: stop + 1]
    pause = max(text.rfind(p, 0, limit) for p in _PAUSES)
    if pause >= limit // 3:
        return text[:pause] + "。"
    return ""


def fit(parts: list[str], budget: int) -> str:
    """Join whole parts, dropping optional ones from the middle until they fit.

    The first part (the reflection or the answer) and the last (the next step)
    are kept; middle parts go last-first, then the first is clipped at a pause.
    """
    parts = [p for p in parts if p]
    while len("".join(parts)) > budget and len(parts) > 2:
        parts.pop(-2)
    text = "".join(parts)
    if len(text) <= budget:
        return text
    tail = parts[-1] if len(parts) > 1 else ""
    head = clip(parts[0], budget - len(tail))
    return (head + tail) if head else clip(text, budget)


def answer_repair(
    text: str, *, checks: dict, example: str, pointer: str, budget: int
) -> str:
    """Add what a failed rule needs to a model's answer and fit it, keeping the gist.

    The answer's closing question is kept as its next step; the body is cut at
    a pause to make room for the example and that question, never mid-word.
    """
    body = sentence(text)
    if not checks.get("specific", True):  # drop the platitudes, keep what is concrete
        body = "".join(
            c
            for c in re.split(r"(?<=[，。；！？])", body)
            if not any(w in c for w in ABSTRACT)
        )
    pieces = [p for p in re.split(r"(?<=[。！？!?])", body) if p]
    tail = pieces[-1] if pieces and pieces[-1][-1] in "？?" else ""
    if len(tail) > 40:  # a long last sentence: only its last clause is the question
        tail = re.split(r"[，,；;]", tail)[-1]
    body = body[: len(body) - len(tail)] if tail else body
    extra = "" if checks.get("has_example", True) else sentence(example)
    tail = tail or pointer
    room = budget - len(extra) - len(tail)
    head = body if len(body) <= room else (clip(body, room) or clip(body, room + 1))
    return fit([head, extra, tail], budget)
