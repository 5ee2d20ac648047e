"""The person's rows: entries their own answers name, each with the quotes it stands on.

Only the evidence matcher (``knowledge.evidence``) decides what an answer says;
nothing here searches. An entry the answers of its own step name is the
person's ("named"); one they only hint at is "suspected" until the person
confirms or dismisses it (``results["review"]``). A candidate name in the coach
notes counts only if the matcher also finds it in an answer, and then only as
a suspicion.
"""

from django.urls import reverse

from knowledge import selectors as knowledge
from knowledge.evidence import Category, Evidence, evidence_find
from knowledge.evidence.told import renamed, told_words

STEP_CATEGORY: dict[str, Category] = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
}
NOTE_KEYS = {
    "values": "candidate_values",
    "strengths": "candidate_talents",
    "interests": "candidate_passions",
}
REVIEWED = ("confirmed", "dismissed")


def question_link(question_id: str, *, step: str) -> dict:
    """Return where a quote comes from: its label (第N题) and its workbook anchor."""
    question = knowledge.question_get(question_id=question_id)
    number = question.number if question else 0
    info = knowledge.step_info(step=step)
    return {
        "question_id": question_id,
        "label": f"第{number}题" if number else question_id,
        "step_title": info.title if info else "",
        "href": f"{reverse('workbook')}?step={step}#q-{question_id}",
    }


def _row(entry_id: str, found: list[Evidence], *, step_of: dict, state: str) -> dict:
    hit = knowledge.entry_get(entry_id=entry_id)
    if state == "named":  # it stands on the answers that name it, not on hints
        found = [e for e in found if e.strength == "named"]
    return {
        "id": entry_id,
        "key": entry_id,
        "name": hit.name if hit else found[0].name,
        "category": found[0].category,
        "snippet": hit.snippet if hit else "",
        "data": dict(hit.data) if hit else {},
        "own": False,
        "state": state,
        "confirmed": state in ("named", "confirmed"),
        "freq": len(found),  # one record per answer
        "evidence": [_quoted(e, step=step_of[e.question_id]) for e in found],
    }


def _quoted(e: Evidence, *, step: str) -> dict:
    """Return one quote, its matched words apart (to mark them), and its link."""
    link = question_link(e.question_id, step=step)
    # A quote from another step's answer (a coach-notes row) says which step.
    own = STEP_CATEGORY[step] == e.category
    where = link["label"] if own else f"{link['step_title']}{link['label']}"
    at, to = e.surface_start - e.start, e.surface_end - e.start
    return {
        "quote": e.quote,
        "marked": (e.quote[:at], e.quote[at:to], e.quote[to:]),
        "where": where,
        **link,
    }


def _noted_ids(notes: dict, *, category: str) -> set[str]:
    """Return the entry ids the coach notes name for ``category`` (by id or name)."""
    listed = notes.get(NOTE_KEYS[category])
    names = {h.name: h.id for h in knowledge.entries_all(category=category)}
    ids = set()
    for note in listed if isinstance(listed, list) else []:
        entry_id = note.get("id") if isinstance(note, dict) else None
        name = note.get("name") if isinstance(note, dict) else note
        if isinstance(entry_id, str) and entry_id in names.values():
            ids.add(entry_id)
        elif isinstance(name, str) and name in names:
            ids.add(names[name])
    return ids


def rows_found(*, answers: dict[str, str], notes: dict, review: dict) -> dict:
    """Return ``{category: {"kept", "suspected", "dismissed"}}`` lists of rows.

    ``kept`` holds the named rows, then the confirmed ones, each most answers
    first, then in the order the workbook asks; the person's own lists and
    ranking apply later (``build.py``).
    """
    step_of = {
        q.id: step
        for step in STEP_CATEGORY
        for q in knowledge.questions_for_step(step=step)
    }
    asked = {qid: answers[qid] for qid in step_of if answers.get(qid, "").strip()}
    out = {}
    for category in STEP_CATEGORY.values():
        own = {qid for qid, step in step_of.items() if STEP_CATEGORY[step] == category}
        found: dict[str, list[Evidence]] = {}
        noted = _noted_ids(notes, category=category)
        for e in evidence_find(answers=asked, categories=[category]):
            if e.question_id in own or e.entry_id in noted:
                found.setdefault(e.entry_id, []).append(e)
        rows: dict[str, list] = {"kept": [], "suspected": [], "dismissed": []}
        for entry_id, evidence in found.items():
            named = any(
                e.strength == "named" and e.question_id in own for e in evidence
            )
            state = "named" if named else review.get(entry_id, "suspected")
            row = _row(entry_id, evidence, step_of=step_of, state=state)
            rows["kept" if row["confirmed"] else state].append(row)
        # Named before confirmed, then most answers; stable, so first answered first.
        rows["kept"].sort(key=lambda r: (r["state"] != "named", -r["freq"]))
        if category == "strengths":
            rows["kept"] = _told_first(rows["kept"], asked, step_of=step_of)
        out[category] = rows
    return out


def _told_first(kept: list[dict], asked: dict, *, step_of: dict) -> list[dict]:
    """Return the talents S07 quotes first, in their words, then the rest.

    "老婆说“有耐心”，师傅说“胆大心细”": talents named by the people asked,
    as the coach's top list reads them (``knowledge.evidence.told``). A row
    the matcher read only from inside one of those words (「观察入微」 from
    胆大心细) is the same word renamed: left out.
    """
    told = told_words(asked)
    if not told:
        return kept
    rows = []
    for qid, word in told:
        answer = asked[qid]
        at = answer.find(word)
        link = question_link(qid, step=step_of[qid])
        rows.append(
            {
                "id": "",
                "key": word,
                "name": word,
                "category": "strengths",
                "snippet": "",
                "data": {},
                "own": False,
                "state": "named",
                "confirmed": True,
                "freq": 1,
                "evidence": [
                    {
                        "quote": answer,
                        "marked": (answer[:at], word, answer[at + len(word) :]),
                        "where": link["label"],
                        **link,
                    }
                ],
            }
        )
    names = {w for _, w in told}
    return rows + [
        r
        for r in kept
        if r["name"] not in names
        and not (
            r["evidence"]
            and all(
                renamed(e["question_id"], e["marked"][1], told) for e in r["evidence"]
            )
        )
    ]


def review_stored(saved: dict) -> dict[str, str]:
    """Return the person's verdicts on suspected rows: entry id -> their word."""
    review = saved.get("review")
    if not isinstance(review, dict):
        return {}
    return {k: v for k, v in review.items() if isinstance(k, str) and v in REVIEWED}
