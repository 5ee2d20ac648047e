"""A saying of someone else's in quotes names nothing of the person's (coach_blind11).

"老板天天说“我们是一家人”" on V05 is the slogan they are angry about: no 「家人」
on the results page or in the coach's picks. Words said to them ("你很有耐心" on
a card) stay others' view of them, and a parent's saying on V04 stays theirs.
"""

import pytest

from knowledge.evidence import spans_match


def _named(text: str, qid: str) -> set[str]:
    return {e.name for e in spans_match(text=text, question_id=qid)}


def test_a_slogan_quoted_in_anger_names_no_value(kb):
    assert "家人" not in _named(
        "最气的是老板天天说“我们是一家人”，裁人只打一个电话", "V05"
    )


def test_the_same_word_in_their_own_words_still_names(kb):
    assert "家人" in _named("选了离家近的工作，家人最重要", "V02")


@pytest.mark.parametrize(
    ("text", "qid"),
    [
        ("我爸常说“做人要守信”，这个我要留着", "V04"),
        ("我常说“身体最重要”，钱够用就行", "V02"),
    ],
)
def test_a_saying_the_question_asks_about_or_their_own_is_kept(kb, text, qid):
    assert _named(text, qid), text
