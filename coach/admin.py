"""Admin for sessions, answers, chat and guidance (read-mostly, for support)."""

from import_export import fields, resources
from import_export.admin import ExportMixin

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from coach import admin_chinese  # noqa: F401  (site header, axes names)
from coach.models import (
    Answer,
    AnswerRevision,
    CardNote,
    ChatMessage,
    CoachingSession,
    DirectionCard,
    Feedback,
    Guidance,
    Profile,
)
from knowledge.admin_forms import ChineseExportForm
from knowledge.resources import ExcelCSV, KnowledgeCSV


class AnswerInline(admin.TabularInline):
    """A session's answers, on its page."""

    model = Answer
    extra = 0
    fields = ("question_id", "text", "updated_at")
    readonly_fields = ("updated_at",)


class GuidanceInline(admin.TabularInline):
    """A session's nudges and what became of them."""

    model = Guidance
    extra = 0
    fields = (
        "trigger",
        "question_id",
        "created_at",
        "delivered_at",
        "read_at",
        "cancelled_at",
    )
    readonly_fields = fields
    can_delete = False


@admin.register(CoachingSession)
class CoachingSessionAdmin(admin.ModelAdmin):
    """Sessions, for support: where a person is and how guidance treats them."""

    list_display = (
        "public_id",
        "user",
        "step",
        "guide_mode",
        "last_activity_at",
        "guide_due_at",
        "finished_at",
    )
    list_filter = ("step", "guide_mode")
    search_fields = ("public_id", "user__username")
    readonly_fields = (
        "public_id",
        "created_at",
        "last_activity_at",
        "activity_episode",
    )
    inlines = [AnswerInline, GuidanceInline]


@admin.register(Guidance)
class GuidanceAdmin(admin.ModelAdmin):
    """Every nudge the scan raised."""

    list_display = (
        "session",
        "trigger",
        "question_id",
        "created_at",
        "delivered_at",
        "read_at",
        "cancelled_at",
    )
    list_filter = ("trigger",)
    search_fields = ("session__public_id", "text")
    date_hierarchy = "created_at"


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """The conversation, with each reply's rating beside it."""

    list_display = (
        "session",
        "role",
        "text",
        "question_id",
        "rating",
        "stopped",
        "replaced_at",
        "created_at",
    )
    list_filter = ("role", "feedback__rating", "stopped")
    search_fields = ("session__public_id", "text", "reply_id")
    list_select_related = ("feedback", "session")

    @admin.display(description=_("评价"), ordering="feedback__rating")
    def rating(self, message: ChatMessage) -> str:
        """Show the reply's 👍/👎, if the person gave one."""
        feedback = getattr(message, "feedback", None)
        return feedback.get_rating_display() if feedback else "—"


class FeedbackResource(resources.ModelResource):
    """Ratings as CSV: the reply, the question and what the person asked."""

    reply_id = fields.Field(attribute="message__reply_id", column_name="reply_id")
    question_id = fields.Field(
        attribute="message__question_id", column_name="question_id"
    )
    asked = fields.Field(attribute="message__reply_to__text", column_name="asked")
    reply = fields.Field(attribute="message__text", column_name="reply")
    act = fields.Field(column_name="act")
    # The export page's boxes for the fields that are no field of Feedback.
    export_labels = {
        "reply_id": "回复编号（reply_id）",
        "question_id": "题号（question_id）",
        "asked": "提问（asked）",
        "reply": "回复（reply）",
        "act": "教练动作（act）",
    }

    class Meta:
        model = Feedback
        fields = export_order = (
            "reply_id",
            "rating",
            "comment",
            "question_id",
            "asked",
            "reply",
            "act",
            "updated_at",
        )

    def dehydrate_act(self, feedback: Feedback) -> str:
        """Name the coach's act for the reply, to group ratings by it."""
        return (feedback.message.trace or {}).get("act", "")


@admin.register(Feedback)
class FeedbackAdmin(ExportMixin, admin.ModelAdmin):
    """Ratings of replies: filter by 👍/👎, read the reply, export CSV."""

    resource_classes = [FeedbackResource]
    export_formats = [KnowledgeCSV, ExcelCSV]  # formula-escaped on export
    export_form_class = ChineseExportForm
    list_display = ("rating", "comment", "reply_text", "question", "updated_at")
    list_filter = ("rating", "updated_at")
    search_fields = ("comment", "message__text", "message__reply_id")
    list_select_related = ("message",)
    date_hierarchy = "updated_at"
    readonly_fields = ("message", "rating", "comment", "created_at", "updated_at")

    @admin.display(description=_("回复"))
    def reply_text(self, feedback: Feedback) -> str:
        """Show the start of the rated reply."""
        return feedback.message.text[:60]

    @admin.display(description=_("问题"), ordering="message__question_id")
    def question(self, feedback: Feedback) -> str:
        """Show which workbook question the reply was about."""
        return feedback.message.question_id

    def has_add_permission(self, request) -> bool:
        """Ratings come from people, never from admin."""
        return False


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin):
    """Workbook answers, searchable by text."""

    list_display = ("session", "question_id", "text", "updated_at")
    search_fields = ("session__public_id", "question_id", "text")


admin.site.register(AnswerRevision)
admin.site.register(Profile)


class CardNoteInline(admin.TabularInline):
    """What the person recorded after trying a direction."""

    model = CardNote
    extra = 0
    fields = ("happened_on", "text", "created_at")
    readonly_fields = ("created_at",)


@admin.register(DirectionCard)
class DirectionCardAdmin(admin.ModelAdmin):
    """Direction cards, for support (the person edits them on /results/)."""

    list_display = ("title", "session", "round", "position", "updated_at")
    list_filter = ("round",)
    search_fields = ("title",)
    readonly_fields = ("created_at", "updated_at", "archived_at")
    inlines = [CardNoteInline]
