"""The shared knowledge index in real processes (run by bench/search.py).

Each figure is one new Python process with Django set up, on a scratch SQLite
database and cache folder (never DATABASE_URL's), timed around the call that
makes the snapshot of the current version ready; for the process that builds
after an edit, until its copy is saved (the moment the others can load it).
CPU seconds are the figure to compare on a loaded machine; wall seconds are
printed beside them.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODELS = {
    "values": "ValueEntry",
    "strengths": "TalentEntry",
    "interests": "PassionEntry",
}

SETUP = """
import json, os, sys, time
import django
django.setup()
from knowledge.search import shared, stamp, text
jieba_cpu = time.process_time()
text.tokenizer_init()  # jieba's dictionary: every process, whatever the size
jieba_cpu = time.process_time() - jieba_cpu
"""

POPULATE = (
    SETUP
    + """
from django.core.management import call_command
from django.db import transaction
from knowledge import models
from knowledge.services import knowledge_load, knowledge_version_bump
from pathlib import Path
MODELS = json.loads(sys.argv[2])
call_command("migrate", verbosity=0)
knowledge_load(directory=Path("data"))  # questions, guides, sections, lexicon
rows = json.load(open(sys.argv[1], encoding="utf-8"))
with transaction.atomic():
    for category, name in MODELS.items():
        model = getattr(models, name)
        fields = {f.attname for f in model._meta.concrete_fields}
        model.objects.all().delete()
        made = [model(**{k: r[k] for k in r if k in fields}) for r in rows[category]]
        model.objects.bulk_create(made, batch_size=2000)
    knowledge_version_bump()
print(json.dumps({"version": stamp.db_version()}))
"""
)

READY = (
    SETUP
    + """
wall, cpu = time.perf_counter(), time.process_time()
snap = shared.snapshot_shared(version=stamp.db_version())
print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
                  "built": shared._parts is not None, "docs": len(snap.index.hits),
                  "jieba": jieba_cpu}))
"""
)

# A running process (it loaded the current copy at start) that sees an edit
# first: it builds the new version and saves it for the others.
EDIT = (
    SETUP
    + """
from knowledge.models import ValueEntry
from knowledge.services import record_save
shared.snapshot_shared(version=stamp.db_version())
value = ValueEntry.objects.order_by("id")[int(sys.argv[2])]
if sys.argv[1] == "name":
    value.name = value.name + "改"  # a new name: a new word for the tokenizer
else:
    value.definition = value.definition + "（改过）"
record_save(record=value)
# Timed until the copy is saved: then the others load it. The building
# thread's own CPU (the token cache is saved after, in a thread of its own).
from knowledge import kept
saved, real_save = {}, kept.copy_save
def save(name, digest, made):
    real_save(name, digest, made)
    if name == shared.SNAPSHOT:
        saved.update(cpu=time.thread_time() - cpu, wall=time.perf_counter() - wall)
kept.copy_save = save
wall, cpu = time.perf_counter(), time.thread_time()
snap = shared.snapshot_shared(version=stamp.db_version())
print(json.dumps({**saved, "built": "cpu" in saved, "docs": len(snap.index.hits),
                  "jieba": jieba_cpu}))
"""
)


def _child(code: str, env: dict, *args: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def shared_bench(rows: dict[str, list[dict]], *, runs: int) -> None:
    """Print full build, new process, and one-row edits (builder + loader)."""
    figures: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-search-") as scratch:
        env = dict(os.environ, COACH_VAR_DIR=f"{scratch}/var", COACH_LLM="offline")
        for name in ("DATABASE_URL", "REDIS_URL"):
            env.pop(name, None)  # the embedded default, in the scratch var/
        env["DJANGO_SETTINGS_MODULE"] = "coach.settings"
        # No Redis runs here: the version is read from the database.
        env["COACH_CACHE_DIR"] = f"{scratch}/unused"
        source = Path(scratch) / "rows.json"
        source.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
        _child(POPULATE, env, str(source), json.dumps(MODELS))
        for run in range(runs):
            env["COACH_CACHE_DIR"] = f"{scratch}/cache-{run}"  # empty
            steps = [
                ("full build (no copy)", READY),
                ("new process loads the copy", READY),
                ("definition edited: builder saves", EDIT, "definition", str(run)),
                ("definition edited: others load", READY),
                ("name edited: builder saves", EDIT, "name", str(run + 10)),
                ("name edited: others load", READY),
            ]
            for label, code, *args in steps:
                figures.setdefault(label, []).append(_child(code, env, *args))
    docs = figures["full build (no copy)"][0]["docs"]
    print(f"\nshared index, {docs:,} documents, {runs} runs, "
          f"load average {os.getloadavg()[0]:.1f} (2 cores)")  # fmt: skip
    print(f"{'':34}{'CPU s':>14}{'wall s':>14}  built?")
    for label, results in figures.items():
        cpu = " / ".join(f"{r['cpu']:.2f}" for r in results)
        wall = " / ".join(f"{r['wall']:.2f}" for r in results)
        built = "built" if all(r["built"] for r in results) else "loaded"
        print(f"{label:34}{cpu:>14}{wall:>14}  {built}")

    def med(label):
        return statistics.median(r["cpu"] for r in figures[label])

    full, load = med("full build (no copy)"), med("new process loads the copy")
    edit = max(
        med("definition edited: builder saves") + med("definition edited: others load"),
        med("name edited: builder saves") + med("name edited: others load"),
    )
    jieba = statistics.median(r["jieba"] for r in figures["new process loads the copy"])
    print(f"(before each: jieba's dictionary, {jieba:.2f} s CPU, at any size)")
    print(f"full build / new process: {full / load:.0f}x; full build / edit "
          f"ready everywhere (builder + loader): {full / edit:.0f}x")  # fmt: skip
    print(f"HEADLINE search_shared docs={docs} full_build_cpu_s={full:.2f} "
          f"new_process_cpu_s={load:.2f} edit_everywhere_cpu_s={edit:.2f} "
          f"full_vs_new_process={full / load:.0f}x full_vs_edit={full / edit:.0f}x "
          f"runs={runs}")  # fmt: skip
