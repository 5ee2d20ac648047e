"""Values, talents and fields found in the answers, ranked by frequency.

Deterministic: each answer (and each name in the coach notes) is matched to
knowledge rows with ``entry_search``; a row scores by how often it is found.
"""

import re

from coach.models import CoachingSession
from coach.results.candidates import TOP_VALUES, candidates_build, excerpt
from coach.results.stored import results_stored
from coach.results.venn import venn_labels
from coach.selectors import answers_by_question, step_progress
from knowledge import selectors as knowledge

STEP_CATEGORY = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
}
NOTE_KEYS = {
    "values": "candidate_values",
    "strengths": "candidate_talents",
    "interests": "candidate_passions",
}
HITS_PER_ANSWER, NOTE_WEIGHT, MIN_ANSWERS = 3, 2, 3
SHOWN = {"values": 8, "strengths": 5, "interests": 5}
EDITED = {"values": "values", "strengths": "talents", "interests": "fields"}


def _entry(hit, freq: int = 0, evidence: str = "") -> dict:
    return {
        "id": hit.id,
        "key": hit.id,
        "name": hit.name,
        "category": hit.category,
        "snippet": hit.snippet,
        "data": dict(hit.data),
        "freq": freq,
        "evidence": evidence,
        "own": False,
    }


def _chosen(*, category: str, names: list, found: list[dict]) -> list[dict]:
    """Return the person's own list; rows the knowledge base knows keep details."""
    by_name = {row["name"]: row for row in found}
    rows = []
    for name in (str(n)[:40] for n in names if isinstance(n, str) and n.strip()):
        row = by_name.get(name)
        if row is None:
            hits = knowledge.entry_search(query=name, category=category, limit=3)
            hit = next((h for h in hits if h.name == name), None)
            row = _entry(hit) if hit else None
        bare = {"id": "", "category": category, "snippet": "", "data": {}, "freq": 0}
        rows.append({**(row or bare), "name": name, "key": name, "own": True})
        rows[-1].setdefault("evidence", "")
    return rows


def _note_hit(note, *, category: str):
    """Return the row a coach note names: ``{"id", "name", "hits"}`` or a bare name."""
    if isinstance(note, dict) and isinstance(note.get("id"), str):
        hit = knowledge.entry_get(entry_id=note["id"])
        if hit is not None and hit.category == category:
            return hit
    name = str(note.get("name", "") if isinstance(note, dict) else note)[:40]
    if not name:
        return None
    hits = knowledge.entry_search(query=name, category=category, limit=3)
    return next((h for h in hits if h.name == name), hits[0] if hits else None)


def _scored(*, category: str, texts: list[str], notes: list) -> list[dict]:
    """Rank rows of ``category`` by how many answers and notes point to them."""
    found: dict[str, list] = {}  # id -> [frequency, rank weight, hit]
    # id -> (best rank, the person's own words that pointed to the row)
    evidence: dict[str, tuple[int, str]] = {}

    def count(hit, freq: int, weight: int) -> None:
        row = found.setdefault(hit.id, [0, 0, hit])
        row[0], row[1] = row[0] + freq, row[1] + weight

    for text in texts:
        hits = knowledge.entry_search(
            query=text, category=category, limit=HITS_PER_ANSWER
        )
        for rank, hit in enumerate(hits):
            count(hit, 1, HITS_PER_ANSWER - rank)
            if rank < evidence.get(hit.id, (HITS_PER_ANSWER, ""))[0]:
                evidence[hit.id] = (rank, excerpt(text))
    for note in notes:
        if hit := _note_hit(note, category=category):
            count(hit, NOTE_WEIGHT, NOTE_WEIGHT)
    ranked = sorted(found.items(), key=lambda kv: (-kv[1][0], -kv[1][1], kv[0]))
    return [
        _entry(hit, freq, evidence.get(hit.id, (0, ""))[1])
        for _, (freq, _weight, hit) in ranked
    ]


def _ordered_values(found: list[dict], order: list) -> list[dict]:
    """Apply the person's own ranking; values they ranked stay even if unfound."""
    rest = {v["id"]: v for v in found}
    ranked = []
    for entry_id in order:
        if entry_id in rest:
            ranked.append(rest.pop(entry_id))
        elif (hit := knowledge.entry_get(entry_id=entry_id)) is not None:
            if hit.category == "values":
                ranked.append(_entry(hit))
    return (ranked + list(rest.values()))[: max(SHOWN["values"], len(ranked))]


