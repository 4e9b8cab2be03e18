"""Graph images (core/engine/graph_image.py): a module graph seen before starts with its modules
evaluated, every run with its own fresh copy of their state, and a graph whose top level depends on
the run (its seal, randomness, the clock, a bridge, a changed built-in) is never snapshotted and
behaves as it does without images.

What is observed is `graph_image.counts` and `bytecode.counts` (the loader serving a module), never timing.
"""

from __future__ import annotations

import threading

import pytest

from core import RunServices, run_in_sandbox
from core.engine import bytecode, graph_image, templates
from core.packs import Catalog, Declaration, PackRoot, resolve_body
from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok
from tests.packfixtures import catalog, make_pack, roots

YAML = 'import yaml from "@cordon/sandbox-yaml";\nreturn yaml.load("a: 1\\nb: [x, y]\\n");'
#: Enough runs that the graph is snapshotted (in the background) and then served.
RUNS = graph_image.SNAPSHOT_AFTER + 2


def run_with(cat: Catalog, code: str, *specs: str, inputs=None):
    resolution = cat.resolve_for_execution([Declaration(specifier=s) for s in specs])
    return run_in_sandbox(
        code, inputs=inputs, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces)
    )


def runs(run, times: int = RUNS) -> tuple[list, dict[str, int]]:
    """Each run's result, and how many of them were served from a graph image; builds are awaited
    between runs so the image is there from the run after the one that started it."""
    before = dict(graph_image.counts)
    results = []
    for _ in range(times):
        results.append(run())
        graph_image.wait_for_builds()
    return results, {k: graph_image.counts[k] - before[k] for k in before}


def pack_with(tmp_path, source: str) -> Catalog:
    _, installed, _ = roots(tmp_path)
    make_pack(installed, "@acme/top", files={"index.js": source})
    return catalog(tmp_path)


def test_a_yaml_graph_seen_before_is_served_evaluated_and_its_loader_is_not_asked():
    shipped = Catalog([PackRoot(SHIPPED_DIR, "shipped")])

    def run():
        resolution = resolve_body(YAML, catalog=shipped)
        assert resolution is not None and resolution.ok
        return run_in_sandbox(YAML, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces))

    results, used = runs(run)
    assert all(ok(r) == {"a": 1, "b": ["x", "y"]} for r in results)
    assert used["served"] >= 2 and used["refused"] == 0
    # Served: the loader is asked only for the entry's private helper, never for js-yaml.
    before = dict(bytecode.counts)
    served_before = graph_image.counts["served"]
    assert ok(run()) == {"a": 1, "b": ["x", "y"]}
    assert graph_image.counts["served"] == served_before + 1
    assert bytecode.counts["served"] - before["served"] == 1 and bytecode.counts["compiled"] == before["compiled"]


def test_module_state_starts_fresh_in_every_run_served_from_an_image(tmp_path):
    cat = pack_with(
        tmp_path,
        "globalThis.evaluations = (globalThis.evaluations ?? 0) + 1;\n"
        "let n = 0;\n"
        "export const evaluations = globalThis.evaluations;\n"
        "export function bump() { return ++n; }\n",
    )
    body = (
        'import { bump, evaluations } from "@acme/top";\nreturn [evaluations, bump(), bump(), globalThis.evaluations];'
    )
    results, used = runs(lambda: run_with(cat, body, "@acme/top", inputs={"k": 1}), times=RUNS + 2)
    assert used["served"] >= 3
    assert [ok(r) for r in results] == [[1, 1, 2, 1]] * len(results)


TAINTED = {
    "Math.random": "export const v = Math.random();",
    "a captured Math.random": "const r = Math.random;\nexport const v = 0.5;\nexport const later = () => r();",
    "Date.now": "export const v = Date.now();",
    "the clock": "export const v = new Date().getTime();",
    "the seal's input": "export const v = typeof inputs;",
    "the seal's input, set": "globalThis.inputs = 1;\nexport const v = 1;",
    "the private entry helper": "export const v = typeof globalThis.__cordon_internal;",
    "a bridge": 'console.log("hi");\nexport const v = 1;',
    "a queued job": "export let v = 0;\nPromise.resolve().then(() => { v = 1; });",
    "a top-level await": "export const v = await 1;",
    "an awaiting async function": "export let v = 0;\n(async () => { await null; v = 1; })();",
    "a promise": "export let v = 0;\nnew Promise((ok) => ok({ then(f) { v = 1; f(); } }));",
    "a weak reference": "export const v = 1;\nexport const ref = new WeakRef({});",
    "a changed built-in": "String.prototype.trim = function () { return 'x'; };\nexport const v = 1;",
    "an added built-in": "Object.prototype.extra = 1;\nexport const v = 1;",
}


