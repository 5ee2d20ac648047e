"""The results and direction cards as a one-page PDF (``GET /results.pdf``).

reportlab's built-in CID font STSong-Light (Adobe-GB1, UniGB-UCS2-H) needs no
font file: the PDF names the font and every reader maps it to a Chinese font
it ships (docs/results.md says why we chose it). Only the person's words and
knowledge-base names go in: no coach-built text, no knowledge descriptions.
"""

from io import BytesIO
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.platypus import KeepInFrame, Paragraph, SimpleDocTemplate, Spacer

from django.utils import timezone

from coach.models import CoachingSession
from coach.results.directions import results_page

FONT = "STSong-Light"
QUOTE_MAX, NOTES_SHOWN = 60, 3
ACCENT, MUTED = HexColor("#1a5849"), HexColor("#555555")
pdfmetrics.registerFont(UnicodeCIDFont(FONT))


def _style(name: str, size: float, **extra) -> ParagraphStyle:
    # wordWrap CJK: a line may break between any two Chinese characters.
    return ParagraphStyle(
        name, fontName=FONT, fontSize=size, leading=size * 1.45, wordWrap="CJK", **extra
    )


TITLE = _style("title", 17, textColor=ACCENT, spaceAfter=2)
LEAD = _style("lead", 8.5, textColor=MUTED, spaceAfter=6)
HEAD = _style("head", 11.5, textColor=ACCENT, spaceBefore=6, spaceAfter=2)
CARD = _style("card", 10.5, spaceBefore=4, spaceAfter=1)
BODY = _style("body", 9)
SMALL = _style("small", 8, textColor=MUTED, leftIndent=8)


def _short(text: str, most: int = QUOTE_MAX) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= most else text[: most - 1] + "…"


def _row(row: dict) -> str:
    quote = row["evidence"][0]["quote"] if row["evidence"] else ""
    said = f"<font color='#555555'>«{escape(_short(quote))}»</font>" if quote else ""
    return f"{escape(row['name'])} {said}"


def _rows(title: str, rows: list[dict]) -> list:
    if not rows:
        return []
    lines = [Paragraph(escape(title), HEAD)]
    lines += [Paragraph(f"{i}. {_row(r)}", BODY) for i, r in enumerate(rows, 1)]
    return lines


def _card(card: dict) -> list:
    out = [Paragraph(f"方向 {card['position']}：{escape(card['title'])}", CARD)]
    if card["draws_on"]:
        names = "、".join(escape(d["name"]) for d in card["draws_on"])
        out.append(Paragraph(f"用到：{names}", SMALL))
    fields = (("要回答的问题", card["question"]), ("7 天小实验", card["experiment"]))
    for label, text in fields:
        if text:
            out.append(Paragraph(f"{label}：{escape(text)}", BODY))
    gauges = "　".join(f"{g['label']} {g['value'] or '–'}/5" for g in card["gauges"])
    out.append(Paragraph(gauges, SMALL))
    for note in card["notes"][-NOTES_SHOWN:]:
        out.append(Paragraph(f"{note.happened_on:%Y-%m-%d} {escape(note.text)}", SMALL))
    return out


def _story(data: dict) -> list:
    story = [
        Paragraph("我的结果 · 真正想做的事", TITLE),
        Paragraph(
            f"{timezone.localdate():%Y-%m-%d} · 待验证的假设，不是结论。"
            "每一条都附着我自己写的话。",
            LEAD,
        ),
    ]
    story += _rows("重要的事（前 5）", data["top_values"])
    story += _rows("擅长的事", data["talents"])
    story += _rows("喜欢的事", data["fields"])
    mine = [
        f"{'【这周就试】' if c['try'] else ''}{escape(c['text'])}" for c in data["mine"]
    ]
    if mine:
        story.append(Paragraph("我写的候选", HEAD))
        story += [Paragraph(f"{i}. {t}", BODY) for i, t in enumerate(mine, 1)]
    directions = data["directions"]
    if directions["current"]:
        story.append(Paragraph(f"方向卡 · 第 {directions['round']} 轮", HEAD))
        for card in directions["current"]:
            story += _card(card)
    for old in directions["older"]:
        titles = "、".join(escape(c["title"]) for c in old["cards"])
        story.append(Paragraph(f"第 {old['round']} 轮的方向卡：{titles}", SMALL))
    return story


def results_pdf(*, session: CoachingSession) -> bytes:
    """Return the session's results and direction cards as a one-page A4 PDF.

    Everything sits in one frame that shrinks its content to fit, so a long
    card makes the type smaller, never a second page.
    """
    out = BytesIO()
    margin = 14 * mm
    doc = SimpleDocTemplate(
        out,
        pagesize=A4,
        leftMargin=margin,
        rightMargin=margin,
        topMargin=margin,
        bottomMargin=margin,
        title="我的结果",
        creator="找到真正想做的事",
    )
    story = _story(results_page(session=session)) + [Spacer(1, 1)]
    doc.build([KeepInFrame(doc.width, doc.height, story, mode="shrink")])
    return out.getvalue()
