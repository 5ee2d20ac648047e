"""Copies on disk of what is slow to build and the same everywhere.

The knowledge index and the coach's classifiers take seconds of CPU to build,
and every daphne and worker process (and every restart after a crash) needs
them before its first message. Built once per content (or knowledge version),
a copy under ``COACH_CACHE_DIR`` (default var/cache/) loads in a fraction of
that. Processes that need the same missing copy at once wait on a file lock
while the first builds it, then load it: one build, not one per process.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import hashlib
import logging
import os
import pickle
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
# Copies kept per name: the current content and a few before it (a process
# still on the previous version, a branch switched back and forth).
KEEP = 4
STALE_LOCK = 3600  # seconds; far longer than any build
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


def _path(name: str, digest: str) -> Path:
    return cache_dir() / f"{name}-{digest}.pickle"


def copy_load(name: str, digest: str) -> Any | None:
    """Return the copy kept under ``name`` and ``digest``, or None.

    Plain pickle, not joblib: joblib's unpickler is pure Python and took 11 s
    (under a profiler) for the index's 34k small arrays, pickle 0.1 s. Only
    this app's own processes write the folder, so unpickling trusts nothing
    from outside.
    """
    try:
        with _path(name, digest).open("rb") as handle, gc_paused():
            return pickle.load(handle)
    except Exception:  # absent, partial or from another version: build again
        return None


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cycle collector while many objects are made at once.

    Loading a 10k-entry snapshot makes ~100k containers, and each few
    hundred of them started a collection that walked the whole heap: the load
    took 0.23–0.63 s of CPU with the collector on, 0.12 s with it held.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def copy_save(name: str, digest: str, made: object) -> None:
    """Keep ``made`` on disk; a reader never sees half a file."""
    path = _path(name, digest)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        with part.open("wb") as handle:
            pickle.dump(made, handle, protocol=pickle.HIGHEST_PROTOCOL)
        part.replace(path)  # atomic rename
        _prune(name)
    except Exception as exc:  # a read-only tree still works, it only builds again
        logger.warning("%s not kept on disk: %s", name, exc)


@contextlib.contextmanager
def building(name: str, digest: str) -> Iterator[None]:
    """Hold the builder's lock of one copy; others wait here, then load it.

    flock is released by the kernel when its holder dies, so a crashed
    builder never leaves the others waiting.
    """
    lock = cache_dir() / f"{name}-{digest}.lock"
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = lock.open("a")
    except OSError:  # a read-only tree: build without a lock
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def kept(name: str, digest: str, build: Callable[[], T]) -> T:
    """Return what ``build()`` makes, loaded from disk when it was made before.

    ``digest`` must cover everything the result depends on (its inputs, the
    code that builds it, library versions): a new digest builds afresh.
    """
    made = copy_load(name, digest)
    if made is not None:
        return made
    with building(name, digest):
        made = copy_load(name, digest)  # built by the process we waited for
        if made is None:
            made = build()
            copy_save(name, digest, made)
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
        old.with_suffix(".lock").unlink(missing_ok=True)
    # The lock of a build that was not kept (it raced a write) has no copy.
    for lock in cache_dir().glob(f"{name}-*.lock"):
        if not lock.with_suffix(".pickle").exists():
            with contextlib.suppress(OSError):
                if time.time() - lock.stat().st_mtime > STALE_LOCK:
                    lock.unlink()
