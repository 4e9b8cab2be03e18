"""The wasmtime engines that validate and run pack modules (never the QuickJS engine).

One configuration for all of them, so a binary that validates is a binary that
runs: SIMD off (wasmtime-py 50 aborts the interpreter when it prints a `v128`
value type, and the v1 contract is scalar-only anyway), no threads (shared
memories are refused), one memory per module (the memory rule bounds *each*
memory, so a module gets exactly one), no GC heap (it would sit outside the
memory rule), and epoch interruption on, which is how
a call is stopped from another thread.

Every running call owns an engine of its own (see `runtime.py`): bumping that
engine's epoch interrupts that call and nothing else. The process's one epoch
ticker (`core/ticker.py`) advances every engine's epoch, which is what
makes per-call deadlines fire.
"""

from __future__ import annotations

from functools import lru_cache

import wasmtime

from core import ticker


def _config() -> wasmtime.Config:
    cfg = wasmtime.Config()
    cfg.epoch_interruption = True
    cfg.wasm_simd = False
    cfg.wasm_relaxed_simd = False
    cfg.wasm_threads = False
    cfg.wasm_multi_memory = False
    cfg.wasm_memory64 = False
    # GC objects live outside linear memory, where no memory rule reaches them.
    cfg.wasm_gc = False
    cfg.wasm_function_references = False
    # Compiling is a host cost: keep it off the machine's other cores' backs.
    cfg.parallel_compilation = False
    return cfg


@lru_cache(maxsize=1)
def validation_engine() -> wasmtime.Engine:
    """The engine `Module.validate` and compilation use (never runs code)."""
    return wasmtime.Engine(_config())


def new_worker_engine(owner: object) -> wasmtime.Engine:
    """An engine for one worker thread, advanced by the shared ticker while `owner` lives."""
    engine = wasmtime.Engine(_config())
    ticker.register(engine, owner)
    return engine


def deadline_ticks(seconds: float) -> int:
    """Epoch ticks for a deadline `seconds` away (at least the next tick + 1)."""
    return max(1, int(seconds / ticker.TICK_S) + 1)
