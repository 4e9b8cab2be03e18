"""The guest's WebAssembly module, compiled for the one wasmtime Engine configuration it runs on.

The guest (`core/guest/cordon_guest.wasm`, built by `guest/build.sh`) ships as wasm; its native
code depends on the wasmtime build and the Engine's settings as much as on the wasm. This module
holds those three facts in one place: the wasmtime Cordon was calibrated against (`PINNED`), the
hardened settings (`engine_config`, and `engine_settings`, their part of every compiled module's
cache key, the template images' of `templates.py` too), and the compiled module, compiled once and
read back by later processes from Cordon's verified cache (`core.cache`). The driver (`driver.py`)
builds the process's Engine and instance from it; tests and the packaging check read the pin and
the settings without a guest.
"""

from __future__ import annotations

import hashlib
from importlib import metadata, resources

import wasmtime

from core import cache, notices

#: wasmtime's native stack for guest code. 1.5 MiB holds ~1,200 JS frames (1,225 of a one-line recursion);
#: larger values above wasmtime's async stack size abort the process.
MAX_WASM_STACK = 1536 * 1024

#: The wasmtime the driver (driver.py) was measured against: the JS stack limit is calibrated to its
#: native frame sizes (Cranelift's), and the driver relies on its memory settings.
PINNED = {"wasmtime": "50.0.1"}


def accepted_range(dist: str) -> str:
    """The versions of `dist` the driver runs on: the pinned one and the later patch releases of its
    series (`>=50.0.1,<50.1`). wasmtime's patch releases are backported security and crash fixes, which
    a desktop install should be able to take without waiting for Cordon; a new minor or major release
    may change code generation, so it is refused until the driver is measured against it."""
    major, minor, _ = PINNED[dist].split(".")
    return f">={PINNED[dist]},<{major}.{int(minor) + 1}"


def _release(version: str) -> tuple[int, ...] | None:
    """`50.0.2` -> (50, 0, 2); a pre-release or local version (`51.0.0.dev1`) -> None (never accepted)."""
    parts = version.split(".")
    return tuple(int(p) for p in parts) if len(parts) == 3 and all(p.isdigit() for p in parts) else None


def check_versions() -> None:
    """Refuse to run on a wasmtime the driver was not calibrated against (see `accepted_range`)."""
    for dist, want in PINNED.items():
        have = metadata.version(dist)
        pinned, found = _release(want), _release(have)
        if pinned is None or found is None or found[:2] != pinned[:2] or found < pinned:
            raise RuntimeError(
                f"Cordon's engine driver runs on {dist}{accepted_range(dist)}, found {have}; "
                f"reinstall with: pip install '{dist}{accepted_range(dist)}'"
            )


def guest_wasm_bytes() -> bytes:
    return resources.files("core.guest").joinpath("cordon_guest.wasm").read_bytes()


def engine_config() -> wasmtime.Config:
    """The hardened Engine's settings: epoch interruption (the backstop), a bounded native stack,
    and linear memories that never move (the driver and the cancel flag address guest memory
    directly; wasmtime reserves a 32-bit memory's whole range up front, so nothing is lost)."""
    cfg = wasmtime.Config()
    cfg.epoch_interruption = True
    cfg.max_wasm_stack = MAX_WASM_STACK
    cfg.memory_may_move = False
    return cfg


#: Guest instances (runs, template and graph-image builds) one process may hold at once: the pooling
#: allocator reserves address space for each up front (4 GiB and a guard per slot, never committed).
POOL_SLOTS = 256
#: The first bytes of a slot's linear memory (the template's image, ~2 MiB, with room) that a slot
#: handed to the next run resets in place, copying back only the pages the last run wrote (Linux's
#: PAGEMAP_SCAN), instead of dropping them: the next run then takes no page fault on them.
KEEP_RESIDENT = 4 << 20
#: Idle slots kept warm (resident) for the next run; past these, a freed slot gives its pages back.
WARM_SLOTS = 8


def use_instance_pool(cfg: wasmtime.Config) -> wasmtime.Config:
    """`cfg` with wasmtime's pooling instance allocator, for the process's one guest Engine.

    Without it, every run mapped a fresh copy-on-write image, faulted in each page it wrote (~70
    for `return 1+1`, a third of a fresh run even with them prefaulted) and unmapped it all at the
    end. A pooled slot is reset to the module's image when the run ends (wasmtime's guarantee: a
    reused slot starts exactly as a fresh instance, see docs/security.md), with the pages the run
    wrote kept resident. wasmtime-py has no wrapper for it yet, so this calls the C API's functions
    through its bindings (the pin in `PINNED` holds their signatures).
    """
    from wasmtime import _ffi as ffi

    pool = ffi.wasmtime_pooling_allocation_config_new()
    try:
        for setter in (
            ffi.wasmtime_pooling_allocation_config_total_memories_set,
            ffi.wasmtime_pooling_allocation_config_total_tables_set,
            ffi.wasmtime_pooling_allocation_config_total_core_instances_set,
        ):
            setter(pool, POOL_SLOTS)
        ffi.wasmtime_pooling_allocation_config_max_memory_size_set(pool, 1 << 32)
        ffi.wasmtime_pooling_allocation_config_linear_memory_keep_resident_set(pool, KEEP_RESIDENT)
        ffi.wasmtime_pooling_allocation_config_max_unused_warm_slots_set(pool, WARM_SLOTS)
        ffi.wasmtime_pooling_allocation_strategy_set(cfg.ptr(), pool)
    finally:
        ffi.wasmtime_pooling_allocation_config_delete(pool)
    return cfg


def engine_settings() -> str:
    """What native code compiled from a module depends on besides the module."""
    return f"wasmtime-{metadata.version('wasmtime')}|epoch|{MAX_WASM_STACK}|fixed-memory"


def _precompiled_name(wasm: bytes) -> str:
    key = hashlib.sha256(wasm + engine_settings().encode()).hexdigest()[:24]
    return f"quickjs-{key}.cwasm"


def precompiled_is_cached() -> bool:
    """Whether the guest's compiled form for this wasmtime and these settings is in the verified
    cache (else the next run compiles it: seconds, once). For `cordon doctor`."""
    return cache.read(_precompiled_name(guest_wasm_bytes())) is not None


def load_precompiled(engine: wasmtime.Engine, wasm: bytes) -> wasmtime.Module:
    """The guest module, from the verified cache bytes (never `deserialize_file`: a mapped file
    could change after the check) or compiled from the shipped wasm and cached again."""
    name = _precompiled_name(wasm)
    data = cache.read(name)
    if data is not None:
        try:
            return wasmtime.Module.deserialize(engine, data)
        except wasmtime.WasmtimeError:  # Cordon's own bytes, for a wasmtime build no longer here
            pass
    notices.notice("compiling the sandbox engine for this machine (once; a few seconds)...")
    module = wasmtime.Module(engine, wasm)
    cache.write(name, module.serialize())
    return module
