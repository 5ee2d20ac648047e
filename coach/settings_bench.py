"""Benchmark settings: the app's own, with DEBUG off and nothing forced to HTTPS.

DEBUG keeps a log of every SQL statement with its parameters quoted (2–3% of
daphne's samples under load), which production does not pay. Turning it off
through ``DJANGO_DEBUG=0`` would also turn on the HTTPS redirect, secure-only
cookies and the hashed static files, which a bench on 127.0.0.1 over plain
HTTP cannot use. Here everything else stays as ``coach.settings`` built it
with DEBUG on (the development key and hosts, plain cookies); only the SQL log
and DEBUG's other per-request bookkeeping go. Never for serving people.

    DJANGO_SETTINGS_MODULE=coach.settings_bench (bench/profile_turns.py sets it)
"""

from coach.settings import *  # noqa: F403

DEBUG = False
