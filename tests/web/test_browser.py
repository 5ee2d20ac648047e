"""The product in a real browser: Debian chromium against the real ASGI stack.

One ``manage.py runstack`` (daphne, celery worker and beat, embedded Redis,
offline coach) serves the whole module; each test gets a fresh browser context,
so a fresh visitor.
"""

import json

import pytest

from tests.web.browser import CHROMIUM, SHOTS, Tab, fault_on_first_chat, screenshot
from tests.web.conftest import nudging
from tests.web.samples import ANSWERS, FIRST_ANSWER, PAYLOADS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian chromium at /usr/bin/chromium "
        "(apt-get install chromium; `make browser` does it)",
    ),
]

DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 375, "height": 812}}
# Elements a payload would create if it were parsed as HTML.
MARKUP = (
    "img, script, iframe, svg, object, embed, form, a, input, video, style, "
    "link, meta, base"
)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """Start the real stack once for the module; scan for nudges every second."""
    with nudging(tmp_path_factory.mktemp("browser-stack")) as url:
        yield url


@pytest.fixture
def tab(browser, base):
    tab = Tab(browser, base, **DESKTOP)
    yield tab
    tab.close()


def test_journey_start_answer_ask_pick_select_reload_results(tab):
    page = tab.page
    tab.open("/")
    assert page.text_content("h1") == "找到真正想做的事"
    assert page.text_content("[data-testid=start]").strip() == "开始"
    screenshot(page, SHOTS / "start.png")
    page.click("[data-testid=start]")
    page.wait_for_url("**/workbook/")
    tab.connected(0)
    assert page.text_content("[data-conn]") == "已连接"

    # Answer a question: autosave shows 已保存 and the step's progress moves.
    tab.answer("V01", FIRST_ANSWER)
    assert page.text_content("#tab-values_exploration [data-progress-text]") == "1/9"
    assert tab.of("answer", tab.sent)[-1]["text"] == FIRST_ANSWER

    # Ask the coach: the reply streams in chunks, then settles.
    reply = tab.ask("什么是价值观？")
    kinds = [f["type"] for f in tab.received]
    first_delta = kinds.index("reply.delta")
    assert kinds.index("reply.start") < first_delta < kinds.index("reply")
    coach = page.locator(".msg--coach").last
    assert reply["text"] in coach.text_content()
    assert "is-streaming" not in coach.get_attribute("class")
    screenshot(page, SHOTS / "workbook.png")

    # Pick a quick-pick chip under the input.
    chip = page.locator("[data-chips] .chip").first
    chip_text, chip_id = chip.text_content(), chip.get_attribute("data-guide-id")
    chip.click()
    tab.wait_reply(2)
    assert tab.of("guide_pick", tab.sent)[-1]["guide_id"] == chip_id
    # Free chat and chips are about the question card on screen.
    assert tab.of("chat", tab.sent)[-1]["question_id"] == "V01"
    assert tab.of("guide_pick", tab.sent)[-1]["question_id"] == "V01"
    assert page.locator(".msg--user .msg__text").last.text_content().endswith(chip_text)

    # Highlight text on the page and ask about it.
    hint = page.text_content("#q-V02 .question__hint").strip()
    page.click("#q-V02 .question__hint", click_count=3)
    page.wait_for_selector("[data-ask-popover]:not([hidden])")
    page.click("[data-ask-popover] button")
    tab.wait_reply(3)
    chat = tab.of("chat", tab.sent)[-1]
    assert chat["selection"].startswith(hint) and chat["question_id"] == "V02"
    assert page.locator(".msg__selection").last.text_content().startswith(hint)

    # Reload: history and answers come back.
    tab.reload()
    users = page.locator(".msg--user .msg__text").all_text_contents()
    assert any(t.endswith("什么是价值观？") for t in users)
    assert any(t.endswith(chip_text) for t in users)
    assert page.locator(".msg--coach").count() >= 3
    assert page.input_value("#a-V01") == FIRST_ANSWER
    assert page.text_content("#tab-values_exploration [data-progress-text]") == "1/9"

    # On to the results page.
    page.click(".site-nav >> text=结果")
    page.wait_for_url("**/results/")
    assert page.text_content("h1") == "我的结果"
    assert "擅长的事" in page.text_content(".card--notice")
    assert page.locator(".venn__c").count() == 3
    tab.assert_clean()


