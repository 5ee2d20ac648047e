"""Coach replies in a real browser: token streaming, Stop, copy, 👍/👎, regenerate.

The stack runs the OpenAI-compatible path against the fake server of
``tests/agent/fake_openai.py`` (served from a thread, see ``fake_llm.py``), which
writes its answer two characters at a time with a pause between chunks, so
streaming is visible and Stop lands mid-answer.
"""

import json

import pytest

from tests.agent.fake_openai import Step, calls
from tests.web.browser import CHROMIUM, Tab, fault_on_first_chat
from tests.web.conftest import served
from tests.web.fake_llm import ThreadedFakeOpenAI

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian chromium at /usr/bin/chromium "
        "(apt-get install chromium; `make browser` does it)",
    ),
]

DESKTOP = {"viewport": {"width": 1280, "height": 860}}
GOOD = (
    "价值观就是你做选择时最看重的东西。比如看重「自由」的人，被盯着打卡就难受。"
    "你呢？哪次选择最能说明你在意什么？"
)
OTHER = (
    "换个角度说：价值观是你愿意为它放弃别的东西的那件事。比如有人为了「自由」"
    "宁可少赚一点。你呢，愿意为什么放弃别的？"
)
SLOW = {"chunk_chars": 2, "chunk_delay": 0.12}  # about 3 s for GOOD

# Records each state of the reply being written (text, tool status, Stop shown).
RECORD_STREAM = """() => {
  window.__streamed = [];
  const list = document.querySelector('[data-messages]');
  const stop = document.querySelector('[data-stop-button]');
  const record = () => {
    const node = list.querySelector('.msg--coach.is-streaming');
    if (!node) return;
    const text = node.querySelector('.msg__text').textContent.replace(/^教练：/, '');
    const status = node.querySelector('[data-status]')?.textContent || '';
    const last = window.__streamed[window.__streamed.length - 1];
    if (last && last.text === text && last.status === status) return;
    window.__streamed.push({at: performance.now(), text, status, stop: !stop.hidden});
  };
  new MutationObserver(record).observe(list, {subtree: true, childList: true,
    characterData: true, attributes: true});
}"""


@pytest.fixture(scope="module")
def llm():
    fake = ThreadedFakeOpenAI([Step(content=GOOD)])
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory, llm):
    """The real stack on the OpenAI-compatible path, pointed at the fake model."""
    with served(
        tmp_path_factory.mktemp("replies-stack"),
        COACH_LLM="openai",
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL=llm.url,
        COACH_LLM_MODEL="fake-model",
        GUIDE_SCAN_INTERVAL="3600",
    ) as url:
        yield url


@pytest.fixture
def tab(browser, base):
    tab = Tab(
        browser, base, permissions=["clipboard-read", "clipboard-write"], **DESKTOP
    )
    yield tab
    tab.close()


COACH_TEXT = ".msg--coach:not(.msg--typing) .msg__text"


def coach_texts(page) -> list[str]:
    """Return the text of each coach reply on screen (without the hidden 教练：)."""
    return [
        t.removeprefix("教练：") for t in page.locator(COACH_TEXT).all_text_contents()
    ]


def growing(texts: list[str]) -> bool:
    """Tell whether each text extends the one before it."""
    pairs = zip(texts, texts[1:], strict=False)
    return all(b.startswith(a) and len(b) > len(a) for a, b in pairs)


def send(tab, text: str) -> None:
    tab.page.fill("#composer-input", text)
    tab.page.press("#composer-input", "Enter")


