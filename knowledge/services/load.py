"""Loading data/: validate every file, then upsert all of it in one transaction."""

from dataclasses import dataclass, field
from pathlib import Path

from django.db import models, transaction

from knowledge.models import Question, StepSection, ValueEntry, Workbook
from knowledge.services.csvio import csv_read, rows_problems, text_decode
from knowledge.services.export import knowledge_export
from knowledge.services.fingerprints import (
    fingerprints_read,
    fingerprints_write,
    key_text,
    row_digest,
)
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
    # Natural keys, as people read them, of what this load adds, changes, deletes.
    keys: dict[str, list[str]] = field(
        default_factory=lambda: {"新增": [], "更新": [], "删除": []}
    )
    # Rows changed in the database since the last load that this load overwrites
    # or deletes: an admin's edits, refused without --force.
    conflicts: list[str] = field(default_factory=list)

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


class KnowledgeConflict(Exception):
    """The files would overwrite rows an admin changed since the last load."""

    def __init__(self, conflicts: dict[str, list[str]]):
        self.conflicts = conflicts
        super().__init__(
            "；".join(f"{name}：{'、'.join(keys)}" for name, keys in conflicts.items())
        )


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
    add_only: bool = False,
) -> Counts:
    """Upsert rows by natural key; with prune, delete rows not in incoming.

    With ``add_only`` only rows the loader never wrote and the database does not
    hold are created: rows new in the files, never ones an admin deleted.

    A row the database holds differently from how the loader last wrote it (its
    fingerprint) was edited since: overwriting or deleting it is a conflict. On
    a write the fingerprints of the rows loaded are recorded.
    """
    counts = Counts()
    attrs = list(incoming[0]) if incoming else list(key)
    table = model._meta.label_lower
    loaded = fingerprints_read(table=table)
    existing = {tuple(r[k] for k in key): r for r in model.objects.values("pk", *attrs)}
    if add_only:
        incoming = [
            row
            for row in incoming
            if (k := tuple(row[a] for a in key)) not in existing
            and key_text(k) not in loaded
        ]

    def edited(row: dict, name: str) -> bool:
        return loaded.get(name) != row_digest({a: row[a] for a in attrs})

    changed = []
    for row in incoming:
        name = key_text(tuple(row[k] for k in key))
        old = existing.pop(tuple(row[k] for k in key), None)
        if old is None:
            counts.created += 1
            counts.keys["新增"].append(name)
        elif any(old[a] != row[a] for a in attrs):
            counts.updated += 1
            counts.keys["更新"].append(name)
            if edited(old, name):
                counts.conflicts.append(name)
        else:
            counts.unchanged += 1
            continue
        changed.append(model(**row))
    gone = {key_text(k): r for k, r in existing.items()} if prune else {}
    counts.deleted = len(gone)
    counts.keys["删除"] = list(gone)
    counts.conflicts += [name for name, row in gone.items() if edited(row, name)]
    if not write:
        return counts
    if changed:
        model.objects.bulk_create(
            changed,
            update_conflicts=True,
            unique_fields=list(key),
            update_fields=[a for a in attrs if a not in key],
        )
    if gone:
        model.objects.filter(pk__in=[r["pk"] for r in gone.values()]).delete()
    fingerprints_write(
        table=table,
        rows={key_text(tuple(r[k] for k in key)): row_digest(r) for r in incoming},
        gone=list(gone),
    )
    return counts


def knowledge_load(
    *,
    directory: Path,
    dry_run: bool = False,
    prune: bool = False,
    force: bool = False,
    add_only: bool = False,
) -> dict[str, Counts]:
    """Load the data files into the database, all or nothing.

    Every row is checked with the model fields' own rules before anything is written,
    so bulk upserts stand in for per-row full_clean() here. The database is the
    source of truth once loaded: rows an admin changed since the last load are
    overwritten (or, with prune, deleted) only with ``force``.

    Raises:
        KnowledgeInvalid: a file has problems; nothing was written.
        KnowledgeConflict: the load would overwrite admin edits; nothing was
            written. Not raised by a dry run, whose counts list the conflicts.
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

    questions = [{k: v for k, v in q.items() if k != "line"} for q in book.questions]
    book_file, questions_file = (
        f"{WORKBOOK_FILE}（标题与章节）",
        f"{WORKBOOK_FILE}（问题）",
    )
    title = [{"id": 1, "title": book.title}]
    jobs = [
        (book_file, StepSection, ("step",), book.sections, prune),
        (book_file, Workbook, ("id",), title, False),
        (questions_file, Question, ("id",), questions, prune),
    ] + [
        (spec.filename, spec.model, spec.key_attrs, [spec.to_attrs(r) for _, r in rows],
         prune)
        for spec, rows in tables
    ]  # fmt: skip

    def run(write: bool) -> dict[str, Counts]:
        counts: dict[str, Counts] = {}
        for name, model, key, incoming, pruning in jobs:
            found = table_sync(
                model,
                key,
                incoming,
                prune=pruning and not add_only,
                write=write,
                add_only=add_only,
            )
            counts[name] = _merged(counts[name], found) if name in counts else found
        return counts

    if dry_run:  # reads only: no transaction, so no write lock held on SQLite
        return run(write=False)
    with transaction.atomic():
        counts = run(write=False)
        conflicts = {name: c.conflicts for name, c in counts.items() if c.conflicts}
        if conflicts and not force:
            raise KnowledgeConflict(conflicts)
        counts = run(write=True)
        if any(c.changed for c in counts.values()):
            knowledge_version_bump()
    return counts


def knowledge_seed_if_empty(*, directory: Path) -> dict[str, Counts] | None:
    """Load data/ into an empty knowledge base; only add what is new to a loaded one.

    What ``make run`` does at every start: a fresh install gets the files, and
    from then on the admin's edits in the database are never overwritten. Rows
    new in the files (an update shipped, e.g. the synthesis step's candidate
    questions C01–C05) are added, so a database seeded earlier gets them too;
    rows the loader wrote before and an admin deleted stay deleted. Return
    None when nothing was added (or the files have problems: the database
    stays the source of truth).
    """
    if not (Question.objects.exists() or ValueEntry.objects.exists()):
        return knowledge_load(directory=directory)
    try:
        counts = knowledge_load(directory=directory, add_only=True)
    except KnowledgeInvalid:
        return None
    return counts if any(c.created for c in counts.values()) else None


def _merged(a: Counts, b: Counts) -> Counts:
    """Add two tables' counts that one file fills (question.md's title, sections)."""
    return Counts(
        a.created + b.created,
        a.updated + b.updated,
        a.unchanged + b.unchanged,
        a.deleted + b.deleted,
        {k: a.keys[k] + b.keys[k] for k in a.keys},
        a.conflicts + b.conflicts,
    )


def knowledge_files_sync(*, directory: Path) -> list[Path]:
    """Write the database's knowledge over data/ and take it as the last load.

    After this the files and the database agree, so the admin's edits are no
    longer edits "since the last load": a later change to the files loads.
    """
    written = knowledge_export(directory=directory)
    knowledge_load(directory=directory, force=True)  # writes only fingerprints
    return written
