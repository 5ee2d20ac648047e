"""Field helpers: every CSV cell is a one-line CharField that refuses formulae."""

from django.core.validators import RegexValidator
from django.db import models

from knowledge.validators import validate_no_formula, validate_pipe_list

LIST_NOTE = "多项用 | 分隔。"


def cell(label, *, blank=False, lists=False, extra=(), help_text=""):
    """Return a one-line text field for a CSV cell (or a one-line Markdown item)."""
    checks = [validate_no_formula, *([validate_pipe_list] if lists else []), *extra]
    if lists and "|" not in help_text:  # say how lists are written, once
        help_text = f"{help_text}{LIST_NOTE}"
    return models.CharField(
        label, max_length=255, blank=blank, validators=checks, help_text=help_text
    )


def key(pattern, *, example):
    """Return a natural primary key matching pattern (ids stay unique overall)."""
    return models.CharField(
        "编号",
        primary_key=True,
        max_length=16,
        validators=[RegexValidator(pattern, f"编号格式应为 {pattern}")],
        help_text=f"这一行的唯一编号，例如 {example}；保存后不能再改。",
    )


def in_order(field, values):
    """Return an ordering expression: rows sorted by field's position in values."""
    whens = [
        models.When(**{field: v}, then=models.Value(i)) for i, v in enumerate(values)
    ]
    return models.Case(*whens, default=models.Value(len(values))).asc()
