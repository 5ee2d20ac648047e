"""Two real processes: an edit in one is searchable in the other within ~1 s."""

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SETTINGS = """
from coach.settings import *  # noqa: F403

DATABASES = {{"default": {{"ENGINE": "django.db.backends.sqlite3", "NAME": {db!r}}}}}
CACHES["default"]["KEY_PREFIX"] = {prefix!r}
"""

READER = """
import json, sys
import django
django.setup()
from knowledge.search import index_warm
from knowledge.selectors import entry_search
index_warm()
print("ready", flush=True)
for line in sys.stdin:
    print(json.dumps([h.id for h in entry_search(query=line.strip())]), flush=True)
"""

WRITER = """
import django
django.setup()
from knowledge.models import ValueEntry
from knowledge.services import record_save
value = ValueEntry.objects.get(pk="V001")
value.name = "Quuxwell"
record_save(record=value)
"""


@pytest.fixture
def env(tmp_path):
    """Settings for child processes: a private SQLite file, the tests' Redis."""
    (tmp_path / "kb_settings.py").write_text(
        SETTINGS.format(db=str(tmp_path / "db.sqlite3"), prefix=f"kb-{uuid.uuid4()}")
    )
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)]),
        "DJANGO_SETTINGS_MODULE": "kb_settings",
        "COACH_VAR_DIR": str(tmp_path),
    }
    for command in (["migrate", "-v0"], ["load_knowledge"]):
        subprocess.run(
            [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True
        )
    return env


@pytest.mark.processes
def test_edit_in_one_process_is_searchable_in_another(env):
    reader = subprocess.Popen(
        [sys.executable, "-c", READER],
        cwd=ROOT,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert reader.stdout.readline().strip() == "ready"

        def ask(query: str) -> list[str]:
            reader.stdin.write(query + "\n")
            reader.stdin.flush()
            return json.loads(reader.stdout.readline())

        assert ask("自由")[0] == "V001"
        assert "V001" not in ask("Quuxwell")
        subprocess.run([sys.executable, "-c", WRITER], cwd=ROOT, env=env, check=True)
        written = time.monotonic()
        while "V001" not in ask("Quuxwell"):
            # ≤ 1 s until the reader re-reads the stamp, plus its rebuild.
            assert time.monotonic() - written < 2.0, "edit not visible within ~1 s"
            time.sleep(0.05)
    finally:
        reader.stdin.close()
        reader.wait(timeout=10)
