"""The built wheel carries what Cordon reads at run time, and an install of it runs a shipped pack.

`core.paths.resources_dir` reads `resources/` (shipped packs, examples, icons, styles) next to the
`core` package, and the engine reads `core/guest/*.wasm` and `*.js`: a wheel without them installs
fine and fails at the first run. `core.paths.docs_dir` reads `docs/sandbox-api.md` next to `core` too
(the studio's Help -> Sandbox API). The wheel is built offline (`--no-build-isolation` with the build
backend the test extra pins, `--no-index`) from a copy of the sources: building in the checkout
writes build/ and *.egg-info into it, and a stale build/lib there would leak deleted modules into
the wheel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[1]
#: What pyproject.toml builds from: the metadata's files and the top-level folders.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "core", "gui", "resources", "docs")
CLI = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"


def shipped(folder: Path) -> set[str]:
    """Every file under `folder` as a wheel names it (relative to the checkout), caches left out."""
    return {
        path.relative_to(REPO).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """`pip wheel` of a copy of the sources, offline."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, src / name)
    # A stale byte-code file, as a checkout that ran resources/packs/vendor.py has: the wheel must leave it out.
    (src / "resources" / "packs" / "__pycache__").mkdir(exist_ok=True)
    (src / "resources" / "packs" / "__pycache__" / "stale.cpython-311.pyc").write_bytes(b"")
    out = tmp_path_factory.mktemp("wheel")
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(out), "."],
        cwd=src,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert "would be ignored" not in build.stdout + build.stderr, "every resources/ folder is declared"
    [built] = out.glob("cordon_studio-*.whl")
    return built


def test_wheel_contains_resources_and_the_guest(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    resources = shipped(REPO / "resources")
    assert len(resources) > 100 and "resources/packs/sandbox-tokens/ranks/cl100k_base.json" in resources
    assert resources - names == set(), "every shipped resource (LICENSEs, rank tables, WASM, SKILL.md) is in the wheel"
    guest = {n for n in shipped(REPO / "core" / "guest") if n.endswith((".wasm", ".js"))}
    assert "core/guest/cordon_guest.wasm" in guest and "core/guest/prelude.js" in guest
    assert guest - names == set()
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    top_level = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/top_level.txt")))
    assert set(top_level.decode().split()) == {"core", "gui", "resources", "docs"}
    docs = {n for n in names if n.startswith("docs/")}
    assert "docs/sandbox-api.md" in docs and all(n.endswith(".md") for n in docs), "the docs, not the screenshots"


def test_installed_wheel_finds_and_runs_a_shipped_pack(wheel, tmp_path):
    """Installed beside the dependencies (not the checkout), `cordon` discovers the shipped packs in the
    installed resources/ and runs one."""
    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    body = tmp_path / "body.js"
    body.write_text('import yaml from "@cordon/sandbox-yaml";\nreturn yaml.dump({a: 1});\n', encoding="utf-8")
    # PYTHONPATH puts the installed copy before the checkout's editable install; cwd is not the checkout.
    env = {**os.environ, "PYTHONPATH": str(target), "CORDON_HOME": str(tmp_path / "home")}

    def cordon(*args: str) -> dict:
        proc = subprocess.run(
            [sys.executable, "-c", CLI, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert proc.returncode == 0, proc.stderr[-3000:]
        return json.loads(proc.stdout)

    shown = cordon("packs", "show", "@cordon/sandbox-yaml", "--json")
    assert shown["pack"]["origin"] == "shipped"
    assert Path(shown["pack"]["path"]).is_relative_to(target / "resources" / "packs")
    ran = cordon("run", str(body), "--json")
    assert ran["ok"], ran["error"]
    assert ran["result"] == "a: 1\n"
    # a host pack, in a host worker forked from the installed copy's zygote, confined
    body.write_text('import { parse } from "@cordon/sandbox-csv";\nreturn await parse("a\\n1");\n', encoding="utf-8")
    ran = cordon("run", str(body), "--json")
    assert ran["ok"] and ran["result"] == [{"a": "1"}], ran["error"]
    assert ran["hostWorker"]["missing"] == [] and "landlock_abi" in ran["hostWorker"]["layers"]
    doctor = cordon("doctor", "--json")
    assert doctor["version"].startswith("cordon-studio ") and doctor["host_workers"]["missing"] == []
    # the studio's Help -> Sandbox API: docs_dir() of the installed copy holds the reference
    where = "from core import paths; print(paths.docs_dir() / 'sandbox-api.md')"
    proc = subprocess.run([sys.executable, "-c", where], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    api = Path(proc.stdout.strip())
    assert api.is_relative_to(target) and api.read_text(encoding="utf-8") == (
        REPO / "docs" / "sandbox-api.md"
    ).read_text(encoding="utf-8")


def test_wheel_metadata_requires_ranges_not_pins(wheel):
    """The published requirements let Cordon live beside other packages: no `==`, wasmtime's included
    (the driver takes the patch releases of its series). (Each range starts at the version constraints.txt pins, so
    the suite's own environment is the lowest each range allows.)"""
    names = zipfile.ZipFile(wheel).namelist()
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    requires = [line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert len(requires) > 30
    exact = [Requirement(r).name for r in requires if any(s.operator == "==" for s in Requirement(r).specifier)]
    assert exact == [], exact
