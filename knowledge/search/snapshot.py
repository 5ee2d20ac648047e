"""One consistent in-memory copy of the knowledge, built from the database."""

from dataclasses import asdict, dataclass, field

from django.db import models

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
from knowledge.search.docs import dictionary_words, docs_from_rows
from knowledge.search.index import SearchIndex
from knowledge.search.parts import Parts
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
    # The tokenizer's words and frequencies when the index was cut: a process
    # that loads this copy cuts queries with the same dictionary.
    words: dict[str, int] = field(default_factory=dict)


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


def snapshot_build(*, version: int, parts: Parts | None = None) -> Snapshot:
    """Read every table and index it (synchronous ORM; see stamp.db_call).

    ``parts`` (tokens and grams of an earlier build) is updated in place:
    texts that hold a word the tokenizer learns now are tokenized again.
    """
    questions = _questions()
    docs = []
    for category, model in MODELS.items():
        docs += docs_from_rows(category=category, rows=list(model.objects.values()))
    docs += docs_from_rows(category="questions", rows=[asdict(q) for q in questions])
    parts = parts or Parts()
    parts.forget(text.words_add(dictionary_words(docs)))
    snap = Snapshot(
        version=version,
        index=SearchIndex(docs, parts),
        words=text.words_known(),
        questions=questions,
        surfaces=surfaces_from_docs(docs),
        lexicon=tuple(LexiconTerm.objects.values_list("kind", "term")),
    )
    parts.trim(docs)
    for hit in snap.index.hits:
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
