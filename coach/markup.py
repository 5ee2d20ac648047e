"""A tiny Markdown subset as structured blocks, so templates escape every word.

Only what the workbook text uses: paragraphs, ``- `` and ``1. `` lists, ``> ``
quotes and ``**bold**``. Nothing here produces HTML; templates render the blocks
with autoescaping, so no text is ever marked safe.
"""

import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITEM = re.compile(r"^(?:[-*]|(\d+)\.)\s+(.*)$")


def runs_parse(text: str) -> list[dict]:
    """Split a line into ``{"text", "bold"}`` runs."""
    runs, pos = [], 0
    for match in _BOLD.finditer(text):
        if match.start() > pos:
            runs.append({"text": text[pos : match.start()], "bold": False})
        runs.append({"text": match.group(1), "bold": True})
        pos = match.end()
    if pos < len(text):
        runs.append({"text": text[pos:], "bold": False})
    return runs


def blocks_parse(text: str) -> list[dict]:
    """Return blocks ``{"kind": p|ul|ol|quote, "runs"|"items"}`` for ``text``."""
    blocks: list[dict] = []
    for raw in (text or "").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        item = _ITEM.match(line)
        if item:
            kind = "ol" if item.group(1) else "ul"
            if not blocks or blocks[-1]["kind"] != kind:
                blocks.append({"kind": kind, "items": []})
            blocks[-1]["items"].append(runs_parse(item.group(2)))
        elif line.startswith(">"):
            blocks.append({"kind": "quote", "runs": runs_parse(line.lstrip("> "))})
        else:
            blocks.append({"kind": "p", "runs": runs_parse(line)})
    return blocks


def plain(text: str) -> str:
    """Return ``text`` without Markdown emphasis markers."""
    return _BOLD.sub(r"\1", text or "")
