"""load_knowledge / export_knowledge: validation, all-or-nothing, upsert, round trip."""

import pytest

from django.core.management import CommandError, call_command

from knowledge.models import (
    GuideQuestion,
    PassionEntry,
    Question,
    StepSection,
    TalentEntry,
    ValueEntry,
    Workbook,
)
from knowledge.selectors import knowledge_version
from knowledge.services import (
    KnowledgeConflict,
    KnowledgeInvalid,
    knowledge_export,
    knowledge_load,
)
from tests.knowledge.helpers import (
    DATA,
    FILES,
    GUIDES,
    PASSIONS,
    TALENTS,
    VALUES,
    WORKBOOK,
    file_edit,
    line_of,
)

pytestmark = pytest.mark.django_db


def problems_of(directory) -> list[str]:
    with pytest.raises(KnowledgeInvalid) as caught:
        knowledge_load(directory=directory)
    return [str(p) for p in caught.value.problems]


def test_real_data_meets_the_issue_sizes(kb):
    assert ValueEntry.objects.count() >= 100
    assert 8 <= ValueEntry.objects.values("category").distinct().count() <= 10
    assert TalentEntry.objects.count() >= 100
    assert 4 <= TalentEntry.objects.values("category").distinct().count() <= 6
    assert PassionEntry.objects.count() >= 120
    assert 15 <= PassionEntry.objects.values("category").distinct().count() <= 25
    for step in (
        "values_exploration",
        "strengths_exploration",
        "interests_exploration",
    ):
        assert 7 <= Question.objects.filter(step=step).count() <= 10
    assert StepSection.objects.count() == 5
    assert GuideQuestion.objects.filter(guide_id="guide_1").count() == 4
    assert (
        "×" in Workbook.objects.get().title + StepSection.objects.get(pk="intro").intro
    )


def test_load_then_export_is_byte_identical(kb, tmp_path):
    knowledge_export(directory=tmp_path)
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name


def test_export_command_writes_every_data_file(kb, tmp_path):
    call_command("export_knowledge", str(tmp_path))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(FILES)


def test_reload_is_idempotent_and_keeps_the_version(kb):
    version = knowledge_version()
    counts = knowledge_load(directory=DATA)
    assert all(c.changed == 0 for c in counts.values())
    assert counts[VALUES].unchanged == ValueEntry.objects.count()
    assert knowledge_version() == version


def test_changed_row_is_updated_by_id(kb, data_dir):
    file_edit(data_dir / VALUES, "V001,自由,", "V001,自在,")
    counts = knowledge_load(directory=data_dir)
    assert (counts[VALUES].updated, counts[VALUES].created) == (1, 0)
    assert ValueEntry.objects.get(pk="V001").name == "自在"


def test_prune_removes_rows_no_longer_in_the_files(kb, data_dir):
    path = data_dir / VALUES
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join(line for line in lines if not line.startswith("V105")))
    assert knowledge_load(directory=data_dir)[VALUES].deleted == 0
    assert ValueEntry.objects.filter(pk="V105").exists()
    assert knowledge_load(directory=data_dir, prune=True)[VALUES].deleted == 1
    assert not ValueEntry.objects.filter(pk="V105").exists()


def test_dry_run_reports_but_writes_nothing(db, data_dir):
    counts = knowledge_load(directory=data_dir, dry_run=True)
    assert counts[VALUES].created >= 100
    assert not ValueEntry.objects.exists()


def test_missing_header_column(data_dir):
    file_edit(data_dir / VALUES, ",signals,", ",signal,")
    found = problems_of(data_dir)
    assert f"{VALUES}:1: signals: 缺少这一列" in found
    assert f"{VALUES}:1: signal: 多余的列" in found


def test_duplicate_id_names_both_lines(data_dir):
    file_edit(data_dir / TALENTS, "T002,", "T001,")
    line = line_of(data_dir / TALENTS, "T001,") + 1
    assert f"{TALENTS}:{line}: id: 与第 {line - 1} 行重复" in problems_of(data_dir)


def test_empty_required_cell(data_dir):
    file_edit(data_dir / PASSIONS, "P003,商业与经济,商业与创业,", "P003,商业与经济,,")
    line = line_of(data_dir / PASSIONS, "P003,")
    assert f"{PASSIONS}:{line}: field: 必填，不能为空" in problems_of(data_dir)


@pytest.mark.parametrize("bad", ["学习||进步", "|学习", "学习|"])
def test_bad_list_syntax(data_dir, bad):
    file_edit(data_dir / VALUES, "学习|进步|突破|精进", bad)
    line = line_of(data_dir / VALUES, "V002,")
    assert any(
        p.startswith(f"{VALUES}:{line}: keywords: 列表格式错误")
        for p in problems_of(data_dir)
    )


