"""The only module that touches quickjs-rs and wasmtime internals.

quickjs-rs 0.2.6 runs QuickJS-ng compiled to WASM on a process-shared
wasmtime Engine. Its gaps (DESIGN.md, "Engine") are closed here:

* the heap limit is not enforced -> every guest Store gets a linear-memory cap;
* native built-ins never poll the interrupt handler -> the Engine is built
  with epoch interruption and a ticker thread, and each VM carries an epoch
  deadline (the backstop);
* the interrupt handler only knows the binding's own deadline -> it also
  reads this VM's cancel flag, which any thread may set;
* compiling the 2 MB guest module takes ~0.8 s -> it is compiled once and
  serialised to Cordon's cache dir, so later processes deserialise it in ms.

Pinned: quickjs-rs==0.2.6, wasmtime==50.0.1. Anything version-specific lives
below; if the binding changes, this file is where Cordon breaks, loudly.
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
import time
from collections.abc import Callable
from importlib import metadata
from typing import Any

import quickjs_rs
import quickjs_rs._engine as _qjs_engine
import quickjs_rs._wasmtime as _qjs_wasmtime
import wasmtime
from quickjs_rs import Runtime, SourceTransform

from core import paths

PINNED = {"quickjs-rs": "0.2.6", "wasmtime": "50.0.1"}

#: Epoch ticker period. The epoch backstop fires within ~one tick of its deadline.
TICK_S = 0.01
_IDLE_TICKS = 1 << 40
#: wasmtime's native stack for guest code. 1.5 MiB holds ~1,600 JS frames;
#: larger values above wasmtime's async stack size abort the process.
MAX_WASM_STACK = 1536 * 1024
#: Linear memory the guest needs beyond its heap (shadow stack, data, allocator slack).
LINEAR_OVERHEAD = 8 * 1024 * 1024

#: Jobs the binding runs per drain call before returning (quickjs-rs 0.2.6).
JOB_BATCH = 100_000
#: The binding names every evaluated entry module "<module>" (the base its imports see).
ENTRY_MODULE_NAME = "<module>"

_install_lock = threading.Lock()
_engine: wasmtime.Engine | None = None
_pending_cap = threading.local()

Trap = wasmtime.Trap
JSError = quickjs_rs.JSError
MemoryLimitError = quickjs_rs.MemoryLimitError
BindingTimeout = quickjs_rs.TimeoutError
InterruptError = quickjs_rs.InterruptError
DeadlockError = quickjs_rs.DeadlockError
HostCancellationError = quickjs_rs.HostCancellationError
QuickJSError = quickjs_rs.QuickJSError


def check_versions() -> None:
    """Refuse to run on a binding this adapter was not written against."""
    for dist, want in PINNED.items():
        have = metadata.version(dist)
        if have != want:
            raise RuntimeError(f"Cordon's engine adapter is pinned to {dist}=={want}, found {have}; "
                               f"reinstall with: pip install {dist}=={want}")


def _guest_wasm_bytes() -> bytes:
    return _qjs_engine._read_guest_wasm()


def _precompiled_path(wasm: bytes) -> str:
    key = hashlib.sha256(wasm + f"{PINNED}|epoch|{MAX_WASM_STACK}".encode()).hexdigest()[:24]
    return str(paths.cache_dir() / f"quickjs-{key}.cwasm")


def install() -> wasmtime.Engine:
    """Build the hardened Engine and load the guest module (idempotent, thread-safe)."""
    global _engine
    if _engine is not None:
        return _engine
    with _install_lock:
        if _engine is not None:
            return _engine
        check_versions()
        if _qjs_wasmtime._SHARED_ENGINE is not None:
            raise RuntimeError("quickjs-rs was used before Cordon hardened its engine")
        cfg = wasmtime.Config()
        cfg.epoch_interruption = True
        cfg.max_wasm_stack = MAX_WASM_STACK
        engine = wasmtime.Engine(cfg)
        _qjs_wasmtime._SHARED_ENGINE = engine
        wasm = _guest_wasm_bytes()
        module = _load_precompiled(engine, wasm)
        artifact = _qjs_wasmtime.SharedWasmArtifact(
            module=module,
            linker=_qjs_engine._build_shared_linker(engine),
            build_id=hashlib.sha256(wasm).digest(),
        )
        _qjs_wasmtime._SHARED_ARTIFACTS["quickjs"] = artifact
        _qjs_engine.instantiate_wasm_artifact = _instantiate_with_limits
        threading.Thread(target=_tick, args=(engine,), name="cordon-epoch", daemon=True).start()
        _engine = engine
        return engine


def _load_precompiled(engine: wasmtime.Engine, wasm: bytes) -> wasmtime.Module:
    path = _precompiled_path(wasm)
    if os.path.exists(path):
        try:
            return wasmtime.Module.deserialize_file(engine, path)
        except Exception:  # a stale or corrupt cache file: rebuild it below
            os.unlink(path)
    module = wasmtime.Module(engine, wasm)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as fh:
        fh.write(module.serialize())
    os.replace(tmp, path)
    return module


def _tick(engine: wasmtime.Engine) -> None:
    while True:
        time.sleep(TICK_S)
        engine.increment_epoch()


def _instantiate_with_limits(artifact: Any, store: wasmtime.Store) -> wasmtime.Instance:
    cap = getattr(_pending_cap, "value", None)
    if cap is None:
        raise RuntimeError("guest instantiated outside GuestVM")
    store.set_limits(memory_size=cap)
    store.set_epoch_deadline(_IDLE_TICKS)
    return _qjs_wasmtime.instantiate_wasm_artifact(artifact, store)


class GuestVM:
    """One fresh QuickJS runtime+context, used for exactly one run, then discarded.

    Must be created, driven and closed on one thread (the binding's engine
    objects are thread-bound). Only `interrupt()` may be called from others.
    """

    def __init__(
        self,
        *,
        memory_limit: int,
        stack_limit: int,
        normalize: Callable[[str, str], str | None],
        load: Callable[[str], str | None],
    ) -> None:
        install()
        self._interrupted = threading.Event()
        self.memory_cap = memory_limit + LINEAR_OVERHEAD
        _pending_cap.value = self.memory_cap
        try:
            self._rt = Runtime(memory_limit=memory_limit, stack_limit=stack_limit,
                               transform_flags=SourceTransform.NONE)
            self._rt.set_module_loader(normalize=normalize, load=load,
                                       transform_flags=SourceTransform.NONE)
            self._ctx = self._rt.new_context(timeout=3600.0)
        finally:
            _pending_cap.value = None
        binding_handler = self._rt._engine_rt._interrupt_handler
        flag = self._interrupted
        self._rt._engine_rt.set_interrupt_handler(lambda: flag.is_set() or binding_handler())
        self._inst = self._ctx._engine_ctx._inst
        self._patch_job_drain()

    def _patch_job_drain(self) -> None:
        """Drain microtasks until the queue is empty, not just one batch.

        The binding runs at most one batch of jobs per drain and then reports a
        deadlock if the top-level promise is still pending, so `for(;;) await
        null` "deadlocked" in ~0.2 s instead of meeting its deadline. Draining
        to empty lets the interrupt handler (deadline, cancel flag) stop it.
        """
        engine_ctx = self._ctx._engine_ctx
        one_batch = engine_ctx.run_pending_jobs

        def drain() -> int:
            total = 0
            while True:
                ran = one_batch()
                total += ran
                if ran < JOB_BATCH:
                    return total

        engine_ctx.run_pending_jobs = drain

    # -- host functions ---------------------------------------------------------
    def register(self, name: str, fn: Callable[..., Any], *, is_async: bool) -> None:
        self._ctx.register(name, fn, is_async=is_async)

    # -- evaluation -------------------------------------------------------------
    def eval_script(self, source: str, *, filename: str) -> Any:
        return self._ctx.eval(source, filename=filename, transform_flags=SourceTransform.NONE)

    async def eval_module(self, source: str, *, filename: str, cpu_budget_s: float) -> None:
        """Evaluate an ES module, driving its promise; host-await time is not charged."""
        await self._ctx.eval_async(source, module=True, filename=filename, timeout=cpu_budget_s,
                                   transform_flags=SourceTransform.NONE)

    # -- the backstops ----------------------------------------------------------
    def arm_epoch(self, seconds: float | None) -> None:
        """Trap the guest after `seconds` of wall time even inside a native built-in."""
        ticks = _IDLE_TICKS if seconds is None else max(1, math.ceil(seconds / TICK_S)) + 1
        self._inst.store.set_epoch_deadline(ticks)

    def interrupt(self) -> None:
        """Stop guest JS at its next interrupt poll. Safe from any thread."""
        self._interrupted.set()

    @property
    def interrupted(self) -> bool:
        return self._interrupted.is_set()

    def linear_memory_bytes(self) -> int:
        return self._inst.mem.data_len(self._inst.store)

    def close(self) -> None:
        """Discard the VM. The epoch is disarmed first: a trapped store would
        trap again on the guest calls close() makes."""
        try:
            self.arm_epoch(None)
        finally:
            self._rt.close()


def is_epoch_trap(exc: BaseException) -> bool:
    return isinstance(exc, wasmtime.Trap) and exc.trap_code == wasmtime.TrapCode.INTERRUPT


def is_stack_trap(exc: BaseException) -> bool:
    return isinstance(exc, wasmtime.Trap) and exc.trap_code == wasmtime.TrapCode.STACK_OVERFLOW


def js_error_parts(exc: BaseException) -> tuple[str, str, str | None]:
    """(name, message, stack) of a guest exception raised through the binding."""
    if isinstance(exc, quickjs_rs.JSError):
        return exc.name, exc.message, exc.stack
    return type(exc).__name__, str(exc), None
