"""Writes from the results page: the person's own lists, candidates and 这周就试."""

from itertools import zip_longest

from coach.models import CoachingSession
from coach.results.stored import results_stored
from coach.services import answer_save, results_save
from knowledge import selectors as knowledge

# kind -> (knowledge category, most items kept)
LISTS = {
    "values": ("values", 12),
    "talents": ("strengths", 8),
    "fields": ("interests", 8),
}
NAME_MAX, CANDIDATE_MAX = 40, 500
SYNTHESIS = "synthesis"


class ResultsInvalid(ValueError):
    """A results edit that cannot be saved; the message is for people."""


def candidate_ids() -> list[str]:
    """Return the synthesis step's candidate question ids (C01…), in order."""
    return [q.id for q in knowledge.questions_for_step(step=SYNTHESIS)]


def items_clean(*, kind: str, raw: list[str], remove: str | None = None) -> list[str]:
    """Return the posted items stripped, without blanks, repeats or the removed one.

    Raises:
        ResultsInvalid: unknown list, too many items or an item too long.
    """
    if kind not in LISTS and kind != "candidates":
        raise ResultsInvalid("不认识要保存的栏目，请刷新页面后再试。")
    limit = CANDIDATE_MAX if kind == "candidates" else NAME_MAX
    most = len(candidate_ids()) if kind == "candidates" else LISTS[kind][1]
    items = [" ".join(str(x).split()) if kind in LISTS else str(x).strip() for x in raw]
    if remove is not None:
        if not remove.isdigit() or int(remove) >= len(items):
            raise ResultsInvalid("要删除的那一条已经不在了，请刷新页面后再试。")
        items[int(remove)] = ""
    items = [x for x in items if x]
    if any(len(x) > limit for x in items):
        raise ResultsInvalid(f"每一条最多 {limit} 个字，请删短一些。")
    if kind in LISTS:
        items = list(dict.fromkeys(items))
    if len(items) > most:
        raise ResultsInvalid(f"这一栏最多 {most} 条，请先删掉一些。")
    return items


def results_list_save(*, session: CoachingSession, kind: str, items: list[str]) -> None:
    """Keep the person's own values, talents or fields; their order is the ranking."""
    saved, edited = results_stored(session=session)
    saved["edited"] = {**edited, kind: items}
    if kind == "values":
        saved.pop("values_order", None)  # the edited list is the order now
    results_save(session=session, results=saved)


def candidates_save(
    *, session: CoachingSession, texts: list[str], try_text: str | None = None
) -> None:
    """Write the candidates into the synthesis answers (C01…) and mark 这周就试.

    The candidates are the step-4 answers, so the workbook, the coach and the
    nudges see the same text the results page shows.
    """
    from coach.selectors import answers_by_question

    ids = candidate_ids()
    existing = set(answers_by_question(session=session))  # an empty one needs no save
    for qid, text in zip_longest(ids, texts[: len(ids)], fillvalue=""):
        if text or qid in existing:
            answer_save(session=session, question_id=qid, text=text)
    saved, _ = results_stored(session=session)
    texts = texts[: len(ids)]
    try_text = (try_text or "").strip()
    saved["try"] = ids[texts.index(try_text)] if try_text in texts else None
    results_save(session=session, results=saved)


def _own_candidates(*, session: CoachingSession) -> tuple[list[str], str | None]:
    """Return the person's candidates in order and the text marked 这周就试."""
    from coach.selectors import answers_by_question

    answers = answers_by_question(session=session)
    saved, _ = results_stored(session=session)
    own = [answers[qid] for qid in candidate_ids() if answers.get(qid, "").strip()]
    return own, answers.get(str(saved.get("try")))


def candidate_adopt(*, session: CoachingSession, text: str) -> None:
    """Add one suggested candidate after the person's own ones (undoable)."""
    own, tried = _own_candidates(session=session)
    texts = items_clean(kind="candidates", raw=[*own, text])
    candidates_save(session=session, texts=texts, try_text=tried)
    saved, _ = results_stored(session=session)
    results_save(session=session, results={**saved, "adopted": text.strip()})


def candidate_adopt_undo(*, session: CoachingSession) -> None:
    """Take the last adopted suggestion out again, if it is still there unchanged."""
    own, tried = _own_candidates(session=session)
    saved, _ = results_stored(session=session)
    adopted = saved.pop("adopted", None)
    results_save(session=session, results=saved)
    if adopted in own:
        own.reverse()  # the adopted one went in last
        own.remove(adopted)
        own.reverse()
        candidates_save(session=session, texts=own, try_text=tried)


def results_edit_submit(
    *,
    session: CoachingSession,
    kind: str,
    raw: list[str],
    remove: str | None = None,
    try_index: str | None = None,
) -> None:
    """Save one edited list from the results page (the form's ``kind``).

    Raises:
        ResultsInvalid: the edit is refused; nothing was saved.
    """
    items = items_clean(kind=kind, raw=raw, remove=remove)
    if kind in LISTS:
        results_list_save(session=session, kind=kind, items=items)
        return
    picked = None
    if try_index and try_index.isdigit() and int(try_index) < len(raw):
        picked = str(raw[int(try_index)]).strip()
    candidates_save(session=session, texts=items, try_text=picked)


def values_reorder(*, session: CoachingSession, order: list[str]) -> list[str]:
    """Save a new order of the person's own values (a permutation of them)."""
    saved, edited = results_stored(session=session)
    current = edited.get("values") or []
    if sorted(order) != sorted(current):
        raise ResultsInvalid("排序和已保存的价值观对不上，请刷新页面后再试。")
    results_list_save(session=session, kind="values", items=order)
    return order
