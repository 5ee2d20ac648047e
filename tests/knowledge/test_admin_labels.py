"""Issue 28 point 6: every admin label is Chinese, django-axes's pages included."""

import re

import pytest

from django.contrib import admin
from django.urls import reverse

pytestmark = pytest.mark.django_db
CJK = re.compile(r"[\u4e00-\u9fff]")
# Names a Chinese admin writes as they are.
AS_IS = {"id"}


def test_every_registered_model_and_field_has_a_chinese_label():
    english = []
    for model in admin.site._registry:
        meta = model._meta
        names = [meta.app_config.verbose_name, meta.verbose_name]
        names += [meta.verbose_name_plural]
        for name in names:
            if not CJK.search(str(name)):
                english.append(f"{meta.label}: {name}")
        for field in meta.get_fields():
            label = getattr(field, "verbose_name", None)
            if label is not None and field.name not in AS_IS:
                if not CJK.search(str(label)):
                    english.append(f"{meta.label}.{field.name}: {label}")
    assert english == []


@pytest.mark.parametrize("model", ["accessattempt", "accesslog", "accessfailurelog"])
def test_axes_pages_are_chinese(staff, model):
    body = staff.get(reverse(f"admin:axes_{model}_changelist")).content.decode()
    assert "登录保护" in body
    for english in (
        "AXES",
        "Access attempts",
        "Access logs",
        "Attempt Time",
        "IP Address",
    ):
        assert english not in body, english
    assert "尝试时间" in body


def test_the_feedback_export_boxes_are_chinese(staff):
    body = staff.get(reverse("admin:coach_feedback_export")).content.decode()
    assert "回复编号（reply_id）" in body and "Reply Id" not in body
