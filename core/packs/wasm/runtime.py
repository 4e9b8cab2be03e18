"""Executing validated WASM exports: compile once, instance per call, hard deadlines.

* **Compile once per process**, keyed by the sha256 of the validated bytes. The
  compiled artifact is serialised once; each worker deserialises it into its
  own engine the first time it runs that module (cheap: no recompilation).
* **Instance per call, stateless.** Every call gets a fresh `Store` and
  `Instance`, runs, and is dropped: globals and memory never persist.
* **A pool of 4 worker threads** is the process-wide cap on calls running at
  once; a call waits in the pool's queue for a free worker. wasmtime releases
  the GIL while WASM runs, so calls really run in parallel.
* **Deadlines by epoch interruption.** Each worker thread owns its engine, so
  interrupting a call (deadline or cancellation) bumps *that* engine's epoch
  past the call's deadline and disturbs no other call. Fuel is not used: it
  cannot be changed from another thread while a call runs. After a trap the
  store is dropped and the worker takes the next call: nothing survives a call,
  so there is nothing to replace.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import wasmtime

from core.errors import CordonError
from core.packs.wasm.engines import deadline_ticks, new_worker_engine, validation_engine
from core.packs.wasm.validate import PAGE_BYTES, ValidatedWasm

#: Process-wide: at most this many WASM calls run at once (the worker pool size).
PROCESS_MAX_CALLS = 4
#: Table elements a call's store may hold (8 bytes each): far above what real modules
#: declare, far below what a hostile `(table 100000000 funcref)` would allocate.
MAX_TABLE_ELEMENTS = 1 << 18
MAX_TABLES = 16


class WasmCallError(CordonError):
    """A call failed inside WASM (a trap) or could not be instantiated."""

    rule = "wasm-trap"
    name = "WasmError"


class CallInterrupted(Exception):
    """The call was stopped by its epoch deadline or by cancellation (see `Call.cancelled`)."""


@dataclass(eq=False)
class Call:
    """One WASM call: what to run, its deadline, and the handle that interrupts it."""

    module: ValidatedWasm
    export: str
    args: tuple[int | float, ...]
    deadline_s: float
    cancelled: bool = False
    #: Wall time spent instantiating and running (set by the worker).
    elapsed_s: float = 0.0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _engine: wasmtime.Engine | None = field(default=None, repr=False)
    _ticks: int = 0

    def cancel(self) -> None:
        """From any thread: stop the call now (or make it never start)."""
        with self._lock:
            self.cancelled = True
            if self._engine is not None:
                for _ in range(self._ticks + 1):
                    self._engine.increment_epoch()

    def _arm(self, store: wasmtime.Store, engine: wasmtime.Engine) -> None:
        with self._lock:
            if self.cancelled:
                raise CallInterrupted
            self._ticks = deadline_ticks(self.deadline_s)
            store.set_epoch_deadline(self._ticks)
            self._engine = engine

    def _disarm(self) -> None:
        with self._lock:
            self._engine = None


class _Worker:
    """Per worker thread: its own engine and the modules deserialised into it."""

    def __init__(self) -> None:
        self.engine = new_worker_engine(self)
        self.modules: dict[str, wasmtime.Module] = {}


class WasmPool:
    """The process's WASM workers and its compile-once cache."""

    def __init__(self, size: int = PROCESS_MAX_CALLS) -> None:
        self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=size, thread_name_prefix="cordon-wasm")
        self._local = threading.local()
        self._artifacts: dict[str, bytes] = {}
        self._compile_locks: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()
        self.running = 0
        #: Most calls ever running at once in this process, compilations done, and how
        #: calls ended ("ok", "trap", "deadline", "cancelled"): for tests and benchmarks.
        self.peak_running = 0
        self.compilations = 0
        self.outcomes: Counter[str] = Counter()

    # -- compile once -------------------------------------------------------------
    def artifact(self, module: ValidatedWasm) -> bytes:
        """The compiled, serialised module (compiled on first use, then cached by sha256)."""
        cached = self._artifacts.get(module.sha256)
        if cached is not None:
            return cached
        with self._lock:
            lock = self._compile_locks.setdefault(module.sha256, threading.Lock())
        with lock:
            cached = self._artifacts.get(module.sha256)
            if cached is None:
                compiled = wasmtime.Module(validation_engine(), module.data)
                cached = bytes(compiled.serialize())
                self._artifacts[module.sha256] = cached
                self.compilations += 1
        return cached

    def _module_for_worker(self, module: ValidatedWasm) -> tuple[wasmtime.Engine, wasmtime.Module]:
        worker: _Worker | None = getattr(self._local, "worker", None)
        if worker is None:
            worker = self._local.worker = _Worker()
        compiled = worker.modules.get(module.sha256)
        if compiled is None:
            compiled = wasmtime.Module.deserialize(worker.engine, self.artifact(module))
            worker.modules[module.sha256] = compiled
        return worker.engine, compiled

    # -- running ------------------------------------------------------------------
    def submit(self, call: Call) -> concurrent.futures.Future[Any]:
        return self._executor.submit(self._execute, call)

    async def run(self, call: Call) -> Any:
        """Run `call` on a worker; cancelling the awaiting task interrupts the call."""
        future = asyncio.wrap_future(self.submit(call))
        try:
            return await future
        except asyncio.CancelledError:
            call.cancel()
            raise

    def _execute(self, call: Call) -> Any:
        if call.cancelled:
            raise CallInterrupted
        try:
            engine, compiled = self._module_for_worker(call.module)
        except wasmtime.WasmtimeError as exc:
            raise WasmCallError(f"the WASM module cannot be compiled: {_first_line(exc)}") from None
        with self._lock:
            self.running += 1
            self.peak_running = max(self.peak_running, self.running)
        started = time.perf_counter()
        outcome = "trap"
        try:
            store = wasmtime.Store(engine)
            try:
                store.set_limits(
                    memory_size=call.module.memory_pages * PAGE_BYTES,
                    table_elements=MAX_TABLE_ELEMENTS,
                    instances=1,
                    tables=MAX_TABLES,
                    memories=1,
                )
                call._arm(store, engine)
                instance = wasmtime.Instance(store, compiled, [])
                func = instance.exports(store)[call.export]
                result = func(store, *call.args)  # type: ignore[operator]
            finally:
                call._disarm()
                # Freed now, on this worker: an exception's traceback would otherwise keep the store
                # until the garbage collector frees it on whichever thread runs next, where an
                # asynchronous exception landing in wasmtime's finalizer leaks it.
                store.close()
            outcome = "ok"
            return result
        except CallInterrupted:
            outcome = "cancelled"
            raise
        except wasmtime.Trap as exc:
            if exc.trap_code == wasmtime.TrapCode.INTERRUPT:
                outcome = "cancelled" if call.cancelled else "deadline"
                raise CallInterrupted from None
            raise WasmCallError(f"WASM trap in {call.export}: {_first_line(exc)}") from None
        except wasmtime.WasmtimeError as exc:  # the store's limits refused to instantiate it
            raise WasmCallError(
                f"WASM call {call.export} could not start: {_first_line(exc)}", rule="wasm-instantiate"
            ) from None
        finally:
            call.elapsed_s = time.perf_counter() - started
            with self._lock:
                self.running -= 1
                self.outcomes[outcome] += 1


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("wasm trap:"):
            return line[len("wasm trap:") :].strip()
    return text.splitlines()[0] if text else type(exc).__name__


_pool: WasmPool | None = None
_pool_lock = threading.Lock()


def pool() -> WasmPool:
    """The process-wide pool (created on first use)."""
    global _pool
    if _pool is None:
        with _pool_lock:
            if _pool is None:
                _pool = WasmPool()
    return _pool