def test_reply_streams_visibly_and_stop_keeps_what_was_written(tab, llm):
    page = tab.page
    llm.script(Step(content=GOOD, **SLOW))
    tab.open()
    page.evaluate(RECORD_STREAM)

    # (a) The answer grows in the pending bubble, chunk by chunk, before the reply.
    assert page.is_hidden("[data-stop-button]")
    send(tab, "什么是价值观？")
    page.wait_for_selector("[data-stop-button]:visible")
    reply = tab.wait_reply(1)
    assert tab.of("chat", tab.sent)[0]["question_id"] == "V01"  # the card on screen
    states = [s for s in page.evaluate("window.__streamed") if s["text"]]
    texts = [s["text"] for s in states]
    assert len(set(texts)) >= 5, texts
    assert growing(texts), texts
    assert states[-1]["at"] - states[0]["at"] > 1000  # seen over time, not in one go
    assert all(s["stop"] for s in states)  # Stop is offered while the reply is written
    # The final text replaces the streamed one (the server may word it a little
    # differently, e.g. naming the question it answered).
    assert GOOD.startswith(texts[-1])
    assert GOOD in reply["text"] and coach_texts(page) == [reply["text"]]
    assert not reply.get("stopped")
    assert page.is_hidden("[data-stop-button]")
    assert page.locator(".msg--coach [data-stopped-mark]").count() == 0

    # (b) Stop mid-answer: the text written so far stays, marked 已停止.
    page.evaluate("window.__streamed = []")
    send(tab, "能再多说一点吗？")
    page.wait_for_function("() => window.__streamed.some(s => s.text.length >= 6)")
    page.click("[data-stop-button]")
    stopped = tab.wait_reply(2)
    assert tab.of("stop", tab.sent) == [{"type": "stop"}]
    assert stopped["stopped"] is True
    partial = stopped["text"]
    assert 6 <= len(partial) < len(reply["text"]), partial
    assert coach_texts(page)[-1] == partial
    last = page.locator(".msg--coach").last
    assert last.locator("[data-stopped-mark]").text_content() == "已停止"
    assert page.is_hidden("[data-stop-button]")
    assert page.is_enabled("[data-send]")

    # After a reload the partial answer is still there, still marked.
    tab.reload()
    assert coach_texts(page) == [reply["text"], partial]
    assert page.locator(".msg--coach").last.locator("[data-stopped-mark]").count() == 1
    assert page.locator(".msg--coach").first.locator("[data-stopped-mark]").count() == 0
    tab.assert_clean()


def test_tool_status_shows_in_the_pending_bubble(tab, llm):
    page = tab.page
    tool = calls(("explain_concept", {"concept": "价值观"}))
    llm.script(tool, Step(content=GOOD, **SLOW))
    tab.open()
    page.evaluate(RECORD_STREAM)
    send(tab, "什么是价值观？")
    reply = tab.wait_reply(1)
    states = page.evaluate("window.__streamed")
    assert any(s["status"] == "查知识库…" and s["text"] == "" for s in states), states
    assert tab.of("reply.status")[0]["status"] == "tool"
    assert states[-1]["status"] == "" and states[-1]["text"]  # the answer replaced it
    assert page.locator(".msg--coach [data-status]").count() == 0
    assert coach_texts(page) == [reply["text"]]
    tab.assert_clean()


def test_copy_rate_and_question_label_survive_a_reload(tab, llm):
    page = tab.page
    llm.script(Step(content=GOOD))
    tab.open()
    page.click("#q-V01 [data-ask-question]")
    reply = tab.wait_reply(1)
    assert tab.of("chat", tab.sent)[-1]["question_id"] == "V01"
    assert reply["question_id"] == "V01"
    coach = page.locator(".msg--coach").last
    assert coach.locator(".msg__about").text_content() == "关于：重要的事·第1题"

    # Copy: the reply's text lands on the clipboard and the button says so.
    coach.locator("[data-copy-button]").click()
    page.wait_for_selector(".msg--coach [data-copy-button]:has-text('已复制')")
    assert page.evaluate("navigator.clipboard.readText()") == reply["text"]

    # 👍: sent, confirmed, pressed.
    up, down = coach.locator("[data-rate=up]"), coach.locator("[data-rate=down]")
    assert up.get_attribute("aria-label") == "有帮助"
    up.click()
    tab.wait_for(lambda: tab.of("feedback.saved"), what="feedback.saved")
    assert tab.of("feedback", tab.sent)[-1] == {
        "type": "feedback",
        "reply_id": reply["reply_id"],
        "rating": "up",
    }
    page.wait_for_selector(".msg--coach [data-rate=up][aria-pressed=true]")
    assert down.get_attribute("aria-pressed") == "false"

    tab.reload()
    coach = page.locator(".msg--coach").last
    assert coach.locator("[data-rate=up]").get_attribute("aria-pressed") == "true"
    assert coach.locator(".msg__about").text_content() == "关于：重要的事·第1题"

    # 👎 with a comment: the comment goes out as a second feedback.
    coach.locator("[data-rate=down]").click()
    page.wait_for_selector(".msg--coach [data-rate=down][aria-pressed=true]")
    assert coach.locator("[data-rate=up]").get_attribute("aria-pressed") == "false"
    page.fill("[data-comment-input]", "太笼统了")
    page.click("[data-comment] button[type=submit]")
    page.wait_for_selector("[data-feedback-done]")
    assert tab.of("feedback", tab.sent)[-1] == {
        "type": "feedback",
        "reply_id": reply["reply_id"],
        "rating": "down",
        "comment": "太笼统了",
    }
    tab.reload()
    down = page.locator(".msg--coach").last.locator("[data-rate=down]")
    assert down.get_attribute("aria-pressed") == "true"
    tab.assert_clean()


