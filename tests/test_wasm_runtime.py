"""Running pack WASM from the guest: facades, conversion, statelessness, the bridge's hiding."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import wasmtime

from core import RunServices
from core.packs import Catalog, PackRoot
from core.packs.wasm import runtime
from core.packs.wasm.runtime import pool
from core.validate import validate_code
from tests.conftest import ok
from tests.wasm_packs import KITCHEN_EXPORTS, KITCHEN_WAT, catalog_of, dispatcher_of, run_body, wasm, write_pack

GEOMETRY_ROOT = Path(__file__).resolve().parent.parent / "resources" / "packs"
SPY = """
// Evaluated before the facade (the body imports it first): it finds the temporary binding.
const binding = globalThis.__cordon_bridge_wasm;
export function forged(key, name, args) { return binding.call(key, name, args); }
export const found = typeof binding;
"""


@pytest.fixture(scope="module")
def kitchen(tmp_path_factory) -> Catalog:
    root = tmp_path_factory.mktemp("packs")
    write_pack(
        root,
        "kitchen",
        wasm(KITCHEN_WAT),
        exports=KITCHEN_EXPORTS,
        js={"spy": SPY, "wrap": 'import { add } from "kitchen/wasm"; export const twice = (x) => add(x, x);'},
    )
    return catalog_of(root)


def test_scalar_calls_through_the_generated_facade(kitchen):
    result, resolution = run_body(
        kitchen,
        """
        import { add, f64id, sum8, nothing } from "kitchen/wasm";
        import K from "kitchen/wasm";
        return [await add(2, 3), await f64id(0.1), await sum8(1, 2, 3, 4, 5, 6, 7, 8), await nothing(),
                typeof K.add, Object.isFrozen(K)];
    """,
    )
    assert ok(result) == [5, 0.1, 36, None, "function", True]
    assert dispatcher_of(resolution).stats["calls"] == 4


def test_void_export_resolves_to_undefined(kitchen):
    result, _ = run_body(kitchen, 'import { nothing } from "kitchen/wasm"; return typeof (await nothing());')
    assert ok(result) == "undefined"


def test_authored_js_imports_its_sibling_wasm_entry(kitchen):
    result, _ = run_body(kitchen, 'import { twice } from "kitchen/wrap"; return await twice(21);')
    assert ok(result) == 42


def test_instances_are_stateless_globals_and_memory_never_persist(kitchen):
    code = """
        import { bumpGlobal, bumpMemory } from "kitchen/wasm";
        return [await bumpGlobal(), await bumpGlobal(), await bumpMemory(), await bumpMemory(),
                ...(await Promise.all([bumpGlobal(), bumpMemory()]))];
    """
    assert ok(run_body(kitchen, code)[0]) == [1, 1, 1, 1, 1, 1]
    assert ok(run_body(kitchen, code)[0]) == [1, 1, 1, 1, 1, 1]  # and not across runs either


@pytest.mark.parametrize(
    ("call", "rule", "words"),
    [
        ("add(2 ** 31, 0)", "wasm-argument", ["int32 range", "2147483648", "never wrapped"]),
        ("add(-(2 ** 31) - 1, 0)", "wasm-argument", ["int32 range"]),
        ("add(4294967295, 0)", "wasm-argument", ["int32 range"]),
        ("add(1.5, 0)", "wasm-argument", ["finite integer"]),
        ("add(NaN, 0)", "wasm-argument", ["finite integer"]),
        ("add(Infinity, 0)", "wasm-argument", ["finite integer"]),
        ("add('1', 0)", "wasm-argument", ["must be a number, got string"]),
        ("add(1n, 0)", "wasm-argument", ["got bigint"]),
        ("add(true, 0)", "wasm-argument", ["got boolean"]),
        ("add(null, 0)", "wasm-argument", ["got null"]),
        ("add(undefined, 0)", "wasm-argument", ["got undefined"]),
        ("add({ valueOf() { return 1; } }, 0)", "wasm-argument", ["got object"]),
        ("f64id('0.5')", "wasm-argument", ["got string"]),
        ("add(1)", "wasm-arity", ["takes 2 argument(s)", "got 1"]),
        ("add(1, 2, 3)", "wasm-arity", ["got 3"]),
    ],
)
def test_arguments_are_checked_on_the_host_before_dispatch(kitchen, call, rule, words):
    result, resolution = run_body(kitchen, f'import {{ add, f64id }} from "kitchen/wasm"; return await {call};')
    assert not result.ok and result.error.rule == rule, result.error
    for word in words:
        assert word in result.error.message
    assert dispatcher_of(resolution).stats["calls"] == 0  # refused before any worker ran
    assert ok(run_body(kitchen, 'import { add } from "kitchen/wasm"; return await add(1, 1);')[0]) == 2


def test_i32_edges_and_float_conversion(kitchen):
    result, _ = run_body(
        kitchen,
        """
        import { add, f32id, f64id } from "kitchen/wasm";
        return [await add(2 ** 31 - 1, 0), await add(-(2 ** 31), 0), await add(-0, 0), await add(3.0, 4),
                await add(2 ** 31 - 1, 1),
                1 / (await f64id(-0)), await f64id(NaN), await f64id(-Infinity), await f64id(Number.MAX_VALUE),
                (await f32id(0.1)) === Math.fround(0.1), await f32id(1e40), await f32id(NaN), 1 / (await f32id(-0))];
    """,
    )
    value = ok(result)
    assert value[:5] == [2**31 - 1, -(2**31), 0, 7, -(2**31)]  # WASM's own i32.add wraps; arguments never do
    assert (
        value[5] == -math.inf and math.isnan(value[6]) and value[7] == -math.inf and value[8] == 1.7976931348623157e308
    )
    assert value[9] is True and value[10] == math.inf and math.isnan(value[11]) and value[12] == -math.inf


def test_a_trap_is_a_named_error_and_the_next_run_is_healthy(kitchen):
    result, _ = run_body(kitchen, 'import { boom } from "kitchen/wasm"; return await boom();')
    assert not result.ok and result.error.rule == "wasm-trap"
    assert "unreachable" in result.error.message
    caught, _ = run_body(
        kitchen,
        """
        import { boom, add } from "kitchen/wasm";
        try { await boom(); } catch (e) { return [e.name, e.rule, await add(1, 2)]; }
    """,
    )
    assert ok(caught) == ["WasmError", "wasm-trap", 3]


def test_runaway_modules_are_stopped_by_name(tmp_path):
    write_pack(tmp_path, "huge-table", wasm('(module (table 1000000 funcref) (func (export "f")))'), exports=["f"])
    write_pack(tmp_path, "recurse", wasm('(module (func $r (export "f") (call $r)))'), exports=["f"])
    write_pack(
        tmp_path,
        "slow-start",
        wasm('(module (func $s (loop $l (br $l))) (start $s) (func (export "f")))'),
        exports=["f"],
    )
    catalog = catalog_of(tmp_path)
    expected = {
        "huge-table": ("wasm-instantiate", "table"),
        "recurse": ("wasm-trap", "call stack exhausted"),
        "slow-start": ("wasm-call-timeout", "deadline"),
    }  # a start function runs under the deadline
    for name, (rule, words) in expected.items():
        result, _ = run_body(
            catalog, f'import {{ f }} from "{name}/wasm"; return await f();', limits={"wasmCallTimeoutMs": 150}
        )
        assert not result.ok and result.error.rule == rule and words in result.error.message, result.error


def test_the_bridge_binding_is_gone_before_the_body_starts(kitchen):
    imported, _ = run_body(
        kitchen,
        """
        import { add } from "kitchen/wasm";
        return [typeof globalThis.__cordon_bridge_wasm, Object.getOwnPropertyNames(globalThis).filter(n => n.includes("bridge"))];
    """,
    )
    assert ok(imported) == ["undefined", []]
    # Declared but never imported: no facade took the binding, the prelude's begin() removes it.
    from core import run_in_sandbox
    from core.packs import Declaration

    resolution = kitchen.resolve_for_execution([Declaration(specifier="kitchen/wasm")])
    result = run_in_sandbox(
        "return typeof globalThis.__cordon_bridge_wasm;",
        services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces),
    )
    assert ok(result) == "undefined"


def test_the_private_bridge_module_cannot_be_imported(kitchen, tmp_path):
    code = 'import { add } from "kitchen/wasm"; import b from "cordon:bridge/wasm"; return 1;'
    result, _ = run_body(kitchen, code)  # the loader
    assert not result.ok and result.error.rule == "module-private"
    assert [d.rule for d in validate_code(code, catalog=kitchen) if d.severity == "error"] == ["module-private"]
    write_pack(
        tmp_path,
        "sneaky",
        wasm(KITCHEN_WAT),
        exports=["add"],
        js={"peek": 'import b from "cordon:bridge/wasm"; export default b;'},
    )
    problem = catalog_of(tmp_path).check("sneaky/peek")  # discovery refuses the pack module
    assert problem is not None and "private" in problem.message


def test_a_module_that_finds_the_binding_gains_nothing_beyond_the_declared_surface(kitchen):
    result, resolution = run_body(
        kitchen,
        """
        import { forged, found } from "kitchen/spy";
        import { add } from "kitchen/wasm";
        const tries = [["pack:other#wasm:x", "add", [1, 2]], ["pack:kitchen#wasm:wasm", "memory", []],
                       ["pack:kitchen#wasm:wasm", "add", [2 ** 40, 1]], ["pack:kitchen#wasm:wasm", "add", [1, 2]]];
        const out = [found];
        for (const [key, name, args] of tries) {
          try { out.push(await forged(key, name, args)); } catch (e) { out.push(e.rule); }
        }
        return out;
    """,
    )
    assert ok(result) == ["object", "bridge-module-not-declared", "bridge-export-unknown", "wasm-argument", 3]
    assert dispatcher_of(resolution).stats["calls"] == 1


def test_compile_once_per_process(kitchen):
    code = 'import { add } from "kitchen/wasm"; return await add(1, 2);'
    ok(run_body(kitchen, code)[0])
    before = pool().compilations
    for _ in range(3):
        assert ok(run_body(kitchen, code)[0]) == 3
    assert pool().compilations == before


def test_the_example_geometry_pack():
    catalog = Catalog(roots=(PackRoot(GEOMETRY_ROOT, "shipped"),))
    result, _ = run_body(
        catalog,
        """
        import { distance, triangleArea, segmentsIntersect, pointInTriangle, clamp, gcd, polygonArea,
                 pathLength } from "cordon-geometry";
        import { triangleArea as raw } from "cordon-geometry/wasm";
        const p = (x, y) => ({ x, y });
        return [await distance(p(0, 0), p(3, 4)), await triangleArea(p(0, 0), p(4, 0), p(0, 3)),
                await segmentsIntersect([p(0, 0), p(2, 2)], [p(0, 2), p(2, 0)]),
                await segmentsIntersect([p(0, 0), p(1, 0)], [p(2, 0), p(3, 0)]),
                await segmentsIntersect([p(0, 0), p(2, 0)], [p(1, 0), p(3, 0)]),
                await pointInTriangle(p(1, 1), [p(0, 0), p(4, 0), p(0, 4)]),
                await pointInTriangle(p(5, 5), [p(0, 0), p(4, 0), p(0, 4)]),
                await clamp(12, 0, 10), await gcd(84, -36), await raw(0, 0, 2, 0, 0, 2),
                polygonArea([p(0, 0), p(4, 0), p(4, 3), p(0, 3)]), pathLength([p(0, 0), p(3, 4), p(3, 0)])];
    """,
    )
    assert ok(result) == [5, 6, True, False, True, True, False, 10, 12, 2, 12, 9]
    bad, _ = run_body(catalog, 'import { gcd } from "cordon-geometry"; return await gcd(2 ** 31, 2);')
    assert not bad.ok and bad.error.rule == "wasm-argument"


def test_every_call_frees_its_store_on_its_worker_even_when_it_traps(kitchen, monkeypatch):
    """A trap's traceback holds the call's frame; the store must not wait for the garbage collector,
    which may free it on another thread, inside a library call an interrupt is stopping (whose
    exception, landing in wasmtime's finalizer, would leak the store)."""
    stores: list[wasmtime.Store] = []
    real_store = wasmtime.Store

    def recording_store(engine: wasmtime.Engine) -> wasmtime.Store:
        stores.append(real_store(engine))
        return stores[-1]

    monkeypatch.setattr(runtime.wasmtime, "Store", recording_store)
    trapped, _ = run_body(kitchen, 'import { boom } from "kitchen/wasm"; return await boom();')
    served, _ = run_body(kitchen, 'import { add } from "kitchen/wasm"; return await add(2, 3);')
    assert trapped.error.rule == "wasm-trap" and ok(served) == 5
    assert len(stores) >= 2  # the two calls' stores, and the runs' own guest stores
    for store in stores:
        with pytest.raises(ValueError, match="closed"):
            store.ptr()
