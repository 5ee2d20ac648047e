"""Issue 25 over HTTP: results only from what the person wrote, with its quotes.

The known bad cases of the BM25 results page, the suspected rows the person
confirms or dismisses (and takes back), ``/results.json`` and its isolation,
and the quotes with their links on the page, in print and in the Markdown.
"""

import re

import pytest

from django.test import Client

from coach.models import CoachingSession
from coach.services import answer_save
from tests.web.samples import ANSWERS

pytestmark = pytest.mark.django_db

EMPTY = {"values": [], "talents": [], "passions": [], "directions": []}


def visitor(answers: dict[str, str]) -> tuple[Client, CoachingSession]:
    """Return a browser-like client whose session holds ``answers``."""
    client = Client()
    client.post("/session/")
    session = CoachingSession.objects.get(pk=client.session["coach_session_id"])
    for qid, text in answers.items():
        answer_save(session=session, question_id=qid, text=text)
    return client, session


def rows(client: Client, kind: str) -> dict[str, dict]:
    """Return ``/results.json``'s rows of one kind by name."""
    return {row["name"]: row for row in client.get("/results.json").json()[kind]}


def review(client: Client, value: str, kind: str = "talents"):
    return client.post("/results/evidence", {"review": value, "kind": kind})


# ---- the known bad cases --------------------------------------------------


def test_a_shrug_gives_no_values_talents_passions_or_purpose(knowledge):
    client, _ = visitor({"V01": "不知道"})
    assert client.get("/results.json").json() == EMPTY
    page = client.get("/results/").content.decode()
    for mark in ('class="rank-item', 'class="trait"', 'class="field-card"'):
        assert mark not in page
    assert "工作目的" not in page and "我工作是为了" not in page
    assert 'class="candidate"' not in page and "可能相关，等你确认" not in page
    assert "工作目的" not in client.get("/results.md").content.decode()


def test_the_boss_is_no_value(knowledge):
    client, _ = visitor({"V02": "领导让我天天加班，我就辞职了。"})
    assert client.get("/results.json").json() == EMPTY
    assert "领导" not in client.get("/results/").content.decode()


def test_not_caring_about_money_or_fame_gives_neither(knowledge):
    client, _ = visitor({"V02": "我不在乎钱也不在乎名声"})
    data = client.get("/results.json").json()
    assert data == EMPTY
    page = client.get("/results/").content.decode()
    for name in ("财富", "金钱", "名声", "地位", "守护"):
        assert f">{name}<" not in page, name


def test_candidates_never_show_an_empty_or_undecided_values_label(knowledge):
    client, session = visitor(ANSWERS)
    review(client, "T006:confirm")
    # A value of their own that no talent × field pair serves.
    client.post("/results/edit", {"kind": "values", "item": ["做木工"]})
    page = client.get("/results/").content.decode()
    assert page.count('class="candidate"') >= 1
    assert "待你自己判断" not in page
    assert "契合的价值观：" not in page  # the line is left out, in print too
    markdown = client.get("/results.md").content.decode()
    assert "契合的价值观" not in markdown and "待确认" not in markdown


# ---- suspected rows: confirm, dismiss, take back ----------------------------


def test_suspected_rows_wait_apart_until_the_person_confirms(knowledge):
    client, session = visitor(ANSWERS)
    talents = rows(client, "talents")
    assert talents["整理秩序"]["confirmed"] is False
    assert all(not row["confirmed"] for row in talents.values())
    page = client.get("/results/").content.decode()
    assert "可能相关，等你确认" in page
    assert 'class="trait"' not in page  # nothing suspected counts as theirs
    assert 'class="candidate"' not in page

    assert review(client, "T006:confirm").status_code == 302
    assert rows(client, "talents")["整理秩序"]["confirmed"] is True
    page = client.get("/results/").content.decode()
    assert re.search(r'class="trait__name">整理秩序<', page)
    assert 'class="candidate"' in page  # a confirmed talent × a named field
    session.refresh_from_db()
    assert session.results["review"] == {"T006": "confirmed"}

    review(client, "T006:undo")
    assert rows(client, "talents")["整理秩序"]["confirmed"] is False
    assert 'class="candidate"' not in client.get("/results/").content.decode()


