"""Choices under a reply (Coach 3 §1): offered by the coach, run without guessing."""

from __future__ import annotations

import pytest

from agent.dialogue.choices import CHOICES
from coach.models import ChatMessage
from tests.coach.conftest import connect, reply_to

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("saver_closed"),
]


async def test_every_reply_offers_one_to_three_short_choices(visitor):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "V02"})
    _, reply = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    assert 1 <= len(reply["choices"]) <= 3
    assert all(len(c["label"]) <= 12 and c["id"] in CHOICES for c in reply["choices"])
    await comm.disconnect()


async def test_a_choice_runs_its_act_and_is_saved_as_the_persons_message(visitor):
    comm, _ = await connect(visitor)
    await comm.send_json_to({"type": "focus", "question_id": "V02"})
    _, first = await reply_to(comm, {"type": "chat", "text": "嗯"})
    offered = {c["id"] for c in first["choices"]}
    assert "example" in offered  # nothing written yet: an example is offered
    _, reply = await reply_to(
        comm,
        {"type": "choice", "reply_id": first["reply_id"], "choice_id": "example"},
    )
    stored = await ChatMessage.objects.filter(
        session=visitor.session, role="coach"
    ).alast()
    assert stored.trace["act"] == "examples"  # the act the button names, not a guess
    assert "有人" in reply["text"] or "比如" in reply["text"]
    said = await ChatMessage.objects.filter(
        session=visitor.session, role="user"
    ).alast()
    assert said.text == CHOICES["example"].text
    await comm.disconnect()


async def test_a_choice_the_reply_did_not_offer_is_refused(visitor, other_visitor):
    comm, _ = await connect(visitor)
    _, first = await reply_to(comm, {"type": "chat", "text": "什么是价值观？"})
    offered = {c["id"] for c in first["choices"]}
    missing = next(i for i in CHOICES if i not in offered)
    await comm.send_json_to(
        {"type": "choice", "reply_id": first["reply_id"], "choice_id": missing}
    )
    error = await comm.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "invalid"
    await comm.disconnect()
    # Another session's reply id is not theirs to press.
    other, _ = await connect(other_visitor)
    choice = first["choices"][0]["id"]
    await other.send_json_to(
        {"type": "choice", "reply_id": first["reply_id"], "choice_id": choice}
    )
    error = await other.receive_json_from(timeout=5)
    assert error["type"] == "error" and error["code"] == "invalid"
    await other.disconnect()


async def test_after_care_the_choices_offer_help_and_rest(visitor):
    comm, _ = await connect(visitor)
    _, reply = await reply_to(comm, {"type": "chat", "text": "我不想活了"})
    assert {c["id"] for c in reply["choices"]} == {"help", "rest"}
    _, help_reply = await reply_to(
        comm, {"type": "choice", "reply_id": reply["reply_id"], "choice_id": "help"}
    )
    assert "12356" in help_reply["text"]
    await comm.disconnect()