def test_results_rank_export_and_print(tab):
    page = tab.page
    tab.open()
    tab.answer_many(ANSWERS)
    tab.open("/results/")
    assert page.locator(".card--notice").count() == 0
    # The sample's talents answers only hint (issue 25): no talent, no candidate
    # until the person confirms; then talents × fields make the candidates.
    assert page.locator(".trait, .candidate").count() == 0
    tab.review("T006")
    tab.review("T004")
    assert 3 <= page.locator(".candidate").count() <= 5
    assert page.locator(".trait__form--weakness").count() == 2
    names = page.locator(".rank-item__name").all_text_contents()
    page.evaluate("window.scrollTo(0, 0)")  # the review jumped to #talents
    screenshot(
        page,
        SHOTS / "results.png",
        full_page=True,
        clip={"x": 0, "y": 0, "width": 1280, "height": 1500},
    )

    page.click(".rank-item >> nth=0 >> [data-move=down]")
    page.wait_for_selector("[data-rank-status]:has-text('已保存排序')")
    page.reload()
    moved = page.locator(".rank-item__name").all_text_contents()
    assert moved[:2] == [names[1], names[0]]

    with page.expect_download() as download:
        page.click("text=导出 Markdown")
    text = download.value.path().read_text(encoding="utf-8")
    assert text.startswith("# 我的「真正想做的事」") and names[1] in text

    page.emulate_media(media="print")
    assert not page.is_visible(".site-header")
    assert not page.is_visible("[data-print]")
    assert page.is_visible(".candidate >> nth=0")
    tab.assert_clean()


def test_profile_saves_basic_info_and_work_history(tab):
    page = tab.page
    tab.open("/profile/")
    page.fill("#id_nickname", "小林")
    page.select_option("#id_age_range", "25-29岁")
    page.fill("#id_occupation", "产品经理")
    page.fill("#id_about", "做了五年产品，想弄清楚下一步。")
    page.fill("#id_work-0-period", "2019–2022")
    page.fill("#id_work-0-role", "运营")
    page.click("[data-history-add]")
    page.fill("#id_work-1-period", "2022–今")
    page.fill("#id_work-1-role", "产品经理")
    page.fill("#id_work-1-highlights", "从零做了一个学习类小程序。")
    screenshot(page, SHOTS / "profile.png", full_page=True)
    page.click("[data-history-row] >> nth=0 >> button:has-text('删除这段经历')")
    page.click("button[type=submit]")
    page.wait_for_selector(".flash")
    assert page.input_value("#id_nickname") == "小林"
    assert page.locator("[data-history-row]").count() == 1
    assert page.input_value("#id_work-0-role") == "产品经理"
    tab.assert_clean()


def test_xss_payloads_in_chat_and_answers_render_as_text(browser, base):
    """Rendering alone must be safe, so the page's own CSP is bypassed here."""
    for half in (PAYLOADS[:13], PAYLOADS[13:]):
        tab = Tab(browser, base, bypass_csp=True, **DESKTOP)
        page = tab.page
        tab.open()
        ids = page.eval_on_selector_all(
            "[data-question]", "cards => cards.map(card => card.dataset.question)"
        )
        tab.answer_many(dict(zip(ids, half, strict=False)))
        for payload in half:
            tab.ask(payload)
        for _ in range(2):  # as sent, then as restored from the server
            shown = page.locator(".msg--user .msg__text").all_text_contents()
            assert [s.removeprefix("你：") for s in shown] == half
            for qid, payload in zip(ids, half, strict=False):
                assert page.input_value(f"#a-{qid}") == payload
            assert page.locator(f".messages :is({MARKUP})").count() == 0
            inline = "document.querySelectorAll('body script:not([src])').length"
            assert page.evaluate(inline) == 0
            tab.reload()
        page.wait_for_timeout(300)
        tab.assert_clean()
        tab.close()


