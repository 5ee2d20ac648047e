"""What the admin import page says about a file it cannot take, in Chinese only."""

import csv
import io

import pytest

from knowledge.models import ValueEntry
from tests.knowledge.helpers import DATA, VALUES
from tests.knowledge.test_admin import import_preview

pytestmark = pytest.mark.django_db

INTERNALS = ("Traceback", "/work/", "site-packages", "[&#x27;", "ValidationError")


def _values(*, without: tuple[str, ...] = ()) -> str:
    """data/'s values file with V001 renamed and some columns taken out."""
    text = (DATA / VALUES).read_text(encoding="utf-8")
    text = text.replace("V001,自由,", "V001,自在,")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    keep = [i for i, column in enumerate(rows[0]) if column not in without]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([r[i] for i in keep] for r in rows)
    return out.getvalue()


def _page(staff, raw: bytes) -> str:
    response = import_preview(staff, "valueentry", "v.csv", raw)
    assert response.status_code == 200
    assert "confirm_form" not in response.context  # nothing can be imported
    return response.content.decode()


def _clean(page: str) -> None:
    for internal in INTERNALS:
        assert internal not in page, internal


def test_missing_columns_are_named_in_chinese_without_repr_or_traceback(kb, staff):
    page = _page(staff, _values(without=("signals", "aliases")).encode())
    assert "表头缺少 2 列：信号（signals）、别名（aliases）" in page
    assert "第 1 行应该正好是：id,name,category," in page
    _clean(page)
    assert ValueEntry.objects.get(pk="V001").name == "自由"


def test_a_renamed_column_is_named_as_missing_and_extra(kb, staff):
    text = _values().replace(",signals,", ",sig,", 1)
    page = _page(staff, text.encode("utf-8-sig"))
    assert "表头缺少 1 列：信号（signals）" in page and "多余的列：sig" in page
    _clean(page)


def test_an_unexpected_error_is_one_chinese_sentence_and_logged(
    kb, staff, monkeypatch, caplog
):
    from knowledge.resources import ValueEntryResource

    def fail(self, dataset, **kwargs):
        raise RuntimeError("/work/secret/path.py exploded")

    monkeypatch.setattr(ValueEntryResource, "before_import", fail)
    page = _page(staff, _values().encode())
    assert "导入时出了意外的错误，没有写入任何内容" in page
    assert "exploded" not in page and "RuntimeError" not in page
    _clean(page)
    assert "exploded" in caplog.text  # the developers still get the traceback


def _header() -> str:
    return _values().split("\n", 1)[0]


@pytest.mark.parametrize(
    "raw",
    [
        pytest.param(lambda: (_header() + "\n").encode(), id="header-only"),
        pytest.param(
            lambda: ("\ufeff" + _header() + "\r\n" + ",,,,,,,,,,\r\n" * 3).encode(),
            id="excel-header-and-empty-rows",
        ),
    ],
)
def test_a_header_only_file_is_refused_in_chinese(kb, staff, raw):
    page = _page(staff, raw())
    assert "文件里只有表头，没有数据行" in page
    assert "No valid data" not in page
    _clean(page)


def test_excel_csv_utf8_with_empty_rows_and_columns_imports(kb, staff, commits):
    from django.urls import reverse

    lines = _values().rstrip("\n").split("\n")
    padded = [lines[0] + ",,"] + [line + ",," for line in lines[1:]]
    excel = "\ufeff" + "\r\n".join(padded) + "\r\n" + ",,,,,,,,,,,,\r\n" * 4
    preview = import_preview(staff, "valueentry", "v.csv", excel.encode())
    assert preview.context["result"].totals["update"] == 1
    confirm = preview.context["confirm_form"]
    url = reverse("admin:knowledge_valueentry_process_import")
    with commits():
        assert staff.post(url, confirm.initial).status_code == 302
    assert ValueEntry.objects.get(pk="V001").name == "自在"
    assert ValueEntry.objects.count() == 105


