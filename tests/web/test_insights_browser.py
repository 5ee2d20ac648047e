"""The admin insight page in a real browser, against the real stack, with real data.

A visitor answers through the workbook (a QuestionVisit and an answer written by
the running app); older sessions come from the same known data as the unit
tests, written into the stack's database. An admin logs in and reads the page.
"""

import pytest

from django.utils import timezone

from tests.processes.stack import (
    ADMIN_PASSWORD,
    Stack,
    manage_shell,
    stack_env,
    superuser_create,
)
from tests.web.browser import CHROMIUM, SHOTS, Tab, screenshot

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium"),
]

PASSWORD = ADMIN_PASSWORD
DESKTOP = {"viewport": {"width": 1280, "height": 1500}}
SHELL_ENV: dict[str, str] = {}  # the stack's environment, for manage.py shell


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    """The launcher's stack, an admin account and the known March 2025 sessions."""
    var_dir = tmp_path_factory.mktemp("insights-stack")
    stack = Stack(var_dir, seeded=True, COACH_LLM="offline")
    try:
        stack.wait_healthy()
        own = {"DATABASE_URL": stack.own_db} if stack.own_db else {}
        env = stack_env(var_dir, **own)
        superuser_create(env)
        manage_shell(
            env, "from tests.coach import insights_data; insights_data.build()"
        )
        SHELL_ENV.update(env)  # for reading the truth behind the page
        yield f"http://127.0.0.1:{stack.port}"
    finally:
        stack.stop()


def test_admin_reads_where_people_get_stuck(browser, stack):
    visitor = Tab(browser, stack, **DESKTOP)
    visitor.open("/workbook/")
    visitor.page.click("#a-V03")  # focus first, so the time to answer is known
    visitor.answer("V03", "有一次我帮同事把一个很乱的项目理顺了，大家都轻松了很多")
    visitor.assert_clean()
    visitor.close()

    admin = Tab(browser, stack, **DESKTOP)
    page = admin.page
    page.goto(stack + "/admin/login/?next=/admin/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.click("#insights-link a.section")  # the admin index links to the page
    page.wait_for_selector(".insights-chart")
    page.fill("#id_start", "2025-03-01")
    page.fill("#id_end", timezone.localdate().isoformat())
    page.click(".insights-filter button")
    page.wait_for_url("**/admin/insights/?start=2025-03-01*")

    def cells(question_id: str) -> list[str]:
        row = page.locator(
            "#table-questions tr", has=page.locator(f"td >> text='{question_id}'")
        )
        return row.first.locator("td").all_inner_texts()

    # Three March sessions reached V01; the visitor's page may have reached it
    # too on load (first card in view), depending on when its focus went out.
    since_march = manage_shell(
        SHELL_ENV,
        "from coach.models import QuestionVisit as Q; "
        "print(Q.objects.filter(question_id='V01', "
        "reached_at__date__gte='2025-03-01').count())",
    )
    assert int(since_march) in (3, 4)
    assert cells("V01")[2:4] == [since_march, "2"]  # reached, answered
    v03 = cells("V03")
    assert v03[2:4] == ["1", "1"]  # the visitor who just answered
    assert v03[4].endswith(("秒", "分钟"))  # focus came first: a time to answer
    assert page.locator(".insights-chart svg rect").count() > 50
    assert "=太笼统了" in page.inner_text("#table-downvotes")
    assert admin.errors == []  # nothing blocked by the CSP, no script error
    screenshot(page, SHOTS / "insights.png")
    admin.close()


def test_export_select_all_works_under_the_csp(browser, stack):
    admin = Tab(browser, stack, **DESKTOP)
    page = admin.page
    page.goto(stack + "/admin/login/?next=/admin/knowledge/valueentry/export/")
    page.fill("#id_username", "boss")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    boxes = page.locator('.selectable-field-export-row input[type="checkbox"]')
    page.wait_for_selector("#select-all-toggle")
    assert boxes.count() >= 10
    page.uncheck("#select-all-toggle")
    assert not any(boxes.nth(i).is_checked() for i in range(boxes.count()))
    page.check("#select-all-toggle")
    assert all(boxes.nth(i).is_checked() for i in range(boxes.count()))
    assert admin.errors == []  # no CSP report about an inline handler or style
    admin.close()
