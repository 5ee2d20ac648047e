"""Knowledge tables: one per data file (fields = CSV columns), plus the gap log."""

from knowledge.models.entries import PassionEntry, TalentEntry, ValueEntry
from knowledge.models.gaps import KnowledgeGap
from knowledge.models.workbook import (
    QUESTION_PREFIX,
    SECTIONS,
    STEPS,
    GuideQuestion,
    Question,
    StepSection,
    Workbook,
)

__all__ = [
    "QUESTION_PREFIX",
    "SECTIONS",
    "STEPS",
    "GuideQuestion",
    "KnowledgeGap",
    "PassionEntry",
    "Question",
    "StepSection",
    "TalentEntry",
    "ValueEntry",
    "Workbook",
]
