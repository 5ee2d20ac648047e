"""What the coach's reply changes in the session: quiet mode, knowledge gaps."""

import pytest

from channels.db import database_sync_to_async

from coach.models import CoachingSession
from knowledge.models import KnowledgeGap
from tests.coach.conftest import connect, reply_to

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.asyncio,
    pytest.mark.usefixtures("saver_closed"),
]


async def test_asking_for_quiet_switches_it_on_like_the_toggle(visitor):
    comm, first = await connect(visitor)
    assert first["guide_mode"] == "normal"
    _, reply = await reply_to(
        comm,
        {"type": "chat", "text": "你别老提醒我了，让我自己想想", "client_id": "q1"},
    )
    assert reply["guide_mode"] == "quiet"  # the browser's toggle follows this
    assert "安静" in reply["text"]
    session = await database_sync_to_async(CoachingSession.objects.get)(
        pk=visitor.session.pk
    )
    assert session.guide_mode == "quiet"  # saved, as the toggle's frame does
    await comm.disconnect()


async def test_a_search_with_no_good_match_is_logged_as_a_knowledge_gap(visitor):
    comm, _ = await connect(visitor)
    _, reply = await reply_to(
        comm, {"type": "chat", "text": "有没有和量子纠缠有关的才能", "client_id": "g1"}
    )
    assert reply["text"].count("？") <= 1  # one clarifying question, no weak match
    gaps = await database_sync_to_async(list)(KnowledgeGap.objects.all())
    assert [g.query for g in gaps] == ["量子纠缠"]
    assert gaps[0].count == 1
    await comm.disconnect()
