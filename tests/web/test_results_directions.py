"""Issue 25 points 3–6 over HTTP: direction cards on /results/, in JSON and the PDF.

Each visitor reaches only their own cards; every write is a CSRF-protected
form post that comes back to the page with a Chinese message; a suggestion is
shown, never saved, until its button is clicked; /results.json lists the cards.
"""

import re
from html import unescape

import pytest

from django.test import Client

from coach.models import CoachingSession, DirectionCard
from tests.web.pdftext import pdf_pages, pdf_text
from tests.web.samples import ANSWERS, PAYLOADS
from tests.web.test_results_evidence import visitor

pytestmark = pytest.mark.django_db


@pytest.fixture
def person(knowledge):
    client, session = visitor(ANSWERS)
    client.post("/results/evidence", {"review": "T006:confirm", "kind": "talents"})
    return client, session


def new_card(client: Client, title: str = "整理学习方法", refs=("talents:T006",)):
    return client.post("/results/cards", {"title": title, "ref": list(refs)})


def flash(response) -> str:
    """Return the latest message of the cards section on a page."""
    found = re.findall(r'data-flash="directions">([^<]*)<', response.content.decode())
    return unescape(found[-1]) if found else ""


def card_form(card: DirectionCard, **changes) -> dict:
    return {
        "title": card.title,
        "question": card.question,
        "experiment": card.experiment,
        "ref": [f"{r['kind']}:{r['id']}" for r in card.draws_on],
        **changes,
    }


def directions(client: Client) -> list[dict]:
    return client.get("/results.json").json()["directions"]


def test_a_card_is_created_and_listed_in_json_with_its_quotes(person):
    client, _ = person
    response = new_card(client)
    assert response.status_code == 302
    assert response["Location"] == "/results/#directions"
    card = DirectionCard.objects.get()
    response = client.post(
        f"/results/cards/{card.pk}",
        card_form(
            card,
            question="我能靠整理帮别人学得更好吗？",
            experiment="周六给两个同学讲一次笔记方法",
            gauge_resources="3",
            gauge_liking="5",
            gauge_confidence="2",
            gauge_coherence="4",
        ),
        follow=True,
    )
    assert flash(response) == "已保存"
    client.post(f"/results/cards/{card.pk}/notes", {"text": "试了，结果两个人都说有用"})
    [data] = directions(client)
    assert data["title"] == "整理学习方法" and data["round"] == 1
    assert data["archived"] is False and data["position"] == 1
    assert data["question"] == "我能靠整理帮别人学得更好吗？"
    assert data["gauges"] == {
        "resources": 3,
        "liking": 5,
        "confidence": 2,
        "coherence": 4,
    }
    assert data["draws_on"] == [
        {
            "kind": "talents",
            "id": "T006",
            "name": "整理秩序",
            "question_id": "S01",
            "quote": ANSWERS["S01"].rstrip("。"),
        }
    ]
    assert [n["text"] for n in data["notes"]] == ["试了，结果两个人都说有用"]
    page = client.get("/results/").content.decode()
    assert "试了，结果两个人都说有用" in page and "整理学习方法" in page


def test_another_sessions_card_is_a_404_and_stays_unchanged(person):
    client, _ = person
    new_card(client)
    card = DirectionCard.objects.get()
    stranger, _ = visitor({})
    for path, data in [
        (f"/results/cards/{card.pk}", card_form(card, title="被改了")),
        (f"/results/cards/{card.pk}", {"do": "delete"}),
        (f"/results/cards/{card.pk}/notes", {"text": "别人的记录"}),
    ]:
        assert stranger.post(path, data).status_code == 404
    assert directions(stranger) == []
    card.refresh_from_db()
    assert card.title == "整理学习方法" and not card.notes.exists()
    assert Client().post(f"/results/cards/{card.pk}", {"do": "delete"}).status_code == (
        404
    )


def test_card_writes_need_the_csrf_token(person):
    _, session = person
    client = Client(enforce_csrf_checks=True)
    client.cookies = person[0].cookies
    assert client.post("/results/cards", {"title": "x"}).status_code == 403
    assert client.post("/results/round").status_code == 403
    assert not DirectionCard.objects.exists()


def test_limits_come_back_as_chinese_messages(person):
    client, _ = person
    response = new_card(client, title="长" * 61, refs=())
    assert flash(client.get("/results/")) == "标题最多 60 个字，请删短一些。"
    for title in "一二三":
        new_card(client, title=f"方向{title}", refs=())
    response = client.post("/results/cards", {"title": "第四个"}, follow=True)
    assert flash(response) == "每一轮最多 3 张方向卡，可以先删掉一张。"
    card = DirectionCard.objects.first()
    response = client.post(
        f"/results/cards/{card.pk}/notes", {"text": "试了", "date": "明天"}, follow=True
    )
    assert "日期看不懂" in flash(response)
    assert DirectionCard.objects.count() == 3