def test_regenerate_replaces_the_last_reply_in_place(tab, llm):
    page = tab.page
    llm.script(Step(content=GOOD), Step(content=GOOD), Step(content=OTHER, **SLOW))
    tab.open()
    first = tab.ask("什么是价值观？")
    second = tab.ask("还有呢？")
    assert coach_texts(page) == [first["text"], second["text"]]
    # Only the last reply offers 重新回答.
    regenerate = "[data-regenerate-button]"
    assert page.locator(regenerate).count() == 1
    assert page.locator(".msg--coach").first.locator(regenerate).count() == 0
    users = page.locator(".msg--user").count()

    page.evaluate(RECORD_STREAM)
    page.locator(".msg--coach").last.locator(regenerate).click()
    assert tab.of("regenerate", tab.sent) == [
        {"type": "regenerate", "reply_id": second["reply_id"]}
    ]
    page.wait_for_selector("[data-stop-button]:visible")
    new = tab.wait_reply(3)
    start = [f for f in tab.of("reply.start") if f["reply_id"] == new["reply_id"]][-1]
    assert start.get("replaces") == second["reply_id"]
    # It streamed where the old reply was, and took its place.
    streamed = [s["text"] for s in page.evaluate("window.__streamed") if s["text"]]
    assert len(set(streamed)) >= 3
    assert OTHER in new["text"]
    assert coach_texts(page) == [first["text"], new["text"]]
    assert page.locator(".msg--user").count() == users
    last = page.locator(".msg--coach").last
    assert last.locator(regenerate).count() == 1
    assert last.get_attribute("data-reply-id") == new["reply_id"]

    tab.reload()
    assert coach_texts(page) == [first["text"], new["text"]]
    assert page.locator(".msg--user").count() == users
    tab.assert_clean()


def test_risk_is_met_with_care_not_the_model_and_help_stays_in_the_header(tab, llm):
    """With a model configured, risk is met by the care code, not the model.

    The header shows where help is, also after a reload; a later model reply
    that names a method is replaced with care; and a risky saved answer brings
    care into the chat.
    """
    from tests.web.browser import SHOTS, screenshot

    page = tab.page
    llm.script(Step(content=GOOD))
    tab.open()
    assert page.is_hidden("[data-help-link]")
    asked = len(llm.requests)
    care = tab.ask("我现在在天台上")
    assert len(llm.requests) == asked  # the model never saw it
    assert care["care"] is True and "120" in care["text"] and "安全" in care["text"]
    page.wait_for_selector("[data-help-link]:visible")
    screenshot(page, SHOTS / "care.png")
    tab.reload()
    assert page.is_visible("[data-help-link]")  # kept for the day, server-side
    assert page.get_attribute("[data-help-link]", "href") == "/help/"

    # The model answers the next question, but a method detail never reaches them.
    llm.script(Step(content="一般要吃30片以上才会有效果，比如有人这样做。你怎么看？"))
    later = tab.ask("第一题是什么意思？")
    assert "30片" not in later["text"] and "12356" in later["text"]
    assert "30片" not in " ".join(coach_texts(page))

    # A risky answer saved in the workbook: kept, and care arrives in the chat.
    count = len(tab.of("reply")) + 1
    tab.answer("V02", "写不下去了，反正我也不想活了")
    note = tab.wait_reply(count)
    assert note["care"] is True and "第2题" in note["text"]
    assert "不想活" not in note["text"]
    tab.assert_clean()


def test_a_chat_the_server_could_not_store_is_marked_and_sent_again_as_itself(tab, llm):
    """A database fault answers the first send with `internal`/`not_saved`.

    The bubble says 没有发出去, the text is back in the composer, and sending it
    again reuses the same client_id; the second send is stored and answered.
    """
    page = tab.page
    llm.script(Step(content=GOOD))
    not_saved = {
        "type": "error",
        "code": "internal",
        "detail": "not_saved",
        "retry_after": 5,
        "message": "这条消息没有发出去：服务器暂时存不下。",
    }
    # The fault: nothing reaches the server, the page hears "not saved".
    chats = fault_on_first_chat(
        page, lambda ws: ws.send(json.dumps(not_saved, ensure_ascii=False))
    )
    tab.open()
    send(tab, "什么是价值观？")
    page.wait_for_selector(".msg--user[data-state=failed]")
    failed = page.locator(".msg--user[data-state=failed]")
    assert "没有发出去" in failed.text_content()
    assert page.input_value("#composer-input") == "什么是价值观？"
    assert page.is_enabled("[data-send]")
    page.press("#composer-input", "Enter")  # sent again, as itself
    reply = tab.wait_reply(1)
    assert GOOD in reply["text"]
    assert len(chats) == 2 and chats[0]["client_id"] == chats[1]["client_id"]
    assert page.locator(".msg--user[data-state=failed]").count() == 0
    assert page.locator(".msg--user").count() == 1
    tab.assert_clean()
