"""Direction cards as Markdown lines for ``/results.md``: the person's words only."""

from coach.models import CoachingSession
from coach.results.directions import GAUGES, KIND_TITLES, directions_payload


def _card(card: dict, escape) -> list[str]:
    round_note = f"（第 {card['round']} 轮，只读）" if card["archived"] else ""
    out = [f"### {escape(card['title'])}{round_note}", ""]
    for ref in card["draws_on"]:
        said = f"：«{escape(ref['quote'])}»" if ref["quote"] else ""
        kind = KIND_TITLES[ref["kind"]]
        out.append(f"- 用到 {kind} · **{escape(ref['name'])}**{said}")
    if card["question"]:
        out.append(f"- 要回答的问题：{escape(card['question'])}")
    if card["experiment"]:
        out.append(f"- 7 天小实验：{escape(card['experiment'])}")
    gauges = "；".join(
        f"{label} {card['gauges'][key] or '未定'}"
        + ("/5" if card["gauges"][key] else "")
        for key, label in GAUGES.items()
    )
    out.append(f"- 四个仪表：{gauges}")
    for note in card["notes"]:
        out.append(f"- {note['date']} 试了之后：{escape(note['text'])}")
    return [*out, ""]


def cards_markdown(*, session: CoachingSession, escape) -> list[str]:
    """Return the cards section (this round first), or nothing without cards.

    ``escape`` is the export's ``md_escape``, passed in so both stay one module
    each without importing one another.
    """
    cards = directions_payload(session=session)
    if not cards:
        return []
    out = ["## 方向卡（三种可能的人生，待验证）", ""]
    for card in cards:
        out += _card(card, escape)
    return out
