"""One search over shipped packs, installed packs and npm libraries.

`cordon packs search` against Cordon's real shipped packs, a pack installed in this test's
CORDON_HOME and the real npm-protocol registry on 127.0.0.1 (its search endpoint): ranked
with the exact name first, each row saying where it comes from and the sandbox's verdict where
Cordon knows it (from an install it tried), offline-tolerant."""

from __future__ import annotations

import json
import socket

import pytest

from core.cli import main
from core.packs import default_catalog
from core.packs.roots import installed_dir
from core.packs.search import UNKNOWN_VERDICT
from tests import install_support
from tests.packfixtures import make_pack

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


def library(
    registry, tmp_path, name: str, index: str, *, keywords: tuple[str, ...] = (), description: str = ""
) -> None:
    install_support.publish_package(
        registry,
        tmp_path,
        {"name": name, "main": "index.js", "keywords": list(keywords), "description": description},
        {"index.js": index},
    )


@pytest.fixture
def three_sources(registry, tmp_path):
    """Shipped: @cordon/sandbox-csv. Installed: my-csv-kit. npm: csv, csv-tools (a Cordon pack), fs-csv."""
    make_pack(installed_dir(), "my-csv-kit", description="CSV helpers of my own")
    default_catalog().reload()
    library(registry, tmp_path, "csv", "exports.parse = (t) => t.split('\\n').map((l) => l.split(','));\n")
    library(registry, tmp_path, "csv-tools", "module.exports = 1;\n", keywords=("cordon-pack",), description="x")
    library(registry, tmp_path, "fs-csv", "const fs = require('fs');\nexports.read = (p) => fs.readFileSync(p);\n")
    library(registry, tmp_path, "left-pad", "module.exports = (s) => s;\n")
    return registry


def test_search_lists_all_three_sources_exact_name_first(three_sources, capsys):
    registry = three_sources
    # Cordon tried fs-csv once (the probe refused it): search says so before anyone tries again.
    assert main(["packs", "install", "npm:fs-csv", "--registry", registry.url, "--yes", "--json"]) == 1
    refused = json.loads(capsys.readouterr().out)["error"]
    assert refused["rule"] == "pack-no-admitted-modules"

    assert main(["packs", "search", "csv", "--registry", registry.url, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    rows = {r["name"]: r for r in found["results"]}
    assert found["npmUnavailable"] is None
    # The exact names first (the shipped pack's short name is "csv" too), then the rest.
    assert [r["name"] for r in found["results"]][:2] == ["@cordon/sandbox-csv", "csv"]
    assert {n: rows[n]["source"] for n in ("@cordon/sandbox-csv", "my-csv-kit", "csv", "csv-tools", "fs-csv")} == {
        "@cordon/sandbox-csv": "shipped",
        "my-csv-kit": "installed",
        "csv": "npm",
        "csv-tools": "npm",
        "fs-csv": "npm",
    }
    assert "left-pad" not in rows
    assert rows["@cordon/sandbox-csv"]["verdict"] == "usable" and rows["@cordon/sandbox-csv"]["install"] is None
    assert rows["csv"]["verdict"] == UNKNOWN_VERDICT and rows["csv"]["install"] == "npm:csv"
    assert rows["csv-tools"]["install"] == "csv-tools"  # a Cordon pack on npm installs by its name
    assert rows["fs-csv"]["verdict"].startswith("refused: npm-module-builtin-import") and rows["fs-csv"]["rule"] == (
        "npm-module-builtin-import"
    )
    assert any(path.startswith("/-/v1/search?text=csv&size=") for path, _ in registry.requests)

    assert main(["packs", "search", "csv", "--registry", registry.url]) == 0
    out = capsys.readouterr().out
    assert out.index("@cordon/sandbox-csv") < out.index("my-csv-kit") < out.index("fs-csv")
    assert "  [shipped]  usable" in out and "  [installed]  usable" in out
    assert f"csv 1.0.0  [npm]  {UNKNOWN_VERDICT}\n    install: cordon packs install npm:csv" in out
    assert (
        "fs-csv 1.0.0  [npm]  refused: npm-module-builtin-import (tried 1.0.0)" in out
        and "npm search unavailable" not in out
    )


def test_an_installed_library_is_its_installed_row(three_sources, capsys):
    registry = three_sources
    assert main(["packs", "install", "npm:csv", "--registry", registry.url, "--yes"]) == 0
    capsys.readouterr()
    assert main(["packs", "search", "npm:csv", "--registry", registry.url, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["results"]
    assert [(r["name"], r["source"]) for r in rows if r["name"] == "csv"] == [("csv", "installed")]

    assert main(["packs", "remove", "csv"]) == 0
    capsys.readouterr()
    assert main(["packs", "search", "csv", "--registry", registry.url, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["results"]
    # Removed again: the npm row says what the install's probe found, not "not known".
    assert [(r["source"], r["verdict"]) for r in rows if r["name"] == "csv"] == [("npm", "admitted (tried 1.0.0)")]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_search_offline_still_lists_local_packs_and_says_why(three_sources, capsys):
    offline = f"http://127.0.0.1:{closed_port()}"
    assert main(["packs", "search", "csv", "--registry", offline]) == 0
    out = capsys.readouterr().out
    assert "@cordon/sandbox-csv" in out and "my-csv-kit" in out and "[npm]" not in out
    assert "npm search unavailable: " in out and "[registry-error]" in out

    three_sources.search_status = 503  # reachable, but its search is down
    assert main(["packs", "search", "csv", "--registry", three_sources.url, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert {r["source"] for r in found["results"]} == {"shipped", "installed"}
    assert "503" in found["npmUnavailable"]
