"""Aliases: the last CSV column, searched like keywords, served as entity surfaces."""

import pytest

from django.core.management import call_command

from knowledge.models import PassionEntry, ValueEntry
from knowledge.search import snapshot as snapshot_module
from knowledge.selectors import entity_surfaces, entry_search, knowledge_version
from knowledge.services import KnowledgeInvalid, knowledge_load, record_save
from tests.knowledge.helpers import DATA, FILES, PASSIONS, TALENTS, VALUES, line_of

pytestmark = pytest.mark.django_db


def surfaces_of(entry_id: str) -> dict[str, int]:
    return {s: w for s, i, w in entity_surfaces() if i == entry_id}


@pytest.mark.parametrize("name", [VALUES, TALENTS, PASSIONS])
def test_aliases_is_the_last_column_of_each_entry_file(name):
    header = (DATA / name).read_text(encoding="utf-8").split("\n")[0]
    assert header.split(",")[-1] == "aliases"


def test_most_rows_have_aliases(kb):
    for model in (ValueEntry, PassionEntry):
        assert model.objects.exclude(aliases="").count() >= model.objects.count() * 0.9


def test_an_alias_from_data_points_at_its_entry(kb):
    assert ("做饭", "P007", 3) in entity_surfaces()
    assert [i for s, i, w in entity_surfaces() if s == "做饭" and w == 3] == ["P007"]


def test_surfaces_are_names_aliases_and_keywords_with_weights(kb):
    cooking = surfaces_of("P007")
    assert cooking["饮食与烹饪"] == 3  # a passion's name is its field
    assert cooking["下厨"] == cooking["烧菜"] == 3
    assert cooking["烹饪"] == 1  # a keyword
    assert "家常菜" not in cooking  # example topics are not surfaces
    wealth = surfaces_of("V069")
    assert wealth["财富"] == 3  # also a keyword: listed once, at the name's weight
    assert wealth["经济独立"] == 3
    assert "钱" not in wealth  # one character is too short to point anywhere
    assert sum(1 for s, i, _ in entity_surfaces() if (s, i) == ("财富", "V069")) == 1


def test_surfaces_are_folded_to_lower_case(kb):
    assert surfaces_of("P029")["chatgpt"] == 3
    assert all(s == s.lower() for s, _, _ in entity_surfaces() if s.isascii())


def test_questions_are_not_surfaces(kb):
    assert {i[0] for _, i, _ in entity_surfaces()} == {"V", "T", "P"}


@pytest.mark.parametrize(
    ("query", "category", "entry"),
    [
        ("做饭", "interests", "P007"),
        ("下厨", "interests", "P007"),
        ("经济独立", "values", "V069"),
        ("码字", "strengths", "T032"),
        ("和人打交道", "strengths", "T008"),
        ("撸铁", "interests", "P006"),
    ],
)
def test_searching_an_alias_finds_its_entry_first(kb, query, category, entry):
    assert entry_search(query=query, category=category)[0].id == entry


def test_surfaces_are_built_once_per_snapshot(kb, monkeypatch):
    calls = []
    build = snapshot_module.surfaces_from_docs
    monkeypatch.setattr(
        snapshot_module,
        "surfaces_from_docs",
        lambda docs: calls.append(1) or build(docs),
    )
    first = entity_surfaces()
    for _ in range(5):
        assert entity_surfaces() == first
    assert len(calls) == 1
    first.clear()  # a caller's list is its own
    assert entity_surfaces()


def test_editing_an_alias_shows_in_surfaces_and_search(
    kb, django_capture_on_commit_callbacks
):
    before = knowledge_version()
    entry = PassionEntry.objects.get(pk="P007")
    entry.aliases = "掌勺|Home Cooking|ＢＢＱ"
    with django_capture_on_commit_callbacks(execute=True):
        record_save(record=entry)
    assert knowledge_version() != before
    cooking = surfaces_of("P007")
    assert cooking["掌勺"] == cooking["home cooking"] == cooking["bbq"] == 3
    assert "做饭" not in cooking
    assert entry_search(query="掌勺", category="interests")[0].id == "P007"


def test_bad_alias_list_is_refused_by_the_loader(data_dir):
    path = data_dir / VALUES
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(",自由自在|随心所欲|", ",自由自在||随心所欲|"), encoding="utf-8"
    )
    with pytest.raises(KnowledgeInvalid) as caught:
        knowledge_load(directory=data_dir)
    line = line_of(path, "V001,")
    assert any(
        str(p).startswith(f"{VALUES}:{line}: aliases: 列表格式错误")
        for p in caught.value.problems
    )


def test_empty_aliases_load_and_export_unchanged(db, data_dir, tmp_path):
    path = data_dir / PASSIONS
    lines = path.read_text(encoding="utf-8").split("\n")
    lines = [
        line.rpartition(",")[0] + "," if line.startswith("P126,") else line
        for line in lines
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    knowledge_load(directory=data_dir)
    assert PassionEntry.objects.get(pk="P126").aliases == ""
    call_command("export_knowledge", str(tmp_path / "out"))
    assert (tmp_path / "out" / PASSIONS).read_bytes() == path.read_bytes()


def test_load_then_export_commands_are_byte_identical(db, tmp_path):
    call_command("load_knowledge", "--dir", str(DATA))
    call_command("export_knowledge", str(tmp_path))
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (DATA / name).read_bytes(), name
