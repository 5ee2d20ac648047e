"""Issue 28: the admin forgives Excel's trailing rows and speaks Chinese."""

import pytest

from django.urls import reverse

from tests.knowledge.helpers import DATA, VALUES
from tests.knowledge.test_admin import import_preview

pytestmark = pytest.mark.django_db


def test_trailing_empty_rows_from_excel_are_ignored(kb, staff):
    text = (DATA / VALUES).read_text(encoding="utf-8")
    columns = text.splitlines()[0].count(",")
    raw = (text.rstrip("\n") + "\n" + ("," * columns + "\r\n") * 3).encode("utf-8-sig")
    response = import_preview(staff, "valueentry", "values.csv", raw)
    assert response.status_code == 200
    assert "confirm_form" in response.context  # the file can be imported
    page = response.content.decode()
    assert "必填" not in page


def test_a_blank_row_between_data_rows_is_still_reported(kb, staff):
    lines = (DATA / VALUES).read_text(encoding="utf-8").splitlines()
    blank = "," * lines[0].count(",")
    raw = "\n".join([lines[0], lines[1], blank, *lines[2:]]).encode()
    response = import_preview(staff, "valueentry", "values.csv", raw)
    assert "confirm_form" not in response.context


def test_admin_header_title_and_axes_are_chinese(staff):
    page = staff.get(reverse("admin:index")).content.decode()
    assert "知识库管理" in page and "Django 管理" not in page
    assert "登录保护" in page and "Access attempts" not in page
    assert "登录失败记录" in page
