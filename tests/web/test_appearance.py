"""Dark mode follows the system, can be toggled and keeps 4.5:1 contrast."""

import pytest

from tests.web.browser import CHROMIUM, SHOTS, SIZES, Tab, screenshot
from tests.web.conftest import served
from tests.web.samples import ANSWERS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium"),
]

# Key text on its background, on the workbook and the results page.
PAIRS = {
    "/workbook/": [
        "body",
        ".site-nav a",
        ".site-nav a[aria-current]",
        ".question__text",
        ".question__hint",
        ".question__number",
        ".question__answer",
        ".save-state",
        ".eyebrow",
        ".button--primary",
        ".button--soft",
        ".step-tab__title",
        ".messages__empty p",
        ".site-footer p",
        ".theme-toggle",
    ],
    "/results/": [
        ".page-head h1",
        ".page-head__lead",
        ".muted",
        ".rank-item__name",
        ".rank-item__text",
        ".rank-item__num",
        ".trait__def",
        ".trait__form dt",
        ".field-card__cat",
        ".candidate__statement",
        ".candidate__label",
        ".tag",
        ".editor > summary",
        ".venn-legend__item",
        ".evidence__quote",
        ".evidence__link",
        ".review__name",
    ],
}
# The contrast of an element's text with the first opaque background behind it.
CONTRAST = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  let node = el, bg = null;
  const layers = [];
  while (node && node.nodeType === 1) {
    const c = parse(getComputedStyle(node).backgroundColor);
    if (c.length >= 3 && (c[3] === undefined || c[3] > 0)) {
      layers.push(c); if (c[3] === undefined || c[3] >= 1) break; }
    node = node.parentElement;
  }
  bg = [255, 255, 255];
  for (const c of layers.reverse()) { const a = c[3] === undefined ? 1 : c[3];
    bg = bg.map((v, i) => c[i] * a + v * (1 - a)); }
  const fg = parse(getComputedStyle(el).color);
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    with served(tmp_path_factory.mktemp("theme-stack"), COACH_LLM="offline") as url:
        yield url


def contrasts(page, path: str) -> dict[str, float]:
    return {s: page.evaluate(CONTRAST, s) for s in PAIRS[path]}


@pytest.mark.parametrize("size", list(SIZES))
def test_dark_mode_follows_the_system_and_the_toggle_is_remembered(browser, base, size):
    tab = Tab(browser, base, size=size, color_scheme="dark")
    page = tab.page
    try:
        tab.open("/workbook/")
        assert page.get_attribute("html", "data-theme") == "dark"
        toggle = page.get_by_role("button", name="深色模式")
        assert toggle.get_attribute("aria-pressed") == "true"
        toggle.click()
        assert page.get_attribute("html", "data-theme") == "light"
        tab.reload()
        assert page.get_attribute("html", "data-theme") == "light"  # remembered
        toggle.click()
        assert page.get_attribute("html", "data-theme") == "dark"
        tab.assert_clean()
    finally:
        tab.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_key_text_keeps_4_5_to_1_contrast_in_both_themes(browser, base, theme, size):
    tab = Tab(browser, base, size=size, color_scheme=theme)
    page = tab.page
    try:
        tab.open("/workbook/")
        tab.answer_many(ANSWERS)
        assert page.get_attribute("html", "data-theme") == theme
        low = {}
        for path in PAIRS:
            if path != "/workbook/":
                tab.open(path)
                tab.review("T006")  # a talent, so candidates and their tags show
                page.click("[data-editor=values] summary")
            for selector, ratio in contrasts(page, path).items():
                assert ratio is not None, f"{selector} not on {path}"
                if ratio < 4.5:
                    low[f"{path} {selector}"] = round(ratio, 2)
        assert low == {}
        if theme == "dark" and size == "desktop":
            tab.open("/results/")
            screenshot(page, SHOTS / "dark-mode.png")
    finally:
        tab.close()
