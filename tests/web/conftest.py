"""Web fixtures: the knowledge base loaded and a browser-like test client."""

import io
from contextlib import contextmanager

import pytest

from django.core.management import call_command

from knowledge.search import snapshot_expire
from tests.processes.stack import Stack
from tests.web.browser import ARGS, CHROMIUM, SIZES, Tab


@pytest.fixture
def knowledge(db):
    """Load the real knowledge base from data/ (a fresh in-process snapshot)."""
    snapshot_expire()
    call_command("load_knowledge", stdout=io.StringIO())
    snapshot_expire()
    yield
    snapshot_expire()


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium driven by Playwright, one per test module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@contextmanager
def served(var_dir, **env):
    """Run the real stack (``make run``'s launcher) and yield its base URL."""
    # Every tab of a module is one visitor address (127.0.0.1) on one server: the
    # per-address chat limit is tested in tests/processes/test_transport.py.
    stack = Stack(var_dir, seeded=True, **{"CHAT_RATE_PER_ADDRESS": "100000", **env})
    try:
        stack.wait_healthy()
        yield f"http://127.0.0.1:{stack.port}"
    finally:
        stack.stop()


@contextmanager
def nudging(var_dir):
    """The offline stack with nudges a second or two after a short answer."""
    with served(
        var_dir, COACH_LLM="offline", GUIDE_SCAN_INTERVAL="1", GUIDE_ANSWER_SETTLE="1"
    ) as url:
        yield url


@pytest.fixture(params=list(SIZES))
def sized_tab(request, browser, base):
    """A tab at each of the two sizes every page is tested at (desktop, phone)."""
    tab = Tab(browser, base, size=request.param)
    yield tab
    tab.close()
