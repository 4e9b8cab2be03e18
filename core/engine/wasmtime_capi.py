"""The one place Cordon reaches below wasmtime-py's public API, to wasmtime's C API through the
bindings wasmtime-py itself uses (`wasmtime._ffi`).

wasmtime-py wraps no pooling allocator and no Winch strategy, and its `Instance.exports` and
`Func.__call__` do work per call that a fresh run pays for (see `bench/profile_fresh_run.md`).
Each function here is a thin call of one C API function, its signature held by the wasmtime series
`guest_module.PINNED` allows (the C API's signatures change only with a minor release).
`tests/test_architecture.py` lets only this module touch wasmtime's private names, so the reach
stays small and in sight.
"""

from __future__ import annotations

import ctypes
from typing import Any

import wasmtime
from wasmtime import _ffi as ffi
from wasmtime._extern import wrap_extern
from wasmtime._func import enter_wasm

#: wasmtime_strategy_t's value for Winch (the C API: auto, cranelift, winch).
_WINCH = 2
#: The empty argument and result arrays of a call that takes and returns nothing.
_NO_VALUES = (ffi.wasmtime_val_t * 0)()


def use_pooling(cfg: wasmtime.Config, *, slots: int, max_memory: int, keep_resident: int, warm_slots: int) -> None:
    """Give `cfg` wasmtime's pooling instance allocator: `slots` instances, memories and tables at
    once, each memory up to `max_memory` bytes, the first `keep_resident` bytes of a freed slot reset
    in place and kept, `warm_slots` idle slots kept warm."""
    pool = ffi.wasmtime_pooling_allocation_config_new()
    try:
        for setter in (
            ffi.wasmtime_pooling_allocation_config_total_memories_set,
            ffi.wasmtime_pooling_allocation_config_total_tables_set,
            ffi.wasmtime_pooling_allocation_config_total_core_instances_set,
        ):
            setter(pool, slots)
        ffi.wasmtime_pooling_allocation_config_max_memory_size_set(pool, max_memory)
        ffi.wasmtime_pooling_allocation_config_linear_memory_keep_resident_set(pool, keep_resident)
        ffi.wasmtime_pooling_allocation_config_max_unused_warm_slots_set(pool, warm_slots)
        ffi.wasmtime_pooling_allocation_strategy_set(cfg.ptr(), pool)
    finally:
        ffi.wasmtime_pooling_allocation_config_delete(pool)


def use_winch(cfg: wasmtime.Config) -> None:
    """Compile with Winch, wasmtime's baseline compiler (`Config.strategy` names only auto and cranelift)."""
    ffi.wasmtime_config_strategy_set(cfg.ptr(), _WINCH)


def export(store: wasmtime.Store, instance: wasmtime.Instance, name: str) -> Any:
    """`instance`'s export `name`, alone (`Instance.exports` wraps every export); KeyError if none."""
    item, raw = ffi.wasmtime_extern_t(), name.encode()
    context, target = store._context(), ctypes.byref(instance._instance)
    if not ffi.wasmtime_instance_export_get(context, target, raw, len(raw), ctypes.byref(item)):
        raise KeyError(f"the guest exports no {name!r}")
    return wrap_extern(item)


def call_nullary(store: wasmtime.Store, func: wasmtime.Func) -> None:
    """Call a function that takes and returns nothing. `Func.__call__` asks for the function's type,
    parameters and results (six foreign calls) on every call to check values this call has none of;
    wasmtime itself still checks the count against the type. Traps and host exceptions come back as
    `Func.__call__` raises them (`enter_wasm`)."""
    with enter_wasm(store) as trap:
        error = ffi.wasmtime_func_call(store._context(), ctypes.byref(func._func), _NO_VALUES, 0, _NO_VALUES, 0, trap)
        if error:
            raise wasmtime.WasmtimeError._from_ptr(error)
