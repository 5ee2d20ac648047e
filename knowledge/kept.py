"""Content-addressed copies on disk of what is slow to build and the same everywhere.

The knowledge index and the coach's classifiers take seconds of CPU to build,
and every daphne and worker process (and every restart after a crash) needs
them before its first message. Built once per content, a copy under
``COACH_CACHE_DIR`` (default var/cache/) loads in a fraction of that.
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
# Copies kept per name: the current content and a few before it (a process
# still on the previous version, a branch switched back and forth).
KEEP = 4
logger = logging.getLogger(__name__)


def digest_of(parts: Iterable[bytes | str]) -> str:
    """Return a short hex digest of ``parts``, in order."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() if isinstance(part, str) else part)
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def cache_dir() -> Path:
    """Return the folder shared by every process and every stack of the suite."""
    return Path(os.environ.get("COACH_CACHE_DIR") or ROOT / "var" / "cache")


def kept(name: str, digest: str, build: Callable[[], T]) -> T:
    """Return what ``build()`` makes, loaded from disk when it was made before.

    ``digest`` must cover everything the result depends on (its inputs, the
    code that builds it, library versions): a new digest builds afresh. Plain
    pickle, not joblib: joblib's unpickler is pure Python and took 11 s (under
    a profiler) for the index's 34k small arrays, pickle 0.1 s. Only this
    process's own files are read, so unpickling trusts nothing from outside.
    """
    path = cache_dir() / f"{name}-{digest}.pickle"
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except Exception:  # absent, partial or from another version: build again
        pass
    made = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        with part.open("wb") as handle:
            pickle.dump(made, handle, protocol=pickle.HIGHEST_PROTOCOL)
        part.replace(path)  # atomic: a reader never sees half a file
        _prune(name)
    except Exception as exc:  # a read-only tree still works, it only builds again
        logger.warning("%s not kept on disk: %s", name, exc)
    return made


def _prune(name: str) -> None:
    """Remove all but the KEEP newest copies of ``name`` (older contents)."""
    copies = sorted(
        cache_dir().glob(f"{name}-*.pickle"),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for old in copies[KEEP:]:
        old.unlink(missing_ok=True)
