"""Host WASM modules of sandbox packs (sandbox-package-design.md, "Host WASM modules").

QuickJS has no `WebAssembly`, so a pack's WASM runs on the host, behind a
bridge: `validate` checks the binary before anything compiles, `runtime` runs
calls (compile once, instance per call, epoch deadlines, a pool of 4 workers),
and `dispatch` is the per-run door with its budgets, registered as the `wasm`
provider of `core.packs.bridge` (which generates the facades user code imports).
"""

from core.packs.bridge import register_provider
from core.packs.wasm.dispatch import WasmDispatcher, run_surface
from core.packs.wasm.validate import Signature, ValidatedWasm, WasmRejected, validate_module

register_provider("wasm", run_surface)

__all__ = [
    "Signature",
    "ValidatedWasm",
    "WasmDispatcher",
    "WasmRejected",
    "run_surface",
    "validate_module",
]
