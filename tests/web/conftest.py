"""Web fixtures: the knowledge base loaded and a browser-like test client."""

import io

import pytest

from django.core.management import call_command

from knowledge.search import snapshot_expire


@pytest.fixture
def knowledge(db):
    """Load the real knowledge base from data/ (a fresh in-process snapshot)."""
    snapshot_expire()
    call_command("load_knowledge", stdout=io.StringIO())
    snapshot_expire()
    yield
    snapshot_expire()
