"""S07's words from the people who know them, read as written (evidence/told.py)."""

import pytest

from knowledge.evidence.told import told_words


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        (
            "媳妇说“手巧”，班长说“肯吃苦”，徒弟说“教得耐心”",
            ["手巧", "肯吃苦", "教得耐心"],
        ),
        (
            "同桌：会安慰人；老师：字好看（她说的原话）；我妈：能吃",
            ["会安慰人", "字好看", "能吃"],
        ),
        ("老板说'执行力强'，客户说靠谱，同事说点子多", ["执行力强", "靠谱", "点子多"]),
        ("manager: detail-oriented；室友：会做饭哈哈", ["detail-oriented", "会做饭"]),
        ("会修东西、脾气好、记性好", ["会修东西", "脾气好", "记性好"]),
        ("主任说我能扛事", ["能扛事"]),
    ],
)
def test_the_words_others_used_are_kept_as_written(answer, words):
    assert [w for _, w in told_words({"S07": answer})] == words


@pytest.mark.parametrize(
    "answer",
    [
        "不知道",
        "还没问，有点不好意思",
        "",
        "   ",
        # Doubted by the person: a suspicion, as the matcher keeps it.
        "朋友说我心细，我也不知道算不算。",
        "同事都说我很会讲故事，我觉得一般吧。",
    ],
)
def test_nothing_asked_yet_gives_no_words(answer):
    assert told_words({"S07": answer}) == []


def test_only_the_question_that_asks_for_them_is_read():
    # What others say under S04 is read by the matcher, with its own rules.
    assert told_words({"S04": "同事说“靠谱”", "S07": ""}) == []
