"""Admin through Django's test client: edits, import preview → confirm, export."""

import csv
import io

import pytest
import tablib

from django.forms.models import model_to_dict
from django.urls import reverse

from knowledge.models import (
    GuideQuestion,
    KnowledgeGap,
    PassionEntry,
    Question,
    StepSection,
    ValueEntry,
)
from knowledge.resources import ValueEntryResource
from knowledge.selectors import (
    entity_surfaces,
    entry_search,
    knowledge_version,
    question_get,
)
from knowledge.services import gap_record
from tests.knowledge.helpers import DATA, GUIDES, LEXICON, PASSIONS, TALENTS, VALUES

pytestmark = pytest.mark.django_db

SHEETS = (  # import/export
    "valueentry",
    "talententry",
    "passionentry",
    "guidequestion",
    "lexiconterm",
)
OTHERS = ("question", "stepsection", "workbook")


def upload(name: str, content: bytes):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="text/csv")


def import_preview(client, model: str, name: str, content: bytes):
    url = reverse(f"admin:knowledge_{model}_import")
    return client.post(url, {"import_file": upload(name, content), "format": "0"})


def export(client, model: str, resource: str, fmt: str = "0"):
    fields = {f"{resource}_{c}": "on" for c in _columns(model)}
    url = reverse(f"admin:knowledge_{model}_export")
    return client.post(url, {"format": fmt, "resource": "0", **fields})


def _columns(model: str) -> list[str]:
    name = {
        "valueentry": VALUES,
        "passionentry": PASSIONS,
        "guidequestion": GUIDES,
        "lexiconterm": LEXICON,
    }
    return (DATA / name[model]).read_text(encoding="utf-8").split("\n")[0].split(",")


@pytest.mark.parametrize("model", SHEETS + OTHERS)
def test_changelists_render(kb, staff, model):
    response = staff.get(reverse(f"admin:knowledge_{model}_changelist"))
    assert response.status_code == 200


@pytest.mark.parametrize("model", SHEETS)
@pytest.mark.parametrize("view", ["import", "export"])
def test_import_and_export_pages_render(kb, staff, model, view):
    assert staff.get(reverse(f"admin:knowledge_{model}_{view}")).status_code == 200


def test_category_filter_and_search(kb, staff):
    url = reverse("admin:knowledge_valueentry_changelist")
    response = staff.get(url, {"category__exact": "自主", "q": "自由"})
    assert response.status_code == 200 and "V001" in response.content.decode()


def test_change_form_edits_every_column_and_bumps_the_version(kb, staff, commits):
    before = knowledge_version()
    data = model_to_dict(ValueEntry.objects.get(pk="V001"))
    data.update(name="自在", signals="喜欢自己定计划|讨厌打卡")
    url = reverse("admin:knowledge_valueentry_change", args=["V001"])
    with commits():
        response = staff.post(url, {**data, "_save": "1"})
    assert response.status_code == 302
    assert ValueEntry.objects.get(pk="V001").signals == "喜欢自己定计划|讨厌打卡"
    assert knowledge_version() != before
    assert entry_search(query="自在")[0].id == "V001"


def test_change_form_refuses_bad_cells(kb, staff):
    data = model_to_dict(ValueEntry.objects.get(pk="V001"))
    data.update(keywords="自主||独立", related_questions="V01|V99", name="=1+1")
    url = reverse("admin:knowledge_valueentry_change", args=["V001"])
    response = staff.post(url, {**data, "_save": "1"})
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert set(errors) == {"keywords", "related_questions", "name"}
    assert ValueEntry.objects.get(pk="V001").name == "自由"


def test_import_preview_then_confirm_from_excel_gb18030(kb, staff, commits):
    text = (
        (DATA / VALUES).read_text(encoding="utf-8").replace("V001,自由,", "V001,自在,")
    )
    excel = text.replace("\n", "\r\n").encode("gb18030")
    preview = import_preview(staff, "valueentry", "价值观.csv", excel)
    assert preview.status_code == 200
    result = preview.context["result"]
    assert not result.has_errors() and not result.has_validation_errors()
    assert result.totals["update"] == 1 and result.totals["skip"] == 104
    assert ValueEntry.objects.get(pk="V001").name == "自由"  # a preview writes nothing
    before = knowledge_version()

    confirm = preview.context["confirm_form"]
    url = reverse("admin:knowledge_valueentry_process_import")
    with commits():
        response = staff.post(url, confirm.initial)
    assert response.status_code == 302
    assert ValueEntry.objects.get(pk="V001").name == "自在"
    assert knowledge_version() != before
    assert entry_search(query="自在")[0].id == "V001"


