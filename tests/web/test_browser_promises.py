"""Issue 28 in a real browser: quiet mode, Markdown replies (and XSS), labels, a phone.

The stack runs the OpenAI-compatible path against the fake model server
(``fake_llm.py``), so a test scripts exactly what the "model" writes; nudges
come a second after a short answer settles.
"""

import pytest

from tests.agent.fake_openai import Step
from tests.web.browser import CHROMIUM, SHOTS, Tab, screenshot
from tests.web.conftest import served
from tests.web.fake_llm import ThreadedFakeOpenAI

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium"),
]

DESKTOP = {"viewport": {"width": 1280, "height": 860}}
KEYBOARD_UP = {"viewport": {"width": 375, "height": 450}, "has_touch": True}
SLOW = {"chunk_chars": 3, "chunk_delay": 0.1}
MARKDOWN = (
    "这说明**看到自己的工作真正帮到具体的人**对你很重要。\n\n"
    "1. 先写一个场景\n2. 再写*当时的感受*\n\n"
    "用 `一句话` 概括，参考 [这篇](https://example.org/a)。"
)
XSS = (
    "比如有人这样写："
    '<img src=x onerror="window.__xss=1">'
    "<script>window.__xss=2</script>"
    '<svg onload="window.__xss=3">'
    "[点我](javascript:window.__xss=4)"
    '<a href="javascript:window.__xss=5">链接</a>'
    "![图](https://example.org/x.png)**仍然加粗**。你呢？"
)
# Records any element a reply must never contain, at every step of streaming.
WATCH_DANGER = """() => {
  window.__danger = []; window.__streamedText = '';
  new MutationObserver(() => {
    for (const md of document.querySelectorAll('.msg--coach .msg__md')) {
      const bad = 'img, script, svg, iframe, object, [onerror], [onload]';
      for (const n of md.querySelectorAll(bad))
        window.__danger.push(n.outerHTML);
      for (const a of md.querySelectorAll('a'))  // links: http(s) only, rel set
        if (!/^https?:/.test(a.getAttribute('href')) || a.rel !== 'noopener nofollow')
          window.__danger.push(a.outerHTML);
      if (md.closest('.is-streaming')) window.__streamedText = md.textContent;
    }
  }).observe(document.querySelector('[data-messages]'),
    {subtree: true, childList: true, characterData: true});
}"""
# Records whether Markdown was already rendered while the reply was streaming.
WATCH_BOLD = """() => {
  window.__boldWhileStreaming = false;
  new MutationObserver(() => {
    if (document.querySelector('.msg--coach.is-streaming .msg__md strong'))
      window.__boldWhileStreaming = true;
  }).observe(document.querySelector('[data-messages]'),
    {subtree: true, childList: true});
}"""
CONTRAST = """(selector) => {
  const el = document.querySelector(selector);
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const fg = parse(getComputedStyle(el, '::placeholder').color);
  const bg = parse(getComputedStyle(el).backgroundColor);
  const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}"""


@pytest.fixture(scope="module")
def llm():
    fake = ThreadedFakeOpenAI([Step(content=MARKDOWN)])
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory, llm):
    with served(
        tmp_path_factory.mktemp("promises-stack"),
        COACH_LLM="openai",
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL=llm.url,
        COACH_LLM_MODEL="fake-model",
        GUIDE_SCAN_INTERVAL="1",
        GUIDE_ANSWER_SETTLE="1",
        GUIDE_STUCK_TIMEOUT="3600",
        GUIDE_IDLE_TIMEOUT="3600",
    ) as url:
        yield url


@pytest.fixture
def tab(browser, base):
    tab = Tab(
        browser, base, permissions=["clipboard-read", "clipboard-write"], **DESKTOP
    )
    yield tab
    tab.close()


def send(tab, text: str) -> None:
    tab.page.fill("#composer-input", text)
    tab.page.press("#composer-input", "Enter")


def test_quiet_mode_means_no_nudge_and_nudge_chips_never_repeat_the_inputs(tab):
    page = tab.page
    tab.open()
    tab.answer("V01", "自由")  # a lone label: a vague-answer nudge, a second later
    tab.wait_for(lambda: tab.of("guidance"), timeout=20, what="a nudge")
    nudge = page.locator(".msg--guidance").last
    nudge.wait_for()
    input_chips = set(page.locator("[data-chips] .chip").all_text_contents())
    nudge_chips = set(nudge.locator(".chip").all_text_contents())
    assert input_chips and not (input_chips & nudge_chips)

    page.click("[data-quiet-toggle] + .switch__track")
    assert page.is_checked("[data-quiet-toggle]")
    tab.answer("V02", "不知道")  # vague and short: in normal mode a nudge for sure
    page.wait_for_timeout(5000)  # five scans
    assert len(tab.of("guidance")) == 1
    tab.reload()  # nor does one wait for the next connect
    assert tab.of("session")[-1]["unread_guidance"] == []
    tab.assert_clean()


