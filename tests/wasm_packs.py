"""Real WASM packs for the tests: WAT built with wasmtime's wat2wasm, written as installed packs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import wasmtime

from core import RunResult, RunServices, run_in_sandbox
from core.packs import Catalog, PackRoot, Resolution, resolve_body
from core.packs.wasm import WasmDispatcher

#: A module exercising every part of the call contract (no imports, function exports only).
KITCHEN_WAT = r"""
(module
  (memory 1 1)
  (global $g (mut i32) (i32.const 0))
  (func (export "add") (param i32 i32) (result i32) (i32.add (local.get 0) (local.get 1)))
  (func (export "f32id") (param f32) (result f32) (local.get 0))
  (func (export "f64id") (param f64) (result f64) (local.get 0))
  (func (export "bumpGlobal") (result i32)
    (global.set $g (i32.add (global.get $g) (i32.const 1))) (global.get $g))
  (func (export "bumpMemory") (result i32)
    (i32.store (i32.const 0) (i32.add (i32.load (i32.const 0)) (i32.const 1))) (i32.load (i32.const 0)))
  (func (export "spin") (loop $l (br $l)))
  (func (export "count") (param $n i32) (result i32) (local $i i32)
    (block $done (loop $l
      (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br $l)))
    (local.get $i))
  (func (export "boom") unreachable)
  (func (export "nothing"))
  (func (export "sum-8") (param i32 i32 i32 i32 i32 i32 i32 i32) (result i32)
    (i32.add (i32.add (i32.add (local.get 0) (local.get 1)) (i32.add (local.get 2) (local.get 3)))
             (i32.add (i32.add (local.get 4) (local.get 5)) (i32.add (local.get 6) (local.get 7)))))
)
"""
KITCHEN_EXPORTS: list[Any] = [
    "add",
    "f32id",
    "f64id",
    "bumpGlobal",
    "bumpMemory",
    "spin",
    "count",
    "boom",
    "nothing",
    {"wasm": "sum-8", "as": "sum8"},
]


def wasm(wat: str) -> bytes:
    return bytes(wasmtime.wat2wasm(wat))


def write_pack(
    root: Path,
    name: str,
    data: bytes,
    *,
    exports: list[Any],
    memory_pages: int = 1,
    entry: dict[str, Any] | None = None,
    js: dict[str, str] | None = None,
) -> Path:
    """An installed pack `name` with a `wasm` entry (file mod.wasm) and optional JS entries."""
    folder = root / name
    (folder / "sandbox").mkdir(parents=True)
    (folder / "sandbox" / "mod.wasm").write_bytes(data)
    modules: list[dict[str, Any]] = [
        {
            "name": "wasm",
            "kind": "wasm",
            "file": "sandbox/mod.wasm",
            "memoryPagesMax": memory_pages,
            "exports": exports,
            **(entry or {}),
        }
    ]
    for module_name, source in (js or {}).items():
        (folder / "sandbox" / f"{module_name}.js").write_text(source, encoding="utf-8")
        modules.append({"name": module_name, "kind": "js", "file": f"sandbox/{module_name}.js"})
    manifest = {"name": name, "version": "1.0.0", "cordon": {"apiVersion": 1, "sandboxModules": modules}}
    (folder / "package.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: test pack\n---\nbody\n", encoding="utf-8")
    return folder


def catalog_of(root: Path) -> Catalog:
    return Catalog(roots=(PackRoot(root, "installed"),))


def dispatcher_of(resolution: Resolution) -> WasmDispatcher:
    """The run's WASM dispatcher behind its surface (to read its per-run stats)."""
    (surface,) = [s for s in resolution.surfaces if "wasm.call" in s.ops]
    return surface.ops["wasm.call"].fn.__self__  # type: ignore[attr-defined, no-any-return]


def run_body(catalog: Catalog, code: str, **kwargs: Any) -> tuple[RunResult, Resolution]:
    """Run `code` with the packs it imports mounted from `catalog`."""
    resolution = resolve_body(code, catalog=catalog)
    assert resolution is not None and resolution.ok, resolution and resolution.problems
    result = run_in_sandbox(
        code, services=RunServices(modules=resolution.modules, surfaces=resolution.surfaces), **kwargs
    )
    return result, resolution
