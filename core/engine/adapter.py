"""The only module that touches quickjs-rs and wasmtime internals.

quickjs-rs 0.2.6 runs QuickJS-ng compiled to WASM on a process-shared
wasmtime Engine. Its gaps (docs/design.md, "Engine") are closed here:

* the heap limit is not enforced -> every guest Store gets a linear-memory cap;
* native built-ins never poll the interrupt handler -> the Engine is built
  with epoch interruption and a ticker thread, and each VM carries an epoch
  deadline (the backstop);
* the interrupt handler only knows the binding's own deadline -> it also
  reads this VM's cancel flag, which any thread may set;
* compiling the 2 MB guest module takes ~0.8 s -> it is compiled once and
  serialised to Cordon's cache dir, so later processes deserialise it in ms;
  the file is native code, so it is loaded only through `core.cache` (bytes
  that match the digest recorded when Cordon wrote them, else recompiled).

Pinned: quickjs-rs==0.2.6, wasmtime==50.0.1. Anything version-specific lives
below; if the binding changes, this file is where Cordon breaks, loudly.
"""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from importlib import metadata
from typing import Any

import quickjs_rs
import quickjs_rs._engine as _qjs_engine
import quickjs_rs._wasmtime as _qjs_wasmtime
import wasmtime
from quickjs_rs import Runtime, SourceTransform
from wasmtime import _ffi as wasm_ffi
from wasmtime._bindings import _wasmtime_func_call_unchecked as _func_call_unchecked
from wasmtime._extern import wrap_extern
from wasmtime._func import maybe_raise_last_exn
from wasmtime._instance import InstanceExports

from core import cache

PINNED = {"quickjs-rs": "0.2.6", "wasmtime": "50.0.1"}

#: Epoch ticker period. The epoch backstop fires within ~one tick of its deadline.
TICK_S = 0.01
_IDLE_TICKS = 1 << 40
#: wasmtime's native stack for guest code. 1.5 MiB holds ~1,600 JS frames;
#: larger values above wasmtime's async stack size abort the process.
MAX_WASM_STACK = 1536 * 1024
#: Linear memory the guest needs beyond its heap (shadow stack, data, allocator slack).
LINEAR_OVERHEAD = 8 * 1024 * 1024

_STATUS_OK = _qjs_engine.STATUS_OK
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


def _precompiled_name(wasm: bytes) -> str:
    key = hashlib.sha256(wasm + f"{PINNED}|epoch|{MAX_WASM_STACK}".encode()).hexdigest()[:24]
    return f"quickjs-{key}.cwasm"


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
    """The guest module, from the verified cache bytes (never `deserialize_file`: a mapped file
    could change after the check) or compiled from the shipped wasm and cached again."""
    name = _precompiled_name(wasm)
    data = cache.read(name)
    if data is not None:
        try:
            return wasmtime.Module.deserialize(engine, data)
        except wasmtime.WasmtimeError:  # Cordon's own bytes, for a wasmtime build no longer here
            pass
    module = wasmtime.Module(engine, wasm)
    cache.write(name, module.serialize())
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
    # The binding lets the guest inherit the host's stdout/stderr; guest output only ever
    # travels through bridges, so a failing guest allocator has nowhere to print.
    store.set_wasi(wasmtime.WasiConfig())
    instance = _qjs_wasmtime.instantiate_wasm_artifact(artifact, store)
    instance._exports = _ExportsByName(store, instance)  # the cache `Instance.exports()` returns
    return instance


class _ExportsByName(Mapping[str, Any]):
    """An instance's exports looked up by name when asked for.

    wasmtime-py wraps all ~56 exports of the guest the first time `exports()`
    is called (~0.3 ms, a tenth of a run); a run touches a handful of them.
    """

    def __init__(self, store: wasmtime.Store, instance: wasmtime.Instance) -> None:
        self._store = store
        self._instance = instance
        self._all: InstanceExports | None = None

    def __getitem__(self, name: str) -> Any:
        item = wasm_ffi.wasmtime_extern_t()
        raw = name.encode()
        found = wasm_ffi.wasmtime_instance_export_get(self._store._context(), ctypes.byref(self._instance._instance),
                                                      raw, len(raw), ctypes.byref(item))
        if not found:
            raise KeyError(name)
        return wrap_extern(item)

    def _everything(self) -> InstanceExports:
        if self._all is None:
            self._all = InstanceExports(self._store, self._instance)
        return self._all

    def __iter__(self) -> Iterator[str]:
        return iter(self._everything())

    def __len__(self) -> int:
        return len(self._everything())


