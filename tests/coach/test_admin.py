"""The product admin is for staff only."""

import pytest

from django.contrib.auth import get_user_model

from coach.models import CoachingSession, Guidance

PAGES = [
    "/admin/coach/coachingsession/",
    "/admin/coach/guidance/",
    "/admin/coach/chatmessage/",
    "/admin/coach/answer/",
]


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
