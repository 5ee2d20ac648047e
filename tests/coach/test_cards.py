"""Direction cards (issue 25 points 3 and 4): services against the real DB."""

from datetime import timedelta

import pytest

from django.utils import timezone

from coach.models import CardNote, DirectionCard
from coach.results import results_build
from coach.results.directions import directions_build, directions_payload
from coach.results.edits import results_edit_submit
from coach.results.review import evidence_review
from coach.services.cards import (
    CardInvalid,
    card_create,
    card_delete,
    card_note_add,
    card_suggestion_apply,
    card_update,
    round_start,
)
from tests.web.samples import ANSWERS, answered_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def answered(knowledge):
    session = answered_session()
    evidence_review(session=session, entry_id="T006", action="confirm")  # 整理秩序
    return session


def form(card, **changes) -> dict:
    """Return the card's form as saved, with ``changes``."""
    return {
        "title": card.title,
        "question": card.question,
        "experiment": card.experiment,
        "gauges": {},
        "refs": [f"{r['kind']}:{r['id']}" for r in card.draws_on],
        **changes,
    }


def shown(session, card) -> dict:
    """Return the suggestions the page offers for ``card``."""
    data = results_build(session=session)
    built = directions_build(session=session, data=data)
    return next(c for c in built["current"] if c["id"] == card.pk)["suggestions"]


def test_a_card_draws_on_confirmed_rows_with_their_quotes(answered):
    card = card_create(
        session=answered, title="做一个整理学习方法的人", refs=["talents:T006"]
    )
    assert card.position == 1 and card.round == 1
    assert card.draws_on == [
        {
            "kind": "talents",
            "id": "T006",
            "name": "整理秩序",
            "question_id": "S01",
            "quote": ANSWERS["S01"].rstrip("。"),
        }
    ]


def test_a_suspected_or_made_up_row_cannot_be_drawn_on(answered):
    evidence_review(session=answered, entry_id="T006", action="undo")
    with pytest.raises(CardInvalid, match="依据已经不在了"):
        card_create(session=answered, title="整理", refs=["talents:T006"])
    with pytest.raises(CardInvalid, match="依据已经不在了"):
        card_create(session=answered, title="整理", refs=["values:我编的"])
    assert not DirectionCard.objects.exists()


def test_a_value_the_person_typed_can_be_drawn_on(answered):
    results_edit_submit(session=answered, kind="values", raw=["家人", "自由"])
    card = card_create(session=answered, title="陪家人", refs=["values:家人"])
    assert card.draws_on[0]["name"] == "家人" and card.draws_on[0]["quote"] == ""


def test_at_most_three_cards_a_round_and_a_freed_place_is_reused(answered):
    cards = [card_create(session=answered, title=f"方向{i}", refs=[]) for i in "一二三"]
    assert [c.position for c in cards] == [1, 2, 3]
    with pytest.raises(CardInvalid, match="最多 3 张"):
        card_create(session=answered, title="第四个", refs=[])
    card_delete(card=cards[1])
    assert card_create(session=answered, title="新的第二个", refs=[]).position == 2


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"title": "  "}, "起个标题"),
        ({"title": "长" * 61}, "标题最多 60 个字"),
        ({"question": "问" * 201}, "问题最多 200 个字"),
        ({"experiment": "试" * 501}, "小实验最多 500 个字"),
        ({"gauges": {"liking": "6"}}, "1 到 5"),
        ({"gauges": {"resources": "x"}}, "1 到 5"),
    ],
)
def test_limits_are_refused_in_chinese_and_nothing_is_saved(answered, changes, message):
    card = card_create(session=answered, title="整理学习方法", refs=[])
    with pytest.raises(CardInvalid, match=message):
        card_update(card=card, **form(card, **changes))
    card.refresh_from_db()
    assert card.title == "整理学习方法" and card.gauges == {}


def test_gauges_and_texts_are_saved_as_typed(answered):
    card = card_create(session=answered, title="整理学习方法", refs=[])
    card_update(
        card=card,
        **form(
            card,
            question=" 我能靠这个养活自己吗？ ",
            experiment="周六给两个同学讲一次笔记方法",
            gauges={
                "resources": "2",
                "liking": "5",
                "confidence": "",
                "coherence": "4",
            },
        ),
    )
    card.refresh_from_db()
    assert card.question == "我能靠这个养活自己吗？"
    assert card.gauges == {
        "resources": 2,
        "liking": 5,
        "confidence": None,
        "coherence": 4,
    }


def test_a_suggestion_is_written_only_on_accept_and_accepting_is_undoable(answered):
    card = card_create(session=answered, title="我的方向", refs=["talents:T006"])
    offered = shown(answered, card)
    # Names only, in a frame: 整理秩序 (their talent), 心理与自我成长 (their field).
    assert offered["title"] == "用「整理秩序」做「心理与自我成长」"
    assert "成长" in offered["question"]  # their top value
    card.refresh_from_db()
    assert card.title == "我的方向" and card.question == ""  # shown is not written
    card_suggestion_apply(
        card=card, action="accept", field="title", shown=offered["title"]
    )
    card.refresh_from_db()
    assert card.title == offered["title"]
    assert "title" not in shown(answered, card)
    card_suggestion_apply(card=card, action="undo", field="title")
    card.refresh_from_db()
    assert card.title == "我的方向"