def test_unknown_question_reference(data_dir):
    file_edit(data_dir / VALUES, "V01|V04|V07", "V01|V99")
    line = line_of(data_dir / VALUES, "V001,")
    expected = f"{VALUES}:{line}: related_questions: 引用了不存在的问题：V99"
    assert expected in problems_of(data_dir)


@pytest.mark.parametrize("prefix", ["=", "+", "-", "@"])
def test_formula_cell_is_refused(data_dir, prefix):
    file_edit(data_dir / VALUES, "V001,自由,", f"V001,{prefix}自由,")
    line = line_of(data_dir / VALUES, "V001,")
    found = problems_of(data_dir)
    assert any(p.startswith(f"{VALUES}:{line}: name: 不能以 = + - @") for p in found)


def test_tab_formula_cell_is_refused(data_dir):
    file_edit(data_dir / GUIDES, ",这个问题是什么意思？,", ',"\t=HYPERLINK()",')
    line = line_of(data_dir / GUIDES, "values_exploration,guide_1,")
    assert any(
        p.startswith(f"{GUIDES}:{line}: text: 不能以") for p in problems_of(data_dir)
    )


def test_line_numbers_are_physical_lines(data_dir):
    # A quoted cell spanning two lines pushes every later row one line down.
    file_edit(data_dir / VALUES, "V002,成长,成长,", 'V002,成长,成长,"持续学到\n新东西')
    file_edit(data_dir / VALUES, "并感到自己在变强,", '并感到自己在变强",')
    file_edit(data_dir / VALUES, "V005,助人,", "V005,,")
    line = line_of(data_dir / VALUES, "V005,")
    assert f"{VALUES}:{line}: name: 必填，不能为空" in problems_of(data_dir)


def test_gb18030_and_bom_files_load_like_utf8(kb, data_dir):
    text = (data_dir / VALUES).read_text(encoding="utf-8")
    (data_dir / VALUES).write_bytes(text.replace("\n", "\r\n").encode("gb18030"))
    (data_dir / TALENTS).write_bytes(
        b"\xef\xbb\xbf" + (data_dir / TALENTS).read_bytes()
    )
    counts = knowledge_load(directory=data_dir)
    assert all(c.changed == 0 for c in counts.values())


def test_undecodable_file_is_reported(data_dir):
    (data_dir / GUIDES).write_bytes(b"step,id\xff\xfe\x80\n")
    assert any(
        p.startswith(f"{GUIDES}:0: -: 无法识别文件编码") for p in problems_of(data_dir)
    )


def test_workbook_problems_are_reported(data_dir):
    path = data_dir / WORKBOOK
    hint = path.read_text(encoding="utf-8").split("\n")[line_of(path, "### V03") + 0]
    file_edit(path, hint + "\n", "")
    file_edit(path, "## synthesis ", "## summary ")
    found = problems_of(data_dir)
    assert (
        f"{WORKBOOK}:{line_of(path, '### V03')}: hint: 问题 V03 缺少“- hint: ”行"
        in found
    )
    assert any(p.startswith(f"{WORKBOOK}:3: ##: 章节应依次为") for p in found)


def test_an_error_anywhere_imports_nothing(kb, data_dir):
    version = knowledge_version()
    file_edit(data_dir / VALUES, "V001,自由,", "V001,自在,")
    file_edit(data_dir / GUIDES, "concept_query,1", "concept_query,first")
    with pytest.raises(KnowledgeInvalid):
        knowledge_load(directory=data_dir)
    assert ValueEntry.objects.get(pk="V001").name == "自由"
    assert knowledge_version() == version


def test_command_prints_counts_and_problems(db, data_dir, capsys):
    call_command("load_knowledge", "--dir", str(data_dir))
    assert f"{VALUES}：新增 {ValueEntry.objects.count()}" in capsys.readouterr().out
    file_edit(data_dir / VALUES, "V01|V04|V07", "V01|V99")
    with pytest.raises(CommandError, match="未导入任何内容"):
        call_command("load_knowledge", "--dir", str(data_dir), "--prune")
    assert (
        f"{VALUES}:2: related_questions: 引用了不存在的问题：V99"
        in capsys.readouterr().err
    )


def _admin_edit(pk: str, description: str) -> None:
    from knowledge.services import record_save

    entry = ValueEntry.objects.get(pk=pk)
    entry.definition = description
    record_save(record=entry)


def test_a_load_never_overwrites_an_admin_edit_without_force(kb, data_dir, capsys):
    _admin_edit("V001", "后台改过的说明")
    file_edit(data_dir / VALUES, "V001,自由,", "V001,自在,")
    with pytest.raises(CommandError, match="未写入任何内容"):
        call_command("load_knowledge", "--dir", str(data_dir))
    assert f"{VALUES}：V001" in capsys.readouterr().err
    entry = ValueEntry.objects.get(pk="V001")
    assert (entry.name, entry.definition) == ("自由", "后台改过的说明")
    call_command("load_knowledge", "--dir", str(data_dir), "--force")
    assert ValueEntry.objects.get(pk="V001").name == "自在"


