"""The loader is the boundary: every refusal on the real engine, and the design's adversarial list."""

from __future__ import annotations

import pytest

from core import ModuleRefused, RunServices, run_in_sandbox
from core.packs import Declaration, PackModuleGraph
from core.packs.pack import MountedModule
from tests.conftest import ok, refused
from tests.packfixtures import catalog, make_pack, roots


def run_with(cat, code, *specs, **kw):
    resolution = cat.resolve_for_execution([Declaration(specifier=s) for s in specs])
    return run_in_sandbox(code, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces), **kw)


@pytest.fixture
def packs(tmp_path):
    """Two installed packs: @acme/p (entry, sibling, internal helper) and @acme/q."""
    _, installed, _ = roots(tmp_path)
    make_pack(
        installed,
        "@acme/p",
        modules=[{"name": ".", "kind": "js", "file": "index.js"}, {"name": "extra", "kind": "js", "file": "extra.js"}],
        files={
            "index.js": "import { twice } from './lib/util.js';\nexport default twice(21);\nexport { twice };",
            "extra.js": "export const extra = 'x';",
            "lib/util.js": "export const twice = (n) => n * 2;",
        },
        internal=["lib/util.js"],
    )
    make_pack(installed, "@acme/q", files={"index.js": "export default 'q';"})
    return catalog(tmp_path)


def test_declared_pack_with_internal_sibling_runs(packs):
    assert ok(run_with(packs, 'import p, { twice } from "@acme/p";\nreturn [p, twice(2)];', "@acme/p")) == [42, 4]


def test_undeclared_pack_is_refused_naming_the_declaration(packs):
    message = refused(run_with(packs, 'import q from "@acme/q";\nreturn q;', "@acme/p"), "module-not-declared")
    assert "add '@acme/q' to the node's packages" in message and "installed" in message


def test_uninstalled_pack_is_refused_before_the_guest_starts(packs):
    result = run_with(packs, 'import z from "@acme/zzz";\nreturn z;', "@acme/zzz")
    assert "install @acme/zzz" in refused(result, "pack-not-installed")
    assert result.timings["run_ms"] == 0.0


def test_undeclared_subpath_of_a_declared_pack_is_refused(packs):
    refused(run_with(packs, 'import { extra } from "@acme/p/extra";\nreturn extra;', "@acme/p"), "module-not-declared")
    assert ok(run_with(packs, 'import { extra } from "@acme/p/extra";\nreturn extra;', "@acme/p/extra")) == "x"


@pytest.mark.parametrize(
    ("spec", "rule"),
    [
        ("node:fs", "module-node-builtin"),
        ("node:buffer", "module-node-builtin"),
        ("fs", "module-node-builtin"),
        ("./lib/util.js", "module-relative-import"),
        ("../etc/passwd", "module-relative-import"),
        ("/etc/passwd", "module-absolute-path"),
        ("file:///etc/passwd", "module-absolute-path"),
        ("pack:@acme/p#lib/util.js", "module-absolute-path"),
        ("%2e%2e/%2e%2e/etc/passwd", "module-path-encoded"),
        ("@acme%2fp", "module-path-encoded"),
        ("@acme\\\\p", "module-path-encoded"),
        ("\\u0040acme/p/\\u002e\\u002e/q", "module-not-declared"),
        ("@acme/p/lib/util.js", "module-not-declared"),
        ("@acme/p/../q", "module-not-declared"),
        ("cordon:bridge/host", "module-private"),
        ("cordon:internal", "module-private"),
    ],
)
def test_user_code_refusals(packs, spec, rule):
    result = run_with(packs, f'import x from "{spec}";\nreturn x;', "@acme/p")
    refused(result, rule)


def test_computed_dynamic_import_in_user_code_is_refused(packs):
    refused(run_with(packs, 'const m = "node:" + "fs";\nreturn await import(m);', "@acme/p"), "dynamic-import")


# -- pack code at run time: the loader holds even for sources discovery would refuse -------------
def graph(
    sources: dict[str, str],
    requests: dict[str, dict[str, str]] | None = None,
    declared: dict[str, str] | None = None,
    packs: dict[str, str] | None = None,
) -> PackModuleGraph:
    modules = {
        mid: MountedModule(mid, src, (packs or {}).get(mid, "@evil/p"), "entry", (requests or {}).get(mid, {}))
        for mid, src in sources.items()
    }
    return PackModuleGraph(declared=declared or {"@evil/p": "pack:@evil/p#index.js"}, modules=modules)


