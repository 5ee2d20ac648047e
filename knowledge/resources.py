"""django-import-export glue: our CSV format, and resources checked like the loader."""

from import_export import fields, resources
from import_export.formats import base_formats

from django.conf import settings
from django.core.exceptions import ValidationError

from knowledge.import_messages import column_label, header_messages
from knowledge.models import Question
from knowledge.preview import StyleFreeDiff
from knowledge.services import knowledge_version_bump
from knowledge.services.csvio import (
    csv_render,
    rows_problems,
)
from knowledge.services.csvtable import csv_table
from knowledge.services.encodings import Decoded, upload_decode
from knowledge.services.specs import (
    GUIDES,
    LEXICON,
    PASSIONS,
    QUESTION_HELP,
    TALENTS,
    VALUES,
    CsvSpec,
)
from knowledge.uploads import too_big_message


class KnowledgeCSV(base_formats.CSV):
    """Our data files' CSV: reads UTF-8, UTF-8 BOM or GB18030; writes escaped UTF-8."""

    def get_title(self):
        """Name the format in the menus: the files in data/, column names as there."""
        return "csv（与 data/ 文件相同：英文列名）"

    def is_binary(self):
        """Yes: the upload reaches create_dataset undecoded, so GB18030 works."""
        return True

    def get_read_mode(self):
        """Open uploads as bytes; text_decode picks the encoding."""
        return "rb"

    def create_dataset(self, in_stream, **kwargs):
        """Decode the upload and parse it; refuse what is no table of rows."""
        if len(in_stream) > settings.KNOWLEDGE_IMPORT_MAX_BYTES:
            raise ValueError(too_big_message())  # knowledge.uploads stops most earlier
        if isinstance(in_stream, str):
            decoded = Decoded(in_stream, "utf-8")
        else:
            decoded = upload_decode(raw=in_stream)  # refuses clear mojibake
        dataset = csv_table(text=decoded.text)  # refuses what is no table, in Chinese
        # A likely-wrong encoding: the preview shows this above its confirm button.
        dataset.decode_warning = decoded.warning
        if len(dataset) > settings.KNOWLEDGE_IMPORT_MAX_ROWS:
            raise ValueError(too_big_message())
        return dataset

    def export_data(self, dataset, **kwargs):
        r"""Write the dataset exactly as the files in data/ are written.

        Our own writer, not tablib's: `\n` line ends like data/, and every formula
        prefix (= + - @ tab CR) escaped with an apostrophe, where the library's
        IMPORT_EXPORT_ESCAPE_FORMULAE_ON_EXPORT only strips a leading "=".
        """
        return csv_render(dataset.headers, dataset)


class ExcelCSV(KnowledgeCSV):
    """For Excel: a UTF-8 BOM (so Excel reads the Chinese) and Chinese column names.

    The admin hands over ``header_labels`` (column -> Chinese label) before the
    export; the import reads these labels back as their columns.
    """

    header_labels: dict[str, str] = {}

    def get_title(self):
        """Name the format in the export menu."""
        return "csv（Excel 用：中文列名，UTF-8 BOM）"

    def export_data(self, dataset, **kwargs):
        """Our CSV with Chinese column names and a BOM in front."""
        labels = self.header_labels
        dataset.headers = [labels.get(h, h) for h in dataset.headers or []]
        return "\ufeff" + super().export_data(dataset, **kwargs)


def _trailing_blank_rows_drop(dataset) -> None:
    """Drop the empty rows at the end (Excel saves a used range as ``,,,,,,``).

    Only trailing ones: a blank row between data rows is still reported, by the
    line it is on.
    """
    while len(dataset) and all(str(v or "").strip() == "" for v in dataset[-1]):
        del dataset[-1]


def header_labels(spec: CsvSpec) -> dict[str, str]:
    """Return each column's Chinese label, as the Excel export heads it."""
    return {c: str(spec.field(c).verbose_name) for c in spec.columns}


def _header_columns(header: list[str], spec: CsvSpec) -> list[str]:
    """Read Chinese column names back as the file's: 编号, 编号（id）or id.

    A name that is none of these is left as it is, for the header check to name.
    """
    known = {}
    for column, label in header_labels(spec).items():
        for name in (label, f"{label}（{column}）", f"{label}({column})"):
            known[name] = column
    return [known.get(h.strip(), h) for h in header]