def test_an_undo_never_overwrites_words_typed_after_the_accept(answered):
    card = card_create(session=answered, title="我的方向", refs=["talents:T006"])
    text = shown(answered, card)["question"]
    card_suggestion_apply(card=card, action="accept", field="question", shown=text)
    card.refresh_from_db()
    card_update(card=card, **form(card, question="我自己改过的问题？"))
    with pytest.raises(CardInvalid, match="撤销不了"):
        card_suggestion_apply(card=card, action="undo", field="question")
    card.refresh_from_db()
    assert card.question == "我自己改过的问题？"


def test_only_the_shown_suggestion_can_be_accepted(answered):
    card = card_create(session=answered, title="我的方向", refs=["talents:T006"])
    with pytest.raises(CardInvalid, match="建议已经变了"):
        card_suggestion_apply(
            card=card, action="accept", field="title", shown="蒙氏教育创业"
        )
    card.refresh_from_db()
    assert card.title == "我的方向"


def test_a_dismissed_suggestion_stays_away_and_changes_nothing(answered):
    card = card_create(session=answered, title="我的方向", refs=["talents:T006"])
    text = shown(answered, card)["title"]
    card_suggestion_apply(card=card, action="dismiss", field="title", shown=text)
    card.refresh_from_db()
    assert card.title == "我的方向" and "title" not in shown(answered, card)


def test_the_experiment_suggestion_is_the_persons_own_candidate(answered):
    results_edit_submit(
        session=answered,
        kind="candidates",
        raw=["用整理帮人学习", "周末给两个朋友讲一次我的笔记方法"],
        try_index="1",
    )
    card = card_create(session=answered, title="我的方向", refs=[])
    assert shown(answered, card)["experiment"] == "周末给两个朋友讲一次我的笔记方法"


def test_outcome_notes_keep_a_dated_history(answered):
    card = card_create(session=answered, title="整理学习方法", refs=[])
    yesterday = timezone.localdate() - timedelta(days=1)
    card_note_add(card=card, text="试了，结果朋友说很有用", happened_on=str(yesterday))
    card_note_add(card=card, text="又试了一次，自己很投入", happened_on="")
    assert [n.happened_on for n in card.notes.all()] == [
        yesterday,
        timezone.localdate(),
    ]
    tomorrow = timezone.localdate() + timedelta(days=1)
    for text, when, message in [
        ("", "", "先写下"),
        ("长" * 501, "", "最多 500 个字"),
        ("试了", "2026-13-40", "日期看不懂"),
        ("试了", str(tomorrow), "不能晚于今天"),
    ]:
        with pytest.raises(CardInvalid, match=message):
            card_note_add(card=card, text=text, happened_on=when)
    assert CardNote.objects.count() == 2


def test_a_new_round_keeps_answers_and_old_cards_read_only(answered):
    old = card_create(session=answered, title="第一轮的方向", refs=["talents:T006"])
    card_note_add(card=old, text="试了，结果还行", happened_on="")
    answers = answered.answers.count()
    assert round_start(session=answered) == 2
    with pytest.raises(CardInvalid, match="还没有方向卡"):
        round_start(session=answered)  # an empty round need not be kept apart
    assert answered.answers.count() == answers
    old.refresh_from_db()
    assert old.archived_at is not None
    for write in (
        lambda: card_update(card=old, **form(old, title="改一改")),
        lambda: card_note_add(card=old, text="再记一条", happened_on=""),
        lambda: card_delete(card=old),
        lambda: card_suggestion_apply(card=old, action="undo", field="title"),
    ):
        with pytest.raises(CardInvalid, match="只能查看"):
            write()
    new = card_create(session=answered, title="第二轮的方向", refs=[])
    assert (new.round, new.position) == (2, 1)  # places count per round
    answered.refresh_from_db()
    built = directions_build(session=answered, data=results_build(session=answered))
    assert [c["title"] for c in built["current"]] == ["第二轮的方向"]
    assert built["older"][0]["round"] == 1
    assert built["older"][0]["cards"][0]["title"] == "第一轮的方向"
    payload = directions_payload(session=answered)
    assert [(d["title"], d["round"], d["archived"]) for d in payload] == [
        ("第二轮的方向", 2, False),
        ("第一轮的方向", 1, True),
    ]
    assert payload[1]["notes"][0]["text"] == "试了，结果还行"


def test_a_session_holding_only_a_card_is_never_pruned_as_empty(knowledge):
    from coach.models import CoachingSession
    from coach.services.cleanup import sessions_prune

    CoachingSession.objects.create()  # empty: goes
    carded = CoachingSession.objects.create()
    card_create(session=carded, title="先写一个方向", refs=[])
    CoachingSession.objects.update(last_activity_at=timezone.now() - timedelta(days=3))
    assert sessions_prune() == {"coaching_sessions": 1}
    assert list(CoachingSession.objects.values_list("pk", flat=True)) == [carded.pk]
