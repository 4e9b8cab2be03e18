"""The cache folder stays bounded: least recently used entries go first, with their records."""

from __future__ import annotations

import os

import pytest

from core import cache, paths


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    """A CORDON_HOME of its own: eviction walks the whole cache folder, other tests' entries included."""
    monkeypatch.setenv("CORDON_HOME", str(tmp_path / "home"))


def _age(name: str, seconds: float) -> None:
    entry = paths.cache_dir() / name
    os.utime(entry, (seconds, seconds))


def test_eviction_removes_the_least_recently_used_entry_and_its_record():
    for name in ("a/one.bin", "b/two.bin", "c/three.bin"):
        cache.write(name, name.encode() * 100)
    _age("a/one.bin", 1_000)
    _age("b/two.bin", 2_000)
    _age("c/three.bin", 3_000)
    assert cache.read("a/one.bin") == b"a/one.bin" * 100  # a read makes it the most recently used
    size = len(b"b/two.bin" * 100)
    cache.evict(3 * size - 1)  # room for two of the three
    assert cache.read("b/two.bin") is None
    assert not (paths.data_dir() / cache.DIGESTS / "b" / "two.bin.sha256").exists()
    assert cache.read("a/one.bin") is not None and cache.read("c/three.bin") is not None


def test_a_write_past_the_cap_evicts_older_entries(monkeypatch):
    monkeypatch.setattr(cache, "MAX_CACHE_BYTES", 2_500)
    cache.write("old.bin", b"x" * 1_000)
    _age("old.bin", 1_000)
    cache.write("mid.bin", b"y" * 1_000)
    _age("mid.bin", 2_000)
    cache.write("new.bin", b"z" * 1_000)  # 3,000 bytes > 2,500: the oldest goes
    assert cache.read("old.bin") is None
    assert cache.read("mid.bin") == b"y" * 1_000 and cache.read("new.bin") == b"z" * 1_000
