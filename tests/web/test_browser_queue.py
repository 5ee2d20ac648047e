"""A model turn beyond the process's cap waits in line, and the page says so.

The stack runs the OpenAI-compatible path against the fake server, which takes
a few seconds per answer, with room for one model turn at a time
(``COACH_MAX_MODEL_TURNS=1``): a second visitor's chat waits in line.
"""

import pytest

from tests.agent.fake_openai import Step
from tests.web.browser import CHROMIUM, Tab
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

GOOD = (
    "价值观就是你做选择时最看重的东西。比如看重「自由」的人，被盯着打卡就难受。"
    "你呢？哪次选择最能说明你在意什么？"
)

# Records the queue line and whether a reply is being written at that moment.
RECORD_QUEUE = """() => {
  window.__queue = [];
  const list = document.querySelector('[data-messages]');
  const record = () => {
    const line = list.querySelector('[data-queue-status]');
    const entry = {text: line ? line.textContent : '',
                   streaming: !!list.querySelector('.msg--coach.is-streaming')};
    const last = window.__queue[window.__queue.length - 1];
    if (last && last.text === entry.text && last.streaming === entry.streaming) return;
    window.__queue.push(entry);
  };
  new MutationObserver(record).observe(list, {subtree: true, childList: true,
    characterData: true, attributes: true});
}"""


@pytest.fixture(scope="module")
def llm():
    fake = ThreadedFakeOpenAI([Step(content=GOOD, hang=3.0)])
    yield fake
    fake.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory, llm):
    with served(
        tmp_path_factory.mktemp("queue-stack"),
        COACH_LLM="openai",
        OPENAI_API_KEY="sk-test",
        OPENAI_BASE_URL=llm.url,
        COACH_LLM_MODEL="fake-model",
        COACH_MAX_MODEL_TURNS="1",
        COACH_TURN_QUEUE="5",
        GUIDE_SCAN_INTERVAL="3600",
    ) as url:
        yield url


def send(tab, text: str) -> None:
    tab.page.fill("#composer-input", text)
    tab.page.press("#composer-input", "Enter")


def test_a_chat_in_line_shows_its_place_until_the_reply_starts(browser, base, llm):
    first = Tab(browser, base, viewport={"width": 1280, "height": 860})
    second = Tab(browser, base, viewport={"width": 1280, "height": 860})
    try:
        first.open()
        second.open()
        second.page.evaluate(RECORD_QUEUE)
        send(first, "什么是价值观？")
        # The first turn holds the only slot once its model request is out.
        first.wait_for(lambda: len(llm.requests) >= 1, what="the first model call")
        send(second, "喜欢的事和擅长的事有什么区别？")
        line = second.page.wait_for_selector("[data-queue-status]")
        assert line.text_content() == "马上轮到你"
        queued = second.of("reply.queued")
        assert queued and queued[0]["ahead"] == 0
        assert second.of("error") == []  # waiting, not refused

        first.wait_reply(1)
        reply = second.wait_reply(1)
        assert GOOD in reply["text"]
        assert reply["reply_id"] == queued[0]["reply_id"]
        # The line was shown while waiting and went away when the reply started.
        states = second.page.evaluate("window.__queue")
        assert any(s["text"] == "马上轮到你" and not s["streaming"] for s in states)
        assert not any(s["text"] and s["streaming"] for s in states), states
        assert second.page.locator("[data-queue-status]").count() == 0
        assert second.page.locator("[data-note=warn]").count() == 0
        first.assert_clean()
        second.assert_clean()
    finally:
        first.close()
        second.close()
