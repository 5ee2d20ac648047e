"""Issue 14, items 5 and 6 in a real browser, at 1280×800 and 375×812.

Step 4's candidate fields, the editable results page, the diagram's labels,
printing, the profile's autosave and dark mode, against the real stack.
"""

import re

import pytest

from tests.web.browser import CHROMIUM, SHOTS, screenshot
from tests.web.conftest import served
from tests.web.samples import ANSWERS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium"),
]

LONG_FIELD = "教育公平与乡村教育振兴"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    with served(tmp_path_factory.mktemp("results-stack"), COACH_LLM="offline") as url:
        yield url


@pytest.fixture
def tab(sized_tab):
    return sized_tab


def no_overflow(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= window.innerWidth + 1"
    )


def answered(tab) -> None:
    tab.open("/workbook/")
    tab.answer_many(ANSWERS)


def test_step4_has_candidate_fields_that_save_and_take_a_suggestion(tab):
    answered(tab)
    page = tab.page
    page.click("#tab-synthesis")
    fields = page.locator("[data-step-panel=synthesis] [data-answer]")
    assert fields.count() == 5
    card = page.locator("#q-C01")
    card.get_by_role("button", name="让教练给建议").click()
    page.wait_for_selector("#q-C01 [data-save-state][data-state=saved]")
    text = page.input_value("#a-C01")
    assert "小实验" in text and "你写过" in text
    # The suggestion quotes what this person wrote, not a fixed template.
    assert any(a.split("，")[0][:8] in text for a in ANSWERS.values()), text
    assert {"type": "answer", "question_id": "C01", "text": text} in tab.sent
    page.fill("#a-C02", "用讲故事在历史领域做短视频，一周内拍一条给 5 个朋友看")
    page.focus("#composer-input")
    page.wait_for_selector("#q-C02 [data-save-state][data-state=saved]")
    assert no_overflow(page)
    if tab.size == "desktop":
        card.scroll_into_view_if_needed()
        screenshot(page, SHOTS / "synthesis-step4.png")
    tab.reload()
    page.click("#tab-synthesis")
    assert page.input_value("#a-C01") == text
    assert page.text_content("#tab-synthesis [data-progress-text]") == "2/5"
    tab.assert_clean()


def save_editor(page, kind: str) -> None:
    with page.expect_navigation():
        page.click(f"[data-editor={kind}] button[type=submit]:not([name])")


def test_results_lists_and_candidates_are_editable(tab):
    answered(tab)
    page = tab.page
    tab.open("/results/")
    # Values: rename the first, add one, then remove another.
    page.click("[data-editor=values] summary")
    page.fill("#edit-values-0", "家人")
    page.fill("#edit-values-new", "好奇心")
    save_editor(page, "values")
    names = page.locator("[data-rank-list] .rank-item__name").all_text_contents()
    assert names[0] == "家人" and "好奇心" in names
    assert page.text_content("[data-flash=values]") == "已保存"
    page.click("[data-editor=values] summary")
    removed = names[1]
    with page.expect_navigation():
        page.click(f"[data-editor=values] button[aria-label='删除 {removed}']")
    names = page.locator("[data-rank-list] .rank-item__name").all_text_contents()
    assert removed not in names and names[0] == "家人"
    # Fields: a long name of their own.
    page.click("[data-editor=fields] summary")
    page.fill("#edit-fields-new", LONG_FIELD)
    save_editor(page, "fields")
    assert LONG_FIELD in page.locator(".field-card__name").all_text_contents()
    # Talents: too many is refused in Chinese, nothing saved.
    page.click("[data-editor=talents] summary")
    before = page.locator(".trait__name").all_text_contents()
    page.evaluate(
        """() => { const list = document.querySelector(
             "[data-editor=talents] .editor__list");
           for (let i = 0; i < 9; i++) { const li = document.createElement("li");
             const input = document.createElement("input"); input.name = "item";
             input.value = "才能" + i; li.append(input); list.append(li); } }"""
    )
    save_editor(page, "talents")
    assert "最多 8 条" in page.text_content("[data-flash=talents]")
    assert page.locator(".trait__name").all_text_contents() == before
    # Candidates: adopt one of the coach's, write one, mark it 这周就试.
    with page.expect_navigation():
        page.locator(".candidate__adopt button").first.click()
    page.click("[data-editor=candidates] summary")
    page.fill("#edit-candidates-new", "这周末去社区图书馆做一次读书分享")
    page.check("[data-editor=candidates] input[name=try][value='1']")
    save_editor(page, "candidates")
    mine = page.locator("[data-mine] .mine__item")
    assert mine.count() == 2
    tried = page.locator(".mine__item--try")
    assert "这周末去社区图书馆做一次读书分享" in tried.text_content()
    assert "这周就试" in tried.text_content()
    assert no_overflow(page)
    if tab.size == "desktop":
        page.click("[data-editor=candidates] summary")
        page.evaluate("document.querySelector('#candidates').scrollIntoView()")
        screenshot(page, SHOTS / "results-editable.png")
    markdown = page.request.get(tab.base + "/results.md").text()
    values_part = markdown.split("## 擅长的事")[0]
    assert "家人" in values_part and "好奇心" in values_part
    assert removed not in values_part
    assert LONG_FIELD in markdown
    assert re.search(r"读书分享.*这周就试", markdown)
    tab.assert_clean()