class KnowledgeResource(resources.ModelResource):
    """Imports all or only the valid rows, checked by the loader's rules.

    Bumps the knowledge version after a real change.
    """

    spec: CsvSpec
    row_problems: dict[int, dict[str, list[str]]]  # row number -> column -> messages
    file_lines: list[int]  # each row's line in the file, by row number - 1
    valid_only = False

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.row_problems, self.file_lines = {}, []

    def import_data(self, dataset, **kwargs):
        """Preview outside any transaction; import in one transaction.

        The preview (a dry run) saves nothing without a transaction either, and an
        open one would hold SQLite's write lock, and so everyone's answer saves,
        for as long as the preview takes. The import is all or nothing unless the
        admin chose ``valid_only`` ("只导入有效的行"): then the bad rows are left
        out and the good ones saved together.
        """
        self.valid_only = bool(kwargs.pop("valid_only", False))
        if kwargs.pop("dry_run", False):
            # import_data itself always opens one for a dry run: go one level in.
            # Without a transaction, a dry run skips every save and delete.
            return self.import_data_inner(
                dataset,
                True,  # dry_run
                kwargs.pop("raise_errors", False),
                False,  # using_transactions
                kwargs.pop("collect_failed_rows", False),
                **kwargs,
            )
        kwargs.update(
            use_transactions=True, rollback_on_validation_errors=not self.valid_only
        )
        return super().import_data(dataset, **kwargs)

    def get_diff_class(self):
        """Mark changes in the preview without inline styles (our CSP)."""
        return StyleFreeDiff

    def get_diff_headers(self):
        """Head the preview's columns in Chinese, the file's column name after it."""
        labels = {f.name: f.verbose_name for f in self._meta.model._meta.fields}
        return [
            f"{labels[f.attribute]}（{f.column_name}）"
            if f.attribute in labels
            else f.column_name
            for f in self.get_import_fields()
        ]

    def before_import(self, dataset, **kwargs):
        """Check the header and every row with the loader's rules, before any save.

        A bad header fails the whole import; row problems are kept by row number
        for import_instance to report against the row they belong to.
        """
        self.row_problems, self.file_lines = {}, []
        name = kwargs.get("file_name") or self.spec.filename
        dataset.headers = _header_columns(
            [str(h) for h in dataset.headers or []], self.spec
        )
        header = list(dataset.headers)
        if found := header_messages(header=header, spec=self.spec, filename=name):
            # No row can be read against a wrong header: drop the rows, so the page
            # shows only the header's problems, not one error per row after them.
            del dataset[0 : len(dataset)]
            raise ValidationError(found)
        _trailing_blank_rows_drop(dataset)
        # A dataset not read by KnowledgeCSV (a test's tablib load) has one line a row.
        lines = getattr(dataset, "file_lines", None) or range(2, len(dataset) + 2)
        self.file_lines = list(lines)[: len(dataset)]
        rows = []
        for line, values in zip(self.file_lines, dataset, strict=True):
            cells = ["" if v is None else str(v) for v in values]
            rows.append((line, dict(zip(header, cells, strict=True))))
        number_of = {line: n for n, line in enumerate(self.file_lines, start=1)}
        ids = set(Question.objects.values_list("id", flat=True))
        for p in rows_problems(rows, spec=self.spec, filename=name, question_ids=ids):
            found_row = self.row_problems.setdefault(number_of[p.line], {})
            found_row.setdefault(p.column, []).append(p.message)

    def import_instance(self, instance, row, **kwargs):
        """Fill the instance, then fail the row if before_import found problems.

        Our problems (by column, in Chinese) stand in for the widgets' own errors,
        which say the same thing in English.
        """
        problems = self.row_problems.get(kwargs.get("row_number"))
        try:
            super().import_instance(instance, row, **kwargs)
        except ValidationError:
            if not problems:
                raise
        if problems:
            raise ValidationError(problems)

    def after_import(self, dataset, result, **kwargs):
        """Hand the page its extras; bump the version on a real change.

        The extras: the encoding warning, and for each bad row its line in the
        file, its key cells and its problems under Chinese column labels.
        """
        super().after_import(dataset, result, **kwargs)
        result.decode_warning = getattr(dataset, "decode_warning", "")
        result.file_lines = self.file_lines  # for a row's error, by row number
        result.skipped_lines = []
        for bad in result.invalid_rows:
            self._bad_row_describe(
                bad, dict(zip(dataset.headers, dataset[bad.number - 1], strict=True))
            )
            result.skipped_lines.append(bad.line)
        changed = (
            result.totals["new"] + result.totals["update"] + result.totals["delete"]
        )
        invalid = result.has_validation_errors() and not self.valid_only
        if changed and not result.has_errors() and not invalid:
            if not self._is_dry_run(kwargs):
                knowledge_version_bump()

    def _bad_row_describe(self, bad, cells: dict) -> None:
        # The line in the file, the cells that name the row, and each problem
        # under its column's Chinese label (widget errors come keyed by attribute).
        bad.line = self.file_lines[bad.number - 1]
        shown = [*self.spec.key, *(c for c in NAME_COLUMNS if c in self.spec.columns)]
        bad.names = [str(cells.get(c) or "") for c in dict.fromkeys(shown)]
        by_attr = dict(zip(self.spec.attrs, self.spec.columns, strict=True))
        bad.problems = [
            (column_label(self.spec, by_attr.get(key, key)), message)
            for key, messages in bad.error_dict.items()
            for message in messages
        ]


# A row's name beside its key, in the bad-rows list: the first of these it has.
NAME_COLUMNS = ("name", "field", "term", "text")


def _meta(spec: CsvSpec):
    return type(
        "Meta",
        (),
        {
            "model": spec.model,
            "fields": spec.columns,
            "export_order": spec.columns,
            "import_id_fields": spec.key,
            "skip_unchanged": True,
            "report_skipped": True,
        },
    )


class ValueEntryResource(KnowledgeResource):
    """Import and export of the value entries, columns as in the data file."""

    spec = VALUES
    Meta = _meta(VALUES)


class TalentEntryResource(KnowledgeResource):
    """Import and export of the talent entries, columns as in the data file."""

    spec = TALENTS
    Meta = _meta(TALENTS)


class PassionEntryResource(KnowledgeResource):
    """Import and export of the passion entries, columns as in the data file."""

    spec = PASSIONS
    Meta = _meta(PASSIONS)


class GuideQuestionResource(KnowledgeResource):
    """Import and export of guide questions; the file's ``id`` is ``guide_id``."""

    spec = GUIDES
    id = fields.Field(attribute="guide_id", column_name="id")
    Meta = _meta(GUIDES)


class LexiconTermResource(KnowledgeResource):
    """Import and export of the evidence lexicon, keyed by kind and term."""

    spec = LEXICON
    Meta = _meta(LEXICON)


class QuestionHelpResource(KnowledgeResource):
    """Import and export of how the coach explains each workbook question."""

    spec = QUESTION_HELP
    Meta = _meta(QUESTION_HELP)
