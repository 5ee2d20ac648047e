"""One build per knowledge version, loaded by every other process."""

import multiprocessing
import time

import bm25s
import numpy as np
import pytest

from knowledge import kept
from knowledge.models import ValueEntry
from knowledge.search import shared, stamp, text
from knowledge.search.bm25 import Bm25
from knowledge.search.docs import docs_from_rows
from knowledge.search.parts import Parts
from knowledge.search.snapshot import MODELS
from knowledge.services import record_save

pytestmark = pytest.mark.django_db

QUERIES = ("自由", "我喜欢帮助别人", "写代码", "画画", "美", "经济独立", "束缚")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder and a process that has built nothing yet."""
    monkeypatch.setenv("COACH_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(shared, "_parts", None)
    return tmp_path


@pytest.fixture
def tokenized(monkeypatch):
    """Record every text jieba cuts."""
    seen = []
    real = text.tokens

    def counting(value):
        seen.append(value)
        return real(value)

    monkeypatch.setattr(text, "tokens", counting)
    return seen


def another_process(monkeypatch):
    """Forget what this process built, as a new daphne or worker would."""
    monkeypatch.setattr(shared, "_parts", None)


def answers(snap):
    return {
        q: [
            (snap.index.hits[i].id, s)
            for i, s in snap.index.search(q, category="all", limit=5)
        ]  # fmt: skip
        for q in QUERIES
    }


def test_a_new_process_loads_the_copy_without_reading_or_tokenizing(
    kb, cache, monkeypatch, django_assert_num_queries
):
    version = stamp.db_version()
    built = shared.snapshot_shared(version=version)
    another_process(monkeypatch)

    def no_jieba(value):
        raise AssertionError(f"tokenized {value!r}")

    with monkeypatch.context() as m, django_assert_num_queries(0):
        m.setattr(text, "tokens", no_jieba)
        loaded = shared.snapshot_shared(version=version)
    assert loaded is not built and loaded.version == version
    assert answers(loaded) == answers(built)
    assert loaded.hits.keys() == built.hits.keys() and loaded.surfaces == built.surfaces


def test_an_edit_retokenizes_its_row_and_every_process_finds_it(
    kb, cache, commits, monkeypatch, tokenized
):
    shared.snapshot_shared(version=stamp.db_version())
    value = ValueEntry.objects.get(pk="V001")
    value.name = "Zorblax"
    with commits():
        record_save(record=value)
    tokenized.clear()
    edited = shared.snapshot_shared(version=stamp.db_version())
    # Only the renamed field is cut again: keywords and body did not change.
    assert tokenized == ["Zorblax"]
    assert edited.index.search("zorblax", category="all", limit=3)[0][0] == next(
        i for i, d in enumerate(edited.index.hits) if d.id == "V001"
    )
    another_process(monkeypatch)
    loaded = shared.snapshot_shared(version=stamp.db_version())
    assert answers(loaded) == answers(edited)
    hits = [loaded.index.hits[i] for i, _ in loaded.index.search(
        "Zorblax", category="all", limit=3)]  # fmt: skip
    assert hits[0].id == "V001" and hits[0].name == "Zorblax"
    assert loaded.hits["V001"].name == "Zorblax"


def test_an_incremental_build_answers_like_a_full_one(kb, cache, commits):
    shared.snapshot_shared(version=stamp.db_version())
    value = ValueEntry.objects.get(pk="V002")
    value.keywords += "|星际旅行"  # a new keyword: a new word for the tokenizer
    with commits():
        record_save(record=value)
    version = stamp.db_version()
    incremental = shared.snapshot_shared(version=version)
    from knowledge.search.snapshot import snapshot_build

    full = snapshot_build(version=version, parts=Parts())
    assert answers(incremental) == answers(full)
    assert incremental.index.search("星际旅行", category="values", limit=1) == (
        full.index.search("星际旅行", category="values", limit=1)
    )


@pytest.mark.parametrize("broken", [b"half a file", "truncated"])
def test_a_corrupt_or_partial_copy_is_ignored_and_built_again(
    kb, cache, monkeypatch, broken
):
    version = stamp.db_version()
    good = shared.snapshot_shared(version=version)
    path = cache / f"{shared.SNAPSHOT}-{shared.snapshot_key(version)}.pickle"
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2] if broken == "truncated" else broken)
    another_process(monkeypatch)
    rebuilt = shared.snapshot_shared(version=version)
    assert answers(rebuilt) == answers(good)
    assert kept.copy_load(shared.SNAPSHOT, shared.snapshot_key(version)) is not None


def test_a_build_that_raced_a_write_is_not_shared(kb, cache, monkeypatch):
    version = stamp.db_version()
    # The database moved on while this process read the rows of ``version``.
    monkeypatch.setattr(stamp, "db_version", lambda: version + 1)
    shared.snapshot_shared(version=version)
    assert kept.copy_load(shared.SNAPSHOT, shared.snapshot_key(version)) is None


def test_another_database_with_the_same_version_is_another_copy(kb, cache):
    version = stamp.db_version()
    from django.db import connection

    first = shared.snapshot_key(version)
    name = connection.settings_dict["NAME"]
    connection.settings_dict["NAME"] = "somewhere-else"
    try:
        assert shared.snapshot_key(version) != first
    finally:
        connection.settings_dict["NAME"] = name


def test_our_bm25_scores_are_bm25s_scores(kb):
    docs = []
    for category, model in MODELS.items():
        docs += docs_from_rows(category=category, rows=list(model.objects.values()))
    for field in range(3):
        corpus = [text.tokens(d.fields[field]) for d in docs]
        reference = bm25s.BM25()
        reference.index(corpus, show_progress=False)
        parts = Parts()
        ours = Bm25([parts.text_ids(d.fields[field]) for d in docs], len(parts.vocab))
        for query in ("自由", "帮助别人", "写代码画画", "钱 财富"):
            words = text.tokens(query)
            want = reference.get_scores_from_ids(reference.get_tokens_ids(words))
            ids = [parts.vocab[w] for w in words if w in parts.vocab]
            assert np.allclose(ours.scores(ids), want, atol=1e-5)


def _build_slowly(folder: str, log: str) -> None:
    import os

    os.environ["COACH_CACHE_DIR"] = folder

    def build():
        with open(log, "a") as handle:
            handle.write("built\n")
        time.sleep(0.5)
        return "copy"

    assert kept.kept("race", kept.digest_of(["x"]), build) == "copy"


def test_processes_that_need_the_same_copy_build_it_once(tmp_path):
    log = tmp_path / "builds.log"
    context = multiprocessing.get_context("fork")
    procs = [
        context.Process(target=_build_slowly, args=(str(tmp_path), str(log)))
        for _ in range(3)
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(30)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    assert log.read_text() == "built\n"
