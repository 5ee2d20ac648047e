"""The insight page over HTTP: staff only, the date filter, the CSV exports."""

import csv
import io

import pytest

from django.contrib.auth.models import User

from tests.coach import insights_data

PAGE = "/admin/insights/"
MARCH = {"start": "2025-03-01", "end": "2025-03-10"}


@pytest.fixture
def data(knowledge):
    insights_data.build()


def test_anonymous_is_sent_to_the_login(client, db):
    response = client.get(PAGE)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert client.get(f"{PAGE}questions.csv").status_code == 302


def test_non_staff_are_refused(client, db):
    client.force_login(User.objects.create_user("visitor", password="x"))
    response = client.get(PAGE, MARCH)
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert client.get(f"{PAGE}questions.csv", MARCH).status_code == 302


def test_admin_index_links_to_the_page(admin_client, db):
    body = admin_client.get("/admin/").content.decode()
    assert f'href="{PAGE}"' in body


def test_page_shows_the_figures_and_charts(admin_client, data):
    body = admin_client.get(PAGE, MARCH).content.decode()
    assert "2025-03-01 至 2025-03-10" in body
    assert "insights-chart" in body and 'class="series-1"' in body
    row = body.split("<td>V01</td>", 1)[1].split("</tr>", 1)[0]
    cells = [c.split("</td>")[0] for c in row.split("<td>")[1:]]
    # text, reached, answered, median, short, vague, 4 triggers, followed
    assert cells[1:] == ["3", "2", "7.0 分钟", "50%", "50%", "0", "1", "0", "1"] + [
        "1/2（50%）"
    ]
    assert "=太笼统了" in body and "=想当老板" in body
    assert "style=" not in body.split('id="content-main"')[1]  # CSP: no inline style


def test_default_range_is_the_last_thirty_days(admin_client, data):
    body = admin_client.get(PAGE).content.decode()
    assert "这段时间没有记录。" in body  # March 2025 is long past
    assert 'type="date"' in body


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"start": "2025-13-01"}, "日期格式应为 年-月-日"),
        ({"start": "2025-03-10", "end": "2025-03-01"}, "开始日期不能晚于结束日期"),
        ({"start": "2000-01-01", "end": "2025-01-01"}, "日期范围最多"),
    ],
)
def test_bad_dates_are_explained_in_chinese(admin_client, data, query, message):
    page = admin_client.get(PAGE, query)
    assert page.status_code == 200
    assert message in page.content.decode()
    assert "insights-chart" not in page.content.decode()
    export = admin_client.get(f"{PAGE}gaps.csv", query)
    assert export.status_code == 400
    assert message in export.content.decode()


def _csv(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")  # Excel reads the Chinese as UTF-8
    return list(csv.reader(io.StringIO(text[1:])))


def test_each_table_exports_as_formula_escaped_csv(admin_client, data):
    for table in ("questions", "triggers", "entries", "gaps", "downvotes"):
        response = admin_client.get(f"{PAGE}{table}.csv", MARCH)
        assert response.status_code == 200, table
        assert response["Content-Type"].startswith("text/csv")
        assert "attachment" in response["Content-Disposition"]
    gaps = _csv(admin_client.get(f"{PAGE}gaps.csv", MARCH))
    assert gaps[0][0] == "未匹配的内容"
    assert gaps[1][:4] == ["'=想当老板", "values_exploration", "—", "5"]
    downvotes = _csv(admin_client.get(f"{PAGE}downvotes.csv", MARCH))
    assert downvotes[1][-1] == "'=太笼统了"
    entries = _csv(admin_client.get(f"{PAGE}entries.csv", MARCH))
    assert entries[1] == ["V001", "自由", "价值观", "2", "1", "3"]
    assert admin_client.get(f"{PAGE}nothing.csv", MARCH).status_code == 404


def test_long_tables_fold_their_tail(admin_client, data):
    body = admin_client.get(PAGE, MARCH).content.decode()
    entries = body.split('id="table-entries"', 1)[1].split("</section>", 1)[0]
    head, folded = entries.split("<details", 1)
    assert head.count("<tr>") == 16  # the header and the 15 most used
    assert "其余 321 行" in folded  # 105 + 105 + 126 entries in data/
    assert head.index("<td>V001</td>") < head.index("<td>T001</td>")


def test_safety_counts_show_numbers_and_no_words(admin_client, knowledge):
    from datetime import datetime

    from django.utils import timezone

    from coach.models import ChatMessage, CoachingSession

    when = timezone.make_aware(datetime(2025, 3, 5, 12))
    for kind in ("suicide", "suicide", "abuse"):
        session = CoachingSession.objects.create(risk_at=when, risk_kind=kind)
        ChatMessage.objects.create(session=session, role="user", text="我不想活了")
    CoachingSession.objects.create(  # flagged outside the period: not counted
        risk_at=when.replace(month=5), risk_kind="suicide"
    )
    body = admin_client.get(PAGE, MARCH).content.decode()
    table = body.split('id="table-risks"', 1)[1].split("</section>", 1)[0]
    assert "<td>自杀念头</td><td>2</td>" in table
    assert "<td>家庭暴力</td><td>1</td>" in table
    assert "<td>合计</td><td>3</td>" in table
    assert "不想活" not in body  # counts only, never what anyone wrote
    csv = admin_client.get(f"{PAGE}risks.csv", MARCH).content.decode("utf-8-sig")
    assert "自杀念头,2" in csv
