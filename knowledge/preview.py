"""The import preview in reading order: counts first, changes first, the rest folded."""

from dataclasses import dataclass

from diff_match_patch import diff_match_patch
from import_export.resources import Diff
from import_export.results import Result, RowResult

from django.utils.encoding import force_str
from django.utils.html import escape
from django.utils.safestring import mark_safe

# Changed rows lead, in this order; unchanged (skipped) rows come last, folded.
CHANGE_ORDER = (
    RowResult.IMPORT_TYPE_UPDATE,
    RowResult.IMPORT_TYPE_NEW,
    RowResult.IMPORT_TYPE_DELETE,
)
LABELS = {
    RowResult.IMPORT_TYPE_UPDATE: "修改",
    RowResult.IMPORT_TYPE_NEW: "新增",
    RowResult.IMPORT_TYPE_DELETE: "删除",
    RowResult.IMPORT_TYPE_SKIP: "未变",
}


# diff_match_patch's operations as elements; the colours are in import_preview.css.
DIFF_TAGS = {diff_match_patch.DIFF_INSERT: "ins", diff_match_patch.DIFF_DELETE: "del"}


class StyleFreeDiff(Diff):
    """The preview's cell diffs as <ins>/<del> with no style attribute.

    The library's diff_prettyHtml writes style="background:..." on every change,
    which our CSP (no inline styles) refuses, once per changed cell.
    """

    def as_html(self):
        """Return each cell's diff as safe HTML, changes marked by element."""
        dmp = diff_match_patch()
        cells = []
        for before, after in zip(self.left, self.right, strict=False):
            if before != after and self.new:
                before = ""
            diff = dmp.diff_main(force_str(before), force_str(after))
            dmp.diff_cleanupSemantic(diff)
            html = []
            for op, text in diff:
                text = escape(text).replace("\n", "&para;<br>")
                tag = DIFF_TAGS.get(op)
                html.append(f"<{tag}>{text}</{tag}>" if tag else f"<span>{text}</span>")
            cells.append(mark_safe("".join(html)))  # every text escaped above
        return cells


@dataclass
class PreviewRow:
    """One previewed row: its kind, its Chinese label and its diff cells."""

    kind: str
    label: str
    diff: list


@dataclass
class ImportPreview:
    """The counts of the summary line and the rows in display order."""

    new: int
    changed: int
    unchanged: int
    deleted: int
    changes: list[PreviewRow]
    unchanged_rows: list[PreviewRow]


def import_preview(result: Result) -> ImportPreview:
    """Return a dry run's result as counts, changed rows, then unchanged rows."""
    rows = [
        PreviewRow(r.import_type, LABELS[r.import_type], r.diff or [])
        for r in result.valid_rows()
    ]
    rank = {kind: i for i, kind in enumerate(CHANGE_ORDER)}
    # sorted() is stable: within a kind the rows keep the file's order.
    changes = sorted((r for r in rows if r.kind in rank), key=lambda r: rank[r.kind])
    totals = result.totals
    return ImportPreview(
        new=totals[RowResult.IMPORT_TYPE_NEW],
        changed=totals[RowResult.IMPORT_TYPE_UPDATE],
        unchanged=totals[RowResult.IMPORT_TYPE_SKIP],
        deleted=totals[RowResult.IMPORT_TYPE_DELETE],
        changes=changes,
        unchanged_rows=[r for r in rows if r.kind == RowResult.IMPORT_TYPE_SKIP],
    )


def partial_import_possible(result: Result) -> bool:
    """Return whether a previewed file may be imported without its bad rows.

    Only bad rows (the header and file were read) and at least one good row.
    """
    return (
        result.has_validation_errors()
        and not result.has_errors()
        and bool(result.valid_rows())
    )


def lines_named(lines: list[int], shown: int = 10) -> str:
    """Return file lines as '第 4、6 行', the rest counted after ``shown``."""
    named = "、".join(str(line) for line in lines[:shown])
    more = f" 等 {len(lines)} 行" if len(lines) > shown else " 行"
    return f"第 {named}{more}"


def import_done_message(result: Result) -> str:
    """Return the message after an import: the counts, and the lines left out."""
    totals = result.totals
    message = (
        f"导入完成：新增 {totals[RowResult.IMPORT_TYPE_NEW]} 行，"
        f"修改 {totals[RowResult.IMPORT_TYPE_UPDATE]} 行，"
        f"未变 {totals[RowResult.IMPORT_TYPE_SKIP]} 行。"
    )
    skipped = getattr(result, "skipped_lines", [])
    if skipped:
        message += (
            f"跳过了 {len(skipped)} 行有错误的行（文件{lines_named(skipped)}），"
            "它们没有导入。"
        )
    return message
