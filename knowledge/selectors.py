"""Read API of the knowledge base: plain frozen records, served from process memory."""

import random
from dataclasses import replace

from knowledge.models import STEPS
from knowledge.search import snapshot_current
from knowledge.search.records import (
    GuideInfo,
    QuestionHelpInfo,
    QuestionInfo,
    SearchHit,
    StepInfo,
)

CATEGORIES = ("all", "values", "strengths", "interests")

__all__ = [
    "CATEGORIES",
    "STEPS",
    "GuideInfo",
    "QuestionHelpInfo",
    "QuestionInfo",
    "SearchHit",
    "StepInfo",
    "entity_surfaces",
    "entries_all",
    "entries_for_question",
    "entries_sample",
    "entry_get",
    "entry_search",
    "guide_question_get",
    "guide_questions_for_step",
    "knowledge_drift",
    "knowledge_text",
    "knowledge_version",
    "lexicon_terms",
    "question_get",
    "question_help_get",
    "questions_all",
    "questions_for_step",
    "step_info",
    "workbook_intro",
]


def _copy(hit: SearchHit, score: float = 0.0) -> SearchHit:
    # A fresh dict per result: callers may mutate it, the snapshot is shared.
    return replace(hit, score=score, data=dict(hit.data))


def knowledge_version() -> int:
    """Return the version stamp; it changes on every edit, seen by every process.

    The version of the snapshot being served: cache keys built from it always
    match the data the answer came from, and it costs no Redis round trip.
    """
    return snapshot_current().version


def entry_search(
    *, query: str, category: str = "all", limit: int = 10
) -> list[SearchHit]:
    """Search values, talents, passions (and questions, for "all"); best first."""
    if category not in CATEGORIES:
        raise ValueError(f"category must be one of {CATEGORIES}, not {category!r}")
    snap = snapshot_current()
    found = snap.index.search(query, category=category, limit=limit)
    return [_copy(snap.index.hits[i], score) for i, score in found]


def entity_surfaces() -> list[tuple[str, str, int]]:
    """Return (surface text, entry id, weight) for every value, talent and passion.

    Surfaces are names and aliases (weight 3) and keywords (weight 1), a passion's
    name being its field. They are folded like search text (NFKC, lower case, so
    "AI" is "ai") and one-character words are left out. Built once per knowledge
    version, so an admin edit shows within ~1 s.
    """
    return list(snapshot_current().surfaces)


def entries_all(*, category: str) -> list[SearchHit]:
    """Return every row of a category (values, strengths, interests) in id order."""
    if category not in CATEGORIES[1:]:
        raise ValueError(f"category must be one of {CATEGORIES[1:]}, not {category!r}")
    return [_copy(h) for h in snapshot_current().by_category.get(category, [])]


def lexicon_terms(*, kind: str) -> list[str]:
    """Return the evidence lexicon's terms of one kind (negation, shrug, ...)."""
    return [term for k, term in snapshot_current().lexicon if k == kind]


def entry_get(*, entry_id: str) -> SearchHit | None:
    """Return a knowledge row or a question by id (score 0), or None."""
    hit = snapshot_current().hits.get(entry_id.strip())
    return _copy(hit) if hit else None


def entries_for_question(*, question_id: str, limit: int = 3) -> list[SearchHit]:
    """Return rows whose related_questions name the question, in id order."""
    return [
        _copy(h) for h in snapshot_current().by_question.get(question_id, [])[:limit]
    ]


def entries_sample(*, category: str, limit: int = 3, seed: int = 0) -> list[SearchHit]:
    """Pick rows of a category for examples: the same for a seed, spread over kinds."""
    if category not in CATEGORIES[1:]:
        raise ValueError(f"category must be one of {CATEGORIES[1:]}, not {category!r}")
    rng = random.Random(f"{category}:{seed}")  # str seeds do not depend on hash salt
    groups: dict[str, list[SearchHit]] = {}
    for hit in snapshot_current().by_category.get(category, []):
        groups.setdefault(hit.data.get("category", ""), []).append(hit)
    queues = [rng.sample(hits, len(hits)) for hits in groups.values()]
    rng.shuffle(queues)
    picked: list[SearchHit] = []
    while len(picked) < limit and any(queues):
        for queue in queues:
            if queue and len(picked) < limit:
                picked.append(_copy(queue.pop()))
    return picked


