"""Pack author tools: `cordon packs new|check|link|unlink|search`, over the real discovery and engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core import HostServices, RunServices, run_in_sandbox
from core.cli import main
from core.errors import SandboxRefusal
from core.packs import Catalog, resolve_body
from core.packs.authoring import check_pack
from tests import install_support
from tests.conftest import ok
from tests.npm_registry import pack_folder

home = install_support.home
memory_keyring = install_support.memory_keyring
registry = install_support.registry
pytestmark = pytest.mark.usefixtures("home")


def _run_example(folder: Path):
    body = (folder / "example.js").read_text()
    packs = resolve_body(body, catalog=Catalog())
    assert packs.ok, packs.problems
    return ok(run_in_sandbox(body, services=RunServices(modules=packs.modules, surfaces=packs.surfaces)))


def test_new_writes_a_template_that_checks_clean_links_and_runs(tmp_path, capsys):
    folder = tmp_path / "demo"
    assert main(["packs", "new", "demo-pack", "--dir", str(folder), "--wasm"]) == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        "SKILL.md",
        "add.wasm",
        "example.js",
        "index.js",
        "package.json",
    ]
    manifest = json.loads((folder / "package.json").read_text())
    assert "cordon-pack" in manifest["keywords"]
    capsys.readouterr()
    assert main(["packs", "check", str(folder), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["summary"].startswith("demo-pack 0.1.0: ok: 2 module(s) (js, wasm)")
    assert [m["detail"] for m in report["modules"]] == ["exports greet", "exports add, default"]

    assert main(["packs", "link", str(folder)]) == 0
    assert _run_example(folder) == {"text": "Hello, Ada!", "sum": 5}
    (folder / "index.js").write_text("export function greet(name) {\n  return `Hi, ${name}`;\n}\n")
    assert _run_example(folder)["text"] == "Hi, Ada"  # the link follows the folder
    assert main(["packs", "unlink", "demo-pack"]) == 0
    assert Catalog().pack("demo-pack") is None
    assert main(["packs", "unlink", "demo-pack"]) == 1
    assert "pack-not-linked" in capsys.readouterr().err


def test_a_long_running_catalog_follows_a_linked_folder_without_a_reload(tmp_path, capsys):
    """One catalog for the process, as the studio or an embedder holds it: each run sees the folder as it is."""
    folder = tmp_path / "live"
    assert main(["packs", "new", "live-pack", "--dir", str(folder)]) == 0
    catalog = Catalog()
    reloads = []
    catalog.subscribe(lambda: reloads.append(1))
    body = 'import { greet } from "live-pack";\nreturn greet("Ada");'

    def run() -> object:
        packs = resolve_body(body, catalog=catalog)
        if not packs.ok:
            return packs.errors[0].rule
        return ok(run_in_sandbox(body, services=RunServices(modules=packs.modules, surfaces=packs.surfaces)))

    assert run() == "pack-not-installed"
    assert main(["packs", "link", str(folder)]) == 0  # as from another terminal: this catalog was not told
    assert run() == "Hello, Ada!" and len(reloads) == 1
    assert run() == "Hello, Ada!" and len(reloads) == 1  # nothing changed: no rediscovery
    (folder / "index.js").write_text("export function greet(name) {\n  return `Hi, ${name}`;\n}\n")  # in place
    assert run() == "Hi, Ada" and len(reloads) == 2
    saved = folder / "index.js.swp"  # an editor's save: a new file renamed over the old one
    saved.write_text("export function greet(name) {\n  return `Hey there, ${name}`;\n}\n")
    saved.replace(folder / "index.js")
    assert run() == "Hey there, Ada"
    (folder / "helper.js").write_text('export const punct = "?";\n')  # a new internal file, then its use
    manifest = json.loads((folder / "package.json").read_text())
    manifest["cordon"]["internal"] = ["helper.js"]
    (folder / "package.json").write_text(json.dumps(manifest))
    (folder / "index.js").write_text(
        'import { punct } from "./helper.js";\nexport function greet(name) {\n  return `Who, ${name}${punct}`;\n}\n'
    )
    assert run() == "Who, Ada?"
    assert main(["packs", "unlink", "live-pack"]) == 0
    assert run() == "pack-not-installed"


def test_new_refuses_a_folder_in_use_and_a_bad_name(tmp_path, capsys):
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "x").write_text("")
    assert main(["packs", "new", "ok-name", "--dir", str(tmp_path / "used")]) == 1
    assert main(["packs", "new", "Bad Name", "--dir", str(tmp_path / "b")]) == 1
    assert "package-name-invalid" in capsys.readouterr().err


def test_check_names_every_problem_and_exits_1(tmp_path, capsys):
    folder = tmp_path / "broken"
    assert main(["packs", "new", "broken-pack", "--dir", str(folder)]) == 0
    (folder / "index.js").write_text('import { readFileSync } from "node:fs";\nexport const x = 1;\n')
    manifest = json.loads((folder / "package.json").read_text())
    manifest["cordon"]["sandboxModules"].append({"name": "boom", "kind": "js", "file": "boom.js"})
    (folder / "boom.js").write_text('throw new Error("at import time");\n')
    (folder / "package.json").write_text(json.dumps(manifest))
    capsys.readouterr()
    assert main(["packs", "check", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "module-node-builtin" in out and "node:fs" in out
    assert "broken-pack/boom  [js]" in out and "probe FAILS: Error: at import time" in out
    assert out.strip().splitlines()[-1].startswith("broken-pack 0.1.0: NOT ok:")
    assert Catalog().pack("broken-pack") is None  # nothing was installed


def test_the_probe_of_check_grants_nothing(tmp_path):
    folder = tmp_path / "greedy"
    main(["packs", "new", "greedy-pack", "--dir", str(folder)])
    (folder / "index.js").write_text('export const got = await fetch("https://example.com/").then(() => "net");\n')
    report = check_pack(folder)
    assert not report.ok and "fetchMaxCalls" in report.modules[0].detail


def test_a_linked_folder_is_protected_from_workspaces(tmp_path):
    folder = tmp_path / "project" / "dev-pack"
    main(["packs", "new", "dev-pack", "--dir", str(folder)])
    assert main(["packs", "link", str(folder)]) == 0
    refused = run_in_sandbox("return 1", services=RunServices(host=HostServices(workspace=tmp_path / "project")))
    assert not refused.ok and refused.error.rule == "workspace-contains-cordon-state"
    assert "linked pack folder (dev-pack)" in refused.error.message
    with pytest.raises(SandboxRefusal):
        from core import paths

        paths.check_workspace(folder / "sub")


def test_search_tells_cordon_packs_from_npm_libraries_by_the_cordon_pack_keyword(registry, tmp_path, capsys):
    for name, keywords, description in [
        ("csv-tools", ["cordon-pack"], "CSV helpers for Code nodes"),
        ("yaml-tools", ["cordon-pack"], "YAML helpers"),
        ("csv-lib", ["csv"], "a plain CSV library"),
    ]:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "package.json").write_text(
            json.dumps({"name": name, "version": "1.0.0", "keywords": keywords, "description": description})
        )
        registry.publish(pack_folder(folder))
    assert main(["packs", "search", "csv", "--registry", registry.url, "--json"]) == 0
    npm = {r["name"]: r["install"] for r in json.loads(capsys.readouterr().out)["results"] if r["source"] == "npm"}
    assert npm == {"csv-tools": "csv-tools", "csv-lib": "npm:csv-lib"}  # a pack by its name, a library wrapped
    assert main(["packs", "search", "yaml", "--registry", registry.url]) == 0
    out = capsys.readouterr().out
    assert "yaml-tools 1.0.0  [npm]" in out and "install: cordon packs install yaml-tools" in out
    assert "csv-lib" not in out
