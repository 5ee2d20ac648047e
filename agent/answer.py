"""The answer rules of seed 003 §8 and the grounded composer the offline coach uses.

Rules (DESIGN.md, "A chat turn", point 4): at most 200 characters, a concrete
example (比如/例如 …), specific, and a pointer to the next step of thinking.
Every character counts one, so a CJK character is one, as a reader counts it.
"""

from __future__ import annotations

import re
from typing import Any

from agent.guidance import CONCEPTS, clip, row_example

EXAMPLE_RE = re.compile(r"(比如|例如|举个例子|比方说|譬如)[：:，,]?\s*\S{4,}")
NEXT_WORDS = ("下一步", "接下来", "试着", "不妨", "你可以先", "先写", "写下")
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
CATEGORY_LABEL = {"values": "价值观", "strengths": "才能", "interests": "领域"}
POINTERS = {
    "values_exploration": (
        "你呢？回想一件让你有同样感觉的事，写下一个具体场景？",
        "哪一个最让你有感觉？说说它让你想起的一件事？",
        "下一步，试着写下一个具体的人或场景，好吗？",
    ),
    "strengths_exploration": (
        "你有没有类似的习惯？试着用“正因为……所以……”写一句？",
        "哪一条最像你？想一个别人常找你帮忙的场景？",
        "下一步，写下一件你做几个小时也不累的事，好吗？",
    ),
    "interests_exploration": (
        "哪一个让你忍不住想多了解？写下最近一次的具体经历？",
        "下一步，翻翻最近的搜索记录，看看停得最久的是哪类话题？",
        "你最近一次主动花时间去了解的是什么？",
    ),
    "synthesis": (
        "试着用“用【才能】在【领域】里做【某件事】”写一条候选？",
        "下一步，为最心动的一条候选设计一个两周内能做的小实验？",
    ),
}
QUESTION_POINTERS = (
    "先用一两句话写下第一个想到的场景，好吗？",
    "不妨先写一个具体的人或一件事，之后我们再一起提炼？",
    "试着先回答一半：那件事是什么？当时你在意的是什么？",
)


def answer_length(text: str) -> int:
    """Return the length of an answer as a reader counts it (one per character)."""
    return len(text or "")


def answer_checks(text: str, *, grounding: list[str], max_chars: int = 200) -> dict:
    """Return each answer rule and whether ``text`` satisfies it."""
    text = text or ""
    tail = text[-40:]
    abstract = sum(text.count(w) for w in ABSTRACT)
    grounded = any(g and g in text for g in grounding)
    return {
        "length": 0 < answer_length(text) <= max_chars,
        "has_example": bool(EXAMPLE_RE.search(text)),
        "specific": (grounded or bool(re.search(r"[「“『]", text))) and abstract < 2,
        "next_step": "？" in tail or "?" in tail or any(w in tail for w in NEXT_WORDS),
    }