def test_enter_during_ime_composition_never_sends(tab):
    page = tab.page
    tab.open()
    box = "#composer-input"
    page.fill(box, "nihao")
    page.focus(box)
    page.evaluate("""() => {
      const box = document.querySelector('#composer-input');
      box.dispatchEvent(new CompositionEvent('compositionstart', {bubbles: true}));
      box.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', code: 'Enter',
        keyCode: 229, isComposing: true, bubbles: true, cancelable: true}));
      box.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', code: 'Enter',
        keyCode: 13, bubbles: true, cancelable: true}));
      box.dispatchEvent(new CompositionEvent('compositionend', {bubbles: true}));
      // Safari: the Enter that commits arrives after compositionend, as keyCode 229.
      box.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', code: 'Enter',
        keyCode: 229, bubbles: true, cancelable: true}));
    }""")
    page.wait_for_timeout(400)
    assert tab.of("chat", tab.sent) == []
    assert page.locator(".msg--user").count() == 0
    assert page.input_value(box) == "nihao"
    page.press(box, "Shift+Enter")
    assert page.input_value(box) == "nihao\n" and tab.of("chat", tab.sent) == []
    page.press(box, "Enter")
    tab.wait_reply(1)
    assert [c["text"] for c in tab.of("chat", tab.sent)] == ["nihao"]
    assert page.input_value(box) == ""


def test_short_answer_brings_a_nudge_into_the_log_that_is_read(tab):
    page = tab.page
    tab.open()
    page.fill("#a-V03", "跑步")
    page.wait_for_selector("#q-V03 [data-save-state][data-state=saved]")
    nudge = page.wait_for_selector("[role=log] .msg--guidance", timeout=20000)
    assert nudge.get_attribute("data-trigger") == "short_answer"
    assert page.text_content(".msg--guidance summary").startswith("回答可以再多写一点")
    guidance_id = int(nudge.get_attribute("data-guidance-id"))
    tab.wait_for(
        lambda: any(
            f["guidance_id"] == guidance_id for f in tab.of("guidance_read", tab.sent)
        ),
        what="read",
    )
    page.click("[data-quiet-toggle] + .switch__track")
    tab.wait_for(lambda: tab.of("preference", tab.sent), what="preference")
    assert tab.of("preference", tab.sent)[-1]["guide_mode"] == "quiet"
    tab.reload()
    assert page.is_checked("[data-quiet-toggle]")
    # Part of the conversation now: still there, and not counted as unread again.
    assert page.locator("[role=log] .msg--guidance").count() == 1
    assert tab.of("session")[-1]["unread_guidance"] == []
    tab.assert_clean()


