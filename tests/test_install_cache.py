"""The installer's content-addressed tarball cache and packument cache, and its bounded download pool:
a cached tarball is used only when its sha512 matches the published integrity."""

from __future__ import annotations

import hashlib

import pytest

from core import cache
from core.packs.install import InstallError, discard, prepare_install
from core.packs.install.integrity import expected_digests
from core.packs.install.registry import Registry
from tests import install_support
from tests.install_support import publish_package
from tests.npm_registry import sri

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


def _tarball_requests(registry) -> list[str]:
    return [path for path, _ in registry.requests if path.startswith("/-/")]


def _key(integrity: str) -> str:
    return f"npm/tarballs/{expected_digests(integrity, 'x')[0].hex()}.tgz"


def _publish_tree(registry, tmp_path) -> None:
    """lib-top depends on three packages, one of which depends on a fourth."""
    publish_package(registry, tmp_path, {"name": "leaf-d", "main": "index.js"}, {"index.js": "exports.d = 4;"})
    for name in ("leaf-a", "leaf-b"):
        publish_package(registry, tmp_path, {"name": name, "main": "index.js"}, {"index.js": "exports.v = 1;"})
    publish_package(
        registry,
        tmp_path,
        {"name": "leaf-c", "main": "index.js", "dependencies": {"leaf-d": "^1"}},
        {"index.js": "exports.c = require('leaf-d').d;"},
    )
    publish_package(
        registry,
        tmp_path,
        {"name": "lib-top", "main": "index.js", "dependencies": {"leaf-a": "^1", "leaf-b": "^1", "leaf-c": "^1"}},
        {"index.js": "module.exports = require('leaf-a').v + require('leaf-b').v + require('leaf-c').c;"},
    )


def test_a_second_install_reads_every_tarball_from_the_cache(registry, tmp_path):
    _publish_tree(registry, tmp_path)
    first = prepare_install("npm:lib-top", registry=registry.url)
    names = sorted(d.name for d in first.dependencies)
    assert names == ["leaf-a", "leaf-b", "leaf-c", "leaf-d", "lib-top"]
    discard(first)
    # The pool fetched each tarball once, however the prefetch and the installer met.
    assert sorted(_tarball_requests(registry)) == sorted(f"/-/{n}-1.0.0.tgz" for n in names)

    registry.requests.clear()
    second = prepare_install("npm:lib-top", registry=registry.url)
    assert sorted(d.name for d in second.dependencies) == names
    assert [d.integrity for d in second.dependencies] == [d.integrity for d in first.dependencies]
    discard(second)
    assert _tarball_requests(registry) == []  # every tarball from the cache
    assert registry.requests  # packuments are asked again: a version published since is seen


def test_a_cached_tarball_that_fails_its_integrity_is_never_used(registry, tmp_path):
    file = publish_package(registry, tmp_path, {"name": "solo", "main": "index.js"}, {"index.js": "exports.s = 1;"})
    good = registry.files[file]
    with Registry(registry.url) as client:
        package = client.resolve("solo", "")
        client.download(package, tmp_path / "one.tgz")
    key = _key(package.integrity)
    assert cache.read(key) == good
    # Something rewrites the entry through the cache's own writer (so its sha256 record matches):
    cache.write(key, b"hostile bytes under the right name")
    registry.requests.clear()
    with Registry(registry.url) as client:
        download = client.download(package, tmp_path / "two.tgz")
    assert (tmp_path / "two.tgz").read_bytes() == good and download.integrity == sri(good)
    assert _tarball_requests(registry) == [f"/-/{file}"]  # downloaded again
    assert cache.read(key) == good  # and the entry is repaired


def test_a_tarball_is_cached_under_its_published_sha512_only_after_it_verified(registry, tmp_path):
    file = publish_package(registry, tmp_path, {"name": "liar"}, {"index.js": "export default 1;"})
    data = registry.files[file]
    registry.packages["liar"]["1.0.0"]["dist"]["integrity"] = sri(data + b"tampered")
    with Registry(registry.url) as client:
        package = client.resolve("liar", "")
        with pytest.raises(InstallError) as refused:
            client.download(package, tmp_path / "x.tgz")
    assert refused.value.rule == "integrity-mismatch"
    assert cache.read(_key(package.integrity)) is None
    assert cache.read(f"npm/tarballs/{hashlib.sha512(data).hexdigest()}.tgz") is None


def test_a_cached_packument_is_revalidated_with_its_etag_and_a_new_version_is_seen(registry, tmp_path):
    publish_package(registry, tmp_path, {"name": "tagged"}, {"index.js": "export default 1;"})
    with Registry(registry.url) as client:
        assert client.resolve("tagged", "").version == "1.0.0"
    registry.requests.clear()
    with Registry(registry.url) as client:
        assert client.resolve("tagged", "^1").version == "1.0.0"
        client.resolve("tagged", "^1")  # the same client asks once
    [(path, headers)] = registry.requests
    assert path == "/tagged" and headers.get("if-none-match")  # answered 304, the cached body used
    publish_package(registry, tmp_path, {"name": "tagged", "version": "1.1.0"}, {"index.js": "export default 2;"})
    with Registry(registry.url) as client:
        assert client.resolve("tagged", "^1").version == "1.1.0"


def test_dependencies_download_in_parallel_with_a_bounded_pool(registry, tmp_path):
    from core.packs.install.registry import DOWNLOAD_POOL

    leaves = [f"leaf-{i}" for i in range(8)]
    for name in leaves:
        publish_package(registry, tmp_path, {"name": name, "main": "index.js"}, {"index.js": "exports.v = 1;"})
    publish_package(
        registry,
        tmp_path,
        {"name": "wide", "main": "index.js", "dependencies": {n: "^1" for n in leaves}},
        {"index.js": "module.exports = 1;"},
    )
    registry.tarball_delay_s = 0.2
    request = prepare_install("npm:wide", registry=registry.url)
    assert sorted(d.name for d in request.dependencies) == sorted([*leaves, "wide"])
    discard(request)
    assert 2 <= registry.max_in_flight <= DOWNLOAD_POOL
    assert len(_tarball_requests(registry)) == len(leaves) + 1  # each once