@pytest.mark.parametrize("source", TAINTED.values(), ids=TAINTED.keys())
def test_a_graph_whose_top_level_depends_on_the_run_is_never_snapshotted(tmp_path, source):
    cat = pack_with(tmp_path, source)
    body = 'import { v } from "@acme/top";\nreturn [v, typeof inputs];'
    results, used = runs(lambda: run_with(cat, body, "@acme/top", inputs={"k": 1}))
    assert (used["built"], used["refused"], used["served"]) == (0, 1, 0)
    for result in results:
        # The run's own inputs, as always (a pack that overwrote the global did so after the seal).
        assert ok(result)[1] == ("number" if "inputs = 1" in source else "object")


ASYNC_BUT_SETTLED = {
    "an async function defined": "export async function later(x) { await null; return x + 1; }\nexport const v = 1;",
    "an async function called that does not await": "let v = 0;\n(async () => { v = 1; })();\nexport { v };",
    "an async method": "export const api = { async get(x) { return x * 2; } };\nexport const v = 1;",
}


@pytest.mark.parametrize("source", ASYNC_BUT_SETTLED.values(), ids=ASYNC_BUT_SETTLED.keys())
def test_a_graph_with_async_code_that_queued_no_job_is_served(tmp_path, source):
    """What would differ is a job the top level left queued (the guest reports that), not async code."""
    cat = pack_with(tmp_path, source)
    body = 'import * as m from "@acme/top";\nreturn [m.v, m.later ? await m.later(1) : m.api ? await m.api.get(2) : 0];'
    results, used = runs(lambda: run_with(cat, body, "@acme/top"))
    assert used["built"] == 1 and used["refused"] == 0 and used["served"] >= 1
    assert len({str(ok(r)) for r in results}) == 1 and ok(results[-1])[0] == 1


def test_a_tainted_graph_still_behaves_as_today(tmp_path):
    """The top level still sees the sealed run: its inputs, and a seeded Math.random per run."""
    cat = pack_with(tmp_path, "export const seen = inputs.k;\nexport const r = Math.random();")
    body = 'import { seen, r } from "@acme/top";\nreturn [seen, r];'
    results = [ok(run_with(cat, body, "@acme/top", inputs={"k": i})) for i in range(RUNS)]
    graph_image.wait_for_builds()
    assert [seen for seen, _ in results] == list(range(RUNS))
    assert len({r for _, r in results}) == RUNS


def test_a_module_that_throws_at_top_level_fails_every_run_the_same_way(tmp_path):
    cat = pack_with(tmp_path, "export const v = 1;\nthrow new TypeError('boom at the top');\n")
    body = 'import { v } from "@acme/top";\nreturn v;'
    results, used = runs(lambda: run_with(cat, body, "@acme/top"))
    assert (used["built"], used["refused"], used["served"]) == (0, 1, 0)
    first = results[0]
    assert not first.ok and "boom at the top" in first.error.message
    for result in results[1:]:
        assert not result.ok
        assert (result.error.name, result.error.message, result.error.rule) == (
            first.error.name,
            first.error.message,
            first.error.rule,
        )
    assert ok(run_in_sandbox("return 1 + 1")) == 2  # the next run is healthy


def test_a_changed_module_source_is_another_graph(tmp_path):
    _, installed, _ = roots(tmp_path)
    pack = make_pack(installed, "@acme/graph-changing", files={"index.js": "export default 'graph before';\n"})
    body = 'import v from "@acme/graph-changing";\nreturn v;'
    cat = catalog(tmp_path)
    results, used = runs(lambda: run_with(cat, body, "@acme/graph-changing"))
    assert [ok(r) for r in results] == ["graph before"] * RUNS and used["served"] >= 1
    (pack / "index.js").write_text("export default 'graph after';\n", encoding="utf-8")
    changed = catalog(tmp_path)
    served = graph_image.counts["served"]
    assert ok(run_with(changed, body, "@acme/graph-changing")) == "graph after"
    assert graph_image.counts["served"] == served  # not the image of the old source


