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