def test_venn_labels_fit_with_ellipsis_tooltip_and_legend(tab):
    answered(tab)
    page = tab.page
    tab.open("/results/")
    page.click("[data-editor=fields] summary")
    page.fill("#edit-fields-0", LONG_FIELD + "与终身学习")
    save_editor(page, "fields")
    label = page.locator(f".venn__item[data-full='{LONG_FIELD}与终身学习']")
    assert label.locator("title").text_content() == LONG_FIELD + "与终身学习"
    lines = label.locator("tspan").all_text_contents()
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert LONG_FIELD + "与终身学习" in page.text_content(".venn-legend")
    # Every label stays inside the drawing.
    inside = page.evaluate(
        """() => { const svg = document.querySelector(".venn").getBoundingClientRect();
          return [...document.querySelectorAll(".venn__item")].every((t) => {
            const r = t.getBoundingClientRect();
            return r.left >= svg.left - 1 && r.right <= svg.right + 1; }); }"""
    )
    assert inside
    tab.assert_clean()


def test_printing_the_results_gives_at_most_two_pages(tab, tmp_path):
    answered(tab)
    page = tab.page
    tab.open("/results/")
    page.click("[data-editor=candidates] summary")
    page.fill("#edit-candidates-new", "这周末去社区图书馆做一次读书分享")
    save_editor(page, "candidates")
    pdf = page.pdf(format="A4", print_background=True)
    (tmp_path / "results.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert 1 <= pages <= 2, pages


def test_profile_autosaves_like_the_workbook(tab):
    page = tab.page
    tab.open("/profile/")
    page.fill("#id_nickname", "小林")
    page.fill("#id_occupation", "小学老师")
    page.wait_for_selector("[data-save-state][data-state=saved]")
    assert page.text_content("[data-save-state]") == "已保存"
    page.reload()
    assert page.input_value("#id_nickname") == "小林"
    assert page.input_value("#id_occupation") == "小学老师"
    # A bad value says so in Chinese and keeps the last good save.
    page.evaluate("document.querySelector('#id_nickname').removeAttribute('maxlength')")
    page.fill("#id_nickname", "长" * 60)
    page.wait_for_selector("[data-save-state][data-state=failed]")
    assert "没通过检查" in page.text_content("[data-save-state]")
    page.reload()
    assert page.input_value("#id_nickname") == "小林"
    assert no_overflow(page)
    # The refused save is a 400, which chromium logs; nothing else may be.
    tab.errors = [e for e in tab.errors if "status of 400" not in e]
    tab.assert_clean()
