"""The risk check on every path: chat, saved answers, the profile and the nudge scan.

A risk flags the session for a day (kind only, never the words): no nudges, the
help link in the header, and care in the chat — saved before anything else.
"""

from datetime import timedelta

import pytest

from django.test import Client
from django.utils import timezone

from coach import services
from coach.models import ChatMessage, CoachingSession, Guidance
from coach.services.nudges import guidance_scan
from tests.coach.conftest import connect, reply_to


def at(seconds: float):
    return timezone.now() + timedelta(seconds=seconds)


@pytest.mark.django_db(transaction=True)
async def test_a_saved_answer_with_risk_gets_care_in_the_chat_and_flags_the_session(
    visitor, saver_closed
):
    comm, _ = await connect(visitor)
    await comm.send_json_to(
        {"type": "answer", "question_id": "V02", "text": "我不想活了"}
    )
    saved = await comm.receive_json_from(timeout=10)
    assert saved["type"] == "answer.saved"  # the answer is kept, whatever follows
    care = await comm.receive_json_from(timeout=10)
    assert care["type"] == "reply" and care["care"] is True
    assert "12356" in care["text"] and "安全" in care["text"]
    assert "不想活" not in care["text"]  # never quoted back
    session = await CoachingSession.objects.aget(pk=visitor.session.pk)
    assert session.risk_kind == "suicide" and session.risk_at is not None
    stored = await ChatMessage.objects.filter(session=session, role="coach").afirst()
    assert stored.text == care["text"]
    await comm.disconnect()
    comm, frame = await connect(visitor)  # after a reload: still there, help shown
    assert frame["care"] is True
    assert any(h["text"] == care["text"] for h in frame["history"])
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_harm_to_others_gets_its_own_reply_with_110_first(visitor, saver_closed):
    comm, _ = await connect(visitor)
    _, reply = await reply_to(comm, {"type": "chat", "text": "我想让我同事消失"})
    assert reply["care"] is True
    assert "110" in reply["text"] and "伤害自己" not in reply["text"]
    _, abuse = await reply_to(
        comm, {"type": "chat", "text": "我老公又打我了，我不敢回家"}
    )
    assert abuse["text"].index("110") < abuse["text"].index("12356")
    await comm.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_after_care_an_unrelated_question_is_answered_without_the_script(
    visitor, saver_closed
):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "V02"})
    _, first = await reply_to(comm, {"type": "chat", "text": "我现在在天台上"})
    assert "120" in first["text"]
    _, calm = await reply_to(comm, {"type": "chat", "text": "嗯"})
    assert calm["care"] is True and calm["text"] != first["text"]
    # The care frame holds without the script again; on a roof, 120 stays in view.
    assert "我很担心你" not in calm["text"] and "120" in calm["text"]
    _, moved = await reply_to(comm, {"type": "chat", "text": "第二题是什么意思？"})
    assert moved["care"] is False and "我很担心你" not in moved["text"]
    await comm.disconnect()


def test_the_nudge_scan_never_writes_a_nudge_about_a_risk_answer(knowledge):
    session = CoachingSession.objects.create()
    services.focus_set(session=session, question_id="V01")
    services.answer_save(session=session, question_id="V01", text="我不想活了")
    assert guidance_scan(now=at(3600)) == 0
    assert not Guidance.objects.exists()
    session.refresh_from_db()
    assert session.risk_kind == "suicide" and session.guide_due_at is None


def test_a_flagged_session_gets_no_nudge_for_a_day(knowledge):
    session = CoachingSession.objects.create()
    services.focus_set(session=session, question_id="V02")
    CoachingSession.objects.filter(pk=session.pk).update(
        risk_at=timezone.now(), risk_kind="self_harm"
    )
    assert guidance_scan(now=at(3600)) == 0
    CoachingSession.objects.filter(pk=session.pk).update(
        risk_at=timezone.now() - timedelta(days=2)
    )
    services.focus_set(session=session, question_id="V03")  # new activity
    assert guidance_scan(now=at(3600)) == 1  # a day later, the workbook resumes


def test_profile_text_with_risk_flags_the_session_and_the_pages_show_help(knowledge):
    client = Client()
    page = client.get("/profile/")
    assert b"data-help-link hidden" in client.get("/workbook/").content
    token = page.cookies["csrftoken"].value
    response = client.post(
        "/profile/",
        {
            "csrfmiddlewaretoken": token,
            "nickname": "小安",
            "about": "最近总觉得大家没有我会更好",
            "work-TOTAL_FORMS": "0",
            "work-INITIAL_FORMS": "0",
            "work-MIN_NUM_FORMS": "0",
            "work-MAX_NUM_FORMS": "10",
        },
        headers={"Accept": "application/json"},
    )
    assert response.status_code == 200, response.content
    assert "12356" in response.json()["care"]
    session = CoachingSession.objects.get()
    assert session.risk_kind == "suicide"
    workbook = client.get("/workbook/").content.decode()
    assert "data-help-link>" in workbook and "/help/" in workbook
    help_page = client.get("/help/").content.decode()
    assert "12356" in help_page and "120" in help_page and "110" in help_page
