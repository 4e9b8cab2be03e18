"""Differential: Cordon's npm bundler reaches the same files esbuild does for the browser platform.

The same node_modules (real tarballs from tests/fixtures/registry, plus synthetic packages for each
resolution rule: exports key order, require/import conditions, the browser field's string and object
forms, `false` for a module, `imports` maps, subpath patterns) are bundled by `core.packs.npm.bundle`
and by esbuild (`--bundle --platform=browser`, the version resources/packs/vendor.py pins); the files
each reads must be the same set. esbuild is found through CORDON_ESBUILD or PATH (.ci/run installs the
pinned one with npm and sets CORDON_ESBUILD; tests run offline, so without it this test skips).
"""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from core.packs.npm import bundle
from resources.packs.vendor import ESBUILD
from tests.npm_registry import FIXTURES

#: The one pin (resources/packs/vendor.py), which .ci/run installs too.
ESBUILD_VERSION = ESBUILD.rsplit("@", 1)[1]
TARBALLS = (
    "js-yaml-4.1.0.tgz",
    "argparse-2.0.1.tgz",
    "lodash-es-4.18.1.tgz",
    "nanoid-3.3.11.tgz",
    "immer-10.1.1.tgz",
    "papaparse-5.5.3.tgz",
    "jsonpath-plus-10.3.0.tgz",
    "jsep-1.4.0.tgz",
    "jsep-plugin-assignment-1.3.0.tgz",
    "jsep-plugin-regex-1.0.4.tgz",
)
#: Packages reached only through others (no entry of their own to compare).
DEPENDENCIES = ("argparse", "patterns", "jsep", "@jsep-plugin/assignment", "@jsep-plugin/regex")
SYNTHETIC: dict[str, dict[str, object]] = {
    "order": {
        "package.json": {
            "name": "order",
            "type": "module",
            "exports": {".": {"types": "./x.d.ts", "browser": "./browser.js", "import": "./node.js"}},
        },
        "browser.js": "export const build = 'browser';\n",
        "node.js": "export const build = 'node';\n",
    },
    "dual": {
        "package.json": {"name": "dual", "exports": {".": {"require": "./dual.cjs", "import": "./dual.mjs"}}},
        "dual.cjs": "exports.kind = 'require';\n",
        "dual.mjs": "export const kind = 'import';\n",
    },
    "uses-dual": {
        "package.json": {"name": "uses-dual", "main": "index.js", "imports": {"#own": "./own.js"}},
        "index.js": "exports.a = require('dual').kind;\nexports.b = require('#own');\nexports.c = require('patterns/x');\n",
        "own.js": "module.exports = 1;\n",
    },
    "patterns": {
        "package.json": {"name": "patterns", "exports": {"./*": {"module": "./esm/*.js", "default": "./cjs/*.js"}}},
        "esm/x.js": "export const x = 1;\n",
        "cjs/x.js": "exports.x = 1;\n",
    },
    "str-browser": {
        "package.json": {"name": "str-browser", "main": "node.js", "module": "module.js", "browser": "browser.js"},
        "node.js": "exports.where = 'node';\n",
        "module.js": "export const where = 'module';\n",
        "browser.js": "exports.where = 'browser';\n",
    },
    "map-browser": {
        "package.json": {
            "name": "map-browser",
            "main": "index.js",
            "browser": {
                "./lib/random.js": "./lib/random-browser.js",
                "./lib/server": False,
                "./lib/other.js": False,
                "./main.js": "./main-browser.js",
                "helper": "./help.js",
            },
        },
        "index.js": (
            "require('./lib/random');\nrequire('./lib/server.js');\nrequire('./lib/server');\n"
            "require('./lib/other');\nrequire('helper');\nrequire('./main');\n"
        ),
        "main.js": "exports.m = 'node';\n",
        "main-browser.js": "exports.m = 'browser';\n",
        "lib/other.js": "exports.other = 1;\n",
        "lib/random.js": "exports.source = 'node';\n",
        "lib/random-browser.js": "exports.source = 'browser';\n",
        "lib/server.js": "exports.listen = 1;\n",
        "help.js": "exports.help = 1;\n",
    },
}


def _esbuild() -> str | None:
    found = os.environ.get("CORDON_ESBUILD") or shutil.which("esbuild")
    if found is None:
        return None
    version = subprocess.run([found, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    return found if version == ESBUILD_VERSION else None


def _unpack(tgz: bytes, modules: Path) -> str:
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(tgz)), mode="r:") as archive:
        members = [m for m in archive.getmembers() if m.isfile()]
        name = json.loads(archive.extractfile(next(m for m in members if m.name == "package/package.json")).read())[  # type: ignore[union-attr]
            "name"
        ]
        for member in members:
            target = modules / name / member.name.split("/", 1)[1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.extractfile(member).read())  # type: ignore[union-attr]
    return name


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> tuple[Path, list[str]]:
    root = tmp_path_factory.mktemp("pack")
    modules = root / "node_modules"
    names = [_unpack((FIXTURES / tgz).read_bytes(), modules) for tgz in TARBALLS]
    for name, files in SYNTHETIC.items():
        for rel, content in files.items():
            path = modules / name / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"version": "1.0.0", **content}) if rel == "package.json" else str(content))
        names.append(name)
    (root / "package.json").write_text(json.dumps({"name": "pack", "version": "1.0.0"}))
    return root, [n for n in names if n not in DEPENDENCIES]


def _esbuild_inputs(esbuild: str, root: Path, name: str) -> set[str]:
    entry = root / "entry.js"
    entry.write_text(f'import * as m from "{name}";\nglobalThis.m = m;\n')
    meta = root / "meta.json"
    subprocess.run(
        [
            esbuild,
            str(entry),
            "--bundle",
            "--platform=browser",
            "--format=esm",
            f"--metafile={meta}",
            f"--outfile={root / 'out.js'}",
            "--log-level=error",
        ],
        cwd=root,
        check=True,
    )
    inputs = json.loads(meta.read_text())["inputs"]
    return {p for p in inputs if p != "entry.js" and not p.startswith("(disabled):")}


def test_cordon_bundles_the_files_esbuild_bundles(tree):
    esbuild = _esbuild()
    if esbuild is None:
        pytest.skip(f"esbuild {ESBUILD_VERSION} is not installed (set CORDON_ESBUILD; tests run offline)")
    root, names = tree
    differences = {}
    for name in names:
        ours = set(bundle.build(root, name).files)
        theirs = _esbuild_inputs(esbuild, root, name)
        if ours != theirs:
            differences[name] = {"cordon only": sorted(ours - theirs), "esbuild only": sorted(theirs - ours)}
    assert differences == {}