def test_a_conflict_names_only_the_edited_rows_and_writes_nothing(kb, data_dir):
    _admin_edit("V001", "后台改过的说明")
    file_edit(data_dir / VALUES, "V002,成长,", "V002,成长与精进,")
    with pytest.raises(KnowledgeConflict) as caught:
        knowledge_load(directory=data_dir)
    assert caught.value.conflicts == {VALUES: ["V001"]}  # V002 is the file's own
    assert ValueEntry.objects.get(pk="V002").name == "成长"
    assert ValueEntry.objects.get(pk="V001").definition == "后台改过的说明"


def test_deleting_an_edited_row_with_prune_is_a_conflict(kb, data_dir):
    _admin_edit("V105", "后台补充的说明")
    path = data_dir / VALUES
    lines = path.read_text(encoding="utf-8").split("\n")
    path.write_text("\n".join(line for line in lines if not line.startswith("V105")))
    with pytest.raises(KnowledgeConflict) as caught:
        knowledge_load(directory=data_dir, prune=True)
    assert caught.value.conflicts == {VALUES: ["V105"]}
    assert ValueEntry.objects.filter(pk="V105").exists()


def test_dry_run_lists_changes_and_conflicts(kb, data_dir, capsys):
    _admin_edit("V001", "后台改过的说明")
    file_edit(data_dir / VALUES, "V002,成长,", "V002,成长与精进,")
    call_command("load_knowledge", "--dir", str(data_dir), "--dry-run")
    out = capsys.readouterr().out
    # V001 differs too (the admin's edit is not in the file) and would be lost.
    assert f"{VALUES}：新增 0，更新 2，未变 103，删除 0（更新 V001、V002）" in out
    assert "后台改过、会被覆盖：V001" in out and "（试运行，未写入）" in out


def test_export_then_load_keeps_the_admin_edit(kb, data_dir):
    _admin_edit("V001", "后台改过的说明")
    knowledge_export(directory=data_dir)
    counts = knowledge_load(directory=data_dir)
    assert all(c.changed == 0 and not c.conflicts for c in counts.values())
    file_edit(data_dir / VALUES, "后台改过的说明", "文件里再改一次")
    assert knowledge_load(directory=data_dir)[VALUES].updated == 1  # no conflict now


def test_make_run_seeds_only_an_empty_knowledge_base(db, capsys):
    call_command("load_knowledge", "--if-empty")
    assert ValueEntry.objects.count() >= 100
    _admin_edit("V001", "后台改过的说明")
    call_command("load_knowledge", "--if-empty")
    assert "以数据库为准" in capsys.readouterr().out
    assert ValueEntry.objects.get(pk="V001").definition == "后台改过的说明"


TRADITIONAL = (
    "名稱,類別\n自由,自主：能由自己決定做什麼、何時做、怎麼做\n"
    "成長,持續學到新東西並感到自己在變強\n"
)


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "gb18030", "gbk", "big5"]
)
def test_every_encoding_people_save_in_decodes_to_the_same_text(encoding):
    from knowledge.services.csvio import text_decode

    raw = TRADITIONAL.encode(encoding)
    if encoding == "utf-16-be":  # Python writes no BOM for an explicit byte order
        raw = b"\xfe\xff" + raw
    assert text_decode(raw) == TRADITIONAL


@pytest.mark.parametrize("encoding", ["latin-1", "cp1252", "shift_jis"])
def test_another_encoding_gets_a_chinese_error_naming_utf8(encoding):
    from knowledge.services.csvio import text_decode

    raw = "name,note\nCafé,Crème brûlée - déjà vu\nNaïve,Über façade\n" * 3
    if encoding == "shift_jis":
        raw = "名前,メモ\nカフェ,ここはとても静かな場所です\n" * 3
    with pytest.raises(ValueError, match="请用 UTF-8 保存后再导入"):
        text_decode(raw.encode(encoding))


def test_if_empty_adds_questions_new_in_the_files_but_not_deleted_ones(db, capsys):
    from knowledge.models import LoadedRow, Question

    call_command("load_knowledge", "--if-empty")
    # A database seeded before the candidate fields C01–C05 existed in the files.
    Question.objects.filter(id__startswith="C").delete()
    LoadedRow.objects.filter(key__startswith="C").delete()
    # An admin deleted a question the loader had written: it stays deleted.
    Question.objects.filter(id="V09").delete()
    _admin_edit("V001", "后台改过的说明")
    call_command("load_knowledge", "--if-empty")
    assert "新增 5" in capsys.readouterr().out
    ids = set(Question.objects.values_list("id", flat=True))
    assert {"C01", "C05"} <= ids and "V09" not in ids
    assert ValueEntry.objects.get(pk="V001").definition == "后台改过的说明"
