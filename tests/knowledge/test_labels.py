"""Every knowledge field speaks Chinese: a label and a help text, in forms too."""

import re

import pytest

from django.apps import apps
from django.urls import reverse

from tests.knowledge.helpers import DATA, VALUES
from tests.knowledge.test_admin import import_preview

CJK = re.compile(r"[\u4e00-\u9fff]")
FIELDS = [
    (model.__name__, field)
    for model in apps.get_app_config("knowledge").get_models()
    for field in model._meta.get_fields()
    if field.concrete and not field.auto_created
]


@pytest.mark.parametrize(
    "field", [f for _, f in FIELDS], ids=[f"{m}.{f.name}" for m, f in FIELDS]
)
def test_every_field_has_a_chinese_label_and_help_text(field):
    assert CJK.search(str(field.verbose_name)), field.verbose_name
    assert CJK.search(str(field.help_text)), field.help_text


@pytest.mark.django_db
def test_change_form_shows_the_help_texts(kb, staff):
    url = reverse("admin:knowledge_valueentry_change", args=["V001"])
    body = staff.get(url).content.decode()
    assert "这个价值观的名字" in body
    assert "多项用 | 分隔。" in body


@pytest.mark.django_db
def test_import_preview_heads_columns_in_chinese(kb, staff):
    preview = import_preview(staff, "valueentry", "v.csv", (DATA / VALUES).read_bytes())
    headers = preview.context["result"].diff_headers
    assert headers[:3] == ["编号（id）", "价值观（name）", "类别（category）"]