def test_an_image_is_checked_against_the_run_s_own_graph(tmp_path):
    """The same specifier and module id with another source (a graph object that serves it) is
    refused by the image's check, before any page is written."""
    cat = pack_with(tmp_path, "export default 'first';\n")
    body = 'import v from "@acme/top";\nreturn v;'
    _, used = runs(lambda: run_with(cat, body, "@acme/top"))
    assert used["served"] >= 1
    resolution = cat.resolve_for_execution([Declaration(specifier="@acme/top")])
    graph = resolution.modules

    class Other:
        def resolve(self, base: str, specifier: str) -> str:
            return graph.resolve(base, specifier)

        def source(self, module_id: str) -> str:
            return "export default 'other';\n"

    served = graph_image.counts["served"]
    result = run_in_sandbox(body, services=RunServices(modules=Other(), surfaces=resolution.surfaces))
    assert ok(result) == "other" and graph_image.counts["served"] == served


def test_a_run_with_other_global_names_is_another_graph(tmp_path):
    cat = pack_with(tmp_path, "export default 1;\n")
    body = 'import v from "@acme/top";\nreturn [v, typeof inputs, typeof state];'
    _, used = runs(lambda: run_with(cat, body, "@acme/top", inputs={"a": 1}))
    assert used["served"] >= 1
    served = graph_image.counts["served"]
    resolution = cat.resolve_for_execution([Declaration(specifier="@acme/top")])
    result = run_in_sandbox(
        body,
        globals={"state": {"n": 1}},
        services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces),
    )
    assert ok(result) == [1, "undefined", "object"] and graph_image.counts["served"] == served


def test_a_hot_graph_runs_from_its_own_baked_image_with_fresh_state(tmp_path):
    """Once hot, the graph's whole memory is baked into an image module of its own (compiled in the
    background, as a prelude's is); runs from it still start from the evaluated graph, each with its
    own state."""
    cat = pack_with(tmp_path, "let n = 0;\nexport function bump() { return ++n; }\n")
    body = 'import { bump } from "@acme/top";\nreturn [bump(), bump()];'

    def run():
        result = run_with(cat, body, "@acme/top")
        for thread in threading.enumerate():
            if thread.name == "cordon-guest-image":
                thread.join(60)
        return result

    results, used = runs(run, times=graph_image.SNAPSHOT_AFTER + templates.BAKE_AFTER_RUNS + 3)
    assert used["served_baked"] >= 2
    assert [ok(r) for r in results] == [[1, 2]] * len(results)


def test_a_run_whose_timeout_the_graph_s_evaluation_would_eat_takes_today_s_path(tmp_path):
    """An image saves a run the graph's evaluation; a run with too little time for it times out as it
    does without images."""
    cat = pack_with(tmp_path, "let x = 0;\nfor (let i = 0; i < 3e6; i++) x += i;\nexport const v = x;\n")
    body = 'import { v } from "@acme/top";\nreturn v;'
    _, used = runs(lambda: run_with(cat, body, "@acme/top"))
    assert used["served"] >= 1
    resolution = cat.resolve_for_execution([Declaration(specifier="@acme/top")])
    served = graph_image.counts["served"]
    result = run_in_sandbox(
        body, limits={"timeoutMs": 5}, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces)
    )
    assert not result.ok and result.error.rule == "timeout"
    assert graph_image.counts["served"] == served
    assert ok(run_in_sandbox("return 1 + 1")) == 2


def test_the_body_sees_its_imports_evaluated_in_its_order(tmp_path):
    _, installed, _ = roots(tmp_path)
    for name in ("first", "second"):
        source = f'(globalThis.order ??= []).push("{name}");\nexport const at = globalThis.order.length;\n'
        make_pack(installed, f"@acme/{name}", files={"index.js": source})
    cat = catalog(tmp_path)
    body = 'import { at as b } from "@acme/second";\nimport { at as a } from "@acme/first";\nreturn [globalThis.order, a, b];'
    results, used = runs(lambda: run_with(cat, body, "@acme/second", "@acme/first"))
    assert used["served"] >= 1
    assert [ok(r) for r in results] == [[["second", "first"], 2, 1]] * len(results)
