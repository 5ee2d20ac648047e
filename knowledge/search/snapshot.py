"""One consistent in-memory copy of the knowledge, built from the database."""

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from django.db import models

from knowledge.kept import digest_of
from knowledge.kept import kept as kept_on_disk
from knowledge.models import (
    GuideQuestion,
    LexiconTerm,
    PassionEntry,
    Question,
    QuestionHelp,
    StepSection,
    TalentEntry,
    ValueEntry,
)
from knowledge.search import text
from knowledge.search.docs import Doc, dictionary_words, docs_from_rows
from knowledge.search.index import SearchIndex
from knowledge.search.records import (
    GuideInfo,
    QuestionHelpInfo,
    QuestionInfo,
    SearchHit,
    StepInfo,
)
from knowledge.search.surfaces import Surface, surfaces_from_docs

MODELS: dict[str, type[models.Model]] = {
    "values": ValueEntry,
    "strengths": TalentEntry,
    "interests": PassionEntry,
}


@dataclass
class Snapshot:
    """Everything the read API serves, for one knowledge version."""

    version: int
    index: SearchIndex
    hits: dict[str, SearchHit] = field(default_factory=dict)  # by entry or question id
    by_category: dict[str, list[SearchHit]] = field(default_factory=dict)
    by_question: dict[str, list[SearchHit]] = field(default_factory=dict)
    questions: list[QuestionInfo] = field(default_factory=list)
    guides: list[GuideInfo] = field(default_factory=list)
    sections: dict[str, StepInfo] = field(default_factory=dict)
    surfaces: tuple[Surface, ...] = ()  # (text, entry id, weight), for entity linking
    lexicon: tuple[tuple[str, str], ...] = ()  # (kind, term), for knowledge.evidence
    help: dict[str, QuestionHelpInfo] = field(default_factory=dict)  # by question id


def _questions() -> list[QuestionInfo]:
    rows = Question.objects.all()  # Meta.ordering: workbook order
    numbers: dict[str, int] = {}
    out = []
    for q in rows:
        numbers[q.step] = numbers.get(q.step, 0) + 1
        out.append(
            QuestionInfo(q.id, q.step, numbers[q.step], q.text, q.hint, q.example)
        )
    return out


def index_kept(docs: list[Doc]) -> SearchIndex:
    """Return the index of ``docs``, built once per content and kept on disk.

    Tokenizing every entry with jieba is most of a build (0.5 s at 1k entries,
    56 s at 100k); a new process or a restarted daphne loads the copy instead.
    The digest covers every column of every row and the code that indexes them.
    """
    import bm25s

    here = Path(__file__).parent
    digest = digest_of(
        [
            *(here.joinpath(f"{m}.py").read_bytes() for m in ("index", "text", "docs")),
            bm25s.__version__,
            *(json.dumps(d.hit.data, sort_keys=True, default=str) for d in docs),
        ]
    )
    return kept_on_disk("knowledge-index", digest, lambda: SearchIndex(docs))


def snapshot_build(*, version: int, kept: bool = False) -> Snapshot:
    """Read every table and index it (synchronous ORM; see stamp.db_call)."""
    questions = _questions()
    docs = []
    for category, model in MODELS.items():
        docs += docs_from_rows(category=category, rows=list(model.objects.values()))
    docs += docs_from_rows(category="questions", rows=[asdict(q) for q in questions])
    text.words_add(dictionary_words(docs))
    snap = Snapshot(
        version=version,
        index=index_kept(docs) if kept else SearchIndex(docs),
        questions=questions,
        surfaces=surfaces_from_docs(docs),
        lexicon=tuple(LexiconTerm.objects.values_list("kind", "term")),
    )
    for doc in snap.index.docs:
        hit = doc.hit
        snap.hits[hit.id] = hit
        snap.by_category.setdefault(hit.category, []).append(hit)
        for ref in hit.data.get("related_questions", "").split("|"):
            if ref:
                snap.by_question.setdefault(ref, []).append(hit)
    snap.guides = [
        GuideInfo(g.guide_id, g.step, g.text, g.type)
        for g in GuideQuestion.objects.all()
    ]
    snap.help = {
        h.id: QuestionHelpInfo(h.id, h.rephrase, h.fits, h.example)
        for h in QuestionHelp.objects.all()
    }
    snap.sections = {
        s.step: StepInfo(s.step, s.title, s.intro, s.wrapup)
        for s in StepSection.objects.all()
    }
    return snap
