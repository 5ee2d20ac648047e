"""The insight page's figures, checked number by number on known data."""

from datetime import date

import pytest

from coach.insights import Period, insights_build
from coach.models import QuestionVisit
from coach.services import answer_save, focus_submit
from tests.coach import insights_data

MARCH = Period(start=date(2025, 3, 1), end=date(2025, 3, 10))


@pytest.fixture
def insights(knowledge):
    insights_data.build()
    return insights_build(period=MARCH)


def _row(rows, question_id):
    return next(r for r in rows if r.question_id == question_id)


def test_question_reached_answered_and_median_time(insights):
    v01 = _row(insights.questions, "V01")
    assert (v01.reached, v01.answered) == (3, 2)  # A, B, C reached; A, B answered
    assert v01.median_seconds == 420  # median of 240 s and 600 s
    v02 = _row(insights.questions, "V02")
    assert (v02.reached, v02.answered) == (1, 1)
    assert v02.median_seconds is None  # answered with no focus recorded before
    assert _row(insights.questions, "V03").reached == 0


def test_short_and_vague_shares_use_the_detectors(insights):
    v01 = _row(insights.questions, "V01")
    assert (v01.short, v01.vague) == (1, 1)  # 不知道
    assert v01.short_share == v01.vague_share == 0.5
    v02 = _row(insights.questions, "V02")
    assert (v02.short_share, v02.vague_share) == (1, 1)  # 自由: a lone label


def test_nudges_by_trigger_and_share_followed_within_ten_minutes(insights):
    v01 = _row(insights.questions, "V01")
    assert dict(v01.nudges) == {"short_answer": 1, "stuck": 1}
    assert (v01.followed, v01.followed_share) == (1, 0.5)
    triggers = {t.trigger: t for t in insights.triggers}
    assert [(t.sent, t.read, t.followed) for t in triggers.values()] == [
        (1, 0, 0),  # idle_timeout: D answered 20 minutes later
        (1, 0, 1),  # short_answer: B answered 3 minutes later
        (0, 0, 0),  # vague_answer
        (1, 1, 0),  # stuck: C never answered
    ]
    assert triggers["short_answer"].followed_share == 1
    assert triggers["vague_answer"].followed_share is None


def test_entry_use_counts_replies_and_nudges(insights):
    top, second = insights.entries[:2]
    assert (top.entry_id, top.in_replies, top.in_nudges, top.total) == (
        "V001",
        2,
        1,
        3,
    )
    assert (second.entry_id, second.total) == ("T001", 1)
    v002 = next(e for e in insights.entries if e.entry_id == "V002")
    assert v002.total == 0  # used in February only


def test_gaps_and_downvotes_in_range(insights):
    assert [(g.query, g.count) for g in insights.gaps] == [("=想当老板", 5)]
    assert [f.comment for f in insights.downvotes] == ["=太笼统了"]
    assert insights.downvotes[0].message.reply_to.text == "能举个例子吗？"


def test_an_empty_period_has_zeros(knowledge):
    insights_data.build()
    empty = insights_build(period=Period(start=date(2024, 1, 1), end=date(2024, 1, 2)))
    assert sum(q.reached for q in empty.questions) == 0
    assert all(q.median_seconds is None for q in empty.questions)
    assert sum(t.sent for t in empty.triggers) == 0
    assert empty.gaps == empty.downvotes == []


def test_focus_and_first_answer_are_recorded_once(visitor):
    session = visitor.session
    focus_submit(session=session, question_id="V01")
    answer_save(session=session, question_id="V01", text="")  # blank: not an answer
    assert QuestionVisit.objects.get().answered_at is None
    answer_save(session=session, question_id="V01", text="第一版")
    first = QuestionVisit.objects.get()
    assert first.answered_at >= first.reached_at
    focus_submit(session=session, question_id="V02")
    focus_submit(session=session, question_id="V01")
    answer_save(session=session, question_id="V01", text="第二版")
    again = QuestionVisit.objects.get(question_id="V01")
    assert (again.reached_at, again.answered_at) == (
        first.reached_at,
        first.answered_at,
    )
    assert QuestionVisit.objects.count() == 2
