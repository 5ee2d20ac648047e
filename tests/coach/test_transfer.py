"""Export and import: everything out, everything back, refused politely otherwise."""

import json

import pytest

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from coach.models import CoachingSession
from coach.services.parts import PARTS
from tests.coach.marked import mark_new, workbook_marked

pytestmark = pytest.mark.django_db

TIMES = ("_at", "exported_at")
# A reply is named after its question's id (r<id>): an id, renamed on import.
IDS = ("reply_id",)


def _workbook_of(client: Client) -> CoachingSession:
    assert client.post("/session/").status_code == 204
    return CoachingSession.objects.get(pk=client.session["coach_session_id"])


def _without_times(value):
    """Drop times and reply names (they differ on purpose); row ids never go out."""
    if isinstance(value, dict):
        return {
            k: _without_times(v)
            for k, v in value.items()
            if not k.endswith(TIMES) and k not in IDS
        }
    if isinstance(value, list):
        return [_without_times(v) for v in value]
    return value


def _import(client: Client, content: bytes, name: str = "工作簿.json"):
    upload = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post("/me/import/", {"file": upload}, follow=True)


def test_export_then_import_then_export_is_identical_apart_from_times(
    client, knowledge
):
    mark = mark_new()
    workbook_marked(_workbook_of(client), mark, checkpointed=False)
    response = client.get("/me/export.json")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    first = response.json()
    assert first["version"] == 2
    assert first["answers"][0]["revisions"][0]["text"] == f"旧的回答{mark}"
    coach = [m for m in first["conversation"] if m["role"] == "coach"][0]
    assert coach["rating"]["comment"] == f"评价{mark}"
    assert first["conversation"][coach["reply_to"]]["text"] == f"我的秘密{mark}"
    assert first["nudges"][0]["text"] == f"提醒{mark}"
    assert first["profile"]["work_history"][0]["title"] == f"经历{mark}"
    assert first["workbook"]["results"]["edited"]["values"] == [f"自己写的{mark}"]
    # What happened after each experiment, with its date, and which round is open.
    assert first["workbook"]["round"] == 2
    tried = first["direction_cards"][0]
    assert (tried["round"], tried["archived_at"] is not None) == (1, True)
    assert [(n["happened_on"], n["text"]) for n in tried["notes"]] == [
        ("2026-10-03", f"试了{mark}"),
        ("2026-10-03", f"又试{mark}"),
    ]

    elsewhere = Client()  # another browser, a fresh empty workbook
    imported = _import(elsewhere, response.content)
    assert "已导入" in imported.content.decode()
    second = elsewhere.get("/me/export.json").json()

    assert _without_times(second) == _without_times(first)
    assert len(second["conversation"]) == 2
    assert len(second["direction_cards"]) == 2
    assert [len(c["notes"]) for c in second["direction_cards"]] == [2, 2]
    coach = [m for m in second["conversation"] if m["role"] == "coach"][0]
    assert coach["reply_id"].startswith("r")


def test_every_kind_of_row_comes_back_with_the_import(client, knowledge):
    source = _workbook_of(client)
    workbook_marked(source, mark_new(), checkpointed=False)
    answered = source.messages.get(role="coach")
    answered.reply_id = f"r{answered.reply_to_id}"  # as services/turns.py names it
    answered.save()
    elsewhere = Client()
    _import(elsewhere, client.get("/me/export.json").content)
    target = CoachingSession.objects.get(pk=elsewhere.session["coach_session_id"])

    # Every registered part (a new model is one line in parts.py) travels.
    for part in PARTS:
        count = part.rows(session=source).count()
        assert count > 0, part.model  # the marked workbook fills every part
        assert part.rows(session=target).count() == count, part.model
    assert target.round == source.round == 2
    # A reply is renamed after its question's new id, so no later reply clashes.
    reply = target.messages.get(role="coach")
    assert reply.reply_id == f"r{reply.reply_to_id}" != answered.reply_id


def test_a_version_1_file_still_imports(client, knowledge):
    """Version 1 had no card notes and no round: the cards' round is taken."""
    workbook_marked(_workbook_of(client), mark_new(), checkpointed=False)
    document = client.get("/me/export.json").json()
    document["version"] = 1
    del document["workbook"]["round"]
    for card in document["direction_cards"]:
        del card["notes"]

    elsewhere = Client()
    page = _import(elsewhere, json.dumps(document).encode()).content.decode()

    assert "已导入" in page
    again = elsewhere.get("/me/export.json").json()
    assert again["version"] == 2 and again["workbook"]["round"] == 2
    assert [c["notes"] for c in again["direction_cards"]] == [[], []]
    assert [c["title"] for c in again["direction_cards"]] == [
        c["title"] for c in document["direction_cards"]
    ]


def test_import_refuses_a_workbook_that_is_not_empty(client, knowledge):
    workbook = _workbook_of(client)
    workbook_marked(workbook, mark_new(), checkpointed=False)
    exported = client.get("/me/export.json").content
    before = client.get("/me/export.json").json()

    page = _import(client, exported).content.decode()

    assert "当前工作簿里已经有内容" in page
    assert _without_times(client.get("/me/export.json").json()) == _without_times(
        before
    )


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"{not json", "读不懂这个文件"),
        (b"\xff\xfe\x00", "读不懂这个文件"),
        (b"[1, 2]", "读不懂这个文件"),
        (
            json.dumps({"format": "zhaodao-workbook", "version": 99}).encode(),
            "版本（99）",
        ),
        (
            json.dumps(
                {"format": "zhaodao-workbook", "version": 1, "answers": [{"text": 5}]}
            ).encode(),
            "读不懂这个文件",
        ),
        (
            json.dumps(
                {
                    "format": "zhaodao-workbook",
                    "version": 1,
                    "answers": [{"question_id": "V01" * 9, "text": "太长的编号"}],
                }
            ).encode(),
            "读不懂这个文件",
        ),
        (
            json.dumps(
                {
                    "format": "zhaodao-workbook",
                    "version": 2,
                    "direction_cards": [
                        {
                            "round": 1,
                            "position": 1,
                            "title": "太长的记录",
                            "notes": [
                                {"happened_on": "2026-11-01", "text": "字" * 501}
                            ],
                        }
                    ],
                }
            ).encode(),
            "读不懂这个文件",
        ),
        (
            json.dumps(
                {"format": "zhaodao-workbook", "version": 2, "profile": ["不是对象"]}
            ).encode(),
            "读不懂这个文件",
        ),
    ],
)
def test_import_refuses_a_broken_file_in_chinese_and_changes_nothing(
    client, knowledge, content, says
):
    page = _import(client, content).content.decode()
    assert says in page
    assert not CoachingSession.objects.filter(answers__isnull=False).exists()
    assert not CoachingSession.objects.filter(direction_cards__isnull=False).exists()


def test_import_refuses_a_file_that_is_too_big(client, knowledge, settings):
    settings.WORKBOOK_IMPORT_MAX_BYTES = 1024 * 1024
    page = _import(client, b" " * (1024 * 1024 + 1)).content.decode()
    assert "文件太大了（最多 1 MB）" in page


def test_export_of_a_visitor_without_a_workbook_is_an_empty_document(client, knowledge):
    document = client.get("/me/export.json").json()
    assert document["answers"] == [] and document["conversation"] == []
    assert not CoachingSession.objects.exists()