@pytest.mark.parametrize(("delimiter", "name"), [(";", "分号"), ("\t", "制表符")])
def test_the_wrong_delimiter_is_named(kb, staff, delimiter, name):
    page = _page(staff, _values().replace(",", delimiter).encode())
    assert f"这个文件的列是用{name}" in page and "应该用英文逗号" in page
    _clean(page)


def test_a_header_short_of_a_name_is_told_apart_from_a_stray_comma(kb, staff):
    short = _values().replace(",signals,", ",", 1)
    page = _page(staff, short.encode())
    assert "表头有 10 列，而每一行数据都有 11 个字段" in page
    stray = _values().replace("V002,成长,", "V002,成长,多,", 1)
    page = _page(staff, stray.encode())
    assert "表头有 11 列，但第 3 行有 12 个字段" in page
    assert "读不出这个文件" not in page
    _clean(page)


@pytest.mark.parametrize("raw", [b"\n\n", b",,,\r\n"])
def test_a_file_with_nothing_in_it_is_refused_in_chinese(kb, staff, raw):
    page = _page(staff, raw)
    assert "文件是空的" in page
    _clean(page)


# A values row typed in Japanese and saved as Shift-JIS: GB18030 decodes it too,
# into rare characters (自由 → 帺桼), and the preview used to show that silently.
JAPANESE_ROW = "V001,自由,価値,定義,表現,自由,信号,,仕事,V01,\n"


def test_a_shift_jis_file_is_refused_before_any_preview(kb, staff):
    raw = (_header() + "\n" + JAPANESE_ROW).encode("shift_jis")
    page = _page(staff, raw)
    assert "这个文件不像中文" in page and "帺桼" in page
    assert "日文（Shift-JIS）" in page and "请用 UTF-8 保存后再导入" in page
    assert 'id="import-summary"' not in page  # no preview, nothing to confirm
    _clean(page)
    assert ValueEntry.objects.get(pk="V001").name == "自由"
    assert ValueEntry.objects.count() == 105


def test_a_larger_shift_jis_file_is_refused_naming_its_encoding(kb, staff):
    rows = [
        "".join(ch for ch in line if ch.encode("shift_jis", errors="ignore"))
        for line in _values().split("\n")[:30]
    ]
    page = _page(staff, "\n".join(rows).encode("shift_jis"))
    assert "日文（Shift-JIS）" in page and "请用 UTF-8 保存后再导入" in page
    _clean(page)


def test_kana_in_a_gb18030_file_warns_above_the_confirm_button(kb, staff):
    text = _values().replace("V001,自在,", "V001,自在の,", 1)
    preview = import_preview(staff, "valueentry", "v.csv", text.encode("gb18030"))
    page = preview.content.decode()
    warning = page.split('id="import-encoding-warning">', 1)[1].split("</p>", 1)[0]
    assert "不是 UTF-8 编码" in warning and "可能是乱码" in warning and "の" in warning
    assert page.index("import-encoding-warning") < page.index('name="confirm"')
    assert ValueEntry.objects.get(pk="V001").name == "自由"  # a preview writes nothing


@pytest.mark.parametrize("encoding", ["utf-8", "gb18030"])
def test_a_chinese_file_gets_no_encoding_warning(kb, staff, encoding):
    raw = (DATA / VALUES).read_text(encoding="utf-8").encode(encoding)
    preview = import_preview(staff, "valueentry", "v.csv", raw)
    assert "confirm_form" in preview.context
    assert "import-encoding-warning" not in preview.content.decode()


def test_a_tiny_gbk_file_is_not_read_as_big5():
    from knowledge.services.encodings import upload_decode

    decoded = upload_decode(raw="id,name\nV001,自由\n".encode("gbk"))
    assert decoded.text == "id,name\nV001,自由\n" and not decoded.warning


def test_a_blank_header_cell_is_named_by_its_position():
    from knowledge.services.csvio import header_problems
    from knowledge.services.specs import CSV_SPECS

    spec = CSV_SPECS[0]
    found = header_problems([" ", *spec.columns[1:]], spec)
    assert ("第 1 列（无列名）", "多余的列") in found
