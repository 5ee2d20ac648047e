"""Whether this process has finished warming up (classifiers, jieba, the index).

daphne listens before it warms up, so a restarted process serves pages at once
(coach/asgi.py). Until the warm-up is done, a turn waits for it, and a turn's
time limit would be spent waiting: /healthz says ``coach: false`` (503) so that
the launcher, a load balancer and the test stacks send turns only to a warm
process. A process that never started a warm-up (a celery worker, the test
client) is warm.
"""

import threading

_warm = threading.Event()
_warm.set()


def begin() -> None:
    """Mark the process as warming up (until ``done``)."""
    _warm.clear()


def done() -> None:
    """Mark the warm-up as finished, failed or not: a cold part loads on first use."""
    _warm.set()


def is_warm() -> bool:
    """Return whether the warm-up is done."""
    return _warm.is_set()


def wait(timeout: float | None = None) -> bool:
    """Wait until the warm-up is done; return whether it is."""
    return _warm.wait(timeout)