def test_import_preview_shows_errors_and_offers_no_confirm(kb, staff):
    text = (DATA / VALUES).read_text(encoding="utf-8")
    text = text.replace("V001,自由,", "V001,自在,").replace("V01|V04|V07", "V01|V99")
    text = text.replace("学习|进步|突破|精进", "学习||进步")
    preview = import_preview(staff, "valueentry", "v.csv", text.encode())
    assert "confirm_form" not in preview.context
    body = preview.content.decode()
    row = body.split('data-line="2"', 1)[1].split("</tr>", 1)[0]
    assert "相关问题（related_questions）</span>：引用了不存在的问题：V99" in row
    row = body.split('data-line="3"', 1)[1].split("</tr>", 1)[0]
    assert "关键词（keywords）</span>：列表格式错误" in row
    assert ValueEntry.objects.get(pk="V001").name == "自由"


def test_import_refuses_a_wrong_header(kb, staff):
    text = (DATA / VALUES).read_text(encoding="utf-8").replace(",signals,", ",sig,", 1)
    preview = import_preview(staff, "valueentry", "v.csv", text.encode("utf-8-sig"))
    assert "confirm_form" not in preview.context
    assert "表头缺少 1 列：信号（signals）" in preview.content.decode()


def test_confirmed_import_is_all_or_nothing(kb):
    text = (DATA / VALUES).read_text(encoding="utf-8")
    text = text.replace("V001,自由,", "V001,自在,").replace("V002,成长,", "V002,,")
    dataset = tablib.Dataset().load(text, format="csv")
    result = ValueEntryResource().import_data(dataset, dry_run=False)
    assert result.has_validation_errors()
    assert ValueEntry.objects.get(pk="V001").name == "自由"


@pytest.mark.parametrize(
    ("model", "resource", "name"),
    [
        ("valueentry", "valueentryresource", VALUES),
        ("passionentry", "passionentryresource", PASSIONS),
        ("guidequestion", "guidequestionresource", GUIDES),
        ("lexiconterm", "lexicontermresource", LEXICON),
    ],
)
def test_export_is_the_data_file_byte_for_byte(kb, staff, model, resource, name):
    response = export(staff, model, resource)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response.content == (DATA / name).read_bytes()


def test_excel_export_adds_a_bom_and_chinese_column_names(kb, staff):
    response = export(staff, "guidequestion", "guidequestionresource", fmt="1")
    rows = (DATA / GUIDES).read_bytes().split(b"\n", 1)[1]
    header = "步骤,编号,文字,类型,顺序\n".encode()
    assert response.content == b"\xef\xbb\xbf" + header + rows


def test_export_escapes_every_formula_prefix(kb, staff):
    cells = {
        "name": "=1+1",
        "definition": "+cmd",
        "self_statement": "-2",
        "keywords": "@SUM(A1)",
        "signals": "\tTAB",
        "work_purpose_example": "\rCR",
    }
    ValueEntry.objects.filter(pk="V001").update(**cells)  # bypasses validation
    response = export(staff, "valueentry", "valueentryresource")
    row = next(csv.DictReader(io.StringIO(response.content.decode(), newline="")))
    assert {column: row[column] for column in cells} == {
        column: "'" + value for column, value in cells.items()
    }


def test_guide_questions_are_editable(kb, staff, commits):
    guide = GuideQuestion.objects.get(step="synthesis", guide_id="guide_4")
    data = {**model_to_dict(guide), "text": "小实验怎么定？", "_save": "1"}
    url = reverse("admin:knowledge_guidequestion_change", args=[guide.pk])
    with commits():
        assert staff.post(url, data).status_code == 302
    assert GuideQuestion.objects.get(pk=guide.pk).text == "小实验怎么定？"


def test_delete_goes_through_services(kb, staff, commits):
    before = knowledge_version()
    url = reverse("admin:knowledge_passionentry_delete", args=["P001"])
    with commits():
        assert staff.post(url, {"post": "yes"}).status_code == 302
    assert not PassionEntry.objects.filter(pk="P001").exists()
    assert knowledge_version() != before


