"""A warm install asks the registry nothing while a packument is fresh, as npm does.

npm (make-fetch-happen) uses a cached packument while it is younger than the max-age the registry
served it with (registry.npmjs.org: 300 s); `outdated` and `update` still revalidate every time.
"""

from __future__ import annotations

from core.packs.install import commit_install, prepare_install, remove
from core.packs.install.registry import Registry
from tests import install_support

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


def publish_small(registry, tmp_path) -> None:
    install_support.publish_package(
        registry, tmp_path, {"name": "small-lib", "main": "index.js"}, {"index.js": "exports.one = 1;\n"}
    )


def reinstall(registry) -> list[str]:
    """Install npm:small-lib again (removing it first) and return the paths the registry was asked for."""
    remove("small-lib")
    registry.requests.clear()
    commit_install(prepare_install("npm:small-lib", registry=registry.url))
    return [path for path, _ in registry.requests]


def test_a_warm_install_within_the_registrys_max_age_asks_the_registry_nothing(registry, tmp_path):
    publish_small(registry, tmp_path)
    registry.cache_control = "public, max-age=300"
    commit_install(prepare_install("npm:small-lib", registry=registry.url))
    assert reinstall(registry) == []  # packument fresh, tarball verified from the cache
    with Registry(registry.url) as client:  # outdated/update: revalidated all the same
        registry.requests.clear()
        client.packument("small-lib")
    assert [path for path, _ in registry.requests] == ["/small-lib"]


def test_without_a_max_age_every_install_revalidates_the_packument(registry, tmp_path):
    publish_small(registry, tmp_path)
    commit_install(prepare_install("npm:small-lib", registry=registry.url))
    assert reinstall(registry) == ["/small-lib"]
    registry.cache_control = "no-cache, max-age=300"
    assert reinstall(registry) == ["/small-lib"]  # served with no-cache: asked again next time
    assert reinstall(registry) == ["/small-lib"]
