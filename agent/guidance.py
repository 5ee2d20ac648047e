"""How the coach words things: concept glossary, question help, nudges (§7.4).

Pure functions over knowledge rows; no I/O. ``answer.py`` builds replies from
these pieces, the tools and ``guidance_build`` build nudges.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from agent.concepts import CONCEPTS, STEP_CONCEPT, concept_key  # noqa: F401
from agent.dialogue.facts import is_shrug
from agent.dialogue.realise import nudges
from agent.dialogue.realise.asks import asks
from agent.dialogue.realise.phrases import someone

PROBES = (
    "能说一个具体的场景吗？",
    "那一刻你的感受是什么？",
    "这件事对你为什么重要？",
    "如果用一个词概括，会是什么？",
)
DIRECTIONS = {
    "values_exploration": (
        "先想一个具体的人或场景",
        "再问自己：这件事为什么对我重要？",
    ),
    "strengths_exploration": (
        "回想别人常找你帮的忙",
        "把被批评的习惯用“正因为……所以……”翻过来",
    ),
    "interests_exploration": ("看看你主动花钱花时间的地方", "把线索归到一个名词领域"),
}
GENERIC_TOPICS = ("示例", "例子", "举例", "比如", "这个问题", "这题", "参考", "范例")
NUDGE_NO_QUESTION = (
    "你已经{minutes}分钟没有操作了。要不要先挑一个最有感觉的问题写两句？"
)


def clip(text: str, limit: int) -> str:
    """Cut ``text`` to ``limit`` characters, at a clause boundary when possible."""
    text = " ".join(str(text or "").split()).strip("。；，、 ")
    if len(text) <= limit:
        return text
    cut = max(text.rfind(p, 0, limit) for p in "，；、。")
    return text[:cut] if cut >= limit // 2 else text[: limit - 1] + "…"


def _sentences(texts: Iterable[str]) -> list[str]:
    out: list[str] = []
    for text in texts:
        for line in (text or "").splitlines():
            line = re.sub(r"^[-*\d.\s]+", "", line.replace("**", "")).strip()
            out.extend(s for s in re.split(r"(?<=[。；])", line) if s.strip())
    return out


def sentence_with(texts: Iterable[str], anchors: Iterable[str]) -> str:
    """Return the first workbook sentence containing one of ``anchors``."""
    sentences = _sentences(texts)
    for anchor in anchors:
        for s in sentences:
            if anchor in s:
                return s.strip("；")
    return ""


def lines_with(texts: Iterable[str], prefixes: Iterable[str]) -> list[str]:
    """Return workbook lines that start with one of ``prefixes`` (cleaned)."""
    prefixes = tuple(prefixes)
    if not prefixes:
        return []
    out = []
    for text in texts:
        for line in (text or "").splitlines():
            if line.startswith(prefixes):
                out.append(line.lstrip("- ").replace("**", ""))
    return out[:3]


def rephrase(question: dict) -> str:
    """Return the question said another way, from its hint."""
    hint = question.get("hint") or ""
    first = re.split(r"[；;]", hint)[0].strip("。 ")
    return first or clip(question.get("text", ""), 40)


def directions(question: dict) -> list[str]:
    """Return two or three thinking directions for the question."""
    base = list(DIRECTIONS.get(question.get("step", ""), ()))
    return [rephrase(question), *base][:3]


def is_generic_topic(topic: str) -> bool:
    """Tell whether a requested example topic only means "an example"."""
    t = (topic or "").strip()
    return not t or any(g in t for g in GENERIC_TOPICS) and len(t) <= 8


def nudge_text(
    trigger: str,
    *,
    focus: dict,
    rows: list[dict],
    minutes: int,
    variant: int,
    row: dict | None = None,
) -> str:
    """Word the §7.4 nudge for ``trigger`` from what this person wrote.

    ``row`` is the knowledge entry their answer names, if any (its example is
    the apt one); ``rows`` are the question's own entries.
    """
    if not focus.get("found"):
        text = NUDGE_NO_QUESTION.format(minutes=max(1, minutes))
        if rows:
            text += f"比如{someone(rows[variant % len(rows)], variant)}。"
        return text
    return nudges.nudge(
        trigger, focus=focus, rows=rows, row=row, minutes=minutes, variant=variant
    )


def suggestions(trigger: str, focus: dict, row: dict | None = None) -> list[str]:
    """Return short thinking prompts to show under a nudge, this answer's first."""
    if not focus.get("found"):
        return list(PROBES[:2])
    answer = (focus.get("user_answer") or "").strip()
    first = {
        "short_answer": PROBES[0],
        "vague_answer": PROBES[3],
        "stuck": f"换个说法：{focus.get('rephrased', '')}",
        "idle_timeout": PROBES[2],
    }.get(trigger, PROBES[0])
    if answer and trigger != "stuck" and not is_shrug(answer):
        step, text = focus.get("step", ""), focus.get("text", "")
        first = asks(step, answer, row, text)[0]
    return [first, *focus.get("directions", [])[1:3]]
