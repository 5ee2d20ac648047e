"""Reading and writing the CSV files: headers, cell rules, line numbers."""

import csv
import io
from pathlib import Path

from django.core.exceptions import ValidationError

from knowledge.services.encodings import text_decode
from knowledge.services.specs import CsvSpec, Problem
from knowledge.validators import formula_escape, refs_problem

LABEL_CHARS = 24  # a column name quoted in a message, at most


def header_problems(header: list[str], spec: CsvSpec) -> list[tuple[str, str]]:
    """Return (column, message) for every way a header differs from the spec."""

    def label(column: str) -> str:
        # One line, short: a broken file's "column" can be the whole file.
        shown = " ".join(column.split())
        if not shown:  # an empty (or blank) header cell still needs a name
            return f"第 {header.index(column) + 1} 列（无列名）"
        return shown if len(shown) <= LABEL_CHARS else shown[:LABEL_CHARS] + "…"

    found = [(c, "缺少这一列") for c in spec.columns if c not in header]
    found += [
        (label(c), "多余的列") for c in dict.fromkeys(header) if c not in spec.columns
    ]
    found += [
        (label(c), "列名重复") for c in dict.fromkeys(header) if header.count(c) > 1
    ]
    if not found and tuple(header) != spec.columns:
        found.append(("-", f"列的顺序应为 {','.join(spec.columns)}"))
    return found


def field_problems(field, value: str) -> list[str]:
    """Return what is wrong with one cell, by the model's rules (as in admin forms)."""
    if not value.strip():
        return [] if field.blank else ["必填，不能为空"]
    try:
        field.clean(value, None)
    except ValidationError as exc:
        return exc.messages
    return []


def _records(text: str) -> list[tuple[int, int]]:
    # (first physical line, field count) of every non-blank record, header included;
    # counting through csv keeps line numbers right even for quoted multi-line cells.
    reader = csv.reader(io.StringIO(text, newline=""))
    found, previous = [], 0
    for record in reader:
        if record:
            found.append((previous + 1, len(record)))
        previous = reader.line_num
    return found


def csv_read(
    *, path: Path, spec: CsvSpec
) -> tuple[list[tuple[int, dict]], list[Problem]]:
    """Read a CSV with pandas; return (line, row) pairs or the problems found."""
    name = path.name
    try:
        text = text_decode(path.read_bytes())
    except FileNotFoundError:
        return [], [Problem(name, 0, "-", "找不到文件")]
    except ValueError as exc:
        return [], [Problem(name, 0, "-", str(exc))]
    records = _records(text)
    if not records:
        return [], [Problem(name, 1, "-", "文件是空的，至少需要表头")]
    header = next(csv.reader(io.StringIO(text, newline="")))
    problems = [Problem(name, 1, c, m) for c, m in header_problems(header, spec)]
    problems += [
        Problem(name, line, "-", f"有 {count} 个字段，表头有 {len(header)} 列")
        for line, count in records[1:]
        if count != len(header)
    ]
    if problems:
        return [], problems
    import pandas as pd  # only the loader needs it: keeps ~40 MB out of servers

    last_line = records[-1][0]
    unparsable = [Problem(name, last_line, "-", "无法按 CSV 解析（检查引号是否成对）")]
    try:
        frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, csv.Error):  # e.g. a quote never closed
        return [], unparsable
    rows = frame.to_dict("records")
    if len(rows) != len(records) - 1:
        return [], unparsable
    return [(line, row) for (line, _), row in zip(records[1:], rows, strict=True)], []


def rows_problems(
    rows: list[tuple[int, dict]],
    *,
    spec: CsvSpec,
    filename: str,
    question_ids: set[str] | None,
) -> list[Problem]:
    """Check every cell, unique keys and question references of a file's rows."""
    problems: list[Problem] = []
    seen: dict[tuple[str, ...], int] = {}  # key -> the line it first appeared on
    for line, row in rows:
        for column in spec.columns:
            for message in field_problems(spec.field(column), row[column]):
                problems.append(Problem(filename, line, column, message))
        key = tuple(row[c] for c in spec.key)
        if key in seen:
            where = f"与第 {seen[key]} 行重复"
            problems.append(Problem(filename, line, spec.key[-1], where))
        seen.setdefault(key, line)
        refs = row.get("related_questions", "")
        if question_ids is not None and (
            bad := refs_problem(refs, question_ids=question_ids)
        ):
            problems.append(Problem(filename, line, "related_questions", bad))
        named = row.get(spec.question_column, "") if spec.question_column else ""
        if named and question_ids is not None and named not in question_ids:
            problem = f"工作簿里没有 {named} 这道题"
            problems.append(Problem(filename, line, spec.question_column, problem))
    return problems


def _csv_line(cells) -> str:
    out = io.StringIO()
    # "\r\n" as terminator makes csv quote cells holding a CR or LF; the record
    # itself then ends in "\n" like our files.
    csv.writer(out, lineterminator="\r\n").writerow(cells)
    return out.getvalue()[:-2] + "\n"


def csv_render(columns, rows) -> str:
    r"""Write rows the way our data files are written: UTF-8 text, `\n`, minimal quotes.

    Formula-like cells get a leading apostrophe; our own data never has any (the
    loader refuses them), so for it this is byte-identical to the file it came from.
    """
    lines = [_csv_line(columns)]
    lines += [_csv_line([formula_escape(str(cell)) for cell in row]) for row in rows]
    return "".join(lines)