def test_a_dismissed_row_leaves_and_can_be_restored(knowledge):
    client, _ = visitor(ANSWERS)
    assert "合作" in rows(client, "values")
    review(client, "V063:dismiss", kind="values")
    assert "合作" not in rows(client, "values")
    page = client.get("/results/").content.decode()
    assert 'data-dismissed="V063"' in page and 'data-suspected="V063"' not in page
    review(client, "V063:undo", kind="values")
    assert rows(client, "values")["合作"]["confirmed"] is False
    assert 'data-suspected="V063"' in client.get("/results/").content.decode()


def test_only_named_and_confirmed_values_make_the_top_five(knowledge):
    client, _ = visitor(ANSWERS)
    names = re.findall(r'class="rank-item__name">([^<]+)<', _page(client))
    assert names == ["成长", "自由", "公平"]
    review(client, "V040:confirm", kind="values")
    names = re.findall(r'class="rank-item__name">([^<]+)<', _page(client))
    assert names == ["成长", "自由", "公平", "责任"]
    assert "撤销确认" in _page(client)


def _page(client: Client) -> str:
    return client.get("/results/").content.decode()


@pytest.mark.parametrize(
    "value",
    ["V002:dismiss", "V002:confirm", "V999:confirm", "T006:explode", "", "T006"],
)
def test_reviews_of_rows_that_are_not_suspected_are_refused(knowledge, value):
    client, session = visitor(ANSWERS)
    response = review(client, value, kind="values")
    assert response.status_code == 302
    session.refresh_from_db()
    assert "review" not in (session.results or {})
    assert "请刷新页面后再试" in _page(client)


def test_review_needs_the_csrf_token(knowledge):
    client = Client(enforce_csrf_checks=True)
    client.get("/results/")
    assert (
        client.post("/results/evidence", {"review": "T006:confirm"}).status_code == 403
    )


def test_confirming_joins_the_persons_own_edited_list(knowledge):
    client, session = visitor(ANSWERS)
    client.post("/results/edit", {"kind": "talents", "item": ["做木工"]})
    review(client, "T006:confirm")
    assert list(rows(client, "talents"))[:2] == ["做木工", "整理秩序"]
    assert rows(client, "talents")["整理秩序"]["confirmed"] is True
    review(client, "T006:undo")
    session.refresh_from_db()
    assert session.results["edited"]["talents"] == ["做木工"]
    assert rows(client, "talents")["整理秩序"]["confirmed"] is False


# ---- /results.json -----------------------------------------------------------


def test_results_json_has_the_contract_shape(knowledge):
    client, _ = visitor(ANSWERS)
    review(client, "T006:confirm")
    response = client.get("/results.json")
    assert response["Content-Type"] == "application/json"
    assert (
        "no-cache" in response["Cache-Control"]
        or "max-age=0" in response["Cache-Control"]
    )
    data = response.json()
    assert set(data) == {"values", "talents", "passions", "directions"}
    assert data["directions"] == []
    for kind in ("values", "talents", "passions"):
        for row in data[kind]:
            assert set(row) == {"id", "name", "confirmed", "evidence"}
            assert row["evidence"], row
            for e in row["evidence"]:
                assert set(e) == {"question_id", "quote"}
                assert e["quote"] in ANSWERS[e["question_id"]]
    named = [(r["id"], r["name"], r["confirmed"]) for r in data["values"][:3]]
    assert named == [
        ("V002", "成长", True),
        ("V001", "自由", True),
        ("V009", "公平", True),
    ]
    assert data["values"][1]["evidence"] == [
        {"question_id": "V02", "quote": ANSWERS["V02"].rstrip("。")}
    ]
    assert [r["name"] for r in data["passions"] if r["confirmed"]] == [
        "心理与自我成长",
        "儿童教育",
    ]


def test_results_json_is_only_ever_the_visitors_own(knowledge):
    first, _ = visitor(ANSWERS)
    second, _ = visitor({"V02": "我选工作最看重家人。"})
    assert [r["name"] for r in rows(second, "values").values()] == ["家人"]
    assert "家人" not in rows(first, "values")
    assert "成长" not in rows(second, "values")
    before = CoachingSession.objects.count()
    stranger = Client()
    assert stranger.get("/results.json").json() == EMPTY
    assert CoachingSession.objects.count() == before  # a read creates nothing
    assert stranger.post("/results.json").status_code == 405


