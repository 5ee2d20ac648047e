"""Knowledge tables: one per data file, field names equal to the CSV columns."""

from knowledge.models.entries import PassionEntry, TalentEntry, ValueEntry
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
    "PassionEntry",
    "Question",
    "StepSection",
    "TalentEntry",
    "ValueEntry",
    "Workbook",
]