def _missing(*, step: str, progress: dict, rows: list) -> dict | None:
    need = min(MIN_ANSWERS, progress["total"])
    if progress["done"] >= need and rows:
        return None
    info = knowledge.step_info(step=step)
    return {
        "step": step,
        "title": info.title if info else step,
        "need": need,
        **progress,
    }


def results_build(*, session: CoachingSession) -> dict:
    """Return everything the results page shows, with what is still missing."""
    answers = answers_by_question(session=session)
    notes = session.notes if isinstance(session.notes, dict) else {}
    saved, edited = results_stored(session=session)
    found, missing = {}, []
    for step, category in STEP_CATEGORY.items():
        ids = sorted(q.id for q in knowledge.questions_for_step(step=step))
        texts = [answers[qid] for qid in ids if answers.get(qid, "").strip()]
        names = notes.get(NOTE_KEYS[category])
        rows = _scored(
            category=category,
            texts=texts,
            notes=names if isinstance(names, list) else [],
        )
        own = edited.get(EDITED[category])
        if isinstance(own, list):
            rows = _chosen(category=category, names=own, found=rows)
        found[category] = rows
        progress = step_progress(session=session, step=step, answers=answers)
        if gap := _missing(step=step, progress=progress, rows=rows):
            missing.append(gap)
    order = saved.get("values_order")
    if isinstance(edited.get("values"), list):
        values, order = found["values"], True  # their own list is their ranking
    else:
        values = _ordered_values(
            found["values"], order if isinstance(order, list) else []
        )
    # The person's own lists are shown whole (their length is capped on save).
    talents = found["strengths"][: None if "talents" in edited else SHOWN["strengths"]]
    fields = found["interests"][: None if "fields" in edited else SHOWN["interests"]]
    top = values[:TOP_VALUES]
    mine = _mine(answers=answers, picked=saved.get("try"))
    return {
        "values": values,
        "top_values": top,
        "talents": talents,
        "fields": fields,
        "candidates": candidates_build(values=values, talents=talents, fields=fields),
        "mine": mine,
        "candidate_slots": len(knowledge.questions_for_step(step="synthesis")),
        "try_picked": any(c["try"] for c in mine),
        "purpose_example": next(
            (
                v["data"].get("work_purpose_example")
                for v in top
                if v["data"].get("work_purpose_example")
            ),
            "",
        ),
        "missing": missing,
        "answered": len(answers),
        "ranked": bool(order),
        "edited": sorted(k for k, v in edited.items() if isinstance(v, list)),
        "venn": {
            "values": venn_labels(top, 90),
            "talents": venn_labels(talents, 332),
            "fields": venn_labels(fields, 332),
        },
    }


def _mine(*, answers: dict[str, str], picked) -> list[dict]:
    """Return the person's own candidates (the step-4 answers), 这周就试 marked."""
    return [
        {"id": q.id, "text": answers[q.id], "try": q.id == picked}
        for q in knowledge.questions_for_step(step="synthesis")
        if answers.get(q.id, "").strip()
    ]


def values_order_clean(raw) -> list[str]:
    """Return the posted order as a list of value ids; raise ValueError if malformed."""
    if not isinstance(raw, list) or len(raw) > 50:
        raise ValueError("values_order")
    ids = [x for x in raw if isinstance(x, str) and re.fullmatch(r"V\d{3,6}", x)]
    if len(ids) != len(raw) or len(set(ids)) != len(ids):
        raise ValueError("values_order")
    return ids


def values_order_move(order: list[str], *, move: str) -> list[str]:
    """Return ``order`` with one id moved (``"V001:up"`` or ``"V001:down"``)."""
    entry_id, _, direction = move.rpartition(":")  # a name may hold a colon
    if entry_id not in order or direction not in ("up", "down"):
        raise ValueError("move")
    i = order.index(entry_id)
    j = i - 1 if direction == "up" else i + 1
    order = list(order)
    if 0 <= j < len(order):
        order[i], order[j] = order[j], order[i]
    return order
