"""The plain, frozen records the read API returns (cacheable, safe in async code)."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SearchHit:
    """A knowledge row or a workbook question, as found by a search or a lookup."""

    category: str  # "values" | "strengths" | "interests" | "questions"
    id: str  # "V001" / "T001" / "P001" for rows, "V01" / "S01" / "P01" for questions
    name: str  # value name / talent name / passion field / question text
    snippet: str  # definition / description / question hint
    score: float
    data: dict = field(default_factory=dict)  # every column, or the question fields


@dataclass(frozen=True)
class QuestionInfo:
    """A workbook question; number is 1-based within its step."""

    id: str
    step: str
    number: int
    text: str
    hint: str
    example: str


@dataclass(frozen=True)
class QuestionHelpInfo:
    """How the coach explains a workbook question: other words, fit, an example."""

    id: str
    rephrase: str
    fits: str
    example: str


@dataclass(frozen=True)
class GuideInfo:
    """A quick-pick guide question of a step."""

    id: str
    step: str
    text: str
    type: str


@dataclass(frozen=True)
class StepInfo:
    """A workbook section: its title, intro Markdown and wrap-up line."""

    step: str
    title: str
    intro: str
    wrapup: str
