"""SQLite integrity: ``PRAGMA quick_check`` at start-up and in /healthz.

A corrupt page goes unnoticed by ``SELECT 1``, and saves then fail one by one;
a broken file header makes every later step die with a traceback. Both are
found here first and said in one line.
"""

import sqlite3
import time
from pathlib import Path

from django.conf import settings


def sqlite_path() -> Path | None:
    """Return the default database's file when it is SQLite, else None."""
    config = settings.DATABASES["default"]
    if config["ENGINE"] != "django.db.backends.sqlite3":
        return None
    return Path(config["NAME"])


def quick_check_file(path: Path) -> str | None:
    """Check an SQLite file; return None if sound, else what is wrong (English)."""
    if not path.exists():
        return None  # migrate creates it
    db = sqlite3.connect(path)
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:  # e.g. "file is not a database"
        return str(exc)
    finally:
        db.close()
    problems = [row[0] for row in rows if row[0] != "ok"]
    return "; ".join(problems[:3]) or None


_checked: dict[Path, tuple[float, str | None]] = {}
CHECK_EVERY = 30.0  # seconds: quick_check reads the whole file; probes come often


def quick_check() -> str | None:
    """Return what is wrong with the SQLite database file, or None (also not SQLite).

    A connection of its own: Django's may serve pages from its cache, while
    the question is whether the file on disk is sound.
    """
    path = sqlite_path()
    if path is None:
        return None
    at, problem = _checked.get(path, (0.0, None))
    if time.monotonic() - at > CHECK_EVERY:
        problem = quick_check_file(path)
        _checked[path] = (time.monotonic(), problem)
    return problem


def startup_problem() -> str | None:
    """Return one Chinese line when the database cannot be used, else None."""
    path = sqlite_path()
    problem = quick_check_file(path) if path is not None else None
    if problem is None:
        return None
    return (
        f"错误：数据库文件 {path} 已损坏（{problem}）。"
        "请从备份恢复，或把它移走后重新运行（会得到一个空的数据库）。"
    )
