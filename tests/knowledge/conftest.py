"""Knowledge fixtures: the real data/ loaded into the test database, or a copy."""

import shutil
from pathlib import Path

import pytest

from knowledge.search import snapshot_expire
from knowledge.services import knowledge_load
from tests.knowledge.helpers import DATA


@pytest.fixture(autouse=True)
def _fresh_snapshot():
    """Each test has its own rows: make this process re-read the version stamp."""
    snapshot_expire()
    yield
    snapshot_expire()


@pytest.fixture
def kb(db, django_capture_on_commit_callbacks):
    """Load the real data/ (publishing the version as a real commit would)."""
    with django_capture_on_commit_callbacks(execute=True):
        return knowledge_load(directory=DATA)


@pytest.fixture
def data_dir(tmp_path):
    """A private copy of data/ that a test may break."""
    return Path(shutil.copytree(DATA, tmp_path / "data"))


@pytest.fixture
def staff(client, django_user_model):
    """A client logged in as an administrator."""
    user = django_user_model.objects.create_superuser("admin", "a@example.com", "pw")
    client.force_login(user)
    return client


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Run on-commit hooks (the version publish) as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
