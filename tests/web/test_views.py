"""Pages through Django's test client: rendering, CSP, forms, results order, export."""

import json
import re
from html.parser import HTMLParser

import pytest

from django.contrib.sessions.models import Session
from django.test import Client

from coach.models import CoachingSession, Profile
from coach.services import answer_save

pytestmark = pytest.mark.django_db

PAGES = ["/", "/workbook/", "/profile/", "/results/"]


class _Audit(HTMLParser):
    """Collect what a strict CSP would block: inline scripts, styles, handlers."""

    def __init__(self):
        super().__init__()
        self.problems: list[str] = []
        self.in_script: dict | None = None
        self.scripts: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in attrs:
            if name.startswith("on") or name == "style":
                self.problems.append(f"<{tag} {name}=…>")
        if tag == "style":
            self.problems.append("<style>")
        if tag == "script":
            self.in_script = attrs
            self.scripts.append(attrs)

    def handle_data(self, data):
        if self.in_script is not None and data.strip():
            kind = self.in_script.get("type", "")
            if kind != "application/json" and "src" not in self.in_script:
                self.problems.append("inline <script>")

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = None


def audit(html: str) -> _Audit:
    parser = _Audit()
    parser.feed(html)
    return parser


def session_of(client: Client) -> CoachingSession:
    return CoachingSession.objects.get(pk=client.session["coach_session_id"])


@pytest.mark.parametrize("url", PAGES)
def test_page_renders_under_csp_without_inline_code(client, knowledge, url):
    response = client.get(url)
    assert response.status_code == 200
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    found = audit(response.content.decode())
    assert found.problems == []
    assert all(s.get("src") for s in found.scripts)


def test_page_views_create_no_session_until_the_script_starts_one(client, knowledge):
    for url in PAGES:
        assert client.get(url).status_code == 200
        assert client.head(url).status_code in (200, 405)  # results: GET only
    assert "sessionid" not in client.cookies
    assert not CoachingSession.objects.exists() and not Session.objects.exists()
    assert client.post("/session/").status_code == 204
    first = session_of(client)
    client.get("/workbook/")
    client.post("/session/")
    assert session_of(client) == first
    assert CoachingSession.objects.count() == 1


def test_session_start_needs_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    page = client.get("/workbook/").content.decode()
    token = re.search(r'data-csrf="([^"]+)"', page)[1]
    assert client.post("/session/").status_code == 403
    assert client.get("/session/").status_code == 405
    assert not CoachingSession.objects.exists()
    assert client.post("/session/", HTTP_X_CSRFTOKEN=token).status_code == 204
    assert CoachingSession.objects.count() == 1


def start(client: Client) -> CoachingSession:
    """Do what the workbook's script does before its first write."""
    client.post("/session/")
    return session_of(client)


def test_start_page_explains_and_says_start_then_continue(client, knowledge):
    page = client.get("/").content.decode()
    assert "误区" in page and "不是心理测评" in page
    assert page.count('class="myth"') == 5
    assert ">开始<" in page
    answer_save(session=start(client), question_id="V01", text="我的导师")
    assert "继续（已回答 1/" in client.get("/").content.decode()


def test_workbook_shows_steps_questions_and_escaped_answers(client, knowledge):
    client.get("/")
    answer_save(
        session=start(client),
        question_id="V02",
        text="</textarea><script>alert(1)</script>",
    )
    page = client.get("/workbook/").content.decode()
    assert page.count('role="tab"') == 4
    assert 'data-question="V01"' in page and "问题 1/9" in page
    assert "&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page
    assert "data-progress-text>1/9<" in page


def test_workbook_opens_the_step_named_in_the_url(client, knowledge):
    page = client.get("/workbook/?step=interests_exploration").content.decode()
    assert re.search(
        r'id="panel-interests_exploration"[^>]*data-step-panel="interests_'
        r'exploration"(?! hidden)>',
        page,
    )
    assert re.search(r'data-step-panel="values_exploration" hidden>', page)
    # An unknown step falls back to the session's own step.
    fallback = client.get("/workbook/?step=<x>").content.decode()
    assert re.search(r'data-step-panel="values_exploration">', fallback)


