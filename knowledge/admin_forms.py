"""The admin's import confirm and export forms: a choice, and Chinese labels."""

from import_export.forms import ConfirmImportForm, SelectableFieldsExportForm

from django import forms
from django.core.exceptions import FieldDoesNotExist


class KnowledgeConfirmForm(ConfirmImportForm):
    """The confirm step; ``valid_only`` is set when the admin chose 只导入有效的行."""

    valid_only = forms.BooleanField(required=False, widget=forms.HiddenInput)


def field_label(resource, field_name: str) -> str:
    """Return a resource field's label: the model field's verbose name, if any.

    A resource may name its own (``export_labels``) for fields that are no model
    field of its own, like a rating's reply text.
    """
    own = getattr(resource, "export_labels", {})
    if field_name in own:
        return own[field_name]
    field = resource.fields.get(field_name)
    attribute = (field.attribute if field else None) or field_name
    model = resource._meta.model
    try:
        label = str(model._meta.get_field(attribute).verbose_name)
    except FieldDoesNotExist:  # a dehydrated or related value
        return field_name
    column = field.column_name if field else field_name
    return f"{label}（{column}）"


class ChineseExportForm(SelectableFieldsExportForm):
    """The export page's field boxes labelled in Chinese (the library title-cases)."""

    def _get_field_label(self, resource, field_name: str) -> str:
        return field_label(resource, field_name)
