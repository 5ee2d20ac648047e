"""question_help.csv: how the coach explains each workbook question (Coach 3 §7)."""

from __future__ import annotations

import re

from knowledge import selectors
from tests.knowledge.helpers import HELP, file_edit, line_of
from tests.knowledge.test_loader import problems_of


def _folded(text: str) -> str:
    return re.sub(r"[\s\W_]+", "", text)


def test_every_workbook_question_has_help_in_other_words(kb):
    questions = selectors.questions_all()
    assert len(questions) >= 30
    for q in questions:
        help_row = selectors.question_help_get(question_id=q.id)
        assert help_row is not None, q.id
        assert help_row.rephrase and help_row.fits and help_row.example, q.id
        # Other words: no eight characters in a row of the question come back.
        body, again = _folded(q.text), _folded(help_row.rephrase)
        runs = {body[i : i + 8] for i in range(len(body) - 7)}
        assert not any(run in again for run in runs), (q.id, help_row.rephrase)
        # Its own short example, not the workbook's one again.
        assert _folded(help_row.example) not in _folded(q.example), q.id
        assert len(help_row.example) <= 40, q.id


def test_help_is_quotable_as_knowledge_text(kb):
    # The coach quotes the example in “”; the quote guard checks it against this.
    help_row = selectors.question_help_get(question_id="V05")
    assert help_row is not None and help_row.example in selectors.knowledge_text()


def test_a_help_row_for_a_question_the_workbook_lacks_is_refused(data_dir):
    file_edit(data_dir / HELP, "\nV09,", "\nV19,")
    line = line_of(data_dir / HELP, "V19,")
    assert f"{HELP}:{line}: id: 工作簿里没有 V19 这道题" in problems_of(data_dir)
