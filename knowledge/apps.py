"""App config for the knowledge base."""

from django.apps import AppConfig


class KnowledgeConfig(AppConfig):
    """Values, talents, passion fields, workbook and guide questions."""

    name = "knowledge"
    verbose_name = "知识库"
    default_auto_field = "django.db.models.BigAutoField"
