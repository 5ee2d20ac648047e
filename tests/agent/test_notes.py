"""Coach notes: deterministic, bounded, and a flat prompt however long the session."""

from __future__ import annotations

import copy

from agent.notes import CANDIDATE_CAP, THREAD_CAP, notes_render, notes_update
from tests.agent.session_sim import simulate


def update(notes=None, text="", answers=None, tools=()):
    return notes_update(
        notes=notes or {},
        user_text=text,
        answers=answers or {},
        reply="好的。",
        tools_used=list(tools),
    )


def test_candidates_come_from_the_persons_own_words(kb):
    notes = update(
        text="我很在意自由，不想被束缚",
        answers={"S01": "做事前我总会先想哪里可能出问题，常被说想太多"},
    )
    assert [c["name"] for c in notes["candidate_values"]] == ["自由"]
    assert "预见风险" in [c["name"] for c in notes["candidate_talents"]]
    assert notes["step_summaries"]["strengths_exploration"].startswith("已答1题")
    assert notes["turns"] == 1


def test_a_step_four_candidate_is_read_for_every_kind_and_summarised(kb):
    notes = update(answers={"C01": "每周带两次读书会，在自由的时间里做点有意义的事"})
    assert "自由" in [c["name"] for c in notes["candidate_values"]]
    assert notes["step_summaries"]["synthesis"] == "已写1条候选"


def test_update_is_deterministic_and_leaves_its_input_alone(kb):
    before = {"candidate_values": [{"id": "V001", "name": "自由", "hits": 1}]}
    frozen = copy.deepcopy(before)
    args = {"text": "我喜欢自由", "answers": {"V01": "自由自在"}}
    assert update(before, **args) == update(before, **args)
    assert before == frozen


def test_an_answer_is_scanned_once_until_it_changes(kb):
    first = update(answers={"V01": "我很在意自由"})
    again = update(first, answers={"V01": "我很在意自由"})
    assert again["candidate_values"][0]["hits"] == 1
    changed = update(again, answers={"V01": "我很在意自由，也想要自由的时间"})
    assert changed["candidate_values"][0]["hits"] == 2


def test_notes_stay_within_their_caps(kb):
    notes: dict = {}
    words = [
        "自由",
        "成长",
        "安心",
        "真诚",
        "助人",
        "家人",
        "挑战",
        "美感",
        "公平",
        "沉浸",
        "财富",
        "好奇",
    ]
    for i, word in enumerate(words * 3):
        notes = update(
            notes,
            text=f"我很在意{word}，我不太确定第{i}题",
            answers={f"V0{i % 9 + 1}": "短"},
        )
    assert len(notes["candidate_values"]) == CANDIDATE_CAP
    assert len(notes["open_threads"]) == THREAD_CAP
    assert len(notes_render(notes)) < 600


def test_short_answer_thread_closes_when_the_answer_grows(kb):
    notes = update(answers={"V02": "自由"})
    assert any(t.startswith("V02") for t in notes["open_threads"])
    notes = update(
        notes, answers={"V02": "换工作时我选了能自己做主的小团队，比起薪水更看重自由"}
    )
    assert not any(t.startswith("V02") for t in notes["open_threads"])


async def test_prompt_at_turn_100_stays_within_1_2x_of_turn_10(kb, offline_config):
    run = await simulate(
        100, offline_config, session_id="long", measure_at=(1, 10, 50, 100)
    )
    sizes = run["sizes"]
    print(sizes, run["notes"])
    assert sizes[100]["notes"] <= 1.2 * sizes[10]["notes"]
    assert sizes[100]["notes_messages"] <= 1.2 * sizes[10]["notes_messages"]
    assert sizes[100]["full"] > 3 * sizes[100]["notes"]  # what the notes save
    assert run["notes"]["candidate_values"] and run["notes"]["candidate_talents"]
