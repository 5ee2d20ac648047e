"""A value made once per process, on first use, and shared by every thread."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def once(make: Callable[[], T]) -> Callable[[], T]:
    """Return ``make`` run at most once: a second thread waits for the first."""
    lock = threading.Lock()
    made: list[T] = []

    @functools.wraps(make)
    def get() -> T:
        if not made:
            with lock:
                if not made:
                    made.append(make())
        return made[0]

    return get