def test_a_shown_suggestion_is_saved_only_by_its_button_and_can_be_undone(person):
    client, _ = person
    new_card(client, title="我的方向")
    card = DirectionCard.objects.get()
    page = client.get("/results/").content.decode()
    shown = re.search(r'name="shown_title" value="([^"]*)"', page).group(1)
    assert unescape(shown) == "用「整理秩序」做「心理与自我成长」"
    card.refresh_from_db()
    assert card.title == "我的方向"  # on the page, not in the card
    # Saving the form carries the shown text along but writes only the person's.
    client.post(f"/results/cards/{card.pk}", {**card_form(card), "shown_title": shown})
    card.refresh_from_db()
    assert card.title == "我的方向"
    response = client.post(
        f"/results/cards/{card.pk}",
        {**card_form(card), "shown_title": unescape(shown), "do": "accept:title"},
        follow=True,
    )
    assert flash(response) == "已采用教练的建议，随时可以撤销"
    assert directions(client)[0]["title"] == "用「整理秩序」做「心理与自我成长」"
    client.post(
        f"/results/cards/{card.pk}",
        {**card_form(card, title=unescape(shown)), "do": "undo:title"},
    )
    assert directions(client)[0]["title"] == "我的方向"


def test_a_new_round_keeps_old_cards_read_only_beside_new_ones(person):
    client, _ = person
    response = client.post("/results/round", follow=True)
    assert flash(response) == "这一轮还没有方向卡，不用开始新一轮。"
    new_card(client, title="第一轮的方向")
    response = client.post("/results/round", follow=True)
    assert flash(response) == "已开始第 2 轮"
    new_card(client, title="第二轮的方向", refs=())
    page = client.get("/results/").content.decode()
    assert "方向卡 · 第 2 轮" in page and "第 1 轮的方向卡（1 张，只读）" in page
    old = DirectionCard.objects.get(round=1)
    older = page.split('data-round="1"')[1]
    assert "第一轮的方向" in older and f"/results/cards/{old.pk}" not in page
    response = client.post(
        f"/results/cards/{old.pk}", card_form(old, title="改旧的"), follow=True
    )
    assert flash(response) == "这是之前一轮的方向卡，只能查看。"
    assert [(d["title"], d["archived"]) for d in directions(client)] == [
        ("第二轮的方向", False),
        ("第一轮的方向", True),
    ]
    values = client.get("/results.json").json()["values"]
    assert [v["name"] for v in values if v["confirmed"]] == ["成长", "自由", "公平"]


def test_card_text_is_shown_as_text_never_markup(person):
    client, _ = person
    for payload in PAYLOADS[:3]:
        new_card(client, title=payload[:60], refs=())
    page = client.get("/results/").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# ---- GET /results.pdf -------------------------------------------------------


def test_the_pdf_is_one_page_of_the_persons_words_in_a_cjk_font(person):
    client, _ = person
    new_card(client, title="整理学习方法")
    card = DirectionCard.objects.get()
    client.post(
        f"/results/cards/{card.pk}",
        card_form(card, question="我能靠整理帮别人学得更好吗？", gauge_liking="5"),
    )
    client.post(f"/results/cards/{card.pk}/notes", {"text": "试了，结果朋友说有用"})
    response = client.get("/results.pdf")
    assert response["Content-Type"] == "application/pdf"
    assert "attachment" in response["Content-Disposition"]
    pdf = response.content
    assert pdf.startswith(b"%PDF-") and pdf_pages(pdf) == 1
    # The CID font every PDF reader supplies (nothing to install or embed).
    assert b"/BaseFont /STSong-Light" in pdf and b"/Encoding /UniGB-UCS2-H" in pdf
    text = pdf_text(pdf)
    for said in (
        "我的结果",
        "整理学习方法",
        "我能靠整理帮别人学得更好吗？",
        "有多喜欢 5/5",
        "试了，结果朋友说有用",
        "成长",  # a value their answer names
        ANSWERS["S01"].rstrip("。")[:20],  # the quote it stands on
    ):
        assert said in text, said
    # No knowledge descriptions and no coach-built candidate text.
    assert "小实验（" not in text and "复盘" not in text


def test_a_long_card_still_fits_on_one_page(person):
    client, _ = person
    for n in "一二三":
        new_card(client, title=f"方向{n}" + "长" * 50)
    for card in DirectionCard.objects.all():
        client.post(
            f"/results/cards/{card.pk}",
            card_form(card, question="问" * 200, experiment="试" * 500),
        )
        for _ in range(5):
            client.post(f"/results/cards/{card.pk}/notes", {"text": "记" * 500})
    assert pdf_pages(client.get("/results.pdf").content) == 1


def test_a_visitor_without_a_session_gets_an_empty_pdf_and_no_row(knowledge):
    response = Client().get("/results.pdf")
    assert response.status_code == 200 and pdf_pages(response.content) == 1
    assert not CoachingSession.objects.exists()


def test_the_markdown_export_keeps_the_cards_and_their_history(person):
    client, _ = person
    new_card(client, title="整理*学习*方法")
    card = DirectionCard.objects.get()
    client.post(
        f"/results/cards/{card.pk}",
        card_form(card, experiment="周六讲一次笔记方法", gauge_liking="5"),
    )
    client.post(f"/results/cards/{card.pk}/notes", {"text": "试了，结果还不错"})
    client.post("/results/round")
    markdown = client.get("/results.md").content.decode()
    cards = markdown.split("## 方向卡")[1]
    assert "### 整理\\*学习\\*方法（第 1 轮，只读）" in cards  # escaped, marked old
    assert "用到 擅长的事 · **整理秩序**：«看同事写周报" in cards
    assert "7 天小实验：周六讲一次笔记方法" in cards
    assert "有多喜欢 5/5" in cards and "资源够不够 未定" in cards
    assert "试了之后：试了，结果还不错" in cards