def test_profile_saves_basic_info_and_work_history():
    client = Client(enforce_csrf_checks=True)
    client.get("/profile/")
    token = client.cookies["csrftoken"].value
    data = {
        "csrfmiddlewaretoken": token,
        "nickname": "小林",
        "age_range": "25-29岁",
        "occupation": "产品经理",
        "about": "想换个方向",
        "work-TOTAL_FORMS": "3",
        "work-INITIAL_FORMS": "1",
        "work-MIN_NUM_FORMS": "0",
        "work-MAX_NUM_FORMS": "10",
        "work-0-period": "2019–2022",
        "work-0-role": "运营",
        "work-0-organization": "某公司",
        "work-0-highlights": "<b>带</b>新人",
        "work-1-period": "2022–",
        "work-1-role": "产品经理",
        "work-1-organization": "",
        "work-1-highlights": "",
        "work-1-DELETE": "on",
        "work-2-period": "",
        "work-2-role": "",
        "work-2-organization": "",
        "work-2-highlights": "",
    }
    response = client.post("/profile/", data)
    assert response.status_code == 302
    profile = Profile.objects.get(session=session_of(client))
    assert profile.nickname == "小林" and profile.age_range == "25-29岁"
    assert profile.work_history == [
        {
            "period": "2019–2022",
            "role": "运营",
            "organization": "某公司",
            "highlights": "<b>带</b>新人",
        }
    ]
    page = client.get("/profile/").content.decode()
    assert 'value="小林"' in page and "&lt;b&gt;带&lt;/b&gt;新人" in page


def test_profile_post_without_csrf_token_is_refused():
    client = Client(enforce_csrf_checks=True)
    client.get("/profile/")
    response = client.post(
        "/profile/",
        {"nickname": "x", "work-TOTAL_FORMS": "0", "work-INITIAL_FORMS": "0"},
    )
    assert response.status_code == 403


def test_profile_rejects_too_many_rows(client, knowledge):
    data = {"work-TOTAL_FORMS": "12", "work-INITIAL_FORMS": "0"}
    data.update({f"work-{i}-role": f"r{i}" for i in range(12)})
    response = client.post("/profile/", data)
    assert response.status_code == 200
    assert not Profile.objects.filter(session=session_of(client)).exists()


def _token(client: Client) -> str:
    client.get("/profile/")  # a page that always carries a form
    return client.cookies["csrftoken"].value


def test_results_order_is_saved_as_json_with_csrf(knowledge):
    client = Client(enforce_csrf_checks=True)
    token = _token(client)
    client.post("/session/", HTTP_X_CSRFTOKEN=token)
    # Ranked values are shown only where the answers name them (issue 25).
    answer_save(
        session=session_of(client), question_id="V02", text="我看重成长和自由。"
    )
    answer_save(session=session_of(client), question_id="V03", text="支撑我的是助人。")
    order = ["V005", "V001", "V002"]
    response = client.post(
        "/results/order",
        json.dumps({"values_order": order}),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 200 and response.json()["ok"] is True
    assert session_of(client).results["values_order"] == order
    page = client.get("/results/").content.decode()
    names = re.findall(r'class="rank-item__name">([^<]+)<', page)
    assert names[:3] == ["助人", "自由", "成长"]


def test_results_order_refuses_missing_csrf_and_bad_input(knowledge):
    client = Client(enforce_csrf_checks=True)
    token = _token(client)
    body = json.dumps({"values_order": ["V001"]})
    assert (
        client.post("/results/order", body, content_type="application/json").status_code
        == 403
    )
    for bad in (
        {"values_order": "V001"},
        {"values_order": ["<x>"]},
        {"values_order": ["V001", "V001"]},
        [],
        {"other": 1},
    ):
        response = client.post(
            "/results/order",
            json.dumps(bad),
            content_type="application/json",
            HTTP_X_CSRFTOKEN=token,
        )
        assert response.status_code == 400, bad
    response = client.post(
        "/results/order",
        "{not json",
        content_type="application/json",
        HTTP_X_CSRFTOKEN=token,
    )
    assert response.status_code == 400
    assert session_of(client).results == {}


def test_results_order_form_fallback_moves_one_value(client, knowledge):
    client.get("/results/")
    response = client.post(
        "/results/order", {"order": ["V001", "V002", "V003"], "move": "V002:up"}
    )
    assert response.status_code == 302
    assert session_of(client).results["values_order"] == ["V002", "V001", "V003"]


def test_results_say_what_is_missing_when_nothing_is_answered(client, knowledge):
    page = client.get("/results/").content.decode()
    assert "还缺一些材料" in page
    assert "?step=values_exploration" in page and "?step=interests_exploration" in page
    assert "假设" in page
    assert page.count('class="venn__c ') == 3


def test_markdown_export_is_an_attachment_and_inert(client, knowledge):
    client.get("/")
    session = start(client)
    payload = (
        "<script>alert(1)</script> [x](javascript:alert(1)) "
        "<img src=x onerror=alert(1)>"
    )
    for qid in ("V01", "S01", "P01"):
        answer_save(session=session, question_id=qid, text=f"{payload}\n第二行 **粗**")
    response = client.get("/results.md")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/markdown; charset=utf-8"
    assert response["Content-Disposition"].startswith("attachment;")
    text = response.content.decode()
    assert re.search(r"(?<!\\)[<>\[\]]", text.replace("\n>", "\n")) is None
    assert "](javascript:" not in text
    assert r"\<script\>alert\(1\)\</script\>" in text
    assert r"> 第二行 \*\*粗\*\*" in text
    assert "待验证的假设" in text