@pytest.mark.parametrize("view", ["import", "export", "changelist"])
def test_non_staff_is_refused(kb, client, django_user_model, view):
    client.force_login(django_user_model.objects.create_user("visitor", password="pw"))
    url = reverse(f"admin:knowledge_valueentry_{view}")
    response = client.get(url)
    assert response.status_code == 302 and "/login/" in response["Location"]
    response = client.post(url, {"format": "0"})
    assert response.status_code == 302 and "/login/" in response["Location"]


@pytest.mark.parametrize(
    ("model", "name"),
    [
        ("valueentry", VALUES),
        ("talententry", TALENTS),
        ("passionentry", PASSIONS),
        ("guidequestion", GUIDES),
        ("lexiconterm", LEXICON),
    ],
)
def test_reimporting_a_data_file_changes_nothing(kb, staff, model, name):
    preview = import_preview(staff, model, name, (DATA / name).read_bytes())
    result = preview.context["result"]
    assert not result.has_errors() and not result.has_validation_errors()
    assert result.totals["skip"] == result.total_rows > 0
    assert "confirm_form" in preview.context


def test_workbook_sections_and_questions_are_editable(kb, staff, commits):
    url = reverse("admin:knowledge_stepsection_change", args=["synthesis"])
    data = {**model_to_dict(StepSection.objects.get(pk="synthesis")), "_save": "1"}
    response = staff.post(url, {**data, "intro": "正文\n## 不是章节"})
    assert response.status_code == 200  # a heading would break question.md
    question = model_to_dict(Question.objects.get(pk="V01"))
    url = reverse("admin:knowledge_question_change", args=["V01"])
    with commits():
        response = staff.post(url, {**question, "hint": "新的提示", "_save": "1"})
    assert response.status_code == 302
    assert question_get(question_id="V01").hint == "新的提示"


def test_aliases_are_edited_in_the_change_form(kb, staff, commits):
    data = model_to_dict(PassionEntry.objects.get(pk="P007"))
    assert "做饭" in data["aliases"].split("|")
    url = reverse("admin:knowledge_passionentry_change", args=["P007"])
    with commits():
        response = staff.post(url, {**data, "aliases": "掌勺|做饭", "_save": "1"})
    assert response.status_code == 302
    assert ("掌勺", "P007", 3) in entity_surfaces()
    response = staff.get(
        reverse("admin:knowledge_passionentry_changelist"), {"q": "掌勺"}
    )
    assert "P007" in response.content.decode()


def test_alias_list_syntax_is_checked_in_the_change_form(kb, staff):
    data = model_to_dict(ValueEntry.objects.get(pk="V069"))
    url = reverse("admin:knowledge_valueentry_change", args=["V069"])
    response = staff.post(url, {**data, "aliases": "钱||发财", "_save": "1"})
    assert set(response.context["adminform"].form.errors) == {"aliases"}


def test_gap_changelist_renders_for_staff_and_is_read_only(db, staff):
    gap = gap_record(query="怎么当宇航员", step="interests_exploration")
    gap_record(query="怎么当宇航员", step="interests_exploration")
    response = staff.get(reverse("admin:knowledge_knowledgegap_changelist"))
    assert response.status_code == 200
    assert "怎么当宇航员" in response.content.decode()
    assert staff.get(reverse("admin:knowledge_knowledgegap_add")).status_code == 403
    url = reverse("admin:knowledge_knowledgegap_change", args=[gap.pk])
    assert staff.get(url).status_code == 200  # a read-only view
    staff.post(url, {"query": "改掉", "count": "9"})
    assert KnowledgeGap.objects.get(pk=gap.pk).count == 2


