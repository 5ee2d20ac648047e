"""Pure guidance detectors: boundaries, Chinese counting, vague rules, quiet mode."""

from datetime import UTC, datetime, timedelta

import pytest

from coach import detectors

T0 = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("我喜欢画画", 5),
        ("我 喜欢，画画！", 5),  # spaces and punctuation do not count
        ("……。。，，  ", 0),
        ("AI和数据", 5),
        ("hello 世界", 7),
        ("２０２６年", 5),  # full-width digits are characters too
    ],
)
def test_char_count_counts_each_cjk_character_once_and_skips_punctuation(text, count):
    assert detectors.char_count(text) == count


def test_short_answer_boundary_is_strictly_below_threshold():
    assert detectors.is_short("一" * 19, threshold=20)
    assert not detectors.is_short("一" * 20, threshold=20)
    assert detectors.is_short("我想要自由。。。！！！", threshold=20)
    assert not detectors.is_short("", threshold=20)  # nothing written is not "short"
    assert not detectors.is_short("，。！", threshold=20)


@pytest.mark.parametrize(
    "text",
    [
        "不知道",
        "还好",
        "没什么。",
        "一般般",
        "随便吧",
        "都行",
        "说不上来",
        "不知道吧其实",
        "啊啊啊啊啊",
        "哈哈哈哈",
        "111111",
        "  IDK ",
        "OK",
        "都还好吧 没啥特别生气的",
        "我也不知道",
    ],
)
def test_vague_answers_are_recognised(text):
    assert detectors.is_vague(text)


def test_a_lone_knowledge_label_is_vague_but_a_short_sentence_is_not():
    labels = frozenset({"自由", "成长"})
    assert detectors.is_vague("自由。", labels=labels)
    assert not detectors.is_vague("我画画", labels=labels)
    assert not detectors.is_vague("自由", labels=frozenset())


@pytest.mark.parametrize(
    "text",
    [
        "我最敬佩我的外婆，她六十岁开始学画画，一直画到现在。",
        "去年换工作时，我最看重的是能不能自己安排时间。",
        "不知道为什么，每次看到有人插队我都特别生气，因为这不公平。",
        "还好吧，其实我很喜欢画画",
        "不知道算不算，我小时候总爱拆收音机",
        "",
        "   ",
    ],
)
def test_specific_or_empty_answers_are_not_vague(text):
    assert not detectors.is_vague(text)


def test_idle_deadline_uses_the_quiet_timeout_in_quiet_mode():
    normal = detectors.idle_deadline(
        last_activity=T0, quiet=False, idle_timeout=600, quiet_timeout=900
    )
    quiet = detectors.idle_deadline(
        last_activity=T0, quiet=True, idle_timeout=600, quiet_timeout=900
    )
    assert normal == T0 + timedelta(seconds=600)
    assert quiet == T0 + timedelta(seconds=900)
    assert not detectors.is_due(normal, T0 + timedelta(seconds=599))
    assert detectors.is_due(normal, T0 + timedelta(seconds=600))


def test_stuck_clock_restarts_when_the_answer_changes():
    assert (
        detectors.stuck_deadline(
            focus_since=None, answer_changed=None, stuck_timeout=600
        )
        is None
    )
    plain = detectors.stuck_deadline(
        focus_since=T0, answer_changed=None, stuck_timeout=600
    )
    assert plain == T0 + timedelta(seconds=600)
    edited = detectors.stuck_deadline(
        focus_since=T0, answer_changed=T0 + timedelta(seconds=300), stuck_timeout=600
    )
    assert edited == T0 + timedelta(seconds=900)
    older = detectors.stuck_deadline(
        focus_since=T0, answer_changed=T0 - timedelta(days=1), stuck_timeout=600
    )
    assert older == plain
