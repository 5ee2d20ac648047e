"""Search benchmark: our index vs a naive pandas substring scan, 10,000 entries.

Run: .venv/bin/python bench/search.py [--entries 10000] [--queries 1000] [--seed 1]
                                      [--shared-runs 2]

The synthetic knowledge base recombines the real rows of data/ (names, keywords,
definitions, examples), so token statistics look like ours at 30x the size. Latency
is measured per query around SearchIndex.search, which includes jieba tokenization.

Then the shared index (knowledge/search/shared.py), in real processes on a scratch
SQLite database and cache folder: a full build (what every process did on every
change before), a new process loading the saved copy, and an edit of one row
(its definition; its name, a new word) built by one process and loaded by another.
"""

import argparse
import csv
import gc
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from knowledge.search import text  # noqa: E402
from knowledge.search.docs import LAYOUT, dictionary_words, docs_from_rows  # noqa: E402
from knowledge.search.index import SearchIndex  # noqa: E402

FILES = {"values": "重要的事_价值观.csv", "strengths": "擅长的事_才能.csv",
         "interests": "喜欢的事_热情.csv"}  # fmt: skip
PREFIX = {"values": "V", "strengths": "T", "interests": "P"}


def real_rows() -> dict[str, list[dict]]:
    return {
        cat: list(csv.DictReader(open(ROOT / "data" / name, encoding="utf-8")))
        for cat, name in FILES.items()
    }


def synthetic_rows(total: int, rng: random.Random) -> dict[str, list[dict]]:
    """Recombine real rows column by column; names join two real names."""
    real = real_rows()
    out = {}
    for n, (cat, rows) in enumerate(real.items()):
        name_col = LAYOUT[cat][0]
        size = total // 3 + (1 if n < total % 3 else 0)
        made = []
        for i in range(size):
            row = {col: rng.choice(rows)[col] for col in rows[0]}
            row["id"] = f"{PREFIX[cat]}{i + 1:05d}"
            row[name_col] = rng.choice(rows)[name_col] + rng.choice(rows)[name_col]
            made.append(row)
        out[cat] = made
    return out


def mixed_queries(rows: dict[str, list[dict]], count: int, rng: random.Random):
    """Names, keywords, 1- and 2-character pieces, sentences; a quarter filtered."""
    flat = [(cat, row) for cat, rs in rows.items() for row in rs]
    queries = []
    for i in range(count):
        cat, row = rng.choice(flat)
        name = row[LAYOUT[cat][0]]
        words = row["keywords"].split("|")
        kind = i % 20
        if kind < 5:
            query = name
        elif kind < 10:
            query = rng.choice(words)
        elif kind < 13:
            query = rng.choice(name)
        elif kind < 16:
            start = rng.randrange(max(1, len(name) - 1))
            query = name[start : start + 2]
        else:
            query = f"我很在意{rng.choice(words)}，也想多了解{rng.choice(words)}"
        category = rng.choice(list(FILES)) if i % 4 == 0 else "all"
        queries.append((query, category))
    return queries


def timed(fn, queries) -> tuple[list[float], int]:
    gc.collect()
    times, found = [], 0
    for query, category in queries:
        started = time.perf_counter()
        found += bool(fn(query, category))
        times.append((time.perf_counter() - started) * 1000)
    return times, found


def pandas_scan(frame: pd.DataFrame):
    """The naive baseline: substring match over the same three texts, no ranking."""

    def search(query: str, category: str):
        q = text.normalize(query)
        mask = (
            frame["name"].str.contains(q, regex=False)
            | frame["keywords"].str.contains(q, regex=False)
            | frame["body"].str.contains(q, regex=False)
        )
        if category != "all":
            mask &= frame["category"] == category
        return frame.index[mask][:10].tolist()

    return search


def pct(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=1_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shared-runs", type=int, default=2, help="0: skip")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    rows = synthetic_rows(args.entries, rng)
    docs = [
        d for cat, rs in rows.items() for d in docs_from_rows(category=cat, rows=rs)
    ]
    queries = mixed_queries(rows, args.queries, rng)

    started = time.perf_counter()
    text.tokenizer_init()
    jieba_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    text.words_add(dictionary_words(docs))
    index = SearchIndex(docs)
    build_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    index.search("想把复杂的事讲清楚", category="all", limit=10)
    first_ms = (time.perf_counter() - started) * 1000

    ours, ours_found = timed(
        lambda q, c: index.search(q, category=c, limit=10), queries
    )
    frame = pd.DataFrame(
        {
            "category": [d.hit.category for d in docs],
            "name": [text.normalize(d.fields[0]) for d in docs],
            "keywords": [text.normalize(d.fields[1]) for d in docs],
            "body": [text.normalize(d.fields[2]) for d in docs],
        }
    )
    scan, scan_found = timed(pandas_scan(frame), queries)

    print(f"search benchmark: {len(docs):,} entries, {len(queries):,} mixed queries, "
          f"top 10, Python {sys.version.split()[0]}")  # fmt: skip
    print(f"{'':28}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'answered':>10}")
    for label, times, found in (
        ("our index (BM25 + substrings)", ours, ours_found),
        ("pandas substring scan", scan, scan_found),
    ):
        print(f"{label:28}{pct(times, 50):9.3f}{pct(times, 95):9.3f}"
              f"{max(times):9.3f}{found:>10,}")  # fmt: skip
    p50 = pct(scan, 50) / pct(ours, 50)
    p95 = pct(scan, 95) / pct(ours, 95)
    print(f"{'ratio pandas / ours':28}{p50:8.1f}x{p95:8.1f}x")
    print(f"jieba dictionary load       {jieba_ms:9.0f} ms")
    print(f"index build ({len(docs):,} entries)  {build_ms:9.0f} ms")
    print(f"first query after start-up  {first_ms:9.3f} ms")
    verdict = {True: "PASS", False: "FAIL"}
    print(f"targets: p95 < 1 ms {verdict[pct(ours, 95) < 1]}, "
          f"first query < 50 ms {verdict[first_ms < 50]}")  # fmt: skip
    print(f"HEADLINE search p95_ms={pct(ours, 95):.3f} ratio_vs_pandas_p95={p95:.1f}x "
          f"first_query_ms={first_ms:.2f} build_ms={build_ms:.0f}")  # fmt: skip
    if args.shared_runs:
        from bench.search_shared import shared_bench

        shared_bench(rows, runs=args.shared_runs)


if __name__ == "__main__":
    main()
