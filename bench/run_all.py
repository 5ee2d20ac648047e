"""Run every benchmark in bench/ and print one table of their headline figures.

Each script prints a line ``HEADLINE <name> key=value ...``; this collects them.
A script has failed if it exits non-zero or prints no headline; a slow figure is
never a failure (the scripts assert no times: each prints ratios against a
baseline it measured in the same run). Exits 1 if any script failed.

    .venv/bin/python bench/run_all.py [--only search,agent]
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = [
    "search.py",
    "risk_score.py",
    "agent.py",
    "guidance_scan.py",
    "ws_load.py",
    "ttft.py",
    "model_queue.py",
    "hardening.py",
    "socket_burst.py",
    "profile_turns.py",
    "startup.py",
    "recovery.py",
]


def main() -> int:
    """Run the scripts one after another; return non-zero if any failed."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    wanted = [s for s in SCRIPTS if not args.only or s[:-3] in args.only.split(",")]
    rows, failed = [], []
    for script in wanted:
        if not (HERE / script).exists():
            continue
        print(f"== {script}", flush=True)
        start = time.monotonic()
        proc = subprocess.run(
            [sys.executable, str(HERE / script)],
            cwd=HERE.parent,
            capture_output=True,
            text=True,
        )
        took = time.monotonic() - start
        lines = [ln for ln in proc.stdout.splitlines() if not ln.startswith("HEADLINE")]
        print("\n".join(lines[-25:]))
        heads = [
            ln.split()[1:]
            for ln in proc.stdout.splitlines()
            if ln.startswith("HEADLINE")
        ]
        if proc.returncode != 0 or not heads:
            why = f"exit {proc.returncode}" if proc.returncode else "no HEADLINE"
            failed.append(f"{script} ({why})")
            print(proc.stderr[-2000:], file=sys.stderr)
        for name, *figures in heads:
            rows.append((name, " ".join(figures), f"{took:.0f}s"))
    print("\n| benchmark | headline figures | run time |\n|---|---|---|")
    for name, figures, took in rows:
        print(f"| {name} | {figures} | {took} |")
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
