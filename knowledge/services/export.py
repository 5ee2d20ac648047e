"""Writing the knowledge back to the data files, in the loader's exact format."""

from pathlib import Path

from knowledge.models import Question, StepSection, Workbook
from knowledge.services.csvio import csv_render
from knowledge.services.specs import CSV_SPECS, WORKBOOK_FILE, CsvSpec
from knowledge.services.workbook import workbook_render


def csv_text(*, spec: CsvSpec, queryset=None) -> str:
    """Render a table (or part of it) as its CSV file's text."""
    queryset = spec.model.objects.all() if queryset is None else queryset
    rows = [spec.to_row(obj) for obj in queryset.values(*spec.attrs)]
    return csv_render(spec.columns, [[row[c] for c in spec.columns] for row in rows])


def workbook_text() -> str:
    """Render the workbook tables as question.md."""
    title = Workbook.objects.filter(pk=1).values_list("title", flat=True).first()
    return workbook_render(
        title=title or "",
        sections=list(StepSection.objects.values()),
        questions=list(Question.objects.values()),
    )


def knowledge_export(*, directory: Path) -> list[Path]:
    """Write every data file into directory; return their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    files = {spec.filename: csv_text(spec=spec) for spec in CSV_SPECS}
    files[WORKBOOK_FILE] = workbook_text()
    written = []
    for name, text in files.items():
        path = directory / name
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written
