"""Accounts and my data in a real browser: links, signup, another browser, delete."""

import pytest

from tests.web.browser import CHROMIUM, Tab
from tests.web.conftest import served

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium"),
]
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PASSWORD = "blue-Lantern-4821"
LOG = "[data-messages][role=log]"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """The real stack once for the module (offline coach)."""
    with served(tmp_path_factory.mktemp("account-stack"), COACH_LLM="offline") as url:
        yield url


def _tab(browser, base) -> Tab:
    return Tab(browser, base, **DESKTOP)


def test_home_links_reach_every_data_page_in_chinese(browser, base):
    tab = _tab(browser, base)
    page = tab.page
    tab.open("/")
    assert "保留 180 天" in page.text_content("[data-testid=retention]")
    for testid, path, heading in (
        ("home-signup", "/accounts/signup/", "注册账号"),
        ("home-login", "/accounts/login/", "登录"),
        ("home-import", "/me/import/", "导入工作簿"),
        ("home-me", "/me/", "我的数据"),
        ("home-delete", "/me/delete/", "删除我的数据"),
    ):
        tab.open("/")
        page.click(f"[data-testid={testid}]")
        page.wait_for_url(f"**{path}")
        assert page.text_content("h1").strip() == heading
    assert tab.errors == []
    tab.close()


def test_signup_from_the_header_then_another_browser_then_delete(browser, base):
    tab = _tab(browser, base)
    page = tab.page
    tab.open("/workbook/")
    tab.answer("V01", "我最在乎的是自由和诚实，换个浏览器也要在")
    page.click("[data-testid=nav-me]")
    page.wait_for_url("**/me/")
    page.click("[data-testid=signup-link]")
    page.fill("#id_username", "liming")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("[data-testid=signup-submit]")
    code = page.text_content("[data-testid=recovery-code]").strip()
    assert len(code) == 19

    phone = _tab(browser, base)
    phone.open("/")
    phone.page.click("[data-testid=nav-login]")
    phone.page.fill("#id_username", "liming")
    phone.page.fill("#id_password", PASSWORD)
    phone.page.click("[data-testid=login-submit]")
    phone.page.wait_for_url("**/workbook/")
    phone.connected(0)
    assert "自由和诚实" in phone.page.input_value("#a-V01")

    phone.page.click("[data-testid=nav-me]")
    phone.page.click("[data-testid=me-delete]")
    phone.page.click("[data-testid=delete-confirm]")
    phone.page.wait_for_url(f"{base}/")
    assert "你的数据已经全部删除" in phone.page.text_content("[data-flash]")
    # The account went with the data: the first browser's password no longer works.
    tab.open("/accounts/login/")
    page.fill("#id_username", "liming")
    page.fill("#id_password", PASSWORD)
    page.click("[data-testid=login-submit]")
    page.wait_for_selector(".errorlist")
    assert page.url.endswith("/accounts/login/")
    for t in (tab, phone):
        assert t.errors == [], t.errors
        t.close()


def _log_texts(tab: Tab) -> list[str]:
    return tab.page.locator(f"{LOG} .msg--user").all_text_contents()


def test_merging_at_login_keeps_both_answers_and_both_conversations(browser, base):
    desk = _tab(browser, base)
    desk.open("/workbook/")
    desk.answer("V01", "电脑上写的：我在乎自由")
    desk.ask("电脑上问教练：自由算价值观吗")
    desk.open("/accounts/signup/")
    desk.page.fill("#id_username", "xiaohong")
    desk.page.fill("#id_password1", PASSWORD)
    desk.page.fill("#id_password2", PASSWORD)
    desk.page.click("[data-testid=signup-submit]")
    desk.page.wait_for_selector("[data-testid=recovery-code]")

    phone = _tab(browser, base)
    phone.open("/workbook/")
    phone.answer_many({"V01": "手机上写的：我在乎诚实", "V02": "只在手机上写的"})
    phone.ask("手机上问教练：诚实和自由冲突吗")
    phone.open("/accounts/login/")
    phone.page.fill("#id_username", "xiaohong")
    phone.page.fill("#id_password", PASSWORD)
    phone.page.click("[data-testid=login-submit]")
    phone.page.wait_for_url("**/accounts/choose/")
    # Said before the click: the conversations join, the rest is archived whole.
    said = phone.page.text_content("[data-testid=merge-conversation]")
    assert "对话合成一串" in said and "2 条消息" in said
    assert "方向卡不合并" in phone.page.text_content("[data-testid=merge-rest]")
    phone.page.check("input[name=pick-V01][value=browser]")
    phone.page.click("[data-testid=merge]")
    phone.page.wait_for_url("**/workbook/")
    phone.connected(0)

    assert phone.page.input_value("#a-V01") == "手机上写的：我在乎诚实"
    assert phone.page.input_value("#a-V02") == "只在手机上写的"
    phone.wait_for(lambda: len(_log_texts(phone)) == 2, what="both conversations")
    assert ["电脑" in t for t in _log_texts(phone)] == [True, False]  # time order
    desk.open("/workbook/")
    assert phone.page.input_value("#a-V01") == desk.page.input_value("#a-V01")
    for t in (desk, phone):
        assert t.errors == [], t.errors
        t.close()
