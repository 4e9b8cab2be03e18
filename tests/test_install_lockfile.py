"""A pack's lockfile is a file of the pack, so untrusted: read through a pydantic model at the boundary
(core/packs/install/deps.py), each entry on its own, so one odd entry only leaves that package unlocked."""

from __future__ import annotations

import json

from core.packs.install.deps import read_lockfile

GOOD = {"version": "1.0.0", "integrity": "sha512-" + "A" * 86 + "=="}


def test_each_entry_is_a_version_and_an_integrity_string_or_it_is_left_out(tmp_path):
    packages = {
        "": {"name": "the-pack", "version": "1.0.0"},  # the pack itself: not a dependency
        "node_modules/good": GOOD,
        "node_modules/numbered": {"version": 1, "integrity": GOOD["integrity"]},
        "node_modules/unsigned": {"version": "1.0.0"},
        "node_modules/huge": {"version": "1.0.0", "integrity": "sha512-" + "A" * 100_000},
        "node_modules/odd": ["1.0.0"],
    }
    (tmp_path / "package-lock.json").write_text(json.dumps({"lockfileVersion": 3, "packages": packages}))
    assert read_lockfile(tmp_path) == {"node_modules/good": (GOOD["version"], GOOD["integrity"])}


def test_a_lockfile_that_is_not_one_locks_nothing(tmp_path):
    (tmp_path / "package-lock.json").write_text('{"packages": ["not", "a", "map"]}')
    assert read_lockfile(tmp_path) == {}
    (tmp_path / "package-lock.json").write_text("{ not json")
    assert read_lockfile(tmp_path) == {}
    (tmp_path / "npm-shrinkwrap.json").write_text(json.dumps({"packages": {"node_modules/good": GOOD}}))
    assert read_lockfile(tmp_path) == {"node_modules/good": (GOOD["version"], GOOD["integrity"])}
