"""Admin for every data file; saves and deletes go through services (version bump)."""

from import_export.admin import ImportExportModelAdmin

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views.decorators.http import require_POST

from knowledge import resources
from knowledge.admin_forms import ChineseExportForm, KnowledgeConfirmForm
from knowledge.import_messages import column_label
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
from knowledge.preview import import_done_message, partial_import_possible
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
    """A CSV-backed table: import with preview/confirm, export in the file's format.

    A file with bad rows is shown row by row (its line, column and reason), with
    a choice: 只导入有效的行 (the good rows, in one transaction) or 全部不导入.
    """

    import_formats = [resources.KnowledgeCSV]
    export_formats = [resources.KnowledgeCSV, resources.ExcelCSV]
    confirm_form_class = KnowledgeConfirmForm
    export_form_class = ChineseExportForm

    def add_data_read_fail_error_to_form(self, form, e):
        """Show our Chinese reason (encoding, size, header), not a class name."""
        reason = str(e) if isinstance(e, ValueError) else ""
        form.add_error("import_file", reason or "读不出这个文件，请确认它是 CSV 文件。")

    def import_action(self, request, **kwargs):
        """Offer the valid rows of a file with bad rows; list columns in Chinese."""
        response = super().import_action(request, **kwargs)
        context = getattr(response, "context_data", None)
        if context is None:  # a redirect
            return response
        spec = self.resource_classes[0].spec
        context["fields_list"] = [
            (name, [column_label(spec, c) for c in columns])
            for name, columns in context.get("fields_list", [])
        ]
        result = context.get("result")
        if result is not None and partial_import_possible(result):
            form = self.create_confirm_form(request, import_form=context["form"])
            form.initial["valid_only"] = True
            context["partial_form"] = form
        return response

    @method_decorator(require_POST)
    def process_import(self, request, **kwargs):
        """Import, or on 全部不导入 drop the uploaded file and import nothing."""
        if "cancel" not in request.POST:
            return super().process_import(request, **kwargs)
        form = self.create_confirm_form(request)
        if form.is_valid():
            self.get_tmp_storage_class()(
                name=form.cleaned_data["import_file_name"],
                **self.get_tmp_storage_class_kwargs(),
            ).remove()
        messages.info(request, "没有导入任何内容。改好文件后可以重新上传。")
        info = self.get_model_info()
        return HttpResponseRedirect(reverse("admin:{}_{}_import".format(*info)))

    def get_import_data_kwargs(self, **kwargs):
        """Pass the admin's choice 只导入有效的行 on to the resource."""
        form = kwargs.get("form")
        valid_only = bool(form and form.cleaned_data.get("valid_only"))
        return {**super().get_import_data_kwargs(**kwargs), "valid_only": valid_only}

    def add_success_message(self, result, request):
        """Say in Chinese what was imported, and which lines were left out."""
        messages.success(request, import_done_message(result))

    def get_export_data(self, file_format, request, queryset, **kwargs):
        """Give the Excel format the Chinese column names it heads the file with."""
        file_format.header_labels = resources.header_labels(
            self.resource_classes[0].spec
        )
        return super().get_export_data(file_format, request, queryset, **kwargs)


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
