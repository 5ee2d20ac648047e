"""Knowledge tables: one per data file, the gap log and the loader's fingerprints."""

from knowledge.models.entries import PassionEntry, TalentEntry, ValueEntry
from knowledge.models.gaps import KnowledgeGap
from knowledge.models.lexicon import LexiconTerm
from knowledge.models.loads import LoadedRow
from knowledge.models.workbook import (
    QUESTION_PREFIX,
    SECTIONS,
    STEPS,
    GuideQuestion,
    Question,
    QuestionHelp,
    StepSection,
    Workbook,
)

__all__ = [
    "QUESTION_PREFIX",
    "SECTIONS",
    "STEPS",
    "GuideQuestion",
    "KnowledgeGap",
    "LexiconTerm",
    "LoadedRow",
    "PassionEntry",
    "Question",
    "QuestionHelp",
    "StepSection",
    "TalentEntry",
    "ValueEntry",
    "Workbook",
]
