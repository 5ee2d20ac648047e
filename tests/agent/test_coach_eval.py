"""The evaluation harness: loader, checks, runner threading, report, command."""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from django.core.management import call_command
from django.core.management.base import CommandError

from agent import api
from agent.evaluation import CaseError, evaluate_async, report_render, report_to_dict
from agent.evaluation.cases import CATEGORIES, sessions_load
from agent.evaluation.checks import CHECKS, Observed, outcomes_judge

DEV_SET = Path(__file__).resolve().parents[1] / "coach_eval" / "dev.jsonl"


def write(tmp_path: Path, *rows: dict | str) -> Path:
    path = tmp_path / "cases.jsonl"
    lines = [
        r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def session(**overrides) -> dict:
    row = {
        "id": "s1",
        "category": "story",
        "step": "values_exploration",
        "question_id": "V03",
        "turns": [{"text": "我做了五年会计", "expect": {"act": "reflect"}}],
    }
    row.update(overrides)
    return row


# --- loader -----------------------------------------------------------------


def test_loader_reads_sessions_turns_and_their_changes(tmp_path):
    turns = [
        {"text": "你好"},
        {"guide_id": "guide_2", "focus": "V04", "answer": {"V04": "草稿"}},
    ]
    [loaded] = sessions_load(
        path=write(tmp_path, "", "# a comment", session(turns=turns))
    )
    assert loaded.id == "s1" and loaded.where.endswith("cases.jsonl:3")
    assert loaded.turns[1].guide_id == "guide_2" and loaded.turns[1].text == ""
    assert loaded.turns[1].focus == "V04" and loaded.turns[1].answer == {"V04": "草稿"}


def test_bad_json_is_reported_with_file_and_line(tmp_path):
    path = write(tmp_path, session(), '{"id": "s2",')
    with pytest.raises(CaseError, match=rf"{path}:2: bad JSON"):
        sessions_load(path=path)


@pytest.mark.parametrize(
    ("turn", "problem"),
    [
        ({"text": "嗯", "expect": {"acts": "greet"}}, "unknown expectation key"),
        ({"text": "嗯", "expcet": {}}, "unknown turn key"),
        ({"expect": {"act": "greet"}}, "text is missing"),
        ({"text": "  "}, "text is missing"),
        ({"text": "嗯", "expect": {"refers_to": 0}}, "bad value"),
        ({"text": "嗯", "expect": {"contains": "会计"}}, "bad value"),
        ({"text": "嗯", "category": "stories"}, "unknown category"),
    ],
)
def test_bad_turns_are_rejected_with_file_line_and_turn(tmp_path, turn, problem):
    path = write(tmp_path, session(turns=[{"text": "你好"}, turn]))
    with pytest.raises(CaseError, match=rf"{path}:1: turn 2: .*{problem}"):
        sessions_load(path=path)


def test_unknown_session_key_and_duplicate_id_are_rejected(tmp_path):
    with pytest.raises(CaseError, match=r":1: unknown session key\(s\): turn$"):
        sessions_load(path=write(tmp_path, {**session(), "turn": []}))
    with pytest.raises(CaseError, match=":2: duplicate id"):
        sessions_load(path=write(tmp_path, session(), session()))


def test_dev_set_is_valid_and_covers_every_category():
    sessions = sessions_load(path=DEV_SET)
    messages = Counter(t.category or s.category for s in sessions for t in s.turns)
    assert len(sessions) >= 30 and sum(messages.values()) >= 90
    assert {c: messages[c] for c in CATEGORIES if messages[c] < 5} == {}
    assert sum(2 <= len(s.turns) <= 5 for s in sessions) >= 10


# --- checks -----------------------------------------------------------------

EX = [{"id": "V001", "name": "自由"}, {"id": "V002", "name": "成长"}]
SEEN = Observed(
    reply="你说会计没意思，和人打交道才有劲。比如有人看重「成长」。哪一次最带劲？",
    act="reflect",
    tools=["recommend_examples"],
    examples=[{"id": "V005", "name": "助人"}],
    actions={"guide_mode": "quiet"},
    earlier_example_ids=frozenset({"V001", "V002"}),
    last_examples=EX,
)
BARE = Observed(reply="好的。你呢？还有呢？", examples=EX, earlier_example_ids={"V001"})


@pytest.mark.parametrize(
    ("key", "expected", "holds_on_seen", "holds_on_bare"),
    [
        ("act", "reflect", True, False),
        ("act", ["greet", "reflect"], True, False),
        ("tool", "recommend_examples", True, False),
        ("tool", ["recommend_examples", "guide_question"], False, False),
        ("no_tools", True, False, True),
        ("contains", ["会计", "打交道"], True, False),
        ("contains", ["会计", "五年"], False, False),
        ("contains_any", ["五年", "打交道"], True, False),
        ("absent", ["和你问的最接近"], True, True),
        ("absent", ["有劲"], False, True),
        ("new_examples", True, True, False),
        ("refers_to", 2, True, False),
        ("refers_to", 1, False, False),
        ("refers_to", 3, False, False),
        ("has_example", True, True, False),
        ("has_example", False, False, True),
        ("guide_mode", "quiet", True, False),
        ("asks_at_most_one_question", True, True, False),
    ],
)
def test_each_check_holds_and_fails_on_hand_made_replies(
    key, expected, holds_on_seen, holds_on_bare
):
    held, detail = CHECKS[key](expected, SEEN)
    assert held is holds_on_seen and detail
    assert CHECKS[key](expected, BARE)[0] is holds_on_bare


def test_every_expectation_key_has_a_check():
    from agent.evaluation.cases import EXPECT_TYPES

    assert set(CHECKS) == set(EXPECT_TYPES)


@pytest.mark.parametrize(
    ("reply", "held"),
    [("", False), ("  ", False), ("好" * 200, True), ("好" * 201, False)],
)
def test_length_rule_is_judged_on_every_turn_under_rules(reply, held):
    [rule, act] = outcomes_judge(
        expect={"act": "greet"}, seen=Observed(reply=reply), category="other"
    )
    assert (rule.key, rule.category, rule.held) == ("length", "rules", held)
    assert (act.key, act.category, act.held) == ("act", "other", False)


# --- runner with a scripted coach ---------------------------------------------


@dataclass
class FakeResult:
    text: str
    tools_used: list = field(default_factory=list)
    examples: list = field(default_factory=list)
    trace: dict = field(default_factory=dict)
    notes: dict = field(default_factory=dict)
    actions: dict = field(default_factory=dict)


async def test_runner_threads_mode_notes_and_reads_act_and_actions(tmp_path):
    seen: list[api.SessionSnapshot] = []

    async def run(*, snapshot, text, selection, guide_id, config):
        seen.append(snapshot)
        if text == "坏掉":
            raise RuntimeError("boom")
        yield api.TurnDelta("好")
        turn = len(seen)
        yield FakeResult(
            text=f"好的，已打开安静模式（{turn}）",
            trace={"act": "quiet"},
            notes={"turns": turn},
            actions={"guide_mode": "quiet"} if turn == 1 else {},
        )

    turns = [
        {"text": "别提醒我了", "expect": {"act": "quiet", "guide_mode": "quiet"}},
        {"text": "坏掉", "expect": {"act": "quiet"}},
        {"text": "还在吗", "step": "strengths_exploration", "focus": "S01"},
    ]
    report = await evaluate_async(
        write(tmp_path, session(category="quiet", turns=turns)), run=run
    )
    assert [s.guide_mode for s in seen] == ["normal", "quiet", "quiet"]
    assert seen[1].notes == {"turns": 1} and seen[2].notes == {"turns": 1}
    assert (seen[2].step, seen[2].question_id) == ("strengths_exploration", "S01")
    first, broken, _ = report.records
    assert all(o.held for o in first.outcomes)
    assert broken.error == "RuntimeError: boom" and broken.seen.reply == ""
    assert report.categories["rules"].total == 3
    assert report.categories["rules"].held == 2
    assert seen[2].recent_messages[-2:] == [("user", "坏掉"), ("coach", "")]


# --- runner on the offline coach ----------------------------------------------

TINY = [
    session(
        id="tiny-story",
        turns=[
            {"text": "能给我一个示例吗？", "expect": {"tool": "recommend_examples"}},
            {
                "text": "这样写行吗",
                "focus": "V04",
                "answer": {"V04": "我不想像我爸妈那样"},
                "category": "feedback",
                "expect": {"contains_any": ["爸妈"]},
            },
        ],
    ),
    session(
        id="tiny-concept",
        category="concept",
        turns=[{"text": "什么是价值观", "expect": {"tool": "explain_concept"}}],
    ),
]


async def test_offline_run_reports_categories_and_threads_each_session(
    kb, offline_config, tmp_path
):
    passed: list[tuple[api.SessionSnapshot, object]] = []

    async def spy(*, snapshot, **kwargs):
        async for event in api.run_turn(snapshot=snapshot, **kwargs):
            if isinstance(event, api.TurnResult):
                passed.append((snapshot, event))
            yield event

    report = await evaluate_async(
        write(tmp_path, *TINY), config=offline_config, run=spy
    )
    assert set(report.categories) == {"story", "feedback", "concept", "rules"}
    assert report.categories["rules"].total == 3 and len(report.records) == 3
    assert report.overall.total == 3 + 3
    story = [(s, r) for s, r in passed if s.session_id.startswith("eval-tiny-story-")]
    (first, first_reply), (second, _) = story
    assert first.recent_messages == [] and first.question_id == "V03"
    assert second.recent_messages == [
        ("user", "能给我一个示例吗？"),
        ("coach", first_reply.text),
    ]
    assert (second.question_id, second.answers["V04"]) == ("V04", "我不想像我爸妈那样")
    assert second.notes == first_reply.notes
    assert first.session_id == second.session_id
    assert len({s.session_id for s, _ in passed}) == 2
    text = report_render(report)
    assert "story" in text and "rules" in text and "overall" in text
    assert json.loads(json.dumps(report_to_dict(report)))["records"][1]["turn"] == 2


def test_command_exits_2_on_a_bad_file(tmp_path):
    with pytest.raises(CommandError) as info:
        call_command("coach_eval", str(write(tmp_path, "{nope")), "--offline")
    assert info.value.returncode == 2 and ":1: bad JSON" in str(info.value)


def test_command_prints_scorecard_writes_json_and_exits_1_under_threshold(
    kb, tmp_path, capsys
):
    out = tmp_path / "records.json"
    path = write(tmp_path, TINY[1])
    with pytest.raises(CommandError) as info:
        call_command(
            "coach_eval",
            str(path),
            "--offline",
            "--threshold",
            "1.01",
            "--json",
            str(out),
        )
    assert info.value.returncode == 1 and "threshold" in str(info.value)
    assert "overall" in capsys.readouterr().out
    assert (
        json.loads(out.read_text(encoding="utf-8"))["records"][0]["text"]
        == "什么是价值观"
    )


# --- per-act precision and abstentions ------------------------------------------


async def test_acts_are_scored_per_act_and_abstentions_are_not_wrong_acts(tmp_path):
    said = {"a": "reflect", "b": "abstain", "c": "explain", "d": "reflect"}

    async def run(*, snapshot, text, selection, guide_id, config):
        yield FakeResult(text="好的。", trace={"act": said[text]})

    turns = [
        {"text": "a", "expect": {"act": "reflect"}},  # right
        {"text": "b", "expect": {"act": ["reflect", "empathy"]}},  # abstained
        {"text": "c", "expect": {"act": "rephrase"}},  # wrong
        {"text": "d"},  # no act expectation: not judged
    ]
    report = await evaluate_async(write(tmp_path, session(turns=turns)), run=run)
    assert (report.taken.held, report.taken.total) == (1, 2)  # reflect ✓, explain ✗
    assert (report.abstained.held, report.abstained.total) == (1, 3)
    reflect, explain = report.by_act["reflect"], report.by_act["explain"]
    assert (reflect.taken, reflect.right, reflect.wanted, reflect.abstained) == (
        1,
        1,
        2,
        1,
    )
    assert report.by_act["empathy"].abstained == 1
    assert explain.precision == 0.0 and report.by_act["abstain"].right == 0
    text = report_render(report)
    assert "acts taken" in text and "abstained 1/3" in text


# --- reproducible ---------------------------------------------------------------


async def test_the_same_file_gives_the_same_report_twice(kb, offline_config, tmp_path):
    # Turns whose wording varies by seed (a greeting, examples, a story).
    path = write(
        tmp_path,
        *TINY,
        session(
            id="tiny-variety",
            turns=[
                {"text": "你好"},
                {"text": "能举几个例子吗"},
                {"text": "我做了五年会计，但一直觉得没意思，我喜欢和人打交道"},
                {"text": "然后呢"},
            ],
        ),
    )

    def steady(report) -> tuple:
        """Return the report without clock times and cache hits (all that varies)."""
        data = report_to_dict(report)
        data.pop("seconds")
        for record in data["records"]:
            record.pop("latency_ms")
            record["trace"].pop("latency_ms", None)
            for tool in record["trace"].get("tools") or []:
                tool.pop("ms"), tool.pop("cached")
        first, *rest = report_render(report, verbose=True).splitlines()
        return data, re.sub(r"[\d.]+ s,", "", first), rest

    first = steady(await evaluate_async(path, config=offline_config))
    second = steady(await evaluate_async(path, config=offline_config))
    assert first == second


# --- the bar ------------------------------------------------------------------


async def test_dev_set_meets_the_bar(kb, offline_config):
    report = await evaluate_async(DEV_SET, config=offline_config)
    assert report.overall.share >= 0.90, report_render(report, verbose=True)
