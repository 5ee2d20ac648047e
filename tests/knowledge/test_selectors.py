"""The read API on the real data: relevance, filters, lookups, records."""

import dataclasses
import pickle

import pytest

from knowledge.selectors import (
    CATEGORIES,
    STEPS,
    GuideInfo,
    QuestionInfo,
    SearchHit,
    entries_for_question,
    entries_sample,
    entry_get,
    entry_search,
    guide_question_get,
    guide_questions_for_step,
    question_get,
    questions_all,
    questions_for_step,
    step_info,
    workbook_intro,
)

pytestmark = pytest.mark.usefixtures("kb")


def ids(hits):
    return [h.id for h in hits]


def test_value_name_finds_that_value_first():
    hits = entry_search(query="自由")
    assert hits[0].id == "V001" and hits[0].category == "values"
    assert hits[0].name == "自由" and hits[0].snippet == hits[0].data["definition"]


@pytest.mark.parametrize(
    ("query", "talent"), [("虎头蛇尾", "T005"), ("钻牛角尖", "T004")]
)
def test_talent_is_found_by_a_word_of_its_weakness_form(query, talent):
    hit = entry_search(query=query)[0]
    assert hit.id == talent and query in hit.data["weakness_form"]


@pytest.mark.parametrize(("query", "field"), [("观星", "P120"), ("烘焙", "P047")])
def test_passion_field_is_found_by_an_example_topic(query, field):
    hit = entry_search(query=query, category="interests")[0]
    assert hit.id == field and query in hit.data["example_topics"] + hit.data["field"]


def test_keyword_finds_its_value():
    assert entry_search(query="不被束缚")[0].id == "V001"


def test_questions_are_searched_only_for_all():
    # "继承" is the question's own word ("父母" is also an alias of 家人 now).
    assert entry_search(query="继承")[0].id == "V04"
    assert entry_search(query="继承")[0].category == "questions"
    assert "V04" in [h.id for h in entry_search(query="父母")]
    for category in CATEGORIES[1:]:
        assert {h.category for h in entry_search(query="父母", category=category)} <= {
            category
        }


@pytest.mark.parametrize("category", CATEGORIES[1:])
def test_category_filter_keeps_only_that_category(category):
    hits = entry_search(query="成长", category=category)
    assert hits and {h.category for h in hits} == {category}


@pytest.mark.parametrize("query", ["美", "钱", "束缚", "ai"])
def test_one_and_two_character_queries_find_substrings(query):
    hits = entry_search(query=query)
    assert hits
    for hit in hits:
        assert query in " ".join(map(str, hit.data.values())).lower()


def test_single_character_ranks_names_first():
    hits = entry_search(query="美", category="values")
    assert "美" in hits[0].name


def test_results_are_capped_ranked_and_scored():
    hits = entry_search(query="工作")
    assert len(hits) == 10
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert len(entry_search(query="工作", limit=3)) == 3


def test_nothing_for_empty_or_unknown_queries():
    assert entry_search(query="  ") == []
    assert entry_search(query="zzqqxx") == []


def test_unknown_category_is_refused():
    with pytest.raises(ValueError):
        entry_search(query="自由", category="value")


def test_results_are_plain_frozen_and_picklable():
    hit = entry_search(query="自由")[0]
    assert isinstance(hit, SearchHit)
    with pytest.raises(dataclasses.FrozenInstanceError):
        hit.name = "x"
    assert pickle.loads(pickle.dumps(hit)) == hit
    hit.data["name"] = "被改了"
    assert entry_search(query="自由")[0].data["name"] == "自由"


def test_entry_get_finds_rows_and_questions():
    assert entry_get(entry_id="T001").name == "预见风险"
    question = entry_get(entry_id="S03")
    assert question.category == "questions" and question.score == 0
    assert question.data["number"] == 3
    assert entry_get(entry_id="X999") is None


def test_entries_for_question_name_it():
    hits = entries_for_question(question_id="S02", limit=5)
    assert len(hits) == 5
    assert all("S02" in h.data["related_questions"].split("|") for h in hits)
    assert entries_for_question(question_id="Z01") == []


def test_entries_sample_is_deterministic_and_varied():
    first = entries_sample(category="values", limit=5, seed=7)
    assert ids(first) == ids(entries_sample(category="values", limit=5, seed=7))
    assert len({h.data["category"] for h in first}) == 5
    assert ids(first) != ids(entries_sample(category="values", limit=5, seed=8))
    assert {h.category for h in entries_sample(category="interests")} == {"interests"}


def test_questions_in_workbook_order():
    questions = questions_all()
    assert all(isinstance(q, QuestionInfo) for q in questions)
    assert [q.step for q in questions] == sorted(
        (q.step for q in questions), key=STEPS.index
    )
    values = questions_for_step(step="values_exploration")
    assert [q.number for q in values] == list(range(1, len(values) + 1))
    assert values[0].id == "V01" and values[0].hint and values[0].example
    assert question_get(question_id="P02").number == 2
    assert question_get(question_id="P99") is None
    # Step 4's candidate fields (issue 14): written in like answers.
    synthesis = questions_for_step(step="synthesis")
    assert [q.id for q in synthesis] == ["C01", "C02", "C03", "C04", "C05"]


def test_guide_questions_per_step():
    guides = guide_questions_for_step(step="strengths_exploration")
    assert [g.id for g in guides] == ["guide_1", "guide_2", "guide_3", "guide_4"]
    assert guides[1] == GuideInfo(
        "guide_2", "strengths_exploration", "能给我一个示例吗？", "example_request"
    )
    assert guide_question_get(step="synthesis", guide_id="guide_4").type == "experiment"
    assert guide_question_get(step="synthesis", guide_id="guide_9") is None


def test_step_sections_and_intro():
    values = step_info(step="values_exploration")
    assert values.title == "重要的事" and values.wrapup.startswith("回看")
    assert step_info(step="synthesis").wrapup == ""
    assert step_info(step="nope") is None
    intro = workbook_intro()
    assert "喜欢的事 × 擅长的事" in intro and intro.count("误区") >= 5
