"""Horizontal bar charts as plain geometry, drawn as inline SVG by the template.

No chart library and no script: the page's CSP allows neither inline code nor
outside sources, and a few rectangles need neither.
"""

from dataclasses import dataclass

LABEL_WIDTH = 60  # room for a question id or a trigger name
PLOT_WIDTH = 300
VALUE_ROOM = 40  # the number written after the longest bar
BAR = 12
ROW_GAP = 8
TOP = 8


@dataclass
class Bar:
    """One rectangle and the number written after it."""

    x: int
    y: int
    width: int
    height: int
    series: int  # 0, 1…: picks the colour class in the stylesheet
    value: int
    text_x: int
    text_y: int


@dataclass
class BarRow:
    """A label on the left and one bar per series."""

    label: str
    label_y: int
    bars: list[Bar]


@dataclass
class BarChart:
    """An SVG's size, its rows, and the legend's series names."""

    title: str
    width: int
    height: int
    rows: list[BarRow]
    series: list[str]


def bar_chart(*, title: str, series: list[str], rows: list[tuple]) -> BarChart:
    """Lay out grouped horizontal bars: ``rows`` is [(label, [value per series])]."""
    peak = max((v for _, values in rows for v in values), default=0) or 1
    row_height = BAR * len(series) + ROW_GAP
    laid = []
    for i, (label, values) in enumerate(rows):
        top = TOP + i * row_height
        bars = []
        for j, value in enumerate(values):
            width = round(PLOT_WIDTH * value / peak)
            y = top + j * BAR
            bars.append(
                Bar(
                    x=LABEL_WIDTH,
                    y=y,
                    width=width,
                    height=BAR - 1,
                    series=j,
                    value=value,
                    text_x=LABEL_WIDTH + width + 4,
                    text_y=y + BAR - 2,
                )
            )
        laid.append(BarRow(label, top + (BAR * len(series)) // 2 + 4, bars))
    return BarChart(
        title=title,
        width=LABEL_WIDTH + PLOT_WIDTH + VALUE_ROOM,
        height=TOP * 2 + row_height * len(rows),
        rows=laid,
        series=series,
    )


def insight_charts(insights) -> list[BarChart]:
    """Return the page's two charts: people per question, nudges per trigger."""
    return [
        bar_chart(
            title="每道题：到达与回答的人数",
            series=["到达", "回答"],
            rows=[(q.question_id, [q.reached, q.answered]) for q in insights.questions],
        ),
        bar_chart(
            title="主动引导：发出与 10 分钟内有回答",
            series=["发出", "10 分钟内有回答"],
            rows=[(t.name, [t.sent, t.followed]) for t in insights.triggers],
        ),
    ]
