"""Delete my data: every row tied to the workbook goes, in every table."""

import pytest

from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from coach.models import CoachingSession
from coach.services.deletion import workbooks_delete
from knowledge.models import KnowledgeGap
from knowledge.services.gaps import FORGOTTEN
from tests.coach.marked import mark_new, workbook_marked
from tests.coach.tables import tables_holding

# A real agent turn writes the checkpoints from its own threads: committed rows.
pytestmark = pytest.mark.django_db(transaction=True)


def _workbook_of(client: Client) -> CoachingSession:
    assert client.post("/session/").status_code == 204
    return CoachingSession.objects.get(pk=client.session["coach_session_id"])


def test_the_marker_is_written_everywhere_the_scan_looks(client, knowledge):
    mark = mark_new()
    workbook_marked(_workbook_of(client), mark)
    found = tables_holding(mark)
    # The scan must see the words, or its emptiness after a delete proves nothing.
    for table in (
        "coach_answer",
        "coach_answerrevision",
        "coach_chatmessage",
        "coach_feedback",
        "coach_guidance",
        "coach_profile",
        "coach_coachingsession",
        "coach_directioncard",
        "coach_cardnote",
        "knowledge_knowledgegap",
    ):
        assert any(hit.startswith(f"{table}.") for hit in found), (table, found)
    assert any("checkpoint" in hit for hit in found), found


def test_delete_my_data_leaves_the_marker_in_no_table(client, knowledge):
    page = client.get("/me/delete/")
    assert page.status_code == 200
    assert "确认删除全部数据" in page.content.decode()
    workbook = _workbook_of(client)
    mark = mark_new()
    workbook_marked(workbook, mark)
    key = client.session.session_key

    response = client.post("/me/delete/", follow=True)

    assert "你的数据已经全部删除" in response.content.decode()
    assert tables_holding(mark) == []
    assert not CoachingSession.objects.filter(pk=workbook.pk).exists()
    assert not Session.objects.filter(session_key=key).exists()
    # The admin's statistics keep the count, never the words.
    assert KnowledgeGap.objects.get(query=FORGOTTEN).count == 1


def test_deleting_an_account_removes_it_and_all_its_workbooks(client, knowledge):
    mark = mark_new()
    user = get_user_model().objects.create_user(f"u{mark}", password="x-Pass-93!")
    archived = CoachingSession.objects.create(user=None)
    workbook_marked(archived, mark)
    client.force_login(user)
    assert client.post("/session/").status_code == 204
    current = CoachingSession.objects.get(user=user)
    CoachingSession.objects.filter(pk=archived.pk).update(
        user=user, archived_at=timezone.now()
    )

    client.post("/me/delete/")

    assert not get_user_model().objects.filter(pk=user.pk).exists()
    assert not CoachingSession.objects.filter(pk__in=[archived.pk, current.pk]).exists()
    assert tables_holding(mark) == []


def test_delete_is_a_post_and_needs_the_csrf_token(knowledge):
    client = Client(enforce_csrf_checks=True)
    workbook = _workbook_of_csrf(client)
    assert client.post("/me/delete/").status_code == 403
    assert CoachingSession.objects.filter(pk=workbook.pk).exists()


def _workbook_of_csrf(client: Client) -> CoachingSession:
    page = client.get("/me/delete/")
    token = page.context["csrf_token"]
    client.post("/session/", HTTP_X_CSRFTOKEN=str(token))
    return CoachingSession.objects.get(pk=client.session["coach_session_id"])


def test_deleting_twice_is_harmless(knowledge):
    workbook = CoachingSession.objects.create()
    assert workbooks_delete(sessions=[workbook]) == 1
    assert workbooks_delete(sessions=[workbook]) == 0
