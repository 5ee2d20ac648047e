"""The results selector, the Markdown subset and the page contexts."""

import pytest

from coach.markup import blocks_parse
from coach.models import CoachingSession
from coach.pages import home_context
from coach.results import results_build, results_markdown
from tests.web.samples import answered_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def answered(knowledge):
    return answered_session()


def test_results_rank_rows_found_in_the_answers(answered):
    data = results_build(session=answered)
    assert data["missing"] == []
    assert len(data["top_values"]) == 5
    assert "成长" in [v["name"] for v in data["values"]]
    assert "化繁为简" in [t["name"] for t in data["talents"]]
    assert all(
        t["data"]["strength_form"] and t["data"]["weakness_form"]
        for t in data["talents"]
    )
    assert "教育与学习方法" in [f["name"] for f in data["fields"]]


def test_candidates_pair_talents_with_fields_each_with_an_experiment(answered):
    candidates = results_build(session=answered)["candidates"]
    assert 3 <= len(candidates) <= 5
    for c in candidates:
        assert c["talent"] in c["statement"] and c["field"] in c["statement"]
        assert 7 <= c["days"] <= 14 and c["experiment"]
    served = [len(c["values"]) for c in candidates]
    assert served == sorted(served, reverse=True)  # best fit with the values first
    pairs = [(c["talent"], c["field"]) for c in candidates]
    assert len(set(pairs)) == len(pairs)


def test_results_are_deterministic(answered):
    first = results_build(session=answered)
    assert results_build(session=answered) == first
    assert results_markdown(session=answered) == results_markdown(session=answered)


def test_coach_notes_count_as_evidence(knowledge):
    session = CoachingSession.objects.create(
        notes={
            "candidate_values": ["安心", {"id": "V006", "name": "家人", "hits": 2}],
            "candidate_talents": ["体察情绪"],
            "candidate_passions": ["饮食与烹饪", 3],
        }
    )
    data = results_build(session=session)
    assert [v["name"] for v in data["values"][:2]] == ["安心", "家人"]
    assert data["talents"][0]["name"] == "体察情绪"
    assert data["fields"][0]["name"] == "饮食与烹饪"
    assert {m["step"] for m in data["missing"]} == {
        "values_exploration",
        "strengths_exploration",
        "interests_exploration",
    }


def test_saved_order_wins_over_frequency(answered):
    answered.results = {"values_order": ["V010", "V002"]}
    answered.save()
    data = results_build(session=answered)
    assert [v["id"] for v in data["values"][:2]] == ["V010", "V002"]
    assert data["ranked"] is True


def test_an_empty_session_gets_no_candidates_and_a_list_of_gaps(knowledge):
    data = results_build(session=CoachingSession.objects.create())
    assert data["candidates"] == [] and data["values"] == []
    assert [m["need"] for m in data["missing"]] == [3, 3, 3]


def test_markup_blocks_keep_text_as_data():
    text = "第一段 **粗体** 后\n\n- **误区：甲。** 乙\n- 丙\n1. 一\n> 说明 <b>"
    blocks = blocks_parse(text)
    assert blocks[0] == {
        "kind": "p",
        "runs": [
            {"text": "第一段 ", "bold": False},
            {"text": "粗体", "bold": True},
            {"text": " 后", "bold": False},
        ],
    }
    assert blocks[1]["kind"] == "ul" and len(blocks[1]["items"]) == 2
    assert blocks[2] == {"kind": "ol", "items": [[{"text": "一", "bold": False}]]}
    assert blocks[3] == {"kind": "quote", "runs": [{"text": "说明 <b>", "bold": False}]}


def test_home_context_flags_the_five_misconceptions(knowledge):
    context = home_context(session=CoachingSession.objects.create())
    myths = [b for b in context["intro"] if b.get("misconceptions")]
    assert len(myths) == 1 and len(myths[0]["items"]) == 5
    assert context["answered"] == 0 and context["total"] == 30  # + C01–C05
