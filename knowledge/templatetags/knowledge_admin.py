"""The admin index's note when the database and the files in data/ differ."""

from pathlib import Path

from django import template
from django.conf import settings

from knowledge.selectors import knowledge_drift

register = template.Library()


@register.inclusion_tag("admin/knowledge_drift.html", takes_context=True)
def knowledge_drift_note(context) -> dict:
    """Render the note (and its export button) for staff, when there is drift."""
    request = context.get("request")
    if request is None or not request.user.is_staff:
        return {"drift": None}
    return {
        "drift": knowledge_drift(directory=Path(settings.KNOWLEDGE_DIR)),
        "csrf_token": context.get("csrf_token"),
    }


@register.simple_tag
def knowledge_import_preview(result):
    """Return the import preview's counts and rows in reading order."""
    from knowledge.preview import import_preview

    return import_preview(result)


@register.filter
def import_error_messages(error) -> list[str]:
    """Return an import error's Chinese messages, never its repr or traceback."""
    from knowledge.import_messages import error_messages

    return error_messages(error)


@register.filter
def file_line(result, number: int) -> int:
    """Return the line in the file of an import's row ``number`` (1-based)."""
    lines = getattr(result, "file_lines", [])
    return lines[number - 1] if 0 < number <= len(lines) else number + 1
