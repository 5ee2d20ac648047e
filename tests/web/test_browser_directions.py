"""Issue 25 point 7 in a real browser: from answers to a tested direction card.

Answers → suggested rows → confirm/dismiss → top 5 → a direction card (created,
gauges set, an outcome recorded) → the one-page PDF and the card's PNG; and a
suggestion on a card never changes saved text without the person's click.
"""

import struct

import pytest

from tests.web.browser import CHROMIUM, SHOTS, screenshot
from tests.web.conftest import served
from tests.web.pdftext import pdf_pages, pdf_text
from tests.web.samples import ANSWERS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium"),
]

TITLE = "开一间帮人整理学习方法的小工作室"
QUESTION = "有人愿意为整理好的学习方法付钱吗？"
EXPERIMENT = "这周六给两个同学各讲 30 分钟我的笔记方法，问他们愿不愿意付费"
OUTCOME = "试了，结果一个同学说愿意付 50 元再听一次"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    with served(tmp_path_factory.mktemp("cards-stack"), COACH_LLM="offline") as url:
        yield url


@pytest.fixture
def tab(sized_tab):
    return sized_tab


def submit(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def card_json(tab) -> list[dict]:
    return tab.page.request.get(tab.base + "/results.json").json()["directions"]


def new_card(tab, title: str, refs: list[str]) -> str:
    """Create a card from the results page; return its id."""
    page = tab.page
    page.fill("#card-new-title", title)
    for ref in refs:
        page.check(f"[data-card-new] input[name=ref][value='{ref}']")
    submit(page, "[data-card-new] button[type=submit]")
    return page.get_attribute("[data-card]", "data-card")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_from_answers_to_a_tested_direction_card_a_pdf_and_a_png(tab, tmp_path):
    page = tab.page
    tab.open("/workbook/")
    tab.answer_many(ANSWERS)
    tab.open("/results/")
    # Suggested rows wait apart; one click each decides.
    assert page.locator("[data-review=talents] [data-suspected=T006]").count() == 1
    tab.review("T006")  # 整理秩序: mine
    tab.review("V063", "dismiss")  # 合作: not me
    tab.review("V040")  # 责任: mine
    top = page.locator(".rank-item--top .rank-item__name").all_text_contents()
    assert top == ["成长", "自由", "公平", "责任"]

    # A direction card: the person's title and their own confirmed rows.
    labels = page.locator("[data-card-new] .direction-source").all_text_contents()
    assert any("整理秩序" in label for label in labels)
    assert not any("合作" in label for label in labels)  # dismissed: not offered
    card = new_card(tab, TITLE, ["talents:T006", "values:V002"])
    at = f"#card-{card}"
    assert page.text_content(f"{at} [data-face-title]") == TITLE
    assert ANSWERS["S01"].rstrip("。") in page.text_content(
        f"{at} .direction-face__draws"
    )
    page.fill(f"{at} textarea[name=question]", QUESTION)
    page.fill(f"{at} textarea[name=experiment]", EXPERIMENT)
    for key, value in (
        ("resources", 3),
        ("liking", 5),
        ("confidence", 2),
        ("coherence", 4),
    ):
        page.check(f"{at} input[name=gauge_{key}][value='{value}']")
    submit(page, f"{at} button[name=do][value=save]:not(.visually-hidden)")
    assert page.text_content("[data-flash=directions]") == "已保存"
    assert page.text_content(f"{at} [data-face-question]") == QUESTION
    assert (
        page.get_attribute(f"{at} [data-face-gauge][data-label=有多喜欢]", "data-value")
        == "5"
    )

    # Back after the experiment: what happened, dated, in the card's history.
    page.fill(f"{at} textarea[name=text]", OUTCOME)
    submit(page, f"{at} .direction-note-form button[type=submit]")
    assert page.text_content(f"{at} [data-face-note-text]") == OUTCOME
    [saved] = card_json(tab)
    assert saved["title"] == TITLE and saved["experiment"] == EXPERIMENT
    assert saved["gauges"] == {
        "resources": 3,
        "liking": 5,
        "confidence": 2,
        "coherence": 4,
    }
    assert [n["text"] for n in saved["notes"]] == [OUTCOME]
    assert [d["name"] for d in saved["draws_on"]] == ["成长", "整理秩序"]
    assert page.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth + 1"
    )  # nothing sideways, on a phone either
    if tab.size == "desktop":
        page.locator(at).scroll_into_view_if_needed()
        screenshot(page, SHOTS / "results-direction-card.png")

    # The one-page PDF, with the card's words in it.
    with page.expect_download() as download:
        page.click("[data-results-pdf]")
    pdf = tmp_path / "results.pdf"
    download.value.save_as(pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-") and pdf_pages(data) == 1
    assert b"/BaseFont /STSong-Light" in data
    text = pdf_text(data)
    assert TITLE in text and QUESTION in text and OUTCOME in text

    # The card's PNG, drawn in the browser.
    with page.expect_download() as download:
        page.click(f"{at} [data-card-png]")
    assert download.value.suggested_filename.endswith(".png")
    png = tmp_path / "card.png"
    download.value.save_as(png)
    image = png.read_bytes()
    width, height = png_size(image)
    assert width == 1080 and 700 <= height <= 4000
    assert len(image) > 20_000  # drawn text, not a blank canvas
    tab.assert_clean()


def test_a_card_suggestion_changes_no_saved_text_without_a_click(tab):
    page = tab.page
    tab.open("/workbook/")
    tab.answer_many(ANSWERS)
    tab.open("/results/")
    tab.review("T006")
    card = new_card(tab, "我的方向", ["talents:T006"])
    at = f"#card-{card}"
    title_box = f"{at} [data-card-suggestion=title]"
    suggested = page.text_content(f"{title_box} [data-suggestion-text]")
    assert suggested == "用「整理秩序」做「心理与自我成长」"
    page.wait_for_timeout(1500)  # nothing autosaves a suggestion
    assert page.input_value(f"{at} input[name=title]") == "我的方向"
    assert card_json(tab)[0]["title"] == "我的方向"
    # Enter in a field saves the person's words; it never accepts a suggestion.
    page.fill(f"{at} textarea[name=question]", "我自己的问题？")
    with page.expect_navigation():
        page.press(f"{at} input[name=title]", "Enter")
    assert card_json(tab)[0]["title"] == "我的方向"
    assert card_json(tab)[0]["question"] == "我自己的问题？"
    # 不用: it goes away, nothing changes.
    submit(page, f"{title_box} button[value='dismiss:title']")
    assert page.locator(title_box).count() == 0
    assert card_json(tab)[0]["title"] == "我的方向"
    # 采用 writes it; 撤销采用 gives the person's words back.
    question_box = f"{at} [data-card-suggestion=question]"
    offered = page.text_content(f"{question_box} [data-suggestion-text]")
    submit(page, f"{question_box} button[value='accept:question']")
    assert (
        page.text_content("[data-flash=directions]") == "已采用教练的建议，随时可以撤销"
    )
    assert card_json(tab)[0]["question"] == offered
    assert page.text_content(f"{at} [data-face-question]") == offered
    submit(page, f"{at} [data-card-undo=question] button")
    assert card_json(tab)[0]["question"] == "我自己的问题？"
    assert page.input_value(f"{at} textarea[name=question]") == "我自己的问题？"
    tab.assert_clean()