def test_keyboard_reaches_tabs_cards_and_composer_with_visible_focus(tab):
    page = tab.page
    tab.open()
    page.focus("#tab-values_exploration")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "tab-strengths_exploration"
    assert page.is_visible("#panel-strengths_exploration")
    assert tab.of("step", tab.sent)[-1]["step"] == "strengths_exploration"
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "composer-input":
            break
    else:
        raise AssertionError("Tab never reached the chat input")
    page.keyboard.press("Shift+Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_phone_layout_has_no_horizontal_scroll(browser, base):
    tab = Tab(browser, base, **PHONE)
    page = tab.page
    try:
        tab.open()
        assert not page.is_visible("[data-coach]")  # a drawer, closed
        page.click("[data-coach-toggle]")  # a floating button opens it
        page.wait_for_selector(".coach.is-open")
        assert page.evaluate("document.activeElement.id") == "composer-input"
        tab.ask("能给我一个示例吗？")
        page.wait_for_timeout(300)  # the sheet's slide settles
        screenshot(page, SHOTS / "workbook-phone.png")
        page.click("[data-coach-close]")
        # Long unbroken text must wrap, not widen the page.
        tab.answer("V01", "很长的一段话" * 30 + "x" * 300)
        page.click("[data-coach-toggle]")
        tab.ask("什么是价值观？" + "y" * 300)
        for path in ("/workbook/", "/", "/profile/", "/results/"):
            tab.open(path)
            width = page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= 375, f"{path} scrolls sideways ({width}px)"
        tab.assert_clean()
    finally:
        tab.close()


def test_dropped_socket_reconnects_and_resends_the_chat_with_its_client_id(tab):
    """The first chat is lost with its socket; the page reconnects and resends it."""
    page = tab.page
    # The network drops before the server sees the first chat.
    chats = fault_on_first_chat(page, lambda ws: ws.close())
    tab.open()
    page.evaluate("""() => {
      window.__states = [];
      const conn = document.querySelector('[data-conn]');
      new MutationObserver(() => window.__states.push(conn.dataset.state))
        .observe(conn, {attributes: true, attributeFilter: ['data-state']});
    }""")
    page.fill("#composer-input", "断线前发出的问题")
    page.press("#composer-input", "Enter")
    page.wait_for_selector(".msg--coach:not(.msg--typing):not(.is-streaming)")
    assert [c["client_id"] for c in chats] == [chats[0]["client_id"]] * 2
    assert page.evaluate("window.__states")[:2] == ["reconnecting", "open"]
    assert page.locator(".msg--user").count() == 1
    tab.reload()
    assert page.locator(".msg--user").count() == 1  # saved once, not twice


def test_rate_limited_and_busy_errors_are_shown_politely(tab):
    page = tab.page
    answers = iter(
        [
            {
                "type": "error",
                "code": "rate_limited",
                "message": "发得有点快。",
                "retry_after": 2,
            },
            {"type": "error", "code": "busy", "message": "教练还在回答上一条消息。"},
        ]
    )

    def route(ws):
        server = ws.connect_to_server()

        def from_page(message):
            if json.loads(message).get("type") == "chat":
                ws.send(json.dumps(next(answers), ensure_ascii=False))
                return
            server.send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws/coach/", route)
    tab.open()
    page.fill("#composer-input", "第一问")
    page.press("#composer-input", "Enter")
    page.wait_for_selector(".msg--user[data-state=failed]")
    assert "2 秒后再问" in page.locator("[data-note=warn]").last.text_content()
    assert page.input_value("#composer-input") == "第一问"  # given back to retry
    assert page.is_disabled("[data-send]")
    assert page.text_content("[data-send]").strip().endswith("秒")
    page.wait_for_selector("[data-send]:not([disabled])", timeout=5000)
    assert page.text_content("[data-send]").strip() == "发送"
    page.press("#composer-input", "Enter")
    page.wait_for_selector("[data-note=warn] >> text=教练还在回答上一条消息")
    assert page.locator(".msg--user[data-state=failed]").count() == 2
    assert page.is_enabled("[data-send]")
    tab.assert_clean()


def test_a_tab_over_the_socket_cap_says_why_and_does_not_hammer(tab):
    """The seventh tab of one workbook (WS_PER_SESSION 6) waits calmly."""
    tab.open()
    others = [tab.context.new_page() for _ in range(5)]
    for page in others:
        page.goto(tab.base + "/workbook/")
        page.wait_for_selector("[data-conn][data-state=open]", state="attached")
    crowded = tab.context.new_page()
    handshakes: list[list[str]] = []  # the frames each socket received

    def opened(ws):
        frames: list[str] = []
        handshakes.append(frames)
        ws.on("framereceived", lambda payload: frames.append(str(payload)[:80]))

    crowded.on("websocket", opened)
    crowded.goto(tab.base + "/workbook/")
    conn = crowded.wait_for_selector("[data-conn][data-state=crowded]")
    assert "太多标签页" in conn.text_content()
    assert crowded.is_visible("[data-reconnect]")
    refused = len(handshakes)
    crowded.wait_for_timeout(3000)  # a reconnect loop would have tried ~6 times
    # Once refused for the cap, the page waits for the person: not one more
    # handshake. A loaded CI run once saw two handshakes; which came first was
    # not recorded. A socket that failed before the refusal is retried by the
    # designed backoff, so one such retry is allowed, and the frames each
    # socket got are printed if this fails again.
    assert len(handshakes) == refused, handshakes
    assert "too_many_sockets" in "".join(handshakes[-1]), handshakes
    assert all(
        not any("too_many" in f or '"session"' in f for f in h) for h in handshakes[:-1]
    ), handshakes
    assert refused <= 2, handshakes
    assert crowded.locator("[data-note=warn]").count() == 0  # no error note
    others.pop().close()  # the person closes a tab, then asks to reconnect
    crowded.wait_for_timeout(1000)  # its socket's slot is given back
    crowded.click("[data-reconnect]")
    crowded.wait_for_selector("[data-conn][data-state=open]", state="attached")
