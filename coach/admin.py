"""Admin for sessions, answers, chat and guidance (read-mostly, for support)."""

from django.contrib import admin

from coach.models import (
    Answer,
    AnswerRevision,
    ChatMessage,
    CoachingSession,
    Guidance,
    Profile,
)


class AnswerInline(admin.TabularInline):
    model = Answer
    extra = 0
    fields = ("question_id", "text", "updated_at")
    readonly_fields = ("updated_at",)


class GuidanceInline(admin.TabularInline):
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
    list_display = ("session", "role", "text", "created_at")
    list_filter = ("role",)
    search_fields = ("session__public_id", "text")


@admin.register(Answer)
class AnswerAdmin(admin.ModelAdmin):
    list_display = ("session", "question_id", "text", "updated_at")
    search_fields = ("session__public_id", "question_id", "text")


admin.site.register(AnswerRevision)
admin.site.register(Profile)
