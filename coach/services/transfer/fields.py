"""Rows to plain JSON values and back, field by field (for the registered parts)."""

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

_ENCODER = DjangoJSONEncoder()


def plain_fields(model: type[models.Model]) -> list[models.Field]:
    """Return the fields a row carries by itself: no key, no link to other rows."""
    return [
        f
        for f in model._meta.concrete_fields
        if not f.primary_key and not f.is_relation
    ]


def _plain(value):
    if value is None or isinstance(value, (str, int, float, bool, list, dict)):
        return value
    return _ENCODER.default(value)  # datetimes, dates, UUIDs as strings


def row_data(row: models.Model, names: list[str] | None = None) -> dict:
    """Return ``row``'s plain fields (or only ``names``) as JSON-ready values."""
    fields = plain_fields(type(row))
    return {
        f.name: _plain(f.value_from_object(row))
        for f in fields
        if names is None or f.name in names
    }


def row_build(model: type[models.Model], data: dict, **links) -> models.Model:
    """Return an unsaved row from exported ``data``; unknown keys are ignored.

    Raises ValidationError (or TypeError) for values the model does not take.
    """
    if not isinstance(data, dict):
        raise TypeError("row")
    values = {
        f.name: f.to_python(data[f.name]) for f in plain_fields(model) if f.name in data
    }
    row = model(**values, **links)
    row.full_clean(validate_unique=False, validate_constraints=False)
    return row


def row_save(row: models.Model, data: dict) -> None:
    """Save a new row, keeping its exported times (auto_now_add would reset them)."""
    row.save(force_insert=True)
    times = {
        f.name: f.to_python(data[f.name])
        for f in plain_fields(type(row))
        if getattr(f, "auto_now_add", False) and data.get(f.name)
    }
    if times:
        type(row).objects.filter(pk=row.pk).update(**times)
