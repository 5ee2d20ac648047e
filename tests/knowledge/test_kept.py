"""What is slow to build is built once per content and loaded by later processes."""

import pytest

from knowledge import kept as kept_module
from knowledge.kept import digest_of, kept


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("COACH_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_built_once_then_loaded_and_built_again_for_new_content(cache):
    builds = []

    def build(value):
        builds.append(value)
        return {"built": value}

    assert kept("thing", digest_of(["a"]), lambda: build("a")) == {"built": "a"}
    # Another process (or a restarted one) with the same content loads the copy.
    assert kept("thing", digest_of(["a"]), lambda: build("again")) == {"built": "a"}
    assert kept("thing", digest_of(["b"]), lambda: build("b")) == {"built": "b"}
    assert builds == ["a", "b"]


def test_a_broken_copy_is_built_again(cache):
    digest = digest_of(["x"])
    (cache / f"thing-{digest}.pickle").write_bytes(b"half a file")
    assert kept("thing", digest, lambda: 42) == 42
    assert kept("thing", digest, lambda: 0) == 42  # the good copy replaced it


def test_only_the_newest_copies_stay(cache, monkeypatch):
    monkeypatch.setattr(kept_module, "KEEP", 2)
    for n in range(5):
        kept("thing", digest_of([str(n)]), lambda n=n: n)
        kept("other", digest_of([str(n)]), lambda n=n: n)
    assert len(list(cache.glob("thing-*.pickle"))) == 2
    assert len(list(cache.glob("other-*.pickle"))) == 2
    # the newest content is among them, so the running version still loads
    assert kept("thing", digest_of(["4"]), lambda: "built") == 4