def test_non_staff_cannot_see_gaps(db, client, django_user_model):
    client.force_login(django_user_model.objects.create_user("visitor", password="pw"))
    response = client.get(reverse("admin:knowledge_knowledgegap_changelist"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_admin_index_notes_drift_and_writes_the_files_back(
    admin_client, kb, tmp_path, settings
):
    import shutil

    from knowledge.services import record_save
    from tests.knowledge.helpers import DATA, VALUES

    settings.KNOWLEDGE_DIR = shutil.copytree(DATA, tmp_path / "data")
    assert "写回 data/ 文件" not in admin_client.get("/admin/").content.decode()
    entry = ValueEntry.objects.get(pk="V001")
    entry.definition = "后台改过的定义"
    record_save(record=entry)
    page = admin_client.get("/admin/").content.decode()
    assert "不一致" in page and f"{VALUES} 1 行" in page
    response = admin_client.post("/admin/knowledge/files-sync/", follow=True)
    assert "已把数据库里的知识库写回 data/" in response.content.decode()
    assert "后台改过的定义" in (settings.KNOWLEDGE_DIR / VALUES).read_text("utf-8")
    assert "写回 data/ 文件" not in admin_client.get("/admin/").content.decode()


def test_files_sync_is_staff_only_and_post_only(client, admin_client):
    assert client.post("/admin/knowledge/files-sync/").status_code == 302  # login
    assert admin_client.get("/admin/knowledge/files-sync/").status_code == 405


def test_an_import_over_the_row_limit_is_refused_in_chinese(kb, staff, settings):
    settings.KNOWLEDGE_IMPORT_MAX_ROWS = 50
    text = (DATA / VALUES).read_text(encoding="utf-8")  # 105 rows
    preview = import_preview(staff, "valueentry", "v.csv", text.encode())
    page = preview.content.decode()
    assert "文件太大" in page and "50 行" in page
    assert ValueEntry.objects.get(pk="V001").name == "自由"


async def test_an_oversized_import_is_refused_before_its_body_is_read(settings):
    from knowledge.uploads import UploadLimit

    settings.KNOWLEDGE_IMPORT_MAX_BYTES = 2 * 1024 * 1024
    reached, sent = [], []

    async def app(scope, receive, send):  # Django would read the body here
        reached.append(scope["path"])

    async def receive():
        raise AssertionError("the body must not be read")

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/admin/knowledge/valueentry/import/",
        "headers": [(b"content-length", str(20 * 1024 * 1024).encode())],
    }
    await UploadLimit(app)(scope, receive, send)
    assert reached == [] and sent[0]["status"] == 413
    assert "文件太大" in sent[1]["body"].decode()
    await UploadLimit(app)(
        {**scope, "headers": [(b"content-length", b"900")]}, receive, send
    )
    assert reached == ["/admin/knowledge/valueentry/import/"]


def test_a_file_in_another_encoding_gets_a_chinese_reason(kb, staff):
    raw = "id,name\nV001,Café crème\nV002,Naïve façade déjà\n".encode("latin-1") * 4
    page = import_preview(staff, "valueentry", "v.csv", raw).content.decode()
    assert "请用 UTF-8 保存后再导入" in page and "encountered" not in page


@pytest.mark.django_db(transaction=True)
def test_the_preview_holds_no_transaction_and_the_confirm_writes_in_one(
    staff, monkeypatch
):
    from django.core.management import call_command
    from django.db import connection

    call_command("load_knowledge", verbosity=0)
    seen = []
    check = ValueEntryResource.before_import

    def before_import(self, dataset, **kwargs):
        seen.append(connection.in_atomic_block)
        return check(self, dataset, **kwargs)

    monkeypatch.setattr(ValueEntryResource, "before_import", before_import)
    text = (
        (DATA / VALUES).read_text(encoding="utf-8").replace("V001,自由,", "V001,自在,")
    )
    preview = import_preview(staff, "valueentry", "v.csv", text.encode())
    assert ValueEntry.objects.get(pk="V001").name == "自由"  # the preview saved nothing
    url = reverse("admin:knowledge_valueentry_process_import")
    assert staff.post(url, preview.context["confirm_form"].initial).status_code == 302
    assert seen == [False, True]  # no lock held while previewing; one to write
    assert ValueEntry.objects.get(pk="V001").name == "自在"


def test_a_previewed_upload_waits_in_the_cache_and_expires(kb, staff):
    from django.core.cache import cache

    from knowledge.uploads import ExpiringUploads

    text = (
        (DATA / VALUES).read_text(encoding="utf-8").replace("V001,自由,", "V001,自在,")
    )
    preview = import_preview(staff, "valueentry", "v.csv", text.encode())
    name = preview.context["confirm_form"].initial["import_file_name"]
    key = cache.make_key(ExpiringUploads.CACHE_PREFIX + name)
    ttl = cache._cache.get_client().ttl(key)
    assert 0 < ttl <= 30 * 60
