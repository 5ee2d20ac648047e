"""The product admin is for staff only."""

import pytest

from django.contrib.auth import get_user_model
from django.urls import reverse

from coach.models import ChatMessage, CoachingSession, Feedback, Guidance
from coach.services import feedback_save

PAGES = [
    "/admin/coach/coachingsession/",
    "/admin/coach/guidance/",
    "/admin/coach/chatmessage/",
    "/admin/coach/answer/",
    "/admin/coach/feedback/",
]
EXPORT_COLUMNS = (
    "reply_id",
    "rating",
    "comment",
    "question_id",
    "asked",
    "reply",
    "act",
    "updated_at",
)


@pytest.fixture
def guidance(db):
    session = CoachingSession.objects.create()
    return Guidance.objects.create(
        session=session,
        trigger="stuck",
        episode=1,
        text="换个角度想想",
        question_id="V02",
    )


@pytest.mark.parametrize("page", PAGES)
def test_anonymous_and_non_staff_are_refused(client, guidance, page):
    response = client.get(page)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    user = get_user_model().objects.create_user("visitor", password="x" * 12)
    client.force_login(user)
    response = client.get(page)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


@pytest.mark.parametrize("page", PAGES)
def test_staff_sees_sessions_and_guidance_with_times(admin_client, guidance, page):
    response = admin_client.get(page)
    assert response.status_code == 200
    if "guidance" in page:
        body = response.content.decode()
        assert "卡在问题" in body and "V02" in body


@pytest.fixture
def rated(db):
    """Two rated replies: one 👍, one 👎 whose comment looks like a formula."""
    session = CoachingSession.objects.create()
    replies = []
    for n, (rating, comment) in enumerate(
        [("up", "很具体"), ("down", "=HYPERLINK(1)")]
    ):
        asked = ChatMessage.objects.create(
            session=session, role="user", text=f"问题{n}", question_id="V03"
        )
        reply = ChatMessage.objects.create(
            session=session,
            role="coach",
            text=f"回复{n}：比如先写一个场景。",
            reply_to=asked,
            reply_id=f"r{asked.pk}",
            question_id="V03",
            trace={"act": "explain"},
        )
        feedback_save(
            session=session, reply_id=reply.reply_id, rating=rating, comment=comment
        )
        replies.append(reply)
    return replies


def test_ratings_show_on_the_reply_rows_and_filter(admin_client, rated):
    body = admin_client.get("/admin/coach/chatmessage/").content.decode()
    assert "👍 有帮助" in body and "👎 没帮助" in body
    body = admin_client.get(
        "/admin/coach/feedback/?rating__exact=down"
    ).content.decode()
    assert "=HYPERLINK(1)" in body and "很具体" not in body
    body = admin_client.get(
        "/admin/coach/chatmessage/?feedback__rating=up"
    ).content.decode()
    assert "回复0" in body and "回复1" not in body


def test_ratings_export_as_formula_escaped_csv(admin_client, rated):
    fields = {f"feedbackresource_{c}": "on" for c in EXPORT_COLUMNS}
    response = admin_client.post(
        reverse("admin:coach_feedback_export"),
        {"format": "0", "resource": "0", **fields},
    )
    assert response.status_code == 200
    lines = response.content.decode("utf-8").strip().split("\n")
    assert lines[0] == ",".join(EXPORT_COLUMNS)
    rows = "\n".join(lines[1:])
    assert "'=HYPERLINK(1)" in rows  # a spreadsheet shows it, never runs it
    assert (
        f"{rated[0].reply_id},up,很具体,V03,问题0,回复0：比如先写一个场景。,explain"
        in rows
    )
    assert Feedback.objects.count() == 2
