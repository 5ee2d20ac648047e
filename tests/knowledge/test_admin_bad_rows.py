"""Issue 28 point 5: bad rows named by their file line, and 只导入有效的行."""

import csv
import io

import pytest

from django.urls import reverse

from knowledge.models import ValueEntry
from knowledge.selectors import knowledge_version
from tests.knowledge.helpers import DATA, VALUES
from tests.knowledge.test_admin import export, import_preview

pytestmark = pytest.mark.django_db
PROCESS = "admin:knowledge_valueentry_process_import"


def bad_file() -> tuple[bytes, dict[str, int]]:
    """data/'s values as Excel saves them: V001, V002 edited, two bad rows, padding.

    V003 loses its name (required) and V005 cites a question that does not
    exist; a quoted cell with a line break before them moves every later row
    one line down, so a row's number in the dataset is not its line.
    """
    rows = list(csv.reader(io.StringIO((DATA / VALUES).read_text(encoding="utf-8"))))
    header = rows[0]
    by_id = {row[0]: row for row in rows[1:]}
    by_id["V001"][1] = "自在"
    by_id["V002"][header.index("definition")] += "\n（第二行）"
    by_id["V003"][header.index("name")] = ""
    by_id["V005"][header.index("related_questions")] = "V01|V99"
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    text = out.getvalue() + "," * (len(header) - 1) + "\r\n"  # Excel's padding
    lines = {}
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        if line[:4] in ("V003", "V005"):
            lines[line[:4]] = number
    return text.encode("utf-8-sig"), lines


def test_bad_rows_show_file_lines_chinese_columns_and_reasons(kb, staff):
    raw, lines = bad_file()
    assert lines == {"V003": 5, "V005": 7}  # the header is line 1, V002 spans two
    response = import_preview(staff, "valueentry", "v.csv", raw)
    assert "confirm_form" not in response.context  # not everything can be imported
    body = response.content.decode()
    assert "这个文件有 2 行数据有错误" in body and "某些行验数据证失败" not in body
    table = body.split('id="bad-rows"', 1)[1].split("</table>", 1)[0]
    assert "---" not in table
    assert 'data-line="5"' in table and "第 5 行" in table and "V003" in table
    assert "价值观（name）</span>：必填，不能为空" in table
    assert 'data-line="7"' in table and "V005" in table
    assert "相关问题（related_questions）</span>：引用了不存在的问题：V99" in table
    assert "v.csv:" not in table  # the developer's file:line: form is not shown
    choice = body.split('id="bad-rows-choice"', 1)[1].split("</form>", 1)[0]
    assert 'value="只导入有效的行"' in choice and 'value="全部不导入"' in choice
    assert "其余 103 行没有错误（新增 0 行，修改 2 行，未变 101 行）" in choice


def test_valid_only_imports_the_good_rows_and_names_the_skipped(kb, staff, commits):
    raw, _ = bad_file()
    preview = import_preview(staff, "valueentry", "v.csv", raw)
    data = preview.context["partial_form"].initial
    before = knowledge_version()
    with commits():
        done = staff.post(reverse(PROCESS), {**data, "confirm": "只导入有效的行"})
    assert done.status_code == 302
    assert ValueEntry.objects.get(pk="V001").name == "自在"  # the good rows, saved
    assert ValueEntry.objects.get(pk="V002").definition.endswith("\n（第二行）")
    assert ValueEntry.objects.get(pk="V003").name != ""  # the bad rows left alone
    assert ValueEntry.objects.get(pk="V005").related_questions != "V01|V99"
    assert knowledge_version() != before
    page = staff.get(done["Location"]).content.decode()
    assert "修改 2 行" in page
    assert "跳过了 2 行有错误的行（文件第 5、7 行）" in page


def test_import_none_writes_nothing(kb, staff):
    raw, _ = bad_file()
    preview = import_preview(staff, "valueentry", "v.csv", raw)
    data = preview.context["partial_form"].initial
    done = staff.post(reverse(PROCESS), {**data, "cancel": "全部不导入"})
    assert done.status_code == 302
    assert done["Location"] == reverse("admin:knowledge_valueentry_import")
    assert ValueEntry.objects.get(pk="V001").name == "自由"
    assert "没有导入任何内容" in staff.get(done["Location"]).content.decode()


def test_the_plain_confirm_of_a_file_with_bad_rows_still_imports_nothing(kb, staff):
    raw, _ = bad_file()
    preview = import_preview(staff, "valueentry", "v.csv", raw)
    data = {**preview.context["partial_form"].initial, "valid_only": ""}
    staff.post(reverse(PROCESS), {**data, "confirm": "确认导入"})
    assert ValueEntry.objects.get(pk="V001").name == "自由"  # all or nothing


def test_a_file_of_only_bad_rows_offers_no_partial_import(kb, staff):
    text = (DATA / VALUES).read_text(encoding="utf-8").split("\n")
    raw = "\n".join([text[0], text[1].replace("V001,自由,", "V001,,")]).encode()
    preview = import_preview(staff, "valueentry", "v.csv", raw)
    assert "partial_form" not in preview.context
    assert "没有可以导入的行" in preview.content.decode()


def test_the_excel_export_has_chinese_headers_the_import_reads_back(kb, staff):
    response = export(staff, "valueentry", "valueentryresource", fmt="1")
    text = response.content.decode("utf-8-sig")
    header = text.split("\n", 1)[0].split(",")
    assert header[:3] == ["编号", "价值观", "类别"] and "自我表述" in header
    preview = import_preview(staff, "valueentry", "v.csv", response.content)
    result = preview.context["result"]
    assert not result.has_errors() and not result.has_validation_errors()
    assert result.totals["skip"] == result.total_rows == 105


def test_the_export_page_labels_fields_in_chinese(kb, staff):
    body = staff.get(reverse("admin:knowledge_valueentry_export")).content.decode()
    assert "自我表述（self_statement）" in body and "Self Statement" not in body


def test_a_rows_unexpected_error_names_its_file_line(kb, staff, monkeypatch):
    from knowledge.resources import ValueEntryResource

    save = ValueEntryResource.save_instance

    def fail_on_v004(self, instance, new, row=None, **kwargs):
        if instance.pk == "V004":
            raise RuntimeError("disk full")
        return save(self, instance, new, row, **kwargs)

    monkeypatch.setattr(ValueEntryResource, "save_instance", fail_on_v004)
    raw, lines = bad_file()
    text = raw.decode("utf-8-sig").replace("V003,,", "V003,安心,")
    text = text.replace("\nV004,真诚,", "\nV004,真诚的,")  # changed, so saved
    body = import_preview(staff, "valueentry", "v.csv", text.encode()).content.decode()
    errors = body.split('id="import-errors"', 1)[1].split("</ul>", 1)[0]
    # V004 is on the line after V003 (line 5): V002's cell spans two lines.
    assert f"第 {lines['V003'] + 1} 行：导入时出了意外的错误" in errors
