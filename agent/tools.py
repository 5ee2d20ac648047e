"""The five read-only coach tools, grounded in the knowledge base (seed 003 §3).

Each tool is a thin async wrapper over a sync ``*_data`` function that reads
``knowledge.selectors`` through the Django cache (seed §9.1). The session
context is injected by the graph, never chosen by the model, so a tool can only
see the session whose turn is running.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable
from typing import Annotated, Any, Literal

from asgiref.sync import sync_to_async
from langchain_core.tools import InjectedToolArg, tool

from django.core.cache import cache
from django.db import connections

from agent import guidance
from knowledge import selectors as kb

CONCEPT_TTL = 24 * 3600
EXAMPLES_TTL = 10 * 60
COMMON_TTL = 3600
STEP_CATEGORY = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
    "synthesis": "all",
}
CATEGORY_LABEL = {"values": "价值观", "strengths": "才能", "interests": "热情领域"}
ROW_FIELDS = {
    "values": ("definition", "self_statement", "signals", "work_purpose_example"),
    "strengths": (
        "definition",
        "strength_form",
        "weakness_form",
        "reframe_example",
        "evidence_signals",
    ),
    "interests": (
        "description",
        "example_topics",
        "curiosity_signals",
        "dig_question",
        "career_examples",
    ),
    "questions": ("text", "hint", "example"),
}
Category = Literal["all", "values", "strengths", "interests", "questions"]
Trigger = Literal["idle_timeout", "short_answer", "vague_answer", "stuck"]
_LAST_GOOD: OrderedDict[str, dict] = OrderedDict()  # seed §8.2: 备用数据，内存缓存
_LAST_GOOD_LOCK = threading.Lock()  # tools run in worker threads
_LOCAL: OrderedDict[str, tuple[float, dict]] = OrderedDict()
LOCAL_MAX = 512


def normalize(text: str) -> str:
    """Return ``text`` folded for cache keys: NFKC, lower case, no spaces or marks."""
    text = unicodedata.normalize("NFKC", text or "").lower()
    return re.sub(r"[\s\W_]+", "", text)


def _local_get(key: str) -> dict | None:
    with _LAST_GOOD_LOCK:
        found = _LOCAL.get(key)
    return found[1] if found and found[0] > time.monotonic() else None


def _local_put(key: str, value: dict, ttl: int) -> None:
    with _LAST_GOOD_LOCK:
        _LOCAL[key] = (time.monotonic() + ttl, value)
        _LOCAL.move_to_end(key)
        while len(_LOCAL) > LOCAL_MAX:
            _LOCAL.popitem(last=False)


def cached(kind: str, ttl: int, parts: tuple, compute: Callable[[], dict]) -> dict:
    """Return ``compute()`` through the cache, keyed by the knowledge version.

    A small per-process layer sits in front of the shared Django cache: the key
    carries the knowledge version, so an edit still shows at once, and hot keys
    (the step's chips, common questions) skip a Redis round trip.
    If the knowledge base fails, the last good result for the same key is served
    from process memory (marked ``degraded``) before the error is let through.
    """
    stable = hashlib.sha1("|".join(normalize(str(p)) for p in parts).encode())
    memory_key = f"{kind}:{stable.hexdigest()[:20]}"
    try:
        key = f"agent:{kind}:v{kb.knowledge_version()}:{stable.hexdigest()[:20]}"
        if (local := _local_get(key)) is not None:
            return {**local, "cached": True}
        try:
            hit = cache.get(key)
        except Exception:  # a cache outage only costs speed
            hit = None
        if hit is not None:
            _local_put(key, hit, ttl)
            return {**hit, "cached": True}
        value = compute()
    except Exception:
        with _LAST_GOOD_LOCK:
            last = _LAST_GOOD.get(memory_key)
        if last is not None:
            return {**last, "degraded": True}
        raise
    try:
        cache.set(key, value, ttl)
    except Exception:
        pass
    _local_put(key, value, ttl)
    with _LAST_GOOD_LOCK:
        _LAST_GOOD[memory_key] = value
        while len(_LAST_GOOD) > 256:
            _LAST_GOOD.popitem(last=False)
    return value


def row_of(hit: Any) -> dict:
    """Return the fields of a knowledge hit that the coach talks about."""
    row = {"id": hit.id, "name": hit.name, "category": hit.category}
    if (hit.data or {}).get("category") and hit.category != "questions":
        row["group"] = str(hit.data["category"])  # the CSV's own category column
    for name in ROW_FIELDS.get(hit.category, ()):
        value = (hit.data or {}).get(name)
        if value:
            row[name] = str(value)
    if not any(k in row for k in ("definition", "description", "text")):
        row["definition"] = hit.snippet
    return row


def example_of(row: dict) -> dict:
    """Return a knowledge row in the public ``{id, name, category, text}`` shape."""
    text = row.get("definition") or row.get("description") or row.get("text") or ""
    return {
        "id": row["id"],
        "name": row["name"],
        "category": row["category"],
        "text": text,
    }


def _step_category(context: dict) -> str:
    return STEP_CATEGORY.get(context.get("current_step", ""), "all")


def _seed(*parts: Any) -> int:
    return int(hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def _question(question_id: str | None) -> dict | None:
    info = kb.question_get(question_id=question_id) if question_id else None
    if info is None:
        return None
    return {
        "id": info.id,
        "step": info.step,
        "number": info.number,
        "text": info.text,
        "hint": info.hint,
        "example": info.example,
    }


def _rows_for_focus(category: str, question_id: str | None, limit: int) -> list[dict]:
    """Rows linked to the question in focus, topped up with a stable sample."""
    rows = []
    if question_id:
        rows = [
            row_of(h)
            for h in kb.entries_for_question(question_id=question_id, limit=limit + 2)
        ]
        if category in CATEGORY_LABEL:
            rows = [r for r in rows if r["category"] == category]
    if len(rows) < limit and category in CATEGORY_LABEL:
        seen = {r["id"] for r in rows}
        for hit in kb.entries_sample(
            category=category, limit=limit, seed=_seed(question_id, category)
        ):
            if hit.id not in seen:
                rows.append(row_of(hit))
    return rows[:limit]


def concept_data(*, concept: str, context: dict) -> dict:
    """Return a grounded definition, role and examples for ``concept``."""
    step = context.get("current_step", "")
    qid = context.get("question_id")
    key = guidance.concept_key(concept, step)

    def compute() -> dict:
        if key is None:
            hits = kb.entry_search(query=concept, category="all", limit=5)
            # Only rows that really are the concept: named by it, or using it as a
            # keyword or signal. A loose match would explain the wrong thing.
            rows = [
                row_of(h)
                for h in hits
                if h.category != "questions"
                and (
                    (h.name and (h.name in concept or concept in h.name))
                    or concept in str((h.data or {}).get("keywords", ""))
                    or concept in str((h.data or {}).get("signals", ""))
                    or concept in str((h.data or {}).get("weakness_form", ""))
                )
            ]
            return {
                "concept": concept,
                "key": "entry",
                "entries": rows[:3],
                "definition": rows[0].get("definition", "") if rows else "",
            }
        spec = guidance.CONCEPTS[key]
        info = kb.step_info(step=spec["step"]) if spec.get("step") else None
        texts = [kb.workbook_intro()]
        if info is not None:
            texts[:0] = [info.intro, info.wrapup]
        category = spec.get("category") or STEP_CATEGORY.get(step, "values")
        if category == "all":
            category = "values"
        focus = qid if STEP_CATEGORY.get(step) == category else None
        return {
            "concept": concept,
            "key": key,
            "label": spec["label"],
            "definition": spec.get("meaning")
            or guidance.sentence_with(texts, spec["anchors"]),
            "source": guidance.sentence_with(texts, spec["anchors"]),
            "role": spec["role"],
            "formula": "喜欢的事 × 擅长的事 × 重要的事 = 真正想做的事",
            "entries": _rows_for_focus(category, focus, 3),
            "lines": guidance.lines_with(texts, spec.get("lines", ())),
        }

    return cached("concept", CONCEPT_TTL, (concept, key, step, qid), compute)


def guide_data(*, question_id: str, user_answer: str, context: dict) -> dict:
    """Return the question in focus, rephrased, with directions and examples."""
    qid = question_id or context.get("question_id") or ""

    def compute() -> dict:
        question = _question(qid)
        step = context.get("current_step", "")
        if question is None:
            questions = kb.questions_for_step(step=step) if step else []
            return {
                "found": False,
                "question_id": qid,
                "questions": [{"id": q.id, "text": q.text} for q in questions[:3]],
            }
        step = question["step"]
        info = kb.step_info(step=step)
        total = len(kb.questions_for_step(step=step))
        category = STEP_CATEGORY.get(step, "values")
        return {
            "found": True,
            **question,
            "total": total,
            "step_title": info.title if info else "",
            "rephrased": guidance.rephrase(question),
            "directions": guidance.directions(question),
            "entries": _rows_for_focus(category, qid, 2),
        }

    data = cached("question", COMMON_TTL, (qid,), compute)
    return {**data, "user_answer": (user_answer or "")[:200]}


def examples_data(*, topic: str, category: str, limit: int, context: dict) -> dict:
    """Return 2–3 knowledge rows on ``topic`` (or the question in focus)."""
    qid = context.get("question_id")
    category = _step_category(context) if category in ("auto", "") else category
    topic = "" if guidance.is_generic_topic(topic) else topic
    limit = max(1, min(int(limit or 3), 5))

    def compute() -> dict:
        rows: list[dict] = []
        if topic:
            hits = kb.entry_search(query=topic, category=category, limit=limit + 3)
            rows = [row_of(h) for h in hits if h.category != "questions"][:limit]
        if len(rows) < limit:
            seen = {r["id"] for r in rows}
            for cat in (
                (category,)
                if category in CATEGORY_LABEL
                else ("values", "strengths", "interests")
            ):
                for row in _rows_for_focus(cat, qid, limit):
                    if row["id"] not in seen and len(rows) < limit:
                        rows.append(row)
                        seen.add(row["id"])
        return {
            "topic": topic,
            "category": category,
            "entries": rows,
            "question": _question(qid),
        }

    return cached("examples", EXAMPLES_TTL, (topic, category, limit, qid), compute)


def search_data(*, query: str, category: str, limit: int) -> dict:
    """Return knowledge rows and workbook questions that match ``query``."""
    limit = max(1, min(int(limit or 5), 10))

    def compute() -> dict:
        if category == "questions":  # questions come with "all"; keep only them
            hits = [
                h
                for h in kb.entry_search(query=query, category="all", limit=30)
                if h.category == "questions"
            ][:limit]
        else:
            hits = kb.entry_search(query=query, category=category, limit=limit)
        rows = [{**row_of(h), "score": round(float(h.score), 3)} for h in hits]
        return {"query": query, "category": category, "entries": rows}

    return cached("search", COMMON_TTL, (query, category, limit), compute)


def step_chips(step: str) -> list[dict]:
    """Return the step's quick-pick chips ({id, text}), cached like common answers."""
    return cached(
        "guides",
        COMMON_TTL,
        (step,),
        lambda: {
            "items": [
                {"id": g.id, "text": g.text}
                for g in kb.guide_questions_for_step(step=step)
            ]
        },
    )["items"]


def proactive_data(
    *, trigger: str, minutes_idle: int, answer_text: str, context: dict
) -> dict:
    """Return a nudge: text, examples, suggestions and the step's guide chips."""
    step = context.get("current_step", "")
    focus = guide_data(question_id="", user_answer=answer_text, context=context)
    rows = focus.get("entries") or _rows_for_focus(_step_category(context), None, 2)
    chips = step_chips(step)
    variant = _seed(context.get("session_id"), context.get("turn"), trigger)
    return {
        "trigger": trigger,
        "text": guidance.nudge_text(
            trigger, focus=focus, rows=rows, minutes=minutes_idle, variant=variant
        ),
        "examples": [example_of(r) for r in rows[:3]],
        "suggestions": guidance.suggestions(trigger, focus),
        "guide_questions": chips,
        "question": focus if focus.get("found") else None,
    }


def _closing(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    finally:
        # A knowledge read may open a database connection in this worker thread;
        # close it, as Django does after a request, so none outlives the call.
        connections.close_all()


async def off_loop(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run a sync knowledge read in a worker thread, off the event loop."""
    return await sync_to_async(_closing, thread_sensitive=False)(fn, *args, **kwargs)


async def _run(fn: Callable[..., dict], **kwargs: Any) -> str:
    data = await off_loop(fn, **kwargs)
    return json.dumps(data, ensure_ascii=False)


Context = Annotated[dict | None, InjectedToolArg]


@tool(parse_docstring=True)
async def explain_concept(concept: str, context: Context = None) -> str:
    """解释概念的含义，给出定义、作用和知识库示例。

    例如 价值观、擅长的事、热情、公式、工作目的，或某个价值观/才能的名字。

    Args:
        concept: 要解释的概念，例如"价值观"、"擅长的事"、"自由"。
        context: 会话上下文，由系统注入。
    """
    return await _run(concept_data, concept=concept, context=context or {})


@tool(parse_docstring=True)
async def guide_question(
    question_id: str = "", user_answer: str = "", context: Context = None
) -> str:
    """引导用户理解工作簿里的问题：换个说法、思考方向、回答示例。

    Args:
        question_id: 问题编号，如 V03；留空表示用户当前正在看的问题。
        user_answer: 用户目前写下的回答（如果有）。
        context: 会话上下文，由系统注入。
    """
    return await _run(
        guide_data,
        question_id=question_id,
        user_answer=user_answer,
        context=context or {},
    )


@tool(parse_docstring=True)
async def recommend_examples(
    topic: str = "",
    category: Literal["auto", "all", "values", "strengths", "interests"] = "auto",
    limit: int = 3,
    context: Context = None,
) -> str:
    """推荐知识库里的相关示例（价值观、才能或热情领域条目），帮助用户理解。

    Args:
        topic: 示例的主题；留空表示围绕当前问题。
        category: 条目类别；auto 表示按当前步骤。
        limit: 返回几个示例（1-5）。
        context: 会话上下文，由系统注入。
    """
    return await _run(
        examples_data,
        topic=topic,
        category=category,
        limit=limit,
        context=context or {},
    )


@tool(parse_docstring=True)
async def search_content(
    query: str, category: Category = "all", limit: int = 5, context: Context = None
) -> str:
    """从知识库检索相关内容（价值观、才能、热情领域和工作簿问题）。

    Args:
        query: 检索词，例如"自由"、"想太多"、"心理学"。
        category: 检索范围。
        limit: 返回条数（1-10）。
        context: 会话上下文，由系统注入。
    """
    return await _run(search_data, query=query, category=category, limit=limit)


@tool(parse_docstring=True)
async def proactive_guide(
    trigger: Trigger, minutes_idle: int = 0, context: Context = None
) -> str:
    """主动引导用户：提醒继续、给思考提示、推荐示例和可点选的引导问题。

    Args:
        trigger: 触发原因：idle_timeout 空闲、short_answer 回答过短、
            vague_answer 回答模糊、stuck 卡住。
        minutes_idle: 用户已经多少分钟没有操作。
        context: 会话上下文，由系统注入。
    """
    ctx = context or {}
    return await _run(
        proactive_data,
        trigger=trigger,
        minutes_idle=minutes_idle,
        answer_text=ctx.get("answer_text", ""),
        context=ctx,
    )


TOOLS = [
    explain_concept,
    guide_question,
    recommend_examples,
    search_content,
    proactive_guide,
]
TOOLS_BY_NAME = {t.name: t for t in TOOLS}
