"""Agent test fixtures: the knowledge base loaded once, snapshots, a fresh saver."""

from __future__ import annotations

import os

import pytest

from django.apps import apps
from django.core.management import call_command

from agent.checkpoint import checkpointer_close
from agent.configuration import Configuration
from agent.context import SessionSnapshot
from knowledge import selectors
from knowledge.search import snapshot_expire


@pytest.fixture(scope="package", autouse=True)
def _checkpoint_file(tmp_path_factory):
    """Keep this run's checkpoints in a temporary file (the test DB is in memory)."""
    os.environ["AGENT_CHECKPOINT_PATH"] = str(
        tmp_path_factory.mktemp("agent") / "checkpoints.sqlite3"
    )
    yield
    os.environ.pop("AGENT_CHECKPOINT_PATH", None)


@pytest.fixture(scope="package", autouse=True)
def _classifier_trained():
    """Train the intent classifier once, as daphne does at start-up (asgi.py)."""
    from agent.api import warm_up

    warm_up()


@pytest.fixture(scope="package")
def knowledge_loaded(django_db_setup, django_db_blocker):
    """Load data/ once for these tests, and leave the database empty after them.

    The rows are committed (tools read them from worker threads), so they are
    deleted again for the test packages that expect an empty knowledge base.
    """
    with django_db_blocker.unblock():
        call_command("load_knowledge", verbosity=0)
    yield
    with django_db_blocker.unblock():
        for model in apps.get_app_config("knowledge").get_models():
            model.objects.all().delete()
    snapshot_expire()  # the next query re-reads the (now empty) version


@pytest.fixture
def kb(knowledge_loaded, db):
    """Give a test the knowledge selectors on our real data."""
    return selectors


@pytest.fixture(autouse=True)
async def _fresh_checkpointer():
    """Close the saver opened on this test's event loop."""
    yield
    await checkpointer_close()


def snapshot(**overrides) -> SessionSnapshot:
    """Return a session on question V03 with a little history."""
    values = {
        "session_id": "s-test",
        "step": "values_exploration",
        "question_id": "V03",
        "user_info": {"name": "小林", "age_range": "25-30", "occupation": "产品经理"},
        "work_history": [
            {
                "period": "2019-2023",
                "role": "产品经理",
                "highlights": "负责用户调研和新功能上线",
            }
        ],
        "answers": {"V01": "我很佩服大学导师，她从不放弃任何一个学生。"},
        "recent_messages": [("user", "你好"), ("coach", "你好，我们从第一题开始吧。")],
        "notes": {},
    }
    values.update(overrides)
    return SessionSnapshot(**values)


@pytest.fixture
def offline_config() -> Configuration:
    """Return an offline configuration with a short deadline."""
    return Configuration(llm_mode="offline", turn_deadline=10.0)


def on_screen(events: list) -> list[str]:
    """Return the chunks a browser shows at the end: those after the last status.

    A TurnStatus (a tool lookup, a round started over) voids what streamed before it.
    """
    from agent.api import TurnDelta, TurnStatus

    shown: list[str] = []
    for event in events:
        if isinstance(event, TurnStatus):
            shown = []
        elif isinstance(event, TurnDelta):
            shown.append(event.text)
    return shown
