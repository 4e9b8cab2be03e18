"""Compiled modules (core/engine/bytecode.py): a module graph seen before is read as the guest's own
bytecode from Cordon's verified cache, never from anywhere else, and its state still starts fresh.

What is observed is the cache's files and `bytecode.counts` (served / compiled), never timing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import RunServices, cache, paths, run_in_sandbox
from core.engine import bytecode, driver, graph_image
from core.packs import Catalog, Declaration, PackRoot, resolve_body
from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok
from tests.packfixtures import catalog, make_pack, roots

YAML = 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1\\nb: [x, y]\\n");'
#: Counts its evaluations in a global and in module state: both must read 1 in every run.
COUNTER = (
    "globalThis.evaluations = (globalThis.evaluations ?? 0) + 1;\n"
    "let calls = 0;\n"
    "export const evaluations = globalThis.evaluations;\n"
    "export function call() { return ++calls; }\n"
    "export function fails() {\n"
    "  throw new Error('from the pack');\n"
    "}\n"
)
COUNTER_BODY = (
    'import { evaluations, call, fails } from "@acme/counter";\n'
    "let stack = '';\n"
    "try { fails(); } catch (e) { stack = e.stack; }\n"
    "return [evaluations, call(), call(), stack, String(fails)];"
)


@pytest.fixture(autouse=True)
def _no_graph_images(monkeypatch):
    """These runs must take the bytecode path: a graph image (core/engine/graph_image.py), built in
    this process by any earlier test that ran the same graph three times, would skip it."""
    graph_image.clear()
    monkeypatch.setattr(graph_image, "SNAPSHOT_AFTER", 10**9)


def entries() -> set[Path]:
    folder = paths.cache_dir() / "bytecode"
    return set(folder.iterdir()) if folder.exists() else set()


def counted(run) -> dict[str, int]:
    """How many modules `run()` was served as bytecode and compiled for the cache."""
    before = dict(bytecode.counts)
    run()
    return {k: bytecode.counts[k] - before[k] for k in before}


def run_with(cat: Catalog, code: str, *specs: str):
    resolution = cat.resolve_for_execution([Declaration(specifier=s) for s in specs])
    return run_in_sandbox(code, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces))


def yaml_entry(cat: Catalog) -> str:
    """The cache entry name of the shipped yaml module."""
    module = cat.pack("@cordon/sandbox-yaml").modules["@cordon/sandbox-yaml"]  # type: ignore[union-attr]
    source = cat.pack("@cordon/sandbox-yaml").mounted[module.module_id].source  # type: ignore[union-attr]
    return bytecode.name(driver.install().digest, module.module_id, source)


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return Catalog([PackRoot(SHIPPED_DIR, "shipped")])


def run_yaml(cat: Catalog):
    resolution = resolve_body(YAML, catalog=cat)
    assert resolution is not None and resolution.ok, resolution and resolution.errors
    return run_in_sandbox(YAML, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces))


def test_the_second_run_importing_yaml_is_served_from_the_cache(shipped):
    assert ok(run_yaml(shipped)) == {"a": 1, "b": ["x", "y"]}
    again = counted(lambda: ok(run_yaml(shipped)))
    assert again == {"served": 2, "compiled": 0}  # js-yaml and Cordon's private entry helper
    assert ok(run_yaml(shipped)) == {"a": 1, "b": ["x", "y"]}


def test_a_new_process_reads_the_verified_entry_and_a_tampered_one_is_recompiled(shipped):
    """In a fresh process (no bytecode in memory, the same CORDON_HOME): served from disk; after the
    entry changed, refused (the digest recorded under the data dir no longer matches), compiled from
    source again and the entry rewritten; never loaded. (This process may hold the entries in
    memory only, from a test that ran under another CORDON_HOME: a first child writes them.)"""
    name = yaml_entry(shipped)
    entry = paths.cache_dir() / name
    child = (
        "import json, sys; from core import RunServices, run_in_sandbox; from core.engine import bytecode; "
        "from core.packs import Catalog, PackRoot, resolve_body; from core.packs.roots import SHIPPED_DIR; "
        "body = sys.argv[1]; res = resolve_body(body, catalog=Catalog([PackRoot(SHIPPED_DIR, 'shipped')])); "
        "r = run_in_sandbox(body, services=RunServices(modules=res.modules, surfaces=res.surfaces)); "
        "print(json.dumps([r.ok, r.result, bytecode.counts]))"
    )

    def fresh_process() -> list:
        out = subprocess.run(
            [sys.executable, "-c", child, YAML],
            capture_output=True,
            text=True,
            env=os.environ,
            cwd=Path(__file__).resolve().parents[1],
            check=True,
        )
        return json.loads(out.stdout.strip().splitlines()[-1])

    assert fresh_process()[:2] == [True, {"a": 1, "b": ["x", "y"]}]
    assert fresh_process() == [True, {"a": 1, "b": ["x", "y"]}, {"served": 2, "compiled": 0}]
    good = entry.read_bytes()
    # Valid bytecode of another module, in the entry's place: loaded, it would change the result.
    other = next(p for p in entries() if p != entry and p.stat().st_size > 0)
    entry.write_bytes(other.read_bytes())
    assert fresh_process() == [True, {"a": 1, "b": ["x", "y"]}, {"served": 1, "compiled": 1}]
    assert entry.read_bytes() == good and cache.read(name) == good


def test_module_state_starts_fresh_in_every_run(tmp_path):
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/counter", files={"index.js": COUNTER})
    cat = catalog(tmp_path)
    results = []
    uses = [counted(lambda: results.append(ok(run_with(cat, COUNTER_BODY, "@acme/counter")))) for _ in range(3)]
    assert uses[0]["compiled"] == 1 and uses[1] == uses[2] == {"served": 2, "compiled": 0}
    for evaluations, first_call, second_call, _, _ in results:
        assert (evaluations, first_call, second_call) == (1, 1, 2)
    # Read from bytecode, the module keeps its debug lines and its functions' source text.
    assert results[0][3] == results[1][3] and "index.js:6" in results[0][3]
    assert results[0][4] == results[1][4] == "function fails() {\n  throw new Error('from the pack');\n}"


def test_a_changed_pack_source_gets_a_new_entry(tmp_path):
    _, installed, _ = roots(tmp_path)
    pack = make_pack(installed, "@acme/changing", files={"index.js": "export default 'before';\n"})
    body = 'import v from "@acme/changing";\nreturn v;'
    assert ok(run_with(catalog(tmp_path), body, "@acme/changing")) == "before"
    had = entries()
    (pack / "index.js").write_text("export default 'after';\n", encoding="utf-8")
    changed = catalog(tmp_path)
    use = counted(lambda: assert_result(run_with(changed, body, "@acme/changing"), "after"))
    assert use["compiled"] == 1
    [new] = entries() - had
    module_id = changed.pack("@acme/changing").modules["@acme/changing"].module_id  # type: ignore[union-attr]
    name = bytecode.name(driver.install().digest, module_id, "export default 'after';\n")
    assert new == paths.cache_dir() / name and cache.read(name) == new.read_bytes()  # written, digest recorded


def assert_result(result, want) -> None:
    assert ok(result) == want


def test_the_key_names_the_guest_build_the_module_id_and_the_source():
    base = bytecode.name("a" * 64, "pack:@acme/x#index.js", "export default 1;")
    assert bytecode.name("b" * 64, "pack:@acme/x#index.js", "export default 1;") != base
    assert bytecode.name("a" * 64, "pack:@acme/y#index.js", "export default 1;") != base
    assert bytecode.name("a" * 64, "pack:@acme/x#index.js", "export default 2;") != base
    assert bytecode.name("a" * 64, "pack:@acme/x#index.js", "export default 1;") == base


def test_a_refused_dynamic_import_is_never_cached():
    """Its module's source carries what the guest asked for: caching it would let a guest fill the cache."""
    had = entries()
    body = "try { await import('made-up-' + Math.random()); } catch (e) { return e.rule ?? e.message; }"
    for _ in range(3):
        use = counted(lambda: ok(run_in_sandbox(body)))
        assert use == {"served": 0, "compiled": 0}
    assert entries() == had
