"""Knowledge lookups behind the five tools: plain data, cached, no wording.

Each ``*_data`` function reads ``knowledge.selectors`` through ``cache.cached``
and returns a dict: the tool's artifact. Realisation and the model decide the
words; these only decide which rows.
"""

from __future__ import annotations

import hashlib
from typing import Any

from agent import guidance
from agent.cache import COMMON_TTL, CONCEPT_TTL, cached
from agent.concepts import CONCEPTS, concept_key
from agent.dialogue.choices import nudge_chips
from knowledge import selectors as kb

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
        "fit_scenes",
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
    key = concept_key(concept, step)

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
        spec = CONCEPTS[key]
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
        # Written for "第5题是什么意思" (question_help.csv): other words than
        # the question, what fits, a short example. Nudges keep the hint.
        help_row = kb.question_help_get(question_id=question["id"])
        return {
            "found": True,
            **question,
            "total": total,
            "step_title": info.title if info else "",
            "rephrased": guidance.rephrase(question),
            "again": help_row.rephrase if help_row else "",
            "fits": help_row.fits if help_row else "",
            "sample": help_row.example if help_row else "",
            "directions": guidance.directions(question),
            "entries": _rows_for_focus(category, qid, 2),
        }

    data = cached("question", COMMON_TTL, (qid,), compute)
    return {**data, "user_answer": (user_answer or "")[:200]}


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


def _named_row(answer: str, step: str) -> dict | None:
    """Return the entry of this step's kind that an answer names outright, if any."""
    from agent.dialogue import entities

    category = STEP_CATEGORY.get(step, "all")
    if not answer.strip() or category not in CATEGORY_LABEL:
        return None
    hits = entities.link(answer, category=category)
    # link() leaves out words after a negation: "我不擅长做PPT" names no talent.
    hit = next((h for h in hits if h["strong"]), None)
    entry = kb.entry_get(entry_id=hit["id"]) if hit else None
    # The word they used, so the nudge can quote it rather than the entry's name.
    return {**row_of(entry), "surface": hit["surface"]} if entry and hit else None


def proactive_data(
    *, trigger: str, minutes_idle: int, answer_text: str, context: dict
) -> dict:
    """Return a nudge: text, examples, suggestions and its next-step chips."""
    step = context.get("current_step", "")
    focus = guide_data(question_id="", user_answer=answer_text, context=context)
    focus = {**focus, "away": bool(context.get("away"))}
    rows = focus.get("entries") or _rows_for_focus(_step_category(context), None, 2)
    chips = nudge_chips(trigger)
    variant = _seed(context.get("session_id"), context.get("turn"), trigger)
    named = _named_row(answer_text, focus.get("step", "") or step)
    if named:
        rows = [named, *(r for r in rows if r["id"] != named["id"])]
    return {
        "trigger": trigger,
        "text": guidance.nudge_text(
            trigger,
            focus=focus,
            rows=rows,
            minutes=minutes_idle,
            variant=variant,
            row=named,
        ),
        "examples": [example_of(r) for r in rows[:3]],
        "suggestions": guidance.suggestions(trigger, focus, named),
        "guide_questions": chips,
        "question": focus if focus.get("found") else None,
    }
