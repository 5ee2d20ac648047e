"""Which workbook question a reply is about: the label the page shows on it.

The message names a question (the card it was asked from, or the one in
focus), but a reply may turn to another one ("先从第4题开始"): then the
reply's label must say 第4题, not the question the person happened to be on.
Pure: the caller passes the workbook's questions.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

STEP_OF_TITLE = {
    "重要的事": "values_exploration",
    "擅长的事": "strengths_exploration",
    "喜欢的事": "interests_exploration",
}
# "第4题", "重要的事·第4题", "重要的事第 4 题", or a bare id such as "V04".
REF = re.compile(
    r"(?:(重要的事|擅长的事|喜欢的事)\s*[·・的]?\s*)?第\s*(\d{1,2})\s*[题道]"
    r"|(?<![A-Za-z0-9])([VSPC]\d{2})(?![0-9])"
)


# The note the format step puts first when the message was about a question
# other than the one in focus ("（关于第1题）"): it names the message's question,
# not the one the reply turns to.
ASKED_NOTE = re.compile(r"^\s*[（(]关于[^）)]{0,12}[）)]")


class Question(Protocol):
    """What this module reads of a workbook question (read-only)."""

    @property
    def id(self) -> str: ...  # noqa: D102

    @property
    def step(self) -> str: ...  # noqa: D102

    @property
    def number(self) -> int: ...  # noqa: D102


def reply_question(
    text: str, *, default: str, step: str, questions: Iterable[Question]
) -> str:
    """Return the id of the question ``text`` is about.

    Args:
        text: The reply as the person reads it.
        default: The question the message was about (may be empty).
        step: The step a bare "第N题" belongs to when ``default`` is empty.
        questions: The workbook's questions.

    Returns:
        The one question the reply names, when it names exactly one;
        otherwise ``default`` (no name, or several: a comparison is about
        the question asked).
    """
    questions = list(questions)
    by_id = {q.id: q for q in questions}
    home = by_id[default].step if default in by_id else step
    named: set[str] = set()
    for title, number, qid in REF.findall(ASKED_NOTE.sub("", text or "")):
        if qid:
            if qid in by_id:
                named.add(qid)
            continue
        where = STEP_OF_TITLE.get(title, home)
        named.update(
            q.id for q in questions if q.step == where and q.number == int(number)
        )
    return named.pop() if len(named) == 1 else default
