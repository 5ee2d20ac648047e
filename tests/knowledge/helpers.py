"""Helpers for tests that edit a copy of data/."""

from pathlib import Path

from django.conf import settings

DATA = Path(settings.KNOWLEDGE_DIR)
VALUES, TALENTS, PASSIONS = (
    "重要的事_价值观.csv",
    "擅长的事_才能.csv",
    "喜欢的事_热情.csv",
)
GUIDES, WORKBOOK = "guide_questions.csv", "question.md"
LEXICON, HELP = "evidence_lexicon.csv", "question_help.csv"
FILES = (VALUES, TALENTS, PASSIONS, GUIDES, LEXICON, HELP, WORKBOOK)


def file_edit(path: Path, old: str, new: str, *, count: int = 1) -> None:
    """Replace text in a data file, failing loudly if the text is not there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, startswith: str) -> int:
    """Return the 1-based line number of the first line starting with a prefix."""
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line.startswith(startswith):
            return number
    raise AssertionError(f"no line starts with {startswith!r}")
