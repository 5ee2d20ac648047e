"""Results page edits and the coach's candidate suggestions (services, real DB)."""

import re

import pytest

from coach.models import CoachingSession
from coach.results import results_build, results_markdown
from coach.results.edits import (
    ResultsInvalid,
    candidate_adopt,
    candidate_adopt_undo,
    results_edit_submit,
    values_reorder,
)
from coach.results.review import evidence_review
from coach.results.suggest import candidate_suggest
from coach.selectors import answers_by_question
from coach.services import answer_save
from knowledge.evidence import CATEGORIES
from knowledge.selectors import entries_all
from tests.web.samples import ANSWERS, answered_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def answered(knowledge):
    return answered_session()


def test_edited_lists_replace_the_found_ones_and_keep_known_details(answered):
    results_edit_submit(
        session=answered, kind="talents", raw=["化繁为简", "做木工 ", "", "做木工"]
    )
    results_edit_submit(session=answered, kind="values", raw=["家人", "自由"])
    data = results_build(session=answered)
    assert [t["name"] for t in data["talents"]] == ["化繁为简", "做木工"]
    assert data["talents"][0]["data"]["strength_form"]  # a known row keeps its forms
    assert data["talents"][1]["own"] and data["talents"][1]["data"] == {}
    assert [v["name"] for v in data["top_values"]] == ["家人", "自由"]
    assert data["venn"]["values"][0]["title"] == "家人"


def test_removing_an_item_and_reordering_own_values(answered):
    results_edit_submit(session=answered, kind="values", raw=["家人", "自由", "成长"])
    results_edit_submit(
        session=answered, kind="values", raw=["家人", "自由", "成长"], remove="1"
    )
    values_reorder(session=answered, order=["成长", "家人"])
    assert [v["name"] for v in results_build(session=answered)["values"]] == [
        "成长",
        "家人",
    ]
    with pytest.raises(ResultsInvalid):
        values_reorder(session=answered, order=["成长", "别的"])


@pytest.mark.parametrize(
    ("kind", "raw", "message"),
    [
        ("values", ["长" * 41], "最多 40 个字"),
        ("fields", [f"领域{i}" for i in range(9)], "最多 8 条"),
        ("candidates", ["候选" * 251], "最多 500 个字"),
        ("candidates", [f"候选{i}" for i in range(6)], "最多 5 条"),
        ("hobbies", ["x"], "不认识"),
    ],
)
def test_bad_edits_are_refused_in_chinese_and_save_nothing(
    answered, kind, raw, message
):
    with pytest.raises(ResultsInvalid, match=message):
        results_edit_submit(session=answered, kind=kind, raw=raw)
    answered.refresh_from_db()
    assert "edited" not in (answered.results or {})
    assert not any(qid.startswith("C") for qid in answers_by_question(session=answered))


def test_candidates_are_step4_answers_with_one_marked_to_try(answered):
    results_edit_submit(
        session=answered,
        kind="candidates",
        raw=["用讲故事做历史短视频", "", "陪新人聊天"],
        try_index="2",
    )
    answers = answers_by_question(session=answered)
    assert answers["C01"] == "用讲故事做历史短视频" and answers["C02"] == "陪新人聊天"
    mine = results_build(session=answered)["mine"]
    assert [(c["text"], c["try"]) for c in mine] == [
        ("用讲故事做历史短视频", False),
        ("陪新人聊天", True),
    ]
    # Removing the first moves the second up; the mark follows its text.
    results_edit_submit(
        session=answered,
        kind="candidates",
        raw=["用讲故事做历史短视频", "陪新人聊天"],
        remove="0",
        try_index="1",
    )
    answers = answers_by_question(session=answered)
    assert answers == {**answers, "C01": "陪新人聊天"} and "C02" not in answers
    assert results_build(session=answered)["mine"][0]["try"] is True


def test_markdown_carries_edits_candidates_and_the_try_mark(answered):
    results_edit_submit(session=answered, kind="fields", raw=["木工与手作"])
    results_edit_submit(
        session=answered, kind="candidates", raw=["周末做一个小板凳"], try_index="0"
    )
    text = results_markdown(session=answered)
    assert "木工与手作" in text
    assert "周末做一个小板凳" in text and "这周就试" in text


def test_suggestions_hold_only_the_persons_quotes_and_knowledge_names(answered):
    # Was: a statement with an example topic and an experiment the person never
    # wrote ("小实验", 蒙氏教育). Now only their quotes and entry names.
    evidence_review(session=answered, entry_id="T006", action="confirm")
    before = answers_by_question(session=answered)
    first = candidate_suggest(session=answered, question_id="C01")
    assert (
        answers_by_question(session=answered) == before
    )  # a suggestion writes nothing
    quotes = re.findall(r"«([^»]*)»", first)
    assert quotes and all(any(q in a for a in ANSWERS.values()) for q in quotes)
    names = {h.name for c in CATEGORIES for h in entries_all(category=c)}
    assert set(re.findall(r"「([^」]*)」", first)) <= names
    rest = re.sub(r"«[^»]*»（[^）]*）|「[^」]*」", "X", first)
    assert rest in {
        "用X做和X有关的事，也照顾到我看重的X。我的依据：X；X。",
        "用X做和X有关的事。我的依据：X；X。",
    }, rest
    answer_save(session=answered, question_id="C01", text=first)
    second = candidate_suggest(session=answered, question_id="C02")
    assert second != first


def test_suggestion_needs_a_confirmed_talent_and_a_candidate_field(answered):
    with pytest.raises(ResultsInvalid, match="擅长的事"):
        candidate_suggest(session=answered, question_id="C01")  # talents suspected
    session = CoachingSession.objects.create()
    with pytest.raises(ResultsInvalid, match="擅长的事"):
        candidate_suggest(session=session, question_id="C01")
    with pytest.raises(ResultsInvalid):
        candidate_suggest(session=session, question_id="V01")


def test_adopting_a_suggestion_appends_it_and_can_be_undone(answered):
    answer_save(session=answered, question_id="C01", text="我自己的候选")
    candidate_adopt(session=answered, text="教练建议的候选")
    answers = answers_by_question(session=answered)
    assert (answers["C01"], answers["C02"]) == ("我自己的候选", "教练建议的候选")
    assert [c["adopted"] for c in results_build(session=answered)["mine"]] == [
        False,
        True,
    ]
    candidate_adopt_undo(session=answered)
    answers = answers_by_question(session=answered)
    assert answers["C01"] == "我自己的候选" and "C02" not in answers
    assert "adopted" not in answered.results


def test_undo_leaves_an_adopted_candidate_the_person_has_changed(answered):
    candidate_adopt(session=answered, text="教练建议的候选")
    answer_save(session=answered, question_id="C01", text="教练建议的候选，我改过了")
    candidate_adopt_undo(session=answered)
    assert answers_by_question(session=answered)["C01"] == "教练建议的候选，我改过了"
