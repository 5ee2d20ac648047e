"""Loading data/: validate every file, then upsert all of it in one transaction."""

from dataclasses import dataclass
from pathlib import Path

from django.db import models, transaction

from knowledge.models import Question, StepSection, Workbook
from knowledge.services.csvio import csv_read, rows_problems, text_decode
from knowledge.services.specs import CSV_SPECS, WORKBOOK_FILE, Problem
from knowledge.services.version import knowledge_version_bump
from knowledge.services.workbook import ParsedWorkbook, workbook_parse
from knowledge.validators import control_problem


@dataclass
class Counts:
    """What a load did (or, in a dry run, would do) to one table."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0

    @property
    def changed(self) -> int:
        """Return how many rows were written or deleted."""
        return self.created + self.updated + self.deleted

    def __str__(self):
        return (
            f"新增 {self.created}，更新 {self.updated}，"
            f"未变 {self.unchanged}，删除 {self.deleted}"
        )


class KnowledgeInvalid(Exception):
    """The data files have problems; nothing was imported."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def _workbook_read(directory: Path) -> tuple[ParsedWorkbook | None, list[Problem]]:
    try:
        text = text_decode((directory / WORKBOOK_FILE).read_bytes())
    except FileNotFoundError:
        return None, [Problem(WORKBOOK_FILE, 0, "-", "找不到文件")]
    except ValueError as exc:
        return None, [Problem(WORKBOOK_FILE, 0, "-", str(exc))]
    bad = [
        Problem(WORKBOOK_FILE, n, "-", problem)
        for n, line in enumerate(text.split("\n"), start=1)
        if (problem := control_problem(line))
    ]
    return (None, bad) if bad else workbook_parse(text=text)


def table_sync(
    model: type[models.Model],
    key: tuple[str, ...],
    incoming: list[dict],
    *,
    prune: bool,
    write: bool,
) -> Counts:
    """Upsert rows by natural key; with prune, delete rows not in incoming."""
    counts = Counts()
    attrs = list(incoming[0]) if incoming else list(key)
    existing = {tuple(r[k] for k in key): r for r in model.objects.values("pk", *attrs)}
    changed = []
    for row in incoming:
        old = existing.pop(tuple(row[k] for k in key), None)
        if old is None:
            counts.created += 1
        elif any(old[a] != row[a] for a in attrs):
            counts.updated += 1
        else:
            counts.unchanged += 1
            continue
        changed.append(model(**row))
    counts.deleted = len(existing) if prune else 0
    if write and changed:
        model.objects.bulk_create(
            changed,
            update_conflicts=True,
            unique_fields=list(key),
            update_fields=[a for a in attrs if a not in key],
        )
    if write and counts.deleted:
        model.objects.filter(pk__in=[r["pk"] for r in existing.values()]).delete()
    return counts


def knowledge_load(
    *, directory: Path, dry_run: bool = False, prune: bool = False
) -> dict[str, Counts]:
    """Load the five data files; raise KnowledgeInvalid (and change nothing) on error.

    Every row is checked with the model fields' own rules before anything is written,
    so bulk upserts stand in for per-row full_clean() here.
    """
    book, problems = _workbook_read(directory)
    question_ids = {q["id"] for q in book.questions} if book else None
    tables = []
    for spec in CSV_SPECS:
        rows, found = csv_read(path=directory / spec.filename, spec=spec)
        found = found or rows_problems(
            rows, spec=spec, filename=spec.filename, question_ids=question_ids
        )
        problems += found
        tables.append((spec, rows))
    if problems:
        raise KnowledgeInvalid(problems)
    assert book is not None  # an unreadable question.md always comes with a problem

    write = not dry_run
    with transaction.atomic():
        sections = table_sync(
            StepSection, ("step",), book.sections, prune=prune, write=write
        )
        title = table_sync(
            Workbook,
            ("id",),
            [{"id": 1, "title": book.title}],
            prune=False,
            write=write,
        )
        sections.created += title.created
        sections.updated += title.updated
        questions = [
            {k: v for k, v in q.items() if k != "line"} for q in book.questions
        ]
        counts = {
            f"{WORKBOOK_FILE}（标题与章节）": sections,
            f"{WORKBOOK_FILE}（问题）": table_sync(
                Question, ("id",), questions, prune=prune, write=write
            ),
        }
        for spec, rows in tables:
            incoming = [spec.to_attrs(row) for _, row in rows]
            counts[spec.filename] = table_sync(
                spec.model, spec.key_attrs, incoming, prune=prune, write=write
            )
        if write and any(c.changed for c in counts.values()):
            knowledge_version_bump()
    return counts
