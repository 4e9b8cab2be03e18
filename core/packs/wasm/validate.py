"""Binary validation of a pack's WASM module, before anything is compiled.

Every failure is a `WasmRejected` whose `rule` names the rule and whose message
names the export or memory that broke it, so pack discovery can show it as the
module's skip reason. The v1 contract (sandbox-package-design.md, "Host WASM
modules"): no imports of any kind; exports are functions only; parameters and
results are `i32`/`f32`/`f64`, at most one result and at most 8 parameters;
every memory declares a maximum at or below both the manifest's
`memoryPagesMax` and the host ceiling; no shared memory; at most 4 MB.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import wasmtime

from core.errors import CordonError
from core.packs.caps import WASM_MAX, WASM_PAGES_CEILING
from core.packs.manifest import WasmEntry, is_export_identifier
from core.packs.wasm import binary
from core.packs.wasm.engines import validation_engine

PAGE_BYTES = 65536
MAX_PARAMS = 8
SCALAR_TYPES = ("i32", "f32", "f64")


class WasmRejected(CordonError):
    """A WASM module breaks a v1 rule; the message is the module's skip reason."""

    rule = "wasm-invalid"
    name = "WasmValidationError"


@dataclass(frozen=True)
class Signature:
    """A validated export: its binary name and scalar signature."""

    wasm: str
    params: tuple[str, ...]
    result: str | None


@dataclass(frozen=True, eq=False)
class ValidatedWasm:
    """A binary that passed validation, with the exact bytes that passed (run only these)."""

    data: bytes = field(repr=False)
    sha256: str
    #: Declared exports by JS name.
    exports: Mapping[str, Signature]
    #: The binary's declared memory maximum in pages (0: no memory).
    memory_pages: int
    #: The manifest entry it was validated against (its budget lowerings apply to calls).
    entry: WasmEntry


def validate_module(data: bytes, entry: WasmEntry) -> ValidatedWasm:
    """Check `data` against the v1 rules and its manifest `entry`; raise `WasmRejected`."""
    if len(data) > WASM_MAX:
        raise WasmRejected(
            f"the binary is {len(data):,} bytes; a WASM module may be at most {WASM_MAX:,} bytes (4 MB)",
            rule="wasm-too-large",
        )
    _check_export_names(entry)
    try:
        layout = binary.read_layout(bytes(data))
    except binary.MalformedWasm as exc:
        raise WasmRejected(f"the binary cannot be read: {exc.message}", rule="wasm-malformed") from None
    _check_imports(layout)
    memory_pages = _check_memories(layout, entry.memoryPagesMax)
    functions = _check_exports(layout)
    exports = {}
    for item in entry.exports:
        sig = functions.get(item.wasm)
        if sig is None:
            available = ", ".join(sorted(functions)) or "none"
            raise WasmRejected(
                f"declared export {item.wasm!r} is not a function the binary exports "
                f"(its function exports: {available})",
                rule="wasm-export-missing",
            )
        exports[item.as_] = Signature(item.wasm, sig.params, sig.results[0] if sig.results else None)
    try:
        wasmtime.Module.validate(validation_engine(), bytes(data))
    except wasmtime.WasmtimeError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else "invalid module"
        raise WasmRejected(f"the binary is not a valid module for the sandbox: {first}", rule="wasm-invalid") from None
    return ValidatedWasm(
        data=bytes(data),
        sha256=hashlib.sha256(data).hexdigest(),
        exports=MappingProxyType(exports),
        memory_pages=memory_pages,
        entry=entry,
    )


def _check_export_names(entry: WasmEntry) -> None:
    """The facade splices JS names into its source: re-check them even if the model did."""
    seen: set[str] = set()
    for item in entry.exports:
        if not is_export_identifier(item.as_):
            raise WasmRejected(
                f"export name {item.as_!r} is not a valid, non-reserved JavaScript identifier; "
                f'map it explicitly: {{"wasm": "{item.wasm}", "as": "<jsName>"}}',
                rule="wasm-export-name",
            )
        if item.as_ in seen:
            raise WasmRejected(f"export name {item.as_!r} is declared twice", rule="wasm-export-name")
        seen.add(item.as_)


def _check_imports(layout: binary.Layout) -> None:
    if layout.imports:
        named = ", ".join(f"{imp.kind} {imp.module}.{imp.name}" for imp in layout.imports[:5])
        more = f" and {len(layout.imports) - 5} more" if len(layout.imports) > 5 else ""
        raise WasmRejected(
            f"the module imports {named}{more}; pack modules may import nothing "
            "(no host functions, memories, tables or globals)",
            rule="wasm-import",
        )


def _check_memories(layout: binary.Layout, manifest_pages: int) -> int:
    largest = 0
    for mem in layout.memories:
        what = f"memory {mem.index}"
        if mem.shared:
            raise WasmRejected(f"{what} is shared; shared memories are not allowed", rule="wasm-memory-shared")
        if mem.memory64 or mem.custom_page_size:
            raise WasmRejected(
                f"{what} is a 64-bit or custom-page-size memory; only 32-bit memories with 64 KiB pages are allowed",
                rule="wasm-memory-kind",
            )
        if mem.maximum is None:
            raise WasmRejected(
                f"{what} declares no maximum (min {mem.minimum} pages); every memory must "
                f"declare a maximum of at most {min(manifest_pages, WASM_PAGES_CEILING)} pages",
                rule="wasm-memory-max",
            )
        if mem.maximum > WASM_PAGES_CEILING:
            raise WasmRejected(
                f"{what} declares a maximum of {mem.maximum} pages, above the host ceiling of "
                f"{WASM_PAGES_CEILING} pages (256 MB)",
                rule="wasm-memory-ceiling",
            )
        if mem.maximum > manifest_pages:
            raise WasmRejected(
                f"{what} declares a maximum of {mem.maximum} pages, above the manifest's "
                f"memoryPagesMax of {manifest_pages}",
                rule="wasm-memory-manifest",
            )
        largest = max(largest, mem.maximum)
    return largest


def _check_exports(layout: binary.Layout) -> dict[str, binary.FuncType]:
    """Every export is a function with a v1 signature; returns them by binary name."""
    functions: dict[str, binary.FuncType] = {}
    for export in layout.exports:
        if export.kind != "function":
            raise WasmRejected(
                f"export {export.name!r} is a {export.kind}; a pack module may export functions only",
                rule="wasm-export-kind",
            )
        try:
            sig = layout.signature(export.index)
        except binary.MalformedWasm as exc:
            raise WasmRejected(f"export {export.name!r}: {exc.message}", rule="wasm-malformed") from None
        for position, vt in enumerate(sig.params):
            if vt not in SCALAR_TYPES:
                raise WasmRejected(
                    f"export {export.name!r} parameter {position + 1} has type {vt}; v1 exports "
                    "take and return only i32, f32 or f64",
                    rule="wasm-value-type",
                )
        for vt in sig.results:
            if vt not in SCALAR_TYPES:
                raise WasmRejected(
                    f"export {export.name!r} returns {vt}; v1 exports take and return only i32, f32 or f64",
                    rule="wasm-value-type",
                )
        if len(sig.results) > 1:
            raise WasmRejected(
                f"export {export.name!r} returns {len(sig.results)} values; at most one "
                "result is allowed (no multi-value)",
                rule="wasm-multi-value",
            )
        if len(sig.params) > MAX_PARAMS:
            raise WasmRejected(
                f"export {export.name!r} takes {len(sig.params)} parameters; at most {MAX_PARAMS} are allowed",
                rule="wasm-arity",
            )
        functions[export.name] = sig
    return functions