def test_markdown_is_rendered_while_streaming_and_copied_as_plain_text(tab, llm):
    page = tab.page
    llm.script(Step(content=MARKDOWN, **SLOW))
    tab.open()
    page.evaluate(WATCH_BOLD)
    send(tab, "我写的这些说明什么？")
    reply = tab.wait_reply(1)
    assert page.evaluate("window.__boldWhileStreaming")
    md = page.locator(".msg--coach .msg__md").last
    assert md.locator("strong").first.text_content() == "看到自己的工作真正帮到具体的人"
    items = md.locator("ol > li").all_text_contents()
    assert items == ["先写一个场景", "再写当时的感受"]
    assert md.locator("em").text_content() == "当时的感受"
    assert md.locator("code").text_content() == "一句话"
    link = md.locator("a")
    assert link.get_attribute("href") == "https://example.org/a"
    assert link.get_attribute("rel") == "noopener nofollow"
    assert "**" not in md.text_content()
    page.click(".msg--coach [data-copy-button]")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "看到自己的工作真正帮到具体的人" in copied and "**" not in copied
    assert "1. 先写一个场景" in copied and "<" not in copied
    assert reply["text"].count("**") == 2  # the stored reply keeps its Markdown
    screenshot(page.locator("[data-coach]"), SHOTS / "reply-markdown.png")
    tab.assert_clean()


def test_html_and_script_in_a_reply_stay_text(tab, llm):
    page = tab.page
    llm.script(Step(content=XSS, **SLOW))
    tab.open()
    page.evaluate(WATCH_DANGER)
    send(tab, "给我看看")
    tab.wait_reply(1)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__danger") == []  # never, not even mid-stream
    streamed = page.evaluate("window.__streamedText")
    assert "<img src=x" in streamed and "<script>" in streamed, streamed
    assert page.evaluate("window.__xss") is None
    md = page.locator(".msg--coach .msg__md").last
    unsafe = "img, script, svg, iframe, object, a:not([href^='https://'])"
    assert md.locator(unsafe).count() == 0
    tab.reload()  # the same from history
    md = page.locator(".msg--coach .msg__md").last
    assert md.locator(unsafe).count() == 0
    assert page.evaluate("window.__xss") is None
    assert not [r for r in tab.requests if "x.png" in r]
    tab.assert_clean()


def test_the_label_names_the_question_the_reply_is_about(tab, llm):
    page = tab.page
    llm.script(
        Step(content="这题可以先放一放，不如先从第4题开始，比如写一个你佩服的人。")
    )
    tab.open()
    send(tab, "我该从哪题开始？")
    reply = tab.wait_reply(1)
    assert tab.of("chat", tab.sent)[0]["question_id"] == "V01"
    assert reply["question_id"] == "V04", reply
    label = page.locator(".msg--coach .msg__about").last
    assert "第4题" in label.text_content()
    assert page.locator(".msg--coach .msg__about").count() == 1  # replaced, not added
    tab.reload()
    assert "第4题" in page.locator(".msg--coach .msg__about").last.text_content()


def test_a_phone_with_the_keyboard_up_keeps_the_conversation_in_view(browser, base):
    tab = Tab(browser, base, **KEYBOARD_UP)
    page = tab.page
    try:
        tab.open()
        page.click("[data-coach-toggle]")
        page.wait_for_selector("#coach.is-open")
        page.focus("#composer-input")
        page.wait_for_timeout(300)  # the sheet's transition
        sizes = page.evaluate("""() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const log = box('[data-messages]');
          const composer = box('[data-composer]');
          const chips = box('[data-chips]');
          return {log: log.height, bottom: composer.bottom, chips: chips.height,
                  visible: visualViewport.height};
        }""")
        assert sizes["log"] >= 0.4 * sizes["visible"], sizes
        assert sizes["bottom"] <= sizes["visible"], sizes  # the composer shows
        assert sizes["chips"] <= 48, sizes  # one row at most while typing
        screenshot(page, SHOTS / "phone-keyboard-up.png")
        tab.assert_clean()
    finally:
        tab.close()


def test_slash_focuses_the_coach_and_escape_stops_a_reply(tab, llm):
    page = tab.page
    llm.script(Step(content="慢慢写出来的回答，" * 12, chunk_chars=2, chunk_delay=0.15))
    tab.open()
    page.evaluate("document.activeElement.blur()")  # focus on the page, not a field
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "composer-input"
    assert page.input_value("#composer-input") == ""  # the "/" was not typed
    page.focus("#a-V01")
    page.keyboard.press("Control+/")
    assert page.evaluate("document.activeElement.id") == "composer-input"
    send(tab, "写一个长一点的回答")
    page.wait_for_selector("[data-stop-button]:visible")
    tab.wait_for(lambda: tab.of("reply.delta"), what="streaming")
    page.keyboard.press("Escape")
    reply = tab.wait_reply(1)
    assert tab.of("stop", tab.sent) and reply.get("stopped") is True
    tab.assert_clean()


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_composer_placeholder_keeps_4_5_to_1(browser, base, theme):
    tab = Tab(browser, base, color_scheme=theme, **DESKTOP)
    try:
        tab.open()
        assert tab.page.evaluate(CONTRAST, "#composer-input") >= 4.5
    finally:
        tab.close()