def question_get(*, question_id: str) -> QuestionInfo | None:
    """Return a workbook question by id, or None."""
    return next((q for q in questions_all() if q.id == question_id), None)


def question_help_get(*, question_id: str) -> QuestionHelpInfo | None:
    """Return how to explain a workbook question (question_help.csv), or None."""
    return snapshot_current().help.get(question_id)


def questions_for_step(*, step: str) -> list[QuestionInfo]:
    """Return a step's questions in workbook order."""
    return [q for q in questions_all() if q.step == step]


def questions_all() -> list[QuestionInfo]:
    """Return every workbook question in workbook order."""
    return list(snapshot_current().questions)


def guide_questions_for_step(*, step: str) -> list[GuideInfo]:
    """Return a step's quick-pick guide questions in display order."""
    return [g for g in snapshot_current().guides if g.step == step]


def guide_question_get(*, step: str, guide_id: str) -> GuideInfo | None:
    """Return one guide question of a step, or None."""
    found = (g for g in guide_questions_for_step(step=step) if g.id == guide_id)
    return next(found, None)


def step_info(*, step: str) -> StepInfo | None:
    """Return a workbook section's title, intro and wrap-up ("intro" works too)."""
    return snapshot_current().sections.get(step)


def workbook_intro() -> str:
    """Return the Markdown of the workbook's intro section."""
    intro = step_info(step="intro")
    return intro.intro if intro else ""


_TEXT: dict[int, str] = {}


def knowledge_text() -> str:
    """Return every text of the knowledge base and the workbook, as one string.

    What the coach may quote besides the person: a quote in a reply is checked
    against it verbatim (agent.quotes). Built once per knowledge version.
    """
    snap = snapshot_current()
    if snap.version not in _TEXT:
        parts: list[str] = []
        for hits in snap.by_category.values():
            for hit in hits:
                parts += [hit.name, hit.snippet, *map(str, hit.data.values())]
        for q in snap.questions:
            parts += [q.text, q.hint, q.example]
        for h in snap.help.values():
            parts += [h.rephrase, h.fits, h.example]
        for g in snap.guides:
            parts += [str(v) for v in vars(g).values()]
        for section in snap.sections.values():
            parts += [str(v) for v in vars(section).values()]
        _TEXT.clear()  # one version kept: an edit replaces it
        _TEXT[snap.version] = "\n".join(parts)
    return _TEXT[snap.version]


def knowledge_drift(*, directory) -> dict[str, int] | None:
    """Return, per data file, how many rows the database and the file disagree on.

    An empty dict when they agree; None when the files cannot be read. Cached
    under the knowledge version and the files' modification times, so the admin
    index pays for the comparison (a dry-run load) only after a change.
    """
    import hashlib
    import logging

    from django.core.cache import cache

    from knowledge.models import Workbook
    from knowledge.services.load import KnowledgeInvalid, knowledge_load

    try:
        times = sorted((p.name, p.stat().st_mtime_ns) for p in directory.iterdir())
    except OSError:
        return None
    # The version straight from the database (one query): the process's own
    # snapshot may be a second behind an edit just made.
    version = Workbook.objects.filter(pk=1).values_list("version", flat=True).first()
    stamp = repr((version, str(directory), times)).encode()
    key = f"knowledge:drift:{hashlib.sha1(stamp).hexdigest()}"
    try:
        found = cache.get(key)
    except Exception:  # a cache outage must not break the admin index
        logging.getLogger(__name__).warning("drift cache unreadable", exc_info=True)
        found = None
    if found is not None:
        return found
    try:
        counts = knowledge_load(directory=directory, dry_run=True, prune=True)
    except KnowledgeInvalid:
        return None
    found = {name: c.changed for name, c in counts.items() if c.changed}
    try:
        cache.set(key, found, 3600)
    except Exception:
        pass
    return found