@pytest.mark.parametrize(
    ("spec", "rule"),
    [
        ("node:fs", "module-node-builtin"),
        ("buffer", "module-node-builtin"),
        ("../../../etc/passwd", "module-outside-pack"),
        ("./not-mounted.js", "module-outside-pack"),
        ("/abs.js", "module-absolute-path"),
        ("%2e%2e/x.js", "module-path-encoded"),
        ("@acme/q", "module-cross-pack"),
        ("cordon:bridge/wasm", "module-private"),
        ("cordon:internal", "module-private"),
    ],
)
def test_pack_code_refusals_at_run_time(spec, rule):
    g = graph({"pack:@evil/p#index.js": f'import x from "{spec}"; export default x;'})
    refused(run_in_sandbox('import p from "@evil/p";\nreturn p;', services=RunServices(modules=g)), rule)


def test_a_pack_cannot_import_another_packs_internal_file_even_if_both_are_declared():
    g = graph(
        {
            "pack:@evil/p#index.js": 'import u from "@acme/q/lib/util.js"; export default u;',
            "pack:@acme/q#lib/util.js": "export default 'internal of q';",
        },
        requests={"pack:@evil/p#index.js": {"@acme/q/lib/util.js": "pack:@acme/q#lib/util.js"}},
        packs={"pack:@acme/q#lib/util.js": "@acme/q"},
    )
    refused(run_in_sandbox('import p from "@evil/p";\nreturn p;', services=RunServices(modules=g)), "module-cross-pack")


@pytest.mark.parametrize(
    "source",
    [
        'export default await import("node:" + "fs");',
        'export const load = () => import("@evil/p");',
        'export const load = () => import("pack:@evil/p#index.js");',
    ],
)
def test_dynamic_import_from_pack_code_is_refused_even_for_a_cached_module(source):
    g = graph({"pack:@evil/p#index.js": source})
    code = 'import * as p from "@evil/p";\nreturn p.load ? await p.load() : p.default;'
    refused(run_in_sandbox(code, services=RunServices(modules=g)), "dynamic-import")


def test_pack_top_level_runs_after_hardening():
    g = graph(
        {
            "pack:@evil/p#index.js": """
        let ctor;
        try { ctor = (function () {}).constructor("return 1")(); } catch (e) { ctor = e.name; }
        export default [typeof eval, typeof Function, typeof setTimeout, typeof WebAssembly, ctor];"""
        }
    )
    assert ok(run_in_sandbox('import p from "@evil/p";\nreturn p;', services=RunServices(modules=g))) == [
        "undefined",
        "undefined",
        "undefined",
        "undefined",
        "EvalError",
    ]


def test_pack_top_level_infinite_loop_hits_the_timeout_and_the_host_survives(packs):
    g = graph({"pack:@evil/p#index.js": "for (;;) {} export default 1;"})
    refused(
        run_in_sandbox(
            'import p from "@evil/p";\nreturn p;', limits={"timeoutMs": 300}, services=RunServices(modules=g)
        ),
        "timeout",
    )
    assert ok(run_with(packs, 'import p from "@acme/p";\nreturn p;', "@acme/p")) == 42


def test_pack_top_level_memory_bomb_hits_the_memory_limit(packs):
    g = graph(
        {"pack:@evil/p#index.js": "const a = []; for (;;) a.push('x'.repeat(1 << 20) + a.length); export default a;"}
    )
    refused(
        run_in_sandbox(
            'import p from "@evil/p";\nreturn p;',
            limits={"memoryLimitBytes": 16 << 20},
            services=RunServices(modules=g),
        ),
        "memory-limit",
    )
    assert ok(run_with(packs, 'import p from "@acme/p";\nreturn p;', "@acme/p")) == 42


def test_unknown_module_ids_are_refused():
    g = graph({"pack:@evil/p#index.js": "export default 1;"})
    with pytest.raises(ModuleRefused) as info:
        g.source("pack:@evil/p#other.js")
    assert info.value.rule == "module-unknown"
    with pytest.raises(ModuleRefused):
        g.resolve("pack:@nobody#x.js", "./y.js")
