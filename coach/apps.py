"""App config for the product app."""

from django.apps import AppConfig


class CoachConfig(AppConfig):
    """The coaching product: sessions, answers, chat, guidance."""

    name = "coach"
    verbose_name = "教练"
    default_auto_field = "django.db.models.BigAutoField"