# ---- the quotes and their links -------------------------------------------------


def test_every_row_on_the_page_shows_its_quote_and_a_link(knowledge):
    client, _ = visitor(ANSWERS)
    review(client, "T006:confirm")
    page = _page(client)
    assert (
        '<span class="evidence__quote">«毕业时我放弃了大公司，选了小团队，'
        "因为能自己负责一整块业务，我更看重成长和<mark>自由</mark>»</span> — "
        '<a class="evidence__link" href="/workbook/?step=values_exploration#q-V02">'
        "第2题</a>"
    ) in page
    assert 'href="/workbook/?step=strengths_exploration#q-S01">第1题</a>' in page
    assert 'href="/workbook/?step=interests_exploration#q-P03">第3题</a>' in page
    # Every row of the three lists carries its quote.
    for kind, name in (("values", "rank-item__name"), ("talents", "trait__name")):
        part = page.split(f'id="{kind}"')[1].split(f'id="review-{kind}"')[0]
        assert part.count(f'class="{name}"') == part.count('class="evidence"') >= 1
    part = page.split('id="fields"')[1].split('id="review-fields"')[0]
    assert part.count('class="field-card__name"') == part.count('class="evidence"')
    # The link lands on the question's card, in its step.
    workbook = client.get("/workbook/?step=values_exploration").content.decode()
    assert 'id="q-V02"' in workbook


def test_print_keeps_the_quotes(knowledge):
    from pathlib import Path

    css = (Path(__file__).parents[2] / "static/coach/print.css").read_text()
    hidden = css.split("{ display: none !important; }")[0]
    assert ".evidence" not in hidden and ".evidence" in css


def test_markdown_rows_quote_and_link_to_their_questions(knowledge):
    client, _ = visitor({**ANSWERS, "V03": "<b>x</b> [x](javascript:1) 我看重自由"})
    review(client, "T006:confirm")
    text = client.get("/results.md").content.decode()
    assert (
        "   - «毕业时我放弃了大公司，选了小团队，因为能自己负责一整块业务，"
        "我更看重成长和自由» — "
        "[第2题](http://testserver/workbook/?step=values_exploration#q-V02)"
    ) in text
    assert (
        r"   - «\<b\>x\</b\> \[x\]\(javascript:1\) 我看重自由» — "
        "[第3题](http://testserver/workbook/?step=values_exploration#q-V03)"
    ) in text
    assert "## 可能相关，等你确认" in text
    talents = text.split("## 擅长的事")[1].split("## 喜欢的事")[0]
    assert "整理秩序" in talents and "#q-S01)" in talents


def test_a_row_named_in_five_answers_keeps_every_quote_reachable(knowledge):
    said = {
        "V01": "我最看重自由，想几点起就几点起。",
        "V02": "换工作那次，图的就是自由。",
        "V03": "为了自由，我一个人骑车走了川藏线。",
        "V04": "我羡慕表姐，她活得很自由。",
        "V05": "最受不了别人管着我，我要自由。",
    }
    client, _ = visitor(said)
    row = rows(client, "values")["自由"]
    assert len(row["evidence"]) >= 4, row["evidence"]
    page = client.get("/results/").content.decode()
    # Three quotes in view, the rest behind one click, none of them lost.
    assert f"另有 {len(row['evidence']) - 3} 处依据" in page
    text = re.sub(r"<[^>]+>", "", page)  # a quote's matched words are marked
    for e in row["evidence"]:
        assert e["quote"] in text, e["quote"]


def test_s07_words_are_talents_in_the_words_they_were_said(knowledge):
    # The coach's top list and the results page read S07 with one reader
    # (knowledge/evidence/told.py): talents named by the people asked.
    client, _ = visitor(
        {"S07": "师傅说“手稳”，老婆说“会过日子”，徒弟说“讲得透”", "S04": "不知道"}
    )
    talents = rows(client, "talents")
    for word in ("手稳", "会过日子", "讲得透"):
        assert word in talents, talents
        quote = talents[word]["evidence"][0]
        assert word in quote["quote"] and quote["question_id"] == "S07", quote
    page = client.get("/results/").content.decode()
    assert "讲得透" in page and "第7题" in page