def fit(segments: list[str], budget: int, shrink: tuple[int, ...]) -> str:
    """Join segments, clipping those in ``shrink`` (in order) to fit ``budget``."""
    parts = [s for s in segments]
    for index in shrink:
        over = sum(map(len, parts)) - budget
        if over <= 0:
            break
        keep = max(12, len(parts[index]) - over - 1)
        clipped = clip(parts[index], keep)
        parts[index] = clipped + (
            "。" if clipped and clipped[-1] not in "。？！…" else ""
        )
    text = "".join(parts)
    if len(text) > budget:  # last resort: keep the pointer, cut the middle
        tail = parts[-1][: budget // 3]
        text = clip("".join(parts[:-1]), budget - len(tail) - 1) + "。" + tail
    return text[:budget]


def _sentence(text: str) -> str:
    text = (text or "").strip().rstrip("，、；：")
    return text if not text or text[-1] in "。？！…?!" else text + "。"


def materials(observations: list[dict], context: dict, variant: int) -> dict[str, Any]:
    """Collect rows, an example sentence, a pointer and grounding terms."""
    data = {o["name"]: o.get("data") or {} for o in observations if o.get("ok")}
    rows: list[dict] = []
    for d in data.values():
        for row in d.get("entries") or []:
            if row.get("id") not in {r.get("id") for r in rows}:
                rows.append(row)
    question = context.get("question") or {}
    guide = data.get("guide_question") or {}
    if guide.get("found"):
        question = guide
    lines = (data.get("explain_concept") or {}).get("lines") or []
    examples: list[tuple[str, dict]] = [
        (row_example(r, variant + i), r) for i, r in enumerate(rows[:3])
    ]
    entry_concept = (data.get("explain_concept") or {}).get("key") == "entry"
    if question.get("example") and not (entry_concept and rows):
        examples.append((f"有人这样写：“{clip(question['example'], 36)}”", {}))
    examples.extend((clip(line, 50), {}) for line in lines)
    if guide.get("found") or (not rows and question.get("example")):
        # Help with a question leads with an answer example for that question.
        examples.sort(key=lambda e: not e[0].startswith("有人这样写"))
        pick = examples[0] if variant % 3 else examples[min(1, len(examples) - 1)]
    else:
        pick = examples[variant % len(examples)] if examples else ("", {})
    lead_word = ("比如", "例如", "比如")[variant % 3]
    step = context.get("current_step", "")
    pointers = (
        QUESTION_POINTERS
        if guide.get("found")
        else POINTERS.get(step, POINTERS["values_exploration"])
    )
    if pick[1].get("dig_question") and variant % 2:
        pointer = pick[1]["dig_question"].rstrip("？?") + "？"
    else:
        pointer = pointers[variant % len(pointers)]
    grounding = [r.get("name", "") for r in rows]
    if question.get("number"):
        grounding.append(f"第{question['number']}题")
    return {
        "data": data,
        "rows": rows,
        "question": question,
        "example": _sentence(f"{lead_word}{pick[0]}") if pick[0] else "",
        "pointer": pointer,
        "grounding": [g for g in grounding if g],
    }


def _proactive_lead(nudge: dict, question: dict, variant: int) -> str:
    """Open a reply to "I'm stuck" and the like, in chat words."""
    focus = nudge.get("question") or question or {}
    trigger = nudge.get("trigger")
    probes = nudge.get("suggestions") or ["能说一个具体的场景吗？"]
    if not focus.get("number"):
        return "没关系，我们先挑一个最有感觉的问题写两句。"
    if trigger == "idle_timeout":
        return _sentence(
            f"欢迎回来！我们在第{focus['number']}题：{clip(focus['text'], 30)}"
        )
    if trigger == "short_answer":
        return _sentence(f"短没关系，可以再往下挖一层：{probes[variant % len(probes)]}")
    if trigger == "vague_answer":
        return _sentence(f"试着把它落到一件事上，问问自己：{probes[0]}")
    return (
        f"卡住很正常。换个方式想第{focus['number']}题：{focus.get('rephrased', '')}。"
    )


def _lead(m: dict, context: dict, user_text: str, variant: int) -> str:
    data, rows, question = m["data"], m["rows"], m["question"]
    names = "、".join(f"「{r['name']}」" for r in rows[:3])
    if (nudge := data.get("proactive_guide")) is not None:
        return _proactive_lead(nudge, question, variant)
    if (concept := data.get("explain_concept")) is not None:
        if concept.get("key") in CONCEPTS:
            label = concept.get("label", "")
            definition = clip(concept.get("definition") or label, 48)
            head, _, rest = definition.partition("：")
            body = rest if rest and len(head) <= 10 else definition
            role = clip(concept.get("role", ""), 30)
            named = body.startswith(label[:2])
            plain = body if named else f"{label}就是{body}"
            options = [
                f"{definition}。{role}。",
                f"简单说，{plain}。在公式里，{role}。",
            ]
            if not named:
                options.append(f"{label}：{body}。{role}。")
            return options[variant % len(options)]
        if own := concept.get("entries"):
            meaning = clip(own[0].get("definition", ""), 50)
            return f"「{own[0]['name']}」指的是{meaning}。"
        asked = clip(concept.get("concept", ""), 12)
        return f"知识库里没有“{asked}”的词条，我们先回到你自己的线索。"
    guide = data.get("guide_question")
    if guide is not None and guide.get("found"):
        options = [
            f"第{guide['number']}题其实是在问：{guide['rephrased']}。",
            f"换个说法：{guide['rephrased']}。",
            f"这道题的关键是{guide['rephrased']}。",
        ]
        return options[variant % len(options)]
    if guide is not None:
        first = (guide.get("questions") or [{}])[0].get("text", "")
        return f"先挑一个问题开始吧，比如“{clip(first, 30)}”。" if first else ""
    if "recommend_examples" in data and rows:
        label = CATEGORY_LABEL.get(rows[0].get("category", ""), "条目")
        options = [
            f"可以参考这几个{label}：{names}。",
            f"知识库里有{names}这些{label}，看看哪个像你。",
        ]
        if question.get("number"):
            options.append(f"围绕第{question['number']}题，可以看看{names}。")
        return options[variant % len(options)]
    if (search := data.get("search_content")) is not None:
        if not rows:
            return (
                f"知识库里没找到和“{clip(search.get('query', ''), 12)}”直接对应的条目。"
            )
        top = rows[0]
        text = clip(
            top.get("definition") or top.get("description") or top.get("hint") or "", 40
        )
        if "我" in user_text and top.get("category") in CATEGORY_LABEL:
            return f"你说的这些，听起来和「{top['name']}」很接近：{text}。"
        return f"和你问的最接近的是「{clip(top['name'], 20)}」：{text}。"
    opener = "好的"
    if re.match(r"(你好|您好|嗨|hi|hello)", user_text, re.I):
        opener = "你好"
    elif re.match(r"(谢谢|多谢|感谢)", user_text):
        opener = "不客气"
    if question.get("number"):
        title = clip(question["text"], 36).rstrip("？?")
        return f"{opener}！我们接着看第{question['number']}题：{title}？"
    return f"{opener}！我们继续。"


def answer_compose(
    *,
    observations: list[dict],
    context: dict,
    user_text: str,
    variant: int,
    budget: int = 200,
) -> str:
    """Write a grounded answer from tool results that passes every rule."""
    m = materials(observations, context, variant)
    lead = _lead(m, context, user_text, variant)
    example = m["example"] or "比如先写下一次让你投入到忘记时间的经历。"
    return fit([lead, example, m["pointer"]], budget, shrink=(1, 0))


def answer_repair(text: str, *, checks: dict, m: dict, budget: int = 200) -> str:
    """Add what a failed rule needs and trim to the budget, keeping the gist."""
    text = _sentence(text)
    if not checks["specific"]:  # drop the platitudes, keep what is concrete
        text = "".join(
            c
            for c in re.split(r"(?<=[，。；！？])", text)
            if not any(w in c for w in ABSTRACT)
        )
    tail = ""
    if checks["next_step"]:
        parts = [p for p in re.split(r"(?<=[。！？!?])", text) if p]
        tail = parts[-1] if parts else ""
        text = text[: len(text) - len(tail)]
    example = ""
    if (
        checks["has_example"]
        and checks["specific"]
        and (found := EXAMPLE_RE.search(text))
    ):
        end = re.search(r"[。！？!?]|$", text[found.start() :])
        stop = found.start() + (end.end() if end else 0)
        example, text = text[found.start() : stop], text[: found.start()] + text[stop:]
    example = (
        _sentence(example) or m["example"] or "比如先写下一次让你投入到忘记时间的经历。"
    )
    return fit(
        [_sentence(text.strip("，、；")), example, tail or m["pointer"]],
        budget,
        shrink=(0, 1),
    )
