"""Values, talents and fields the person's own answers name, with their quotes.

A row appears only with evidence from the matcher (see ``evidence.py``) or
because the person wrote it into their own list. Suspected rows wait apart,
under "可能相关，等你确认", until the person confirms or dismisses them; only
named and confirmed rows feed the top values, the diagram and the candidates.
"""

from coach.models import CoachingSession
from coach.results.candidates import TOP_VALUES, candidates_build
from coach.results.evidence import STEP_CATEGORY, review_stored, rows_found
from coach.results.stored import results_stored
from coach.results.venn import venn_labels
from coach.selectors import answers_by_question, step_progress
from knowledge import selectors as knowledge

MIN_ANSWERS = 3
# At most what each list's editor keeps (edits.LISTS), so saving it as shown works.
SHOWN = {"values": 12, "strengths": 8, "interests": 8}
EDITED = {"values": "values", "strengths": "talents", "interests": "fields"}


def _chosen(*, category: str, names: list, found: list[dict]) -> list[dict]:
    """Return the person's own list; a name the knowledge base has keeps details."""
    by_name = {row["name"]: row for row in found}
    known = {h.name: h for h in knowledge.entries_all(category=category)}
    rows = []
    for name in (str(n)[:40] for n in names if isinstance(n, str) and n.strip()):
        row = by_name.get(name)
        if row is None and (hit := known.get(name)) is not None:
            row = {"id": hit.id, "snippet": hit.snippet, "data": dict(hit.data)}
        bare = {"id": "", "snippet": "", "data": {}, "evidence": [], "freq": 0}
        mine = {"category": category, "state": "own", "confirmed": True}
        rows.append({**bare, **(row or {}), **mine, "name": name, "key": name})
        rows[-1]["own"] = True
    return rows


def _ordered_values(found: list[dict], order: list) -> list[dict]:
    """Apply the person's ranking to the values their answers name."""
    rest = {v["id"]: v for v in found}
    ranked = [rest.pop(i) for i in order if isinstance(i, str) and i in rest]
    return ranked + list(rest.values())


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
    found = rows_found(answers=answers, notes=notes, review=review_stored(saved))
    lists, review, missing = {}, {}, []
    for step, category in STEP_CATEGORY.items():
        rows, pending = found[category]["kept"], found[category]
        own = edited.get(EDITED[category])
        if isinstance(own, list):
            rows = _chosen(category=category, names=own, found=rows)
        names = {r["name"] for r in rows}
        review[EDITED[category]] = {
            kind: [r for r in pending[kind] if r["name"] not in names]
            for kind in ("suspected", "dismissed")
        }
        lists[category] = rows if isinstance(own, list) else rows[: SHOWN[category]]
        progress = step_progress(session=session, step=step, answers=answers)
        gap = _missing(step=step, progress=progress, rows=rows + pending["suspected"])
        if gap:
            missing.append(gap)
    order = saved.get("values_order")
    if isinstance(edited.get("values"), list):
        values, order = lists["values"], True  # their own list is their ranking
    else:
        order = order if isinstance(order, list) else []
        values = _ordered_values(lists["values"], order)
    talents, fields = lists["strengths"], lists["interests"]
    top = values[:TOP_VALUES]
    mine = _mine(answers=answers, picked=saved.get("try"), adopted=saved.get("adopted"))
    return {
        "values": values,
        "top_values": top,
        "talents": talents,
        "fields": fields,
        "review": review,
        "candidates": candidates_build(values=values, talents=talents, fields=fields),
        "mine": mine,
        "candidate_slots": len(knowledge.questions_for_step(step="synthesis")),
        "try_picked": any(c["try"] for c in mine),
        "purpose_example": next(
            (
                v["data"]["work_purpose_example"]
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


def _mine(*, answers: dict[str, str], picked, adopted) -> list[dict]:
    """Return the person's candidates (step-4 answers): 这周就试 and the adopted one."""
    return [
        {
            "id": q.id,
            "text": answers[q.id],
            "try": q.id == picked,
            "adopted": answers[q.id].strip() == adopted,
        }
        for q in knowledge.questions_for_step(step="synthesis")
        if answers.get(q.id, "").strip()
    ]
