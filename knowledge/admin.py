"""Admin for every data file; saves and deletes go through services (version bump)."""

from import_export.admin import ImportExportModelAdmin

from django.contrib import admin

from knowledge import resources
from knowledge.models import (
    GuideQuestion,
    KnowledgeGap,
    LexiconTerm,
    PassionEntry,
    Question,
    QuestionHelp,
    StepSection,
    TalentEntry,
    ValueEntry,
    Workbook,
)
from knowledge.services import record_delete, record_save, records_delete


class ServiceSavesMixin:
    """Route admin writes through services so every process sees them within ~1 s."""

    key_fields: tuple[str, ...] = ("id",)

    def get_readonly_fields(self, request, obj=None):
        """Lock the key fields of an existing row.

        Renaming a key in place would leave a copy behind; add a new row instead.
        """
        return self.key_fields if obj else ()

    def save_model(self, request, obj, form, change):
        """Validate and save through record_save, which bumps the version."""
        record_save(record=obj)

    def delete_model(self, request, obj):
        """Delete through record_delete, which bumps the version."""
        record_delete(record=obj)

    def delete_queryset(self, request, queryset):
        """Bulk-delete through records_delete: one transaction, one version bump."""
        records_delete(queryset=queryset)


class CsvAdmin(ServiceSavesMixin, ImportExportModelAdmin):
    """A CSV-backed table: import with preview/confirm, export in the file's format."""

    import_formats = [resources.KnowledgeCSV]
    export_formats = [resources.KnowledgeCSV, resources.ExcelCSV]

    def add_data_read_fail_error_to_form(self, form, e):
        """Show our Chinese reason (encoding, size, header), not a class name."""
        reason = str(e) if isinstance(e, ValueError) else ""
        form.add_error("import_file", reason or "读不出这个文件，请确认它是 CSV 文件。")


@admin.register(ValueEntry)
class ValueEntryAdmin(CsvAdmin):
    """重要的事_价值观.csv: the value entries, filterable by category."""

    resource_classes = [resources.ValueEntryResource]
    list_display = (
        "id",
        "name",
        "category",
        "definition",
        "aliases",
        "related_questions",
    )
    list_filter = ("category",)
    search_fields = ("id", "name", "aliases", "keywords", "definition", "signals")


@admin.register(TalentEntry)
class TalentEntryAdmin(CsvAdmin):
    """擅长的事_才能.csv: each talent with its strength and weakness forms."""

    resource_classes = [resources.TalentEntryResource]
    list_display = (
        "id",
        "name",
        "category",
        "strength_form",
        "weakness_form",
        "aliases",
    )
    list_filter = ("category",)
    search_fields = ("id", "name", "aliases", "keywords", "definition", "weakness_form")


@admin.register(PassionEntry)
class PassionEntryAdmin(CsvAdmin):
    """喜欢的事_热情.csv: the passion fields with their RIASEC hint."""

    resource_classes = [resources.PassionEntryResource]
    list_display = ("id", "field", "category", "description", "riasec_hint", "aliases")
    list_filter = ("category", "riasec_hint")
    search_fields = (
        "id",
        "field",
        "aliases",
        "keywords",
        "example_topics",
        "description",
    )


@admin.register(GuideQuestion)
class GuideQuestionAdmin(CsvAdmin):
    """guide_questions.csv: rows have their own database id, so no field is locked."""

    resource_classes = [resources.GuideQuestionResource]
    key_fields = ()
    list_display = ("step", "guide_id", "text", "type", "sort_order")
    list_filter = ("step", "type")
    search_fields = ("guide_id", "text")


@admin.register(LexiconTerm)
class LexiconTermAdmin(CsvAdmin):
    """evidence_lexicon.csv: negations, shrugs, homonyms, weak words for evidence."""

    resource_classes = [resources.LexiconTermResource]
    key_fields = ()  # rows have their own database id, like guide questions
    list_display = ("term", "kind", "note")
    list_filter = ("kind",)
    search_fields = ("term", "note")


@admin.register(QuestionHelp)
class QuestionHelpAdmin(CsvAdmin):
    """question_help.csv: each question said another way, what fits, an example."""

    resource_classes = [resources.QuestionHelpResource]
    list_display = ("id", "rephrase", "fits", "example")
    search_fields = ("id", "rephrase", "fits", "example")


@admin.register(Question)
class QuestionAdmin(ServiceSavesMixin, admin.ModelAdmin):
    """The workbook's questions (from question.md), edited row by row, no CSV."""

    list_display = ("id", "step", "sort_order", "text")
    list_filter = ("step",)
    search_fields = ("id", "text", "hint", "example")


@admin.register(StepSection)
class StepSectionAdmin(ServiceSavesMixin, admin.ModelAdmin):
    """The five step sections: their titles and wrap-ups can change, nothing else."""

    key_fields = ("step",)
    list_display = ("step", "title", "wrapup")

    def has_add_permission(self, request):
        """Never: the five sections are fixed by question.md's layout."""
        return False

    def has_delete_permission(self, request, obj=None):
        """Never: every step needs its section."""
        return False


@admin.register(Workbook)
class WorkbookAdmin(ServiceSavesMixin, admin.ModelAdmin):
    """The single workbook row: its title; the version is shown, not edited."""

    key_fields = ()
    list_display = ("title", "version", "updated_at")
    readonly_fields = ("version", "updated_at")

    def has_add_permission(self, request):
        """Never: there is one row, created by the loader."""
        return False

    def has_delete_permission(self, request, obj=None):
        """Never: the version counter lives on this row."""
        return False


@admin.register(KnowledgeGap)
class KnowledgeGapAdmin(admin.ModelAdmin):
    """The coach writes gaps; admins read them and answer with aliases or new rows."""

    list_display = ("query", "step", "question_id", "count", "last_seen")
    list_filter = ("step",)
    search_fields = ("query",)
    ordering = ("-count",)

    def has_add_permission(self, request):
        """Never: only the coach records gaps."""
        return False

    def has_change_permission(self, request, obj=None):
        """Never: staff with view permission get a read-only page."""
        return False
