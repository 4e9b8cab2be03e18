"""Binary validation of pack WASM: every v1 rule, on real binaries built from WAT."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.packs.caps import WASM_MAX
from core.packs.manifest import WasmEntry, WasmExport, parse_entry
from core.packs.wasm import WasmRejected, validate_module
from core.packs.wasm.binary import read_layout
from tests.conftest import ok
from tests.wasm_packs import KITCHEN_EXPORTS, KITCHEN_WAT, catalog_of, run_body, wasm, write_pack

HERE = Path(__file__).resolve().parent
GEOMETRY = HERE.parent / "resources" / "packs" / "cordon-geometry"


def entry(exports: list, pages: int = 16, **extra) -> WasmEntry:
    return parse_entry(
        {"name": "w", "kind": "wasm", "file": "w.wasm", "memoryPagesMax": pages, "exports": exports, **extra}
    )


def rejected(wat_or_bytes: str | bytes, exports: list, pages: int = 16) -> WasmRejected:
    data = wat_or_bytes if isinstance(wat_or_bytes, bytes) else wasm(wat_or_bytes)
    with pytest.raises(WasmRejected) as info:
        validate_module(data, entry(exports, pages))
    return info.value


FN = '(func (export "f"))'

# (case, wat, rule, words the skip reason must name)
BROKEN = [
    ("exported memory", f'(module (memory (export "mem") 1 2) {FN})', "wasm-export-kind", ["'mem'", "memory"]),
    ("exported table", f'(module (table (export "tab") 1 funcref) {FN})', "wasm-export-kind", ["'tab'", "table"]),
    (
        "exported global",
        f'(module (global (export "glob") i32 (i32.const 1)) {FN})',
        "wasm-export-kind",
        ["'glob'", "global"],
    ),
    (
        "function import",
        '(module (import "env" "log" (func (param i32))) (func (export "f")))',
        "wasm-import",
        ["env.log", "function"],
    ),
    (
        "memory import",
        '(module (import "env" "mem" (memory 1 2)) (func (export "f")))',
        "wasm-import",
        ["env.mem", "memory"],
    ),
    ("i64 parameter", '(module (func (export "f") (param i64)))', "wasm-value-type", ["'f'", "i64"]),
    ("i64 result", '(module (func (export "f") (result i64) i64.const 1))', "wasm-value-type", ["'f'", "i64"]),
    (
        "v128 result",
        '(module (func (export "f") (result v128) v128.const i32x4 0 0 0 0))',
        "wasm-value-type",
        ["'f'", "v128"],
    ),
    ("externref parameter", '(module (func (export "f") (param externref)))', "wasm-value-type", ["'f'", "externref"]),
    (
        "funcref result",
        '(module (func (export "f") (result funcref) ref.null func))',
        "wasm-value-type",
        ["'f'", "funcref"],
    ),
    (
        "multi-value",
        '(module (func (export "f") (result i32 f64) i32.const 1 f64.const 2))',
        "wasm-multi-value",
        ["'f'", "2 values"],
    ),
    (
        "9 parameters",
        '(module (func (export "f") (param i32 i32 i32 i32 i32 i32 i32 i32 i32)))',
        "wasm-arity",
        ["'f'", "9 parameters"],
    ),
    ("memory without max", f"(module (memory 1) {FN})", "wasm-memory-max", ["memory 0", "no maximum"]),
    ("max above manifest", f"(module (memory 1 17) {FN})", "wasm-memory-manifest", ["memory 0", "17", "16"]),
    ("shared memory", f"(module (memory 1 2 shared) {FN})", "wasm-memory-shared", ["memory 0", "shared"]),
    ("64-bit memory", f"(module (memory i64 1 2) {FN})", "wasm-memory-kind", ["memory 0", "64-bit"]),
    ("declared export missing", '(module (func (export "g")))', "wasm-export-missing", ["'f'", "g"]),
    (
        "SIMD inside a body",
        '(module (func (export "f") (result i32) v128.const i32x4 0 0 0 0 i32x4.extract_lane 0))',
        "wasm-invalid",
        ["SIMD"],
    ),
    ("GC types", '(module (type (struct (field i32))) (func (export "f")))', "wasm-invalid", ["gc"]),
]


@pytest.mark.parametrize(("case", "wat", "rule", "words"), BROKEN, ids=[c[0] for c in BROKEN])
def test_each_rule_is_a_named_skip_reason(case, wat, rule, words):
    error = rejected(wat, ["f"])
    assert error.rule == rule, error.message
    for word in words:
        assert word in error.message, (word, error.message)


def test_an_export_outside_the_contract_is_named_even_if_not_declared():
    error = rejected('(module (func (export "f")) (func (export "wide") (param i64)))', ["f"])
    assert error.rule == "wasm-value-type" and "'wide'" in error.message


def test_max_above_the_host_ceiling():
    error = rejected(f"(module (memory 1 5000) {FN})", ["f"], pages=4096)
    assert error.rule == "wasm-memory-ceiling"
    assert "5000" in error.message and "4096" in error.message


def test_oversize_binary_is_refused_before_parsing():
    base = wasm(f"(module {FN})")
    name = b"\x03pad"
    payload = name + b"\x00" * (WASM_MAX - len(base))
    size = len(payload)
    leb = bytearray()
    while True:
        byte, size = size & 0x7F, size >> 7
        leb.append(byte | (0x80 if size else 0))
        if not size:
            break
    data = base + b"\x00" + bytes(leb) + payload
    assert len(data) > WASM_MAX
    assert read_layout(data).exports  # a well-formed binary: only the size is wrong
    error = rejected(data, ["f"])
    assert error.rule == "wasm-too-large" and "4 MB" in error.message


def test_malformed_bytes():
    assert rejected(b"\x00asm\x01\x00\x00\x00\x07\x05", ["f"]).rule == "wasm-malformed"
    assert rejected(b"not wasm at all", ["f"]).rule == "wasm-malformed"
    assert rejected(b"\x00asm\x0d\x00\x01\x00", ["f"]).rule == "wasm-malformed"  # a component


def test_invalid_export_names_are_refused_by_the_manifest_and_again_here():
    with pytest.raises(ValueError, match="not a valid, non-reserved JavaScript identifier"):
        entry(["foo-bar"])
    with pytest.raises(ValueError, match="not a valid, non-reserved JavaScript identifier"):
        entry([{"wasm": "f", "as": "default"}])
    # A model built without validation still cannot splice a bad name into a facade.
    forged = WasmEntry.model_construct(
        name="w",
        kind="wasm",
        file="w.wasm",
        memoryPagesMax=1,
        exports=(WasmExport.model_construct(wasm="f", as_="a-b"),),
    )
    with pytest.raises(WasmRejected) as info:
        validate_module(wasm(f"(module {FN})"), forged)
    assert info.value.rule == "wasm-export-name" and "'a-b'" in info.value.message


def test_mapped_export_names_and_signatures():
    validated = validate_module(wasm(KITCHEN_WAT), entry(KITCHEN_EXPORTS, pages=1))
    assert validated.exports["sum8"].wasm == "sum-8"
    assert validated.exports["sum8"].params == ("i32",) * 8
    assert validated.exports["f32id"].params == ("f32",) and validated.exports["f32id"].result == "f32"
    assert validated.exports["nothing"].result is None
    assert validated.memory_pages == 1


def test_discovery_skips_a_broken_module_with_its_reason_and_keeps_the_pack(tmp_path):
    write_pack(
        tmp_path,
        "broken-wasm",
        wasm('(module (memory (export "memory") 1 2) (func (export "f")))'),
        exports=["f"],
        memory_pages=2,
        js={"util": "export const one = 1;"},
    )
    catalog = catalog_of(tmp_path)
    problem = catalog.check("broken-wasm/wasm")
    assert problem is not None and "wasm-export-kind" in problem.message and "'memory'" in problem.message
    assert any(s.rule == "wasm-export-kind" for s in catalog.diagnostics())
    result, _ = run_body(catalog, 'import { one } from "broken-wasm/util"; return one;')
    assert ok(result) == 1


def test_the_example_pack_binary_is_built_from_its_committed_source():
    built = wasm((GEOMETRY / "sandbox" / "geometry.wat").read_text(encoding="utf-8"))
    assert built == (GEOMETRY / "sandbox" / "geometry.wasm").read_bytes(), "run build.py to rebuild geometry.wasm"
