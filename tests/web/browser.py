"""Helpers for the browser tests: a page that records what it sent and received."""

import json
import shutil
import subprocess
import time
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
# The two sizes every browser test of a page covers.
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 375, "height": 812}},
}
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PAGES = {
    "/",
    "/workbook/",
    "/session/",  # the workbook's script starts the session before its socket
    "/profile/",
    "/results/",
    "/results.md",
    "/favicon.ico",
    "/results/order",
    "/results/edit",
    "/results/suggest",
    "/results/evidence",
    "/results.json",
    "/results.pdf",
    "/results/cards",
    "/results/round",
}
# Pages with an id in the path (a direction card's form and its notes).
PAGE_PREFIXES = ("/static/coach/", "/ws/coach/", "/results/cards/")


class Tab:
    """One page of a fresh browser context, with its socket frames and side effects."""

    def __init__(self, browser, base: str, size: str = "", **context):
        self.base = base
        self.size = size  # "desktop" or "phone" (SIZES), or '' for a custom context
        self.context = browser.new_context(
            locale="zh-CN", **{**SIZES.get(size, {}), **context}
        )
        self.page = self.context.new_page()
        self.page.set_default_timeout(15000)
        self.sent: list[dict] = []
        self.received: list[dict] = []
        self.dialogs: list[str] = []
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("websocket", self._socket)
        self.page.on("dialog", self._dialog)
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)

    def _socket(self, ws) -> None:
        ws.on("framesent", lambda data: self.sent.append(json.loads(data)))
        ws.on("framereceived", lambda data: self.received.append(json.loads(data)))

    def _console(self, message) -> None:
        # A CSP violation (an inline style or script we wrote by mistake) is logged
        # as a console error; so is any failed request.
        if message.type == "error":
            self.errors.append(message.text)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def close(self) -> None:
        self.context.close()

    # ---- navigation ---------------------------------------------------------

    def open(self, path: str = "/workbook/") -> None:
        """Go to a page; on the workbook, wait for the socket's session frame."""
        before = len(self.of("session"))
        self.page.goto(self.base + path)
        if path.startswith("/workbook/"):
            self.connected(before)

    def reload(self) -> None:
        before = len(self.of("session"))
        self.page.reload()
        self.connected(before)

    def connected(self, sessions_before: int) -> None:
        # attached: on a phone the coach (and its status) is in a closed drawer
        self.page.wait_for_selector("[data-conn][data-state=open]", state="attached")
        self.wait_for(lambda: len(self.of("session")) > sessions_before)

    # ---- frames -------------------------------------------------------------

    def of(self, kind: str, frames: list | None = None) -> list[dict]:
        frames = self.received if frames is None else frames
        return [f for f in frames if f.get("type") == kind]

    def wait_for(self, predicate, timeout: float = 30, what: str = "condition"):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            self.page.wait_for_timeout(40)
        raise AssertionError(f"timed out waiting for {what}")

    def wait_reply(self, count: int) -> dict:
        """Wait until ``count`` replies have arrived and the panel is idle again.

        Idle, not visible: on a phone the reply may land while the drawer is
        closed and the composer hidden (a PostgreSQL run under load once timed
        out waiting for it to be visible).
        """
        self.wait_for(lambda: len(self.of("reply")) >= count, what=f"reply #{count}")
        self.page.wait_for_selector("[data-composer]:not(.is-busy)", state="attached")
        return self.of("reply")[count - 1]

    def ask(self, text: str) -> dict:
        """Type a message in the composer, press Enter and wait for the reply."""
        count = len(self.of("reply")) + 1
        self.page.fill("#composer-input", text)
        self.page.press("#composer-input", "Enter")
        return self.wait_reply(count)

    def answer(self, question_id: str, text: str) -> None:
        """Type an answer into its card and wait until it shows 已保存."""
        self.answer_many({question_id: text})

    def answer_many(self, answers: dict[str, str]) -> None:
        """Type several answers (leaving a box saves it at once), then wait for all."""
        for question_id, text in answers.items():
            step = self.page.get_attribute(f"#q-{question_id}", "data-step")
            if self.page.get_attribute(f"#tab-{step}", "aria-selected") != "true":
                self.page.click(f"#tab-{step}")
            self.page.fill(f"#a-{question_id}", text)
        self.page.focus("#composer-input")
        for question_id in answers:
            saved = f"#q-{question_id} [data-save-state][data-state=saved]"
            self.page.wait_for_selector(saved, state="attached")

    def review(self, entry_id: str, action: str = "confirm") -> None:
        """On /results/, give one suspected row the person's word (one click)."""
        with self.page.expect_navigation():
            self.page.click(f"button[name=review][value='{entry_id}:{action}']")

    # ---- checks -------------------------------------------------------------

    def unexpected_requests(self) -> list[str]:
        """Return requests that leave our own pages, static files and socket."""
        origin = urlsplit(self.base).netloc
        bad = []
        for url in self.requests:
            parts = urlsplit(url)
            path = parts.path
            ours = (
                parts.scheme in ("http", "ws")
                and parts.netloc == origin
                and (path in PAGES or path.startswith(PAGE_PREFIXES))
            )
            if not ours:
                bad.append(url)
        return bad

    def assert_clean(self) -> None:
        assert self.dialogs == [], self.dialogs
        assert self.errors == [], self.errors
        assert self.unexpected_requests() == []


@cache
def fault_on_first_chat(page, fault) -> list[dict]:
    """Route the coach socket; the first chat meets ``fault(ws)`` instead of the server.

    Returns the list of chat frames the page sends (the first included), so a
    test can check the resend carries the same client_id.
    """
    chats: list[dict] = []

    def route(ws):
        server = ws.connect_to_server()

        def from_page(message):
            frame = json.loads(message)
            if frame.get("type") == "chat":
                chats.append(frame)
                if len(chats) == 1:
                    fault(ws)
                    return
            server.send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws/coach/", route)
    return chats


def cjk_fonts() -> bool:
    """Return whether a Chinese font is installed (else screenshots show boxes)."""
    if not shutil.which("fc-list"):
        return False
    found = subprocess.run(
        ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=False
    )
    return bool(found.stdout.strip())


def screenshot(page, path: Path, **options) -> None:
    """Save a PNG for docs/ and check it stays small.

    Without a Chinese font (e.g. Debian's fonts-noto-cjk) the text would render as
    boxes, so the committed screenshots are left alone.
    """
    if not cjk_fonts():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), animations="disabled", caret="hide", **options)
    assert path.stat().st_size < 300 * 1024, f"{path.name} is over 300 KB"
