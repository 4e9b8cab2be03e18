"""npm resolution reads a package's package.json through the pack's contained reader
(`core.packs.files.read_contained`): a symlink planted in an installed package that leads out of
the pack is refused by name, never followed to whatever it points at."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.packs.npm.resolve import CompileError, Resolver


def _pack_with_planted_manifest(tmp_path: Path) -> Path:
    """A pack whose `node_modules/x/package.json` is a link to a manifest outside the pack, which
    would send resolution to `secret.js` (the package's own manifest-less entry is `index.js`)."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "package.json").write_text(json.dumps({"name": "x", "main": "./secret.js"}))
    pack = tmp_path / "pack"
    package = pack / "node_modules" / "x"
    package.mkdir(parents=True)
    (package / "index.js").write_text("module.exports = 1;\n")
    (package / "secret.js").write_text("module.exports = 2;\n")
    (package / "package.json").symlink_to(outside / "package.json")
    (pack / "main.js").write_text("import x from 'x';\n")
    return pack


def test_a_package_json_linked_outside_the_pack_is_refused_not_followed(tmp_path: Path) -> None:
    pack = _pack_with_planted_manifest(tmp_path)
    with pytest.raises(CompileError) as caught:
        Resolver(pack).resolve("x", pack / "main.js")
    assert caught.value.rule == "npm-module-unresolved"
    assert "node_modules/x/package.json leads outside the pack through a symlink" in caught.value.message


def test_a_package_json_linked_inside_the_pack_is_still_followed(tmp_path: Path) -> None:
    pack = _pack_with_planted_manifest(tmp_path)
    inside = pack / "node_modules" / "manifest.json"
    inside.write_text(json.dumps({"name": "x", "main": "./secret.js"}))
    link = pack / "node_modules" / "x" / "package.json"
    link.unlink()
    link.symlink_to(inside)
    found = Resolver(pack).resolve("x", pack / "main.js")
    assert found == (pack / "node_modules" / "x" / "secret.js").resolve()
