"""The data files: names, CSV columns and the model fields they fill."""

from dataclasses import dataclass

from django.db import models

from knowledge.models import (
    GuideQuestion,
    LexiconTerm,
    PassionEntry,
    QuestionHelp,
    TalentEntry,
    ValueEntry,
)

WORKBOOK_FILE = "question.md"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a data file, printed as `file:line: column: message`."""

    file: str
    line: int  # physical line in the file, the header is line 1; 0 = the whole file
    column: str
    message: str

    def __str__(self):
        return f"{self.file}:{self.line}: {self.column}: {self.message}"


@dataclass(frozen=True)
class CsvSpec:
    """A CSV file: its columns in order, the model attribute behind each, its key."""

    filename: str
    model: type[models.Model]
    columns: tuple[str, ...]
    attrs: tuple[str, ...]
    key: tuple[str, ...]  # natural key, as column names
    question_column: str = ""  # a column whose cells must name a workbook question

    @property
    def key_attrs(self) -> tuple[str, ...]:
        """Return the natural key as model attributes."""
        return tuple(self.attrs[self.columns.index(c)] for c in self.key)

    def field(self, column: str) -> models.Field:
        """Return the model field behind a column."""
        return self.model._meta.get_field(self.attrs[self.columns.index(column)])

    def to_attrs(self, row: dict) -> dict:
        """Map a row keyed by column to model attributes (integers become ints)."""
        return {
            attr: self.field(col).to_python(row[col])
            for col, attr in zip(self.columns, self.attrs, strict=True)
        }

    def to_row(self, obj: dict) -> dict:
        """Map model attribute values back to a row of strings keyed by column."""
        return {
            col: str(obj[attr])
            for col, attr in zip(self.columns, self.attrs, strict=True)
        }


def _entries(filename: str, model: type[models.Model]) -> CsvSpec:
    columns = tuple(f.name for f in model._meta.concrete_fields)
    return CsvSpec(filename, model, columns, columns, ("id",))


VALUES = _entries("重要的事_价值观.csv", ValueEntry)
TALENTS = _entries("擅长的事_才能.csv", TalentEntry)
PASSIONS = _entries("喜欢的事_热情.csv", PassionEntry)
GUIDES = CsvSpec(
    "guide_questions.csv",
    GuideQuestion,
    ("step", "id", "text", "type", "sort_order"),
    ("step", "guide_id", "text", "type", "sort_order"),
    ("step", "id"),
)
# The evidence matcher's negations, shrugs, homonyms and weak words.
LEXICON = CsvSpec(
    "evidence_lexicon.csv",
    LexiconTerm,
    ("kind", "term", "note"),
    ("kind", "term", "note"),
    ("kind", "term"),
)
# How the coach explains each workbook question: another wording, what fits,
# one short example (Coach 3 §7).
QUESTION_HELP = CsvSpec(
    "question_help.csv",
    QuestionHelp,
    ("id", "rephrase", "fits", "example"),
    ("id", "rephrase", "fits", "example"),
    ("id",),
    question_column="id",
)
ENTRY_SPECS = (VALUES, TALENTS, PASSIONS)
CSV_SPECS = (*ENTRY_SPECS, GUIDES, LEXICON, QUESTION_HELP)
