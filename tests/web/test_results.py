"""The results selector, the Markdown subset and the page contexts."""

import pytest

from coach.markup import blocks_parse
from coach.models import CoachingSession
from coach.pages import home_context
from coach.results import results_build, results_markdown
from coach.results.review import evidence_review
from coach.services import answer_save
from tests.web.samples import ANSWERS, answered_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def answered(knowledge):
    return answered_session()


def test_results_hold_only_rows_the_answers_name(answered):
    # Was: the top BM25 hits of each answer (five values, 化繁为简 among the
    # talents). Now a row needs a quote that names it; hints wait apart.
    data = results_build(session=answered)
    assert data["missing"] == []
    assert [v["name"] for v in data["values"]] == ["成长", "自由", "公平"]
    assert [v["name"] for v in data["top_values"]] == ["成长", "自由", "公平"]
    assert data["talents"] == []  # the talents answers only hint
    assert "整理秩序" in [t["name"] for t in data["review"]["talents"]["suspected"]]
    assert [f["name"] for f in data["fields"]] == ["心理与自我成长", "儿童教育"]
    for row in data["values"] + data["fields"]:
        assert row["state"] == "named" and row["evidence"], row["name"]
        for e in row["evidence"]:
            assert e["quote"] in ANSWERS[e["question_id"]]
            assert e["marked"][1] and "".join(e["marked"]) == e["quote"]


def test_candidates_pair_confirmed_talents_with_fields_each_with_an_experiment(
    answered,
):
    assert results_build(session=answered)["candidates"] == []  # nothing confirmed
    for entry_id in ("T006", "T004"):
        evidence_review(session=answered, entry_id=entry_id, action="confirm")
    data = results_build(session=answered)
    assert [t["name"] for t in data["talents"]] == ["整理秩序", "钻研到底"]
    assert all(
        t["data"]["strength_form"] and t["data"]["weakness_form"]
        for t in data["talents"]
    )
    candidates = data["candidates"]
    assert 3 <= len(candidates) <= 5
    for c in candidates:
        assert c["talent"] in c["statement"] and c["field"] in c["statement"]
        assert 7 <= c["days"] <= 14 and c["experiment"]
        assert [e["question_id"][0] for e in c["evidence"]] == ["S", "P"]
    served = [len(c["values"]) for c in candidates]
    assert served == sorted(served, reverse=True)  # best fit with the values first
    pairs = [(c["talent"], c["field"]) for c in candidates]
    assert len(set(pairs)) == len(pairs)


def test_results_are_deterministic(answered):
    first = results_build(session=answered)
    assert results_build(session=answered) == first
    assert results_markdown(session=answered) == results_markdown(session=answered)


def test_coach_notes_count_only_where_an_answer_names_them(knowledge):
    # Was: a name in the coach notes alone made a row (安心 and 家人 the first
    # values). Now a note needs an answer that speaks of it, and is a suspicion.
    notes = {
        "candidate_values": ["安心", {"id": "V006", "name": "家人", "hits": 2}],
        "candidate_talents": ["体察情绪"],
        "candidate_passions": ["饮食与烹饪", 3],
    }
    session = CoachingSession.objects.create(notes=notes)
    data = results_build(session=session)
    assert data["values"] == data["talents"] == data["fields"] == []
    assert all(not p["suspected"] for p in data["review"].values())
    assert {m["step"] for m in data["missing"]} == {
        "values_exploration",
        "strengths_exploration",
        "interests_exploration",
    }
    answer_save(
        session=session, question_id="S03", text="周末给家人做饭，一下午也不累。"
    )
    data = results_build(session=session)
    assert data["values"] == []  # a talents answer names 家人: only suspected
    (row,) = data["review"]["values"]["suspected"]
    assert (row["name"], row["evidence"][0]["where"]) == ("家人", "擅长的事第3题")


def test_saved_order_wins_over_frequency(answered):
    # An id with no evidence in the answers (V010) stays out, ranked or not.
    answered.results = {"values_order": ["V010", "V009", "V002"]}
    answered.save()
    data = results_build(session=answered)
    assert [v["id"] for v in data["values"]] == ["V009", "V002", "V001"]
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
