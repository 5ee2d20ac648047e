"""django-import-export glue: our CSV format, and resources checked like the loader."""

from import_export import fields, resources
from import_export.formats import base_formats

from django.conf import settings
from django.core.exceptions import ValidationError

from knowledge.import_messages import header_messages
from knowledge.models import Question
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
    """The same CSV with a UTF-8 BOM, so Excel opens the Chinese text correctly."""

    def get_title(self):
        """Name the format in the export menu."""
        return "csv (Excel, UTF-8 BOM)"

    def export_data(self, dataset, **kwargs):
        """Our CSV with a BOM in front."""
        return "\ufeff" + super().export_data(dataset, **kwargs)


def _trailing_blank_rows_drop(dataset) -> None:
    """Drop the empty rows at the end (Excel saves a used range as ``,,,,,,``).

    Only trailing ones: a blank row between data rows would shift every later
    row's line number in the messages, so it is still reported.
    """
    while len(dataset) and all(str(v or "").strip() == "" for v in dataset[-1]):
        del dataset[-1]


class KnowledgeResource(resources.ModelResource):
    """Imports all or nothing, checked by the loader's rules; bumps the version."""

    spec: CsvSpec
    row_problems: dict[int, dict[str, list[str]]]  # row number -> column -> messages

    def import_data(self, dataset, **kwargs):
        """Preview outside any transaction; import in one that any bad row rolls back.

        The preview (a dry run) saves nothing without a transaction either, and an
        open one would hold SQLite's write lock, and so everyone's answer saves,
        for as long as the preview takes. The confirm step would otherwise save
        the valid rows and skip the invalid.
        """
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
        kwargs.update(use_transactions=True, rollback_on_validation_errors=True)
        return super().import_data(dataset, **kwargs)

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
        self.row_problems = {}
        name = kwargs.get("file_name") or self.spec.filename
        header = [str(h) for h in dataset.headers or []]
        if found := header_messages(header=header, spec=self.spec, filename=name):
            # No row can be read against a wrong header: drop the rows, so the page
            # shows only the header's problems, not one error per row after them.
            del dataset[0 : len(dataset)]
            raise ValidationError(found)
        _trailing_blank_rows_drop(dataset)
        rows = []
        for line, values in enumerate(dataset, start=2):  # the header is line 1
            cells = ["" if v is None else str(v) for v in values]
            rows.append((line, dict(zip(header, cells, strict=True))))
        ids = set(Question.objects.values_list("id", flat=True))
        for p in rows_problems(rows, spec=self.spec, filename=name, question_ids=ids):
            self.row_problems.setdefault(p.line - 1, {}).setdefault(p.column, [])
            self.row_problems[p.line - 1][p.column].append(str(p))

    def import_instance(self, instance, row, **kwargs):
        """Fill the instance, then fail the row if before_import found problems."""
        super().import_instance(instance, row, **kwargs)
        if problems := self.row_problems.get(kwargs.get("row_number")):
            raise ValidationError(problems)

    def after_import(self, dataset, result, **kwargs):
        """Hand the encoding warning to the page; bump the version on a real change."""
        super().after_import(dataset, result, **kwargs)
        result.decode_warning = getattr(dataset, "decode_warning", "")
        changed = (
            result.totals["new"] + result.totals["update"] + result.totals["delete"]
        )
        failed = result.has_errors() or result.has_validation_errors()
        if changed and not failed and not self._is_dry_run(kwargs):
            knowledge_version_bump()


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
