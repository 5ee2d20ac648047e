"""Labels of the three-circle diagram: wrapped, cut with an ellipsis, kept whole."""

VENN_ITEMS, LINE_CHARS, LINES_PER_ITEM = 3, 7, 2
LINE_HEIGHT, ITEM_GAP = 19, 5


def label_lines(name: str) -> list[str]:
    """Return ``name`` wrapped to at most two short lines, the last cut with "…"."""
    name = " ".join(str(name).split())
    lines = [name[i : i + LINE_CHARS] for i in range(0, len(name), LINE_CHARS)]
    if len(lines) > LINES_PER_ITEM:
        lines = lines[:LINES_PER_ITEM]
        lines[-1] = lines[-1][: LINE_CHARS - 1] + "…"
    return lines or [""]


def venn_labels(rows: list[dict], top: int) -> list[dict]:
    """Return up to three labels with their lines' offsets for the SVG.

    Each label keeps its full text (``title``) for the tooltip and the legend.
    """
    labels, y = [], top
    for row in rows[:VENN_ITEMS]:
        lines = label_lines(row["name"])
        labels.append(
            {
                "title": row["name"],
                "text": "".join(lines),
                "cut": "".join(lines).replace("…", "") != row["name"],
                "lines": [
                    {"text": line, "y": y + LINE_HEIGHT * i}
                    for i, line in enumerate(lines)
                ],
            }
        )
        y += LINE_HEIGHT * len(lines) + ITEM_GAP
    return labels