HostFunctions = dict[str, tuple[Callable[..., Any], bool]]


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
        self._memory_limit = memory_limit
        self._stack_limit = stack_limit
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

        def poll() -> bool:
            if flag.is_set():
                return True
            if binding_handler():  # the binding's CPU budget ran out: the guest is stopped, say so
                flag.set()
                return True
            return False

        self._rt._engine_rt.set_interrupt_handler(poll)
        self._inst = self._ctx._engine_ctx._inst
        self._inst._exports = _FastExports(self._inst._exports, self._inst.store)
        self._patch_job_drain()
        self._patch_string_marshal()
        self._patch_error_rule()

    @classmethod
    def from_template(cls, template: GuestTemplate, functions: HostFunctions, *, memory_limit: int,
                      stack_limit: int, normalize: Callable[[str, str], str | None],
                      load: Callable[[str], str | None]) -> GuestVM:
        """A fresh VM whose heap starts as the template's (prelude already evaluated).

        Restoring the linear-memory image skips compiling the prelude (~80 % of
        a run's setup). The host functions are bound on the Python side only:
        their guest-side objects come with the image, under the same names and
        ids, because the template registered the same names in the same order.
        """
        if tuple((name, is_async) for name, (_, is_async) in functions.items()) != template.signature:
            raise RuntimeError("host functions differ from the template's")
        vm = cls(memory_limit=memory_limit, stack_limit=stack_limit, normalize=normalize, load=load)
        ctx, inst = vm._ctx, vm._inst
        for name, (fn, is_async) in functions.items():
            fn_id = ctx._next_fn_id
            ctx._next_fn_id += 1
            ctx._host_registry[fn_id] = fn
            inst.name_to_fn_id[name] = fn_id
            if is_async:
                inst.async_names.add(name)
        template.apply(vm)
        # The image carries the template's limits; this run's own apply from here on.
        inst.c("set_memory_limit", memory_limit)
        inst.c("set_max_stack_size", stack_limit)
        return vm

    def _patch_string_marshal(self) -> None:
        """Read string arguments of host calls in 4 crossings instead of 8.

        Cordon's host functions take strings (plus the odd byte buffer or count),
        and the binding asks every argument its type before reading it. Asking for
        the string first is a probe: the guest answers an error status for anything
        else, which then takes the binding's general path.
        """
        inst = self._inst
        general = inst.handle_to_python

        def handle_to_python(handle: int, **kwargs: Any) -> Any:
            if inst.c("get_string", handle) == _STATUS_OK:
                return inst.take_result().decode()
            return general(handle, **kwargs)

        inst.handle_to_python = handle_to_python

    def _patch_error_rule(self) -> None:
        """Carry a rejection's `rule` property onto the `JSError` (`error_rule` reads it).

        The binding reads only name, message and stack off a rejection. The rule a refusal
        names travels as that field (the prelude sets `err.rule`), so the host never parses
        it out of a message the guest could have written.
        """
        ctx = self._ctx
        raise_from_reason = ctx._raise_from_reason_handle

        def with_rule(reason: Any, deadline: float | None) -> None:
            rule = None
            with contextlib.suppress(Exception):  # a thrown primitive has no properties
                field = reason._require_live().get("rule")
                try:
                    rule = field.to_python()
                finally:
                    field.dispose()
            try:
                raise_from_reason(reason, deadline)
            except quickjs_rs.JSError as exc:
                exc.rule = rule if isinstance(rule, str) else None  # type: ignore[attr-defined]
                raise

        ctx._raise_from_reason_handle = with_rule

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

    def memory_image(self) -> bytes:
        return bytes(self._inst.mem.read(self._inst.store, 0, self.linear_memory_bytes()))

    def linear_memory_bytes(self) -> int:
        return self._inst.mem.data_len(self._inst.store)

    def payload_room(self) -> int:
        """Bytes one crossing from the host may carry now. The binding copies a payload into
        linear memory and the guest then copies it into its heap, so it needs twice its size
        free; past that the guest's allocator aborts mid-call (a bare "HostError: Host function
        failed") instead of failing cleanly. Counted from linear memory never grown yet, which
        undercounts what a guest freed: asking the guest (memory_usage) would re-enter it during
        a synchronous host call, which the binding cannot do."""
        return max(0, (self.memory_cap - self.linear_memory_bytes() - (1 << 20)) // 2)

    def close(self) -> None:
        """Discard the VM. The epoch is disarmed first: a trapped store would
        trap again on the guest calls close() makes."""
        try:
            self.arm_epoch(None)
        finally:
            self._rt.close()


class GuestTemplate:
    """A guest whose prelude has run, kept as the pages that differ from a fresh guest.

    Every run starts from it instead of compiling the prelude (~80 % of a run's
    setup). Only pages that differ from a freshly created guest are written on
    restore (page faults on fresh linear memory made a full 1.5 MB copy the
    slowest step); pages that differ between two fresh guests (clock- or
    seed-dependent state) are always written. Built once per process per
    prelude text, shared by all threads: it is plain bytes.
    """

    PAGE = 4096

    def __init__(self, size: int, stack_pointer: int, chunks: list[tuple[int, bytes]],
                 signature: tuple[tuple[str, bool], ...]) -> None:
        self.size = size
        self.stack_pointer = stack_pointer
        self.chunks = chunks
        self.signature = signature

    @classmethod
    def build(cls, prelude: str, functions: HostFunctions) -> GuestTemplate:
        vm = _bare_vm()
        try:
            for name, (fn, is_async) in functions.items():
                vm.register(name, fn, is_async=is_async)
            vm.eval_script(prelude, filename="cordon:prelude")
            vm._rt.run_gc()
            image = vm.memory_image()
            stack_pointer = vm._inst.sp.value(vm._inst.store)
        finally:
            vm.close()
        baselines = []
        for _ in range(2):
            fresh = _bare_vm()
            try:
                baselines.append(fresh.memory_image())
            finally:
                fresh.close()
        chunks: list[tuple[int, bytes]] = []
        page = cls.PAGE
        for offset in range(0, len(image), page):
            block = image[offset:offset + page]
            if all(offset < len(b) and b[offset:offset + page] == block for b in baselines):
                continue
            if offset >= min(len(b) for b in baselines) and not any(block):
                continue  # memory grown on restore is zero already
            if chunks and chunks[-1][0] + len(chunks[-1][1]) == offset:
                chunks[-1] = (chunks[-1][0], chunks[-1][1] + block)
            else:
                chunks.append((offset, block))
        signature = tuple((name, is_async) for name, (_, is_async) in functions.items())
        return cls(len(image), stack_pointer, chunks, signature)

    def apply(self, vm: GuestVM) -> None:
        inst = vm._inst
        current = inst.mem.data_len(inst.store)
        if self.size > current:
            inst.mem.grow(inst.store, (self.size - current + 65535) // 65536)
        for offset, block in self.chunks:
            inst.mem.write(inst.store, block, offset)
        inst.sp.set_value(inst.store, self.stack_pointer)


def _bare_vm() -> GuestVM:
    def refuse(base: str, spec: str | None = None) -> None:
        return None

    return GuestVM(memory_limit=64 << 20, stack_limit=512 << 10, normalize=refuse, load=refuse)


_templates: OrderedDict[str, GuestTemplate] = OrderedDict()
_templates_lock = threading.Lock()
_TEMPLATES_KEPT = 8


def template_for(prelude: str, functions: HostFunctions) -> GuestTemplate:
    """The cached template for this prelude (built on first use, a few kept)."""
    with _templates_lock:
        template = _templates.get(prelude)
        if template is not None:
            _templates.move_to_end(prelude)
            return template
    built = GuestTemplate.build(prelude, functions)
    with _templates_lock:
        template = _templates.setdefault(prelude, built)
        while len(_templates) > _TEMPLATES_KEPT:
            _templates.popitem(last=False)
    return template


_NUMERIC = {0: "i32", 1: "i64", 2: "f32", 3: "f64"}
#: export name -> (param kinds, result kinds); the guest module is the same for every VM.
_SIGNATURES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}


class _FastFunc:
    """A guest export called without wasmtime-py's generic per-call machinery.

    `wasmtime.Func.__call__` rebuilds the function type, converts every value
    through generic paths and enters a generator-based context manager on
    each call; the binding makes ~10-20 such calls per host-function round
    trip, so they dominated bridge cost. The guest's exports take and return
    only numbers of fixed kinds, so a call here is one raw ctypes call
    (`wasmtime_func_call_unchecked`) on a preallocated-size buffer.
    """

    __slots__ = ("_fields", "_func", "_result", "_slots")

    def __init__(self, func: wasmtime.Func, store: wasmtime.Store, name: str) -> None:
        signature = _SIGNATURES.get(name)
        if signature is None:
            ty = func.type(store)
            signature = (tuple(_kind(t) for t in ty.params), tuple(_kind(t) for t in ty.results))
            _SIGNATURES[name] = signature
        params, results = signature
        self._func = ctypes.byref(func._func)
        self._fields = tuple(_NUMERIC[k] for k in params)
        self._result = _NUMERIC[results[0]] if results else None
        self._slots = max(len(params), len(results), 1)

    def __call__(self, store: wasmtime.Store, *args: Any) -> Any:
        fields = self._fields
        if len(args) != len(fields):
            raise wasmtime.WasmtimeError(f"expected {len(fields)} parameters, got {len(args)}")
        buf = (wasm_ffi.wasmtime_val_raw_t * self._slots)()
        for i, value in enumerate(args):
            setattr(buf[i], fields[i], value)
        trap = ctypes.POINTER(wasm_ffi.wasm_trap_t)()
        error = _func_call_unchecked(store._context(), self._func, buf, self._slots, ctypes.byref(trap))
        if trap:
            exc = wasmtime.Trap._from_ptr(trap)
            maybe_raise_last_exn()  # a Python exception raised inside a host callback wins
            raise exc
        if error:
            maybe_raise_last_exn()
            raise wasmtime.WasmtimeError._from_ptr(error)
        return getattr(buf[0], self._result) if self._result is not None else None


def _kind(valtype: wasmtime.ValType) -> int:
    for kind, name in _NUMERIC.items():
        if valtype == getattr(wasmtime.ValType, name)():
            return kind
    raise RuntimeError(f"guest export uses a non-numeric type {valtype}")


class _FastExports(dict):  # type: ignore[type-arg]
    """The instance's exports, wrapping each function on first use."""

    def __init__(self, exports: Any, store: wasmtime.Store) -> None:
        super().__init__()
        self._exports = exports
        self._store = store

    def __missing__(self, name: str) -> Any:
        item = self._exports[name]
        if isinstance(item, wasmtime.Func):
            item = _FastFunc(item, self._store, name)
        self[name] = item
        return item


def is_epoch_trap(exc: BaseException) -> bool:
    return isinstance(exc, wasmtime.Trap) and exc.trap_code == wasmtime.TrapCode.INTERRUPT


def is_stack_trap(exc: BaseException) -> bool:
    return isinstance(exc, wasmtime.Trap) and exc.trap_code == wasmtime.TrapCode.STACK_OVERFLOW


def error_rule(exc: BaseException) -> str | None:
    """The `rule` field of a guest exception, when the guest error carried one."""
    return getattr(exc, "rule", None) if isinstance(exc, quickjs_rs.JSError) else None


def js_error_parts(exc: BaseException) -> tuple[str, str, str | None]:
    """(name, message, stack) of a guest exception raised through the binding."""
    if isinstance(exc, quickjs_rs.JSError):
        return exc.name, exc.message, exc.stack
    return type(exc).__name__, str(exc), None
