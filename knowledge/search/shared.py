"""One build of each knowledge version, shared by every process through disk.

The first process to see a new version takes the version's lock, builds the
snapshot (re-tokenizing only texts it has not seen: knowledge.search.parts)
and saves it under COACH_CACHE_DIR; every other process waits on the lock
(answering from its old snapshot meanwhile) and loads the copy, which takes no
database read and no tokenizing. A copy is named by the database and the
version, so the version is the contract: every write to the knowledge goes
through knowledge.services, which bumps it.
"""

import sys
import threading
from pathlib import Path

import jieba
import numpy as np

from django.db import connection

from knowledge import kept
from knowledge.search import stamp, text
from knowledge.search.parts import Parts
from knowledge.search.snapshot import Snapshot, snapshot_build

SNAPSHOT, PARTS = "knowledge-snapshot", "knowledge-parts"
_HERE = Path(__file__).parent
# Everything a copy's meaning depends on besides the rows: the code that reads
# and indexes them, the models' columns, the libraries that cut and store.
CODE = kept.digest_of(
    [
        *(p.read_bytes() for p in sorted(_HERE.glob("*.py"))),
        *(p.read_bytes() for p in sorted((_HERE.parent / "models").glob("*.py"))),
        jieba.__version__,
        np.__version__,
        f"{sys.version_info[:2]}",
    ]
)

_parts_lock = threading.Lock()
_parts = None  # this process's tokens and grams, once it has built


def snapshot_key(version: int) -> str:
    """Name a version's copy: the same number in another database is another copy."""
    db = connection.settings_dict
    where = f"{db['ENGINE']}|{db.get('HOST')}|{db.get('PORT')}|{db['NAME']}"
    return kept.digest_of([CODE, where, str(version)])


def snapshot_shared(*, version: int) -> Snapshot:
    """Return the snapshot of ``version``: loaded if any process built it, else built.

    Version 0 (no knowledge loaded yet) is never shared: such a database may
    hold rows written without a version.
    """
    if not version:
        return _build(version)
    key = snapshot_key(version)
    snap = _load(key)
    if snap is not None:
        return snap
    with kept.building(SNAPSHOT, key):
        snap = _load(key)  # built by the process we waited for
        if snap is not None:
            return snap
        snap = _build(version)
        if stamp.db_version() == version:  # no write landed while we read
            kept.copy_save(SNAPSHOT, key, snap)
    # After the lock: the others need only the snapshot. Not in a thread of
    # its own: a Celery worker forks after its warm-up, and a child forked
    # while that thread held _parts_lock would wait on it for ever.
    with _parts_lock:
        kept.copy_save(PARTS, CODE, _parts)
    return snap


def _load(key: str) -> Snapshot | None:
    snap = kept.copy_load(SNAPSHOT, key)
    if not isinstance(snap, Snapshot):
        return None
    text.words_load(snap.words)
    return snap


def _build(version: int) -> Snapshot:
    global _parts
    with _parts_lock:
        if _parts is None:
            # Another process's tokens, with the words they were cut with:
            # only words new to both make texts be cut again.
            _parts = kept.copy_load(PARTS, CODE)
            if isinstance(_parts, Parts):
                text.words_load(_parts.words)
            else:
                _parts = Parts()
        with kept.gc_paused():
            snap = snapshot_build(version=version, parts=_parts)
        _parts.words = snap.words
        return snap
