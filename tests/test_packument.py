"""A registry's documents are hostile input: one of the wrong shape is refused by its rule (`registry-error`),
naming the field, before any version is chosen or any tarball fetched; never an AttributeError or a
TypeError from deep in version choice."""

from __future__ import annotations

import json

import pytest

from core.packs.install import InstallError, discard, prepare_install
from core.packs.install.registry import Registry
from core.packs.install.versions import package_versions
from tests import install_support
from tests.install_support import publish_package

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry


def _publish(registry, tmp_path) -> dict:
    """A good `lib` 1.0.0 on the registry; returns its manifest for a test to spoil."""
    publish_package(registry, tmp_path, {"name": "lib", "main": "index.js"}, {"index.js": "exports.v = 1;"})
    return registry.packages["lib"]["1.0.0"]


def _refused(registry, *words: str) -> None:
    """An install of `lib` and its "Find versions" are both refused by `registry-error`, naming `words`;
    no tarball was asked for."""
    for attempt in (lambda: prepare_install("npm:lib", registry=registry.url), lambda: _versions(registry)):
        with pytest.raises(InstallError) as caught:
            attempt()
        assert caught.value.rule == "registry-error", caught.value
        for word in ("malformed", *words):
            assert word in str(caught.value), caught.value
    assert not [path for path, _ in registry.requests if path.startswith("/-/")]


def _versions(registry) -> None:
    package_versions("lib", registry=registry.url)


def test_versions_as_a_list_is_refused(registry, tmp_path):
    manifest = _publish(registry, tmp_path)
    registry.packages["lib"] = [manifest]  # type: ignore[assignment]
    _refused(registry, "versions")


def test_a_dist_tag_that_is_an_object_is_refused(registry, tmp_path):
    _publish(registry, tmp_path)
    registry.tags["lib"] = {"latest": {"version": "1.0.0"}}  # type: ignore[dict-item]
    _refused(registry, "dist-tags.latest")


def test_a_version_manifest_that_is_not_an_object_is_refused(registry, tmp_path):
    _publish(registry, tmp_path)
    registry.packages["lib"]["1.0.0"] = "1.0.0"  # type: ignore[assignment]
    _refused(registry, "versions.1.0.0")


@pytest.mark.parametrize(
    ("spoil", "field"),
    [
        (lambda m: m["dist"].update(tarball=12345), "dist.tarball"),
        (lambda m: m["dist"].update(integrity=["sha512-x"]), "dist.integrity"),
        (lambda m: m.update(dist="http://example.invalid/lib.tgz"), "dist"),
        (lambda m: m.update(dependencies=["leaf"]), "dependencies"),
        (lambda m: m.update(dependencies={"leaf": 1}), "dependencies.leaf"),
    ],
)
def test_a_chosen_manifest_of_the_wrong_shape_is_refused_by_the_installer(registry, tmp_path, spoil, field):
    spoil(_publish(registry, tmp_path))
    with pytest.raises(InstallError) as caught:
        prepare_install("npm:lib", registry=registry.url)
    assert caught.value.rule == "registry-error", caught.value
    assert f"'lib@1.0.0' is malformed: {field}:" in str(caught.value), caught.value
    assert not [path for path, _ in registry.requests if path.startswith("/-/")]


def test_an_old_version_of_an_odd_shape_does_not_stop_an_install_of_a_good_one(registry, tmp_path):
    """Real packuments carry ancient versions with odd fields; only the chosen version's manifest is read."""
    old = dict(_publish(registry, tmp_path), version="0.1.0", dependencies=[], dist={"tarball": 1})
    registry.packages["lib"]["0.1.0"] = old
    request = prepare_install("npm:lib", registry=registry.url)
    try:
        assert request.version == "1.0.0"
    finally:
        discard(request)


def _serve_search(registry, body: bytes, text: str = "lib") -> None:
    """Answer the search for `text` with `body` (through the fixture's redirect to a file it serves)."""
    registry.files["search.json"] = body
    registry.redirects[f"/-/v1/search?text={text}&size=20"] = f"{registry.url}/-/search.json"


def test_a_search_answer_whose_objects_is_not_a_list_is_refused(registry):
    _serve_search(registry, b'{"objects": {"package": {"name": "lib"}}}')
    with Registry(registry.url) as client, pytest.raises(InstallError) as caught:
        client.search("lib")
    assert caught.value.rule == "registry-error", caught.value
    assert "search is malformed: objects:" in str(caught.value), caught.value


def test_a_search_row_of_the_wrong_shape_is_left_out_and_the_others_are_kept(registry):
    rows = [
        {"package": {"name": "lib", "version": "1.0.0", "description": None, "keywords": ["cordon-pack"]}},
        {"package": {"name": "odd", "version": "1.0.0", "keywords": "cordon-pack"}},
        {"package": {"name": {"x": 1}}},
        "not a row",
    ]
    _serve_search(registry, json.dumps({"objects": rows}).encode())
    with Registry(registry.url) as client:
        assert client.search("lib") == [
            {"name": "lib", "version": "1.0.0", "description": "", "keywords": "cordon-pack"}
        ]
