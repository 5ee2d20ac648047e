"""The import preview reads well: a summary, changes first, unchanged rows folded."""

import pytest

from django.urls import reverse

from tests.knowledge.helpers import DATA, VALUES
from tests.knowledge.test_admin import import_preview

pytestmark = pytest.mark.django_db


def _edited() -> bytes:
    """data/'s values file with V100 renamed and a new V999 (a copy of V001)."""
    text = (DATA / VALUES).read_text(encoding="utf-8")
    text = text.replace("\nV100,舒适,", "\nV100,安逸,")
    first = text.split("\n")[1]
    return (text + first.replace("V001,自由,", "V999,自主权,", 1) + "\n").encode()


def test_summary_counts_new_changed_unchanged_and_deleted(kb, staff):
    body = import_preview(staff, "valueentry", "v.csv", _edited()).content.decode()
    summary = body.split('id="import-summary"', 1)[1].split("</p>", 1)[0]
    assert "新增 1 行" in summary and "修改 1 行" in summary
    assert "未变 104 行" in summary and "删除 0 行" in summary
    # The summary sits above the confirm button, before anything is written.
    assert body.index('id="import-summary"') < body.index('name="confirm"')


def test_changed_rows_come_first_and_unchanged_rows_are_folded(kb, staff):
    body = import_preview(staff, "valueentry", "v.csv", _edited()).content.decode()
    changes = body.split('id="import-changes"', 1)[1].split("</table>", 1)[0]
    kinds = [part.split("<", 1)[0] for part in changes.split('"import-type">')[1:]]
    assert kinds == ["修改", "新增"]
    assert changes.index("V100") < changes.index("V999")
    assert "V002" not in changes
    folded = body.split('<details class="import-unchanged"', 1)[1]
    folded = folded.split("</details>", 1)[0]
    assert "未变的 104 行" in folded
    assert folded.count('"import-type">未变<') == 104


def test_an_identical_file_says_nothing_will_change(kb, staff):
    preview = import_preview(staff, "valueentry", "v.csv", (DATA / VALUES).read_bytes())
    body = preview.content.decode()
    assert "新增 0 行" in body and "修改 0 行" in body and "未变 105 行" in body
    assert "确认导入不会改变任何内容" in body
    assert 'id="import-changes"' not in body


def test_export_select_all_works_without_inline_handlers(kb, staff):
    body = staff.get(reverse("admin:knowledge_valueentry_export")).content.decode()
    assert "onchange=" not in body and "onclick=" not in body
    assert " style=" not in body.split('id="content-main"', 1)[-1]
    assert 'id="select-all-toggle"' in body
    assert "coach/admin/export_select_all.js" in body


def test_changes_are_marked_without_inline_styles(kb, staff):
    # Our CSP refuses style attributes: the library's diff wrote one per change.
    body = import_preview(staff, "valueentry", "v.csv", _edited()).content.decode()
    changes = body.split('id="import-changes"', 1)[1].split("</table>", 1)[0]
    assert " style=" not in changes
    assert "<del>舒适</del><ins>安逸</ins>" in changes
    folded = body.split('<details class="import-unchanged"', 1)[1]
    assert " style=" not in folded.split("</details>", 1)[0]


def test_a_cell_diff_escapes_the_file_text(kb, staff):
    text = (DATA / VALUES).read_text(encoding="utf-8")
    raw = text.replace("\nV100,舒适,", "\nV100,<b>舒适</b>,").encode()
    body = import_preview(staff, "valueentry", "v.csv", raw).content.decode()
    changes = body.split('id="import-changes"', 1)[1].split("</table>", 1)[0]
    assert "<b>" not in changes and "&lt;b&gt;" in changes
