"""What a new or restarted daphne costs before it answers: cold and kept copies.

A daphne imports the app, listens, then warms up beside the server (the risk
and intent classifiers, jieba, the knowledge index). The classifiers and the
index are kept on disk by content (knowledge/kept.py); this measures one
process's start with an empty cache folder (the first start after a change)
and again with the copies the first start left (every later start and every
restart after a crash), in a scratch var/ with the real knowledge loaded.

    .venv/bin/python bench/startup.py [--runs 3]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
import json, os, threading, time
wall, cpu = time.perf_counter(), time.process_time()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "coach.settings")
import coach.asgi  # noqa: F401 (daphne's import: it listens after this)
listen_cpu = time.process_time() - cpu
for thread in threading.enumerate():
    if thread.name == "warm-up":
        thread.join()
print(json.dumps({
    "listen_cpu": listen_cpu,
    "ready_cpu": time.process_time() - cpu,
    "ready_wall": time.perf_counter() - wall,
}))
"""


def child(env: dict) -> dict:
    """Start one process as daphne would; return its CPU and wall seconds."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, COACH_VAR_DIR=f"{scratch}/var", COACH_LLM="offline")
        for name in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"):
            env.pop(name, None)  # the embedded default, in the scratch var/
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
        subprocess.run(
            [*manage, "load_knowledge"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        cold, kept = [], []
        for run in range(args.runs):
            env["COACH_CACHE_DIR"] = f"{scratch}/cache-{run}"  # empty: fit and build
            cold.append(child(env))
            kept.append(child(env))  # the copies the first start left
    for label, rows in (("cold cache", cold), ("kept copies", kept)):
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        print(
            f"{label:12} listening after {med['listen_cpu']:.2f} s CPU, "
            f"warm after {med['ready_cpu']:.2f} s CPU ({med['ready_wall']:.2f} s wall)"
        )
    c = statistics.median(r["ready_cpu"] for r in cold)
    k = statistics.median(r["ready_cpu"] for r in kept)
    listen = statistics.median(r["listen_cpu"] for r in kept)
    print(
        f"HEADLINE startup listen_cpu_s={listen:.2f} warm_cpu_s_kept={k:.2f} "
        f"warm_cpu_s_cold={c:.2f} cold_vs_kept={c / k:.2f}x runs={args.runs}"
    )


if __name__ == "__main__":
    main()
