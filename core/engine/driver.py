"""Cordon's driver of its own QuickJS-ng guest, on wasmtime's public API only.

The guest (`core/guest/cordon_guest.wasm`, built by `guest/build.sh` from pinned
QuickJS-ng sources and `guest/cordon_guest.c`) is one wasm32-wasi reactor that
ships with Cordon. This module runs one instance of it, and is the only one that
knows the guest's exports, its fixed addresses and its imports:

* one hardened Engine per process (epoch interruption as the backstop, advanced by the
  process's one ticker, `core/ticker.py`; a bounded native stack) and the module
  compiled once per process, both as `core/engine/guest_module.py` configures and caches them,
  with the guest's fixed addresses read once from a fresh instance;
* a VM per run, started from a template (`core/engine/templates.py`: the guest's memory after
  its prelude ran): it instantiates the module and writes the template's pages, or instantiates
  the template's baked image (its runtime, context and prelude are then live, with no guest code
  run), then sets its own limits with one call;
* the host side of the guest's imports: the module loader and normaliser (the
  loader is the boundary: every import the guest makes asks the run's callbacks; a
  module seen before is handed over as the guest's own bytecode from Cordon's verified
  cache, `core/engine/bytecode.py`), host function calls (sync replies in a scratch
  buffer, async ones settle a guest promise when the host task finishes), and WASI
  stubs (no files, no output);
* why the guest stopped (the stop code it reports with its error, never the error's message),
  raised as the exceptions of `core/engine/guest_errors.py`;
* a cancel flag in guest memory that the guest's interrupt handler polls, so a stop
  from another thread costs the guest no host crossing per poll.

One VM serves one run and is then discarded, trapped or not.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import ctypes
import hashlib
import logging
import math
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any

import wasmtime

from core import notices, ticker
from core.engine import bytecode, guest_module, wasmtime_capi
from core.engine.guest_errors import (
    ENTRY_MODULE_NAME,
    DeadlockError,
    InterruptError,
    JSError,
    MemoryLimitError,
    ModuleLoadError,
    StackOverflowError,
    StringTooLongError,
)
from core.errors import SandboxRefusal

if TYPE_CHECKING:
    from core.engine.templates import GuestTemplate

_IDLE_TICKS = 1 << 40
#: The most JS stack QuickJS may measure on the guest's 1 MiB shadow stack: calibrated so deep
#: recursion throws a catchable RangeError before wasmtime's native stack traps.
MAX_JS_STACK = 384 * 1024
#: Linear memory the guest needs beyond its heap (shadow stack, data, allocator slack).
LINEAR_OVERHEAD = 8 * 1024 * 1024
#: The clock the guest sees while a template is built: its memory must be the same in every
#: process (QuickJS seeds its own generator from the clock), or the cached image never matches.
_BUILD_CLOCK_NS = 1 << 60
#: Must match guest/cordon_guest.c.
_SCRATCH_SIZE = 65536
_ARG_UNDEFINED, _ARG_STRING, _ARG_BYTES, _ARG_NUMBER = 0, 1, 2, 3
_LOAD_SOURCE, _LOAD_BYTECODE, _LOAD_SOURCE_KEEP = _ARG_STRING, _ARG_BYTES, 4
_ST_OK, _ST_ERROR, _ST_PENDING = 0, 1, 2
#: Why the engine stopped a run (guest/cordon_guest.c STOP_*): reported with the error that ended
#: it when that error is the value the engine threw for the reason, 0 for a value the body threw.
_STOP_INTERRUPT, _STOP_OUT_OF_MEMORY, _STOP_STACK, _STOP_STRING_LENGTH = 1, 2, 3, 4
_STOP_MODULE_LOAD, _STOP_HOST_FAILED = 5, 6
_STOP_KINDS: dict[int, type[JSError]] = {
    _STOP_MODULE_LOAD: ModuleLoadError,
    _STOP_STACK: StackOverflowError,
    _STOP_STRING_LENGTH: StringTooLongError,
}
#: Host calls one host task runs in a row (see `GuestVM._run_async`) before it gives the loop a turn.
CHAINED_CALLS = 16

_HostCall = tuple[Callable[..., Any], list[Any], int]
_SETUP_INIT, _SETUP_REGISTER, _SETUP_GC, _SETUP_LAYOUT, _SETUP_GC_HEADROOM = 0, 1, 2, 3, 4
_WASI_EBADF = 8

logger = logging.getLogger(__name__)

HostFunctions = dict[str, tuple[Callable[..., Any], bool]]


def _nothing_resolves(base: str, name: str) -> str | None:
    return None


def _nothing_loads(module_id: str) -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class VMOptions:
    """What a `GuestVM` is made with besides its template: one object, so a new setting is one field
    here and not a keyword threaded through every construction site.

    `functions` are the host functions, bound on this side only, in the template's order.
    `normalize`/`load` resolve and serve the guest's imports (by default none resolve: a template
    build or a service with no modules). A module whose id `keep_bytecode` accepts is loaded from its
    compiled form in Cordon's cache (core/engine/bytecode.py). `building` is a template's build: its
    clock reads a fixed time, so the image is the same in every process.
    """

    functions: HostFunctions
    memory_limit: int
    stack_limit: int = MAX_JS_STACK
    normalize: Callable[[str, str], str | None] = _nothing_resolves
    load: Callable[[str], str | None] = _nothing_loads
    keep_bytecode: Callable[[str], bool] | None = None
    building: bool = False


class _Guest:
    """The process's Engine, the compiled guest module and the Linker with its imports.

    A `provisional` one runs on Winch while Cranelift compiles the final one (`install`): runs
    from it bake no template images, since those would be for the compiler it is leaving."""

    def __init__(self, engine: wasmtime.Engine, wasm: bytes, module: wasmtime.Module, *, provisional: bool) -> None:
        self.engine = engine
        self.wasm = wasm
        self.provisional = provisional
        #: Part of every compiled module's cache key: bytecode is only ever read by the build that wrote it.
        self.digest = hashlib.sha256(wasm).hexdigest()
        self.module = module
        self.linker = _build_linker(self.engine)
        # The provisional Engine is ticked while it is the process's or a run still holds it.
        ticker.register(self.engine, self if provisional else None)
        # The guest's fixed addresses and its initial memory, read once from a fresh instance.
        store = self.new_store(64 << 20)
        instance = self.linker.instantiate(store, self.module)
        exports = instance.exports(store)
        memory = exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self.initial_memory = bytes(memory.read(store, 0, memory.data_len(store)))
        layout = exports["cg_setup"](store, _SETUP_LAYOUT, 0, 0, 0)  # type: ignore[operator]
        self.addresses = dict(
            zip(
                ("cancel_flag", "reply_slot", "scratch", "result", "entry", "call", "jobs"),
                struct.unpack("<7i", memory.read(store, layout, layout + 28)),
                strict=True,
            )
        )

    def new_store(self, memory_cap: int) -> wasmtime.Store:
        store = wasmtime.Store(self.engine)
        store.set_limits(memory_size=memory_cap)
        store.set_epoch_deadline(_IDLE_TICKS)
        return store


_install_lock = threading.Lock()
_guest: _Guest | None = None
#: Cranelift compiling the guest in the background while the process runs on Winch.
_compiling: threading.Thread | None = None
COMPILE_NOTICE = "compiling the sandbox engine for this machine in the background (once; a few seconds)"


def install() -> _Guest:
    """The hardened Engine and the guest module (built once per process, thread-safe).

    From Cordon's cache or the bundle when compiled before (a few ms); else the process starts at
    once on Winch and, once its first run ended (`compile_in_background`), Cranelift compiles the
    guest in a background thread, which makes its result the process's guest (runs already started
    finish on theirs) and caches it for later processes.
    """
    global _guest, _compiling
    if _guest is not None:
        return _guest
    with _install_lock:
        if _guest is None:
            guest_module.check_versions()
            wasm = guest_module.guest_wasm_bytes()
            engine = wasmtime.Engine(guest_module.use_instance_pool(guest_module.engine_config()))
            module = guest_module.load_precompiled(engine, wasm)
            if module is not None:
                _guest = _Guest(engine, wasm, module, provisional=False)
            else:
                quick = wasmtime.Engine(guest_module.use_instance_pool(guest_module.quick_engine_config()))
                _guest = _Guest(quick, wasm, wasmtime.Module(quick, wasm), provisional=True)
                _compiling = threading.Thread(
                    target=_compile_final, args=(engine, wasm), name="cordon-guest-compile", daemon=True
                )
                atexit.register(_finish_compile)
        return _guest


def compile_in_background() -> None:
    """Start the Cranelift compile `install` left pending, if any: called when a run has ended, so
    the first run never shares the CPU with it (a no-op once started, and when there is none)."""
    thread = _compiling
    if thread is not None and thread.ident is None:
        with _install_lock:
            if thread.ident is None:
                thread.start()


def _compile_final(engine: wasmtime.Engine, wasm: bytes) -> None:
    global _guest
    notices.notice(f"{COMPILE_NOTICE}...")
    try:
        final = _Guest(engine, wasm, guest_module.compile_precompiled(engine, wasm), provisional=False)
    except Exception:  # the process stays on Winch, which runs everything, only slower
        logger.exception("compiling the guest with Cranelift failed")
        return
    with _install_lock:
        _guest = final


def wait_for_compile(*, say: bool = False) -> None:
    """Start the background compile if it is pending and wait for it (`say`: each second, say so
    in a notice). The studio's warm-up waits here before baking images; see `_finish_compile`."""
    thread = _compiling
    if thread is None:
        return
    compile_in_background()
    started = time.monotonic()
    while thread.is_alive():
        if say:
            notices.notice(f"{COMPILE_NOTICE}: finishing ({time.monotonic() - started:.0f} s)...")
        thread.join(1.0)


def _finish_compile() -> None:
    """At exit, let a background compile finish, so the next process finds it cached: a short
    process (`cordon run`) would otherwise die mid-compile and every later one start on Winch.
    The result is printed by then; what is left is said each second (notices). Ctrl+C ends the
    wait quietly: the next process compiles again."""
    with contextlib.suppress(KeyboardInterrupt):
        wait_for_compile(say=True)


# -- the guest's imports -----------------------------------------------------------------------
# The Linker is shared by every VM; an import finds its VM as the one this thread entered
# (a VM is driven on one thread, and the guest only calls imports while the host is inside it).
_current = threading.local()


def _vm() -> GuestVM:
    GuestVM.crossings_total += 1
    return _current.vm  # type: ignore[no-any-return]


#: A few i32 values as `Val`s, for the crossings that still take parameters (set-up, the loader).
#: wasmtime-py checks a plain int crossing either way against two types (externref, then i32),
#: each a new ValType; a `Val` against its own one: ~3 us less per argument and per result.
_SMALL_I32 = {n: wasmtime.Val.i32(n) for n in range(-1, 4)}


def _i32(n: int) -> wasmtime.Val:
    small = _SMALL_I32.get(n)
    return wasmtime.Val.i32(n) if small is None else small


def _instantiate(guest: _Guest, store: wasmtime.Store, module: wasmtime.Module) -> wasmtime.Instance:
    """An instance of `module` in a slot of the Engine's pool; all slots taken is the caller's to hear."""
    try:
        return guest.linker.instantiate(store, module)
    except wasmtime.WasmtimeError as exc:
        if "concurrent" not in str(exc):  # wasmtime's "maximum concurrent ... limit of N reached"
            raise
        raise SandboxRefusal(
            f"more than {guest_module.POOL_SLOTS} sandboxes are running at once in this process; wait for some to end",
            rule="too-many-runs",
        ) from exc


def _build_linker(engine: wasmtime.Engine) -> wasmtime.Linker:
    i32, i64 = wasmtime.ValType.i32(), wasmtime.ValType.i64()
    linker = wasmtime.Linker(engine)
    cordon, wasi = "cordon", "wasi_snapshot_preview1"
    # `call` takes its arguments from a slot in guest memory (guest/cordon_guest.c: a crossing
    # with no parameters or results skips wasmtime-py's per-value conversion, ~6 us less an await).
    linker.define_func(cordon, "call", wasmtime.FuncType([], []), lambda: _vm()._on_call())
    linker.define_func(
        cordon,
        "normalize",
        wasmtime.FuncType([i32, i32, i32, i32], [i32]),
        lambda c, base, base_len, name, name_len: _i32(_vm()._on_normalize(c, base, base_len, name, name_len)),
        access_caller=True,
    )
    linker.define_func(
        cordon,
        "load",
        wasmtime.FuncType([i32, i32], [i32]),
        lambda c, name, name_len: _i32(_vm()._on_load(c, name, name_len)),
        access_caller=True,
    )
    linker.define_func(
        cordon, "reply", wasmtime.FuncType([i32], []), lambda c, dst: _vm()._on_reply(c, dst), access_caller=True
    )
    linker.define_func(
        cordon,
        "compiled",
        wasmtime.FuncType([i32, i32], []),
        lambda c, ptr, length: _vm()._on_compiled(c, ptr, length),
        access_caller=True,
    )
    # WASI: a clock, and no files. Guest output only ever travels through bridges.
    linker.define_func(
        wasi, "clock_time_get", wasmtime.FuncType([i32, i64, i32], [i32]), _clock_time_get, access_caller=True
    )
    linker.define_func(wasi, "fd_close", wasmtime.FuncType([i32], [i32]), lambda fd: _WASI_EBADF)
    linker.define_func(wasi, "fd_fdstat_get", wasmtime.FuncType([i32, i32], [i32]), lambda fd, p: _WASI_EBADF)
    linker.define_func(
        wasi, "fd_seek", wasmtime.FuncType([i32, i64, i32, i32], [i32]), lambda fd, offset, whence, p: _WASI_EBADF
    )
    linker.define_func(
        wasi, "fd_write", wasmtime.FuncType([i32, i32, i32, i32], [i32]), lambda fd, iovs, n, p: _WASI_EBADF
    )
    return linker


def _clock_time_get(caller: wasmtime.Caller, clock: int, precision: int, out: int) -> int:
    vm = _vm()
    vm.clock_reads += 1
    ns = _BUILD_CLOCK_NS if vm._building else time.time_ns() if clock == 0 else time.monotonic_ns()
    vm._write(out, ns.to_bytes(8, "little"))
    return 0


def _decode(raw: bytes) -> str:
    """Guest text: UTF-8, with a lone surrogate as its 3-byte form (a JS string may hold one)."""
    return raw.decode("utf-8", errors="surrogatepass")


def _encode(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogatepass")


def _text(text: str | None) -> tuple[int, bytes] | None:
    return None if text is None else (_ARG_STRING, _encode(text))


class GuestVM:
    """One fresh QuickJS runtime+context, used for exactly one run, then discarded.

    Created, driven and closed on one thread; only `interrupt()` may be called from others.
    A VM whose life is one block is used as `with GuestVM(template, options) as vm:`, which closes
    it (`close()`) however the block ends, so its pool slot is free for the next VM. Two owners
    close it explicitly instead, because the VM outlives any one block: a run
    (core/engine/run.py) keeps it as `_Run.vm` for the watchdog, a stop and the classification of
    how the run ended, and closes it in the run's last `finally` after its host work has ended;
    the TypeScript service (core/typescript/guest.py) keeps one VM across many requests and
    discards it on a failure or at shutdown.
    """

    #: Host<->guest crossings (export calls and imports) of every VM of the process: a measure for
    #: benchmarks and tests (updated without a lock, so concurrent runs may undercount).
    crossings_total = 0

    def __init__(self, template: GuestTemplate, options: VMOptions) -> None:
        guest = install()
        memory_limit = options.memory_limit
        self._building = options.building
        self.memory_cap = memory_limit + LINEAR_OVERHEAD
        self._normalize = options.normalize
        self._load = options.load
        self._keep_bytecode = options.keep_bytecode
        self._compiling: str | None = None
        self._functions = [fn for fn, _ in options.functions.values()]
        self._lock = threading.Lock()
        self._closed = False
        self._reply = b""
        self._last_host_exception: BaseException | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: While a host task's reply runs the guest: where the first host call the guest starts goes,
        #: for that task to run next (`_run_async`).
        self._chain: list[_HostCall] | None = None
        #: Reads of the guest's clock by this VM: a graph image is refused if its evaluation read it
        #: (core/engine/graph_image.py).
        self.clock_reads = 0
        #: How the entry's promise ended (a guest error, a trap or DeadlockError as its exception),
        #: set by the host task whose reply settled it.
        self._ended: asyncio.Future[None] | None = None
        #: Held for the VM's life: a provisional (Winch) guest is ticked only while something holds it,
        #: and a VM made on it (the TypeScript checker's lives long) outlasts the process's switch to
        #: Cranelift's guest; without it the VM's epoch deadline would never fire.
        self._guest = guest
        self.store = store = guest.new_store(self.memory_cap)
        baked = template.module_for_run(guest)
        self._instance = _instantiate(guest, store, baked or guest.module)
        self._exports: dict[str, Any] = {}
        memory = self._export("memory")
        assert isinstance(memory, wasmtime.Memory)
        self._memory = memory
        self._addresses = guest.addresses
        self._limits = (memory_limit, min(options.stack_limit, MAX_JS_STACK))
        # Linear memory never moves (guest_module.engine_config): reads and writes go straight to its base, and
        # the cancel flag keeps its address for the VM's life (interrupt() checks `_closed` under
        # the lock).
        self._base = ctypes.addressof(memory.data_ptr(store).contents)
        # Reads and writes copy through one view of the whole reservation, holding the GIL: ctypes'
        # memmove and wasmtime-py's size query each release it, and a thread waiting for it (the
        # epoch ticker, the watchdog, another run) then holds the run up for its switch interval.
        self._view = memoryview((ctypes.c_char * self.memory_cap).from_address(self._base)).cast("B")
        #: Linear memory only grows: a range inside the size last read is inside it now.
        self._known_len = 0
        if baked is None:
            self._write_pages(template)
        self._cancel_flag = ctypes.c_int32.from_address(self._base + self._addresses["cancel_flag"])

    @classmethod
    def from_template(cls, template: GuestTemplate, options: VMOptions) -> GuestVM:
        """A fresh VM whose heap starts as the template's (runtime, context and prelude ready).

        The host functions are bound on this side only: their guest-side objects come with the
        image, under the ids the template gave them (their order here, which must match).
        A module whose id `keep_bytecode` accepts is loaded from its compiled form in Cordon's
        cache when there is one (core/engine/bytecode.py), and compiled into it otherwise.
        """
        if tuple((name, is_async) for name, (_, is_async) in options.functions.items()) != template.signature:
            raise RuntimeError("host functions differ from the template's")
        return cls(template, options)

    def __enter__(self) -> GuestVM:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    # -- entering the guest -------------------------------------------------------------
    def _export(self, name: str) -> Any:
        """The instance's export `name`, looked up on first use. wasmtime-py's `Instance.exports`
        wraps all eight (eight foreign calls and wrappers, ~40 us of a fresh run); a run uses two."""
        found = self._exports.get(name)
        if found is None:
            found = self._exports[name] = wasmtime_capi.export(self.store, self._instance, name)
        return found

    def _call(self, name: str, *args: int) -> Any:
        GuestVM.crossings_total += 1
        previous = getattr(_current, "vm", None)
        _current.vm = self
        try:
            return self._export(name)(self.store, *map(_i32, args))
        finally:
            _current.vm = previous

    def _enter(self, name: str, *args: int) -> int:
        """Call `cg_run` or `cg_settle`: their arguments go in the entry slot, the status comes back
        there (no wasm parameters or results: guest/cordon_guest.c says why)."""
        slot = self._addresses["entry"]
        struct.pack_into(f"<{len(args)}i", self._view, slot, *args)
        self._call_nullary(name)
        return int.from_bytes(self._view[slot + 24 : slot + 28], "little", signed=True)

    def _call_nullary(self, name: str) -> None:
        """Call an export that takes and returns nothing straight through the C API
        (`wasmtime_capi.call_nullary` says why)."""
        GuestVM.crossings_total += 1
        func = self._export(name)
        previous = getattr(_current, "vm", None)
        _current.vm = self
        try:
            wasmtime_capi.call_nullary(self.store, func)
        finally:
            _current.vm = previous

    def _put_reply(self, kind: int, data: bytes) -> None:
        """Hand the guest a reply: small ones in the scratch buffer, big ones through `cordon.reply`."""
        in_scratch = len(data) <= _SCRATCH_SIZE
        if in_scratch:
            self._write(self._addresses["scratch"], data)
        else:
            self._reply = data
        self._write(self._addresses["reply_slot"], struct.pack("<iii", kind, len(data), int(in_scratch)))

    def _put_value(self, value: Any) -> None:
        if value is None:
            self._put_reply(_ARG_UNDEFINED, b"")
        elif isinstance(value, str):
            self._put_reply(_ARG_STRING, _encode(value))
        elif isinstance(value, (bytes, bytearray, memoryview)):
            self._put_reply(_ARG_BYTES, bytes(value))
        else:
            raise TypeError(f"a host function returned {type(value).__name__}; only str, bytes or None cross")

    def _check_range(self, store: wasmtime.Store | wasmtime.Caller, ptr: int, length: int) -> None:
        end = ptr + length
        if ptr < 0 or length < 0 or (end > self._known_len and end > self._refresh_len(store)):
            raise IndexError("guest memory access out of range")

    def _refresh_len(self, store: wasmtime.Store | wasmtime.Caller) -> int:
        self._known_len = min(self._memory.data_len(store), len(self._view))
        return self._known_len

    def _read(self, caller: wasmtime.Store | wasmtime.Caller, ptr: int, length: int) -> bytes:
        """Guest memory, copied straight from its base (wasmtime-py's `Memory.read` builds a ctypes
        array type per call, which cost more than the copy)."""
        self._check_range(caller, ptr, length)
        return bytes(self._view[ptr : ptr + length])

    def _write(self, ptr: int, data: bytes) -> None:
        self._check_range(self.store, ptr, len(data))
        self._view[ptr : ptr + len(data)] = data

    # -- imports ------------------------------------------------------------------------
    def _on_call(self) -> None:
        """`cordon.call`: its arguments are in the call slot, and so is the status it returns
        (0: replied, or scheduled when `pending` >= 0; -1: the host function failed)."""
        self._compiling = None
        slot = self._addresses["call"]
        fn_id, argv, argc, pending = struct.unpack_from("<4i", self._view, slot)
        status = -1
        try:
            descriptors = struct.unpack(f"<{3 * argc}i", self._read(self.store, argv, 12 * argc))
            args: list[Any] = []
            for i in range(argc):
                tag, ptr, length = descriptors[3 * i : 3 * i + 3]
                if tag == _ARG_STRING:
                    args.append(_decode(self._read(self.store, ptr, length)))
                elif tag == _ARG_BYTES:
                    args.append(self._read(self.store, ptr, length))
                elif tag == _ARG_NUMBER:
                    number = struct.unpack("<d", self._read(self.store, ptr, 8))[0]
                    args.append(int(number) if number.is_integer() else number)
                else:
                    args.append(None)
            fn = self._functions[fn_id]
            if pending >= 0:
                chain = self._chain
                if chain is not None and not chain:
                    chain.append((fn, args, pending))
                else:
                    self._start_task((fn, args, pending))
            else:
                self._put_value(fn(*args))
            status = 0
        except BaseException as exc:  # a failing host function must not trap the guest: it throws there
            logger.exception("a host function of the guest failed")
            self._last_host_exception = exc
        struct.pack_into("<i", self._view, slot + 16, status)

    def _start_task(self, call: _HostCall) -> None:
        task = asyncio.get_running_loop().create_task(self._run_async(*call))
        self._tasks.add(task)

    async def _run_async(self, fn: Callable[..., Any], args: list[Any], pending: int) -> None:
        """One async host call, from start to end in this task (anyio's cancel scopes need that),
        which then settles the guest's promise itself: handing the reply to `eval_module` cost a
        wake-up and a loop iteration per await. Replies settle in the order the calls finish.

        The first call the guest starts while this task's reply runs it (the next await of a
        sequential loop) runs next in this task, from start to end too, instead of in a new task
        after a turn of the loop: a task and a turn were ~10 us of a ~90 us await. Other calls the
        guest starts meanwhile get tasks of their own, as before. After `CHAINED_CALLS` in a row the
        next one gets its own task as well, so a guest awaiting calls that never suspend cannot keep
        the loop from its other work (timers, the other calls) for longer than that."""
        try:
            call: _HostCall = (fn, args, pending)
            for _ in range(CHAINED_CALLS):
                next_call = await self._one_call(*call)
                if next_call is None:
                    break
                call = next_call
            else:
                self._start_task(call)
        finally:
            self._tasks.discard(asyncio.current_task())  # type: ignore[arg-type]
            ended = self._ended
            if ended is not None and not ended.done() and not self._tasks:
                ended.set_exception(DeadlockError("the entry's promise is pending and no host call is in flight"))

    async def _one_call(self, fn: Callable[..., Any], args: list[Any], pending: int) -> _HostCall | None:
        """Run one host call and settle its reply: the call the guest started next, for this task."""
        try:
            value = await fn(*args)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:
            logger.exception("a host function of the guest failed")
            self._last_host_exception = exc
            ok = False
            value = None
        else:
            ok = True
        chain: list[_HostCall] = []
        self._chain = chain
        try:
            self._deliver(pending, ok, value)
        finally:
            self._chain = None
        return chain[0] if chain else None

    def _deliver(self, pending: int, ok: bool, value: Any) -> None:
        """Settle guest promise `pending` and drain, while the entry is pending; once it ended, a
        reply goes nowhere (an un-awaited call's effects happened; nothing runs in the guest)."""
        ended = self._ended
        if ended is None or ended.done():
            return
        try:
            status = self._settle(pending, ok, value)
            if status == _ST_OK:
                ended.set_result(None)
            elif status != _ST_PENDING:
                ended.set_exception(self._error())
        except (wasmtime.Trap, wasmtime.WasmtimeError) as exc:  # the epoch backstop, the native stack
            ended.set_exception(exc)
        except Exception as exc:  # a bug of ours: the run ends with it, as a host error
            logger.exception("settling a host call's reply failed")
            ended.set_exception(exc)

    def _on_normalize(self, caller: wasmtime.Caller, base: int, base_len: int, name: int, name_len: int) -> int:
        self._compiling = None
        return self._answer(
            "normaliser",
            lambda: _text(
                self._normalize(
                    _decode(self._read(caller, base, base_len)), _decode(self._read(caller, name, name_len))
                )
            ),
        )

    def _on_load(self, caller: wasmtime.Caller, name: int, name_len: int) -> int:
        return self._answer("loader", lambda: self._module(_decode(self._read(caller, name, name_len))))

    def _module(self, module_id: str) -> tuple[int, bytes] | None:
        """What the guest loads for `module_id`: the run's source, or its bytecode from Cordon's
        verified cache; a kept module not cached yet comes back compiled (`_on_compiled`)."""
        self._compiling = None
        source = self._load(module_id)
        if source is None or self._keep_bytecode is None or not self._keep_bytecode(module_id):
            return _text(source)
        name = bytecode.name(install().digest, module_id, source)
        data = bytecode.get(name)
        if data is not None:
            return _LOAD_BYTECODE, data
        self._compiling = name
        return _LOAD_SOURCE_KEEP, _encode(source)

    def _on_compiled(self, caller: wasmtime.Caller, ptr: int, length: int) -> None:
        """The bytecode of the module the guest just compiled from a `_LOAD_SOURCE_KEEP` reply: the
        guest's next crossing, and the only one that may store it (any other clears `_compiling`)."""
        name, self._compiling = self._compiling, None
        if name is not None and length > 0:
            bytecode.put(name, self._read(caller, ptr, length))

    def _answer(self, what: str, produce: Callable[[], tuple[int, bytes] | None]) -> int:
        """The module normaliser's or loader's answer as the guest reads it: its length, the reply
        (text, or a module's bytecode) waiting in the reply slot; -1 for none (refused, or the host
        failed: kept for the run's error)."""
        try:
            answer = produce()
            if answer is None:
                return -1
            kind, data = answer
            self._put_reply(kind, data)
            return len(data)
        except BaseException as exc:
            logger.exception("the module %s failed", what)
            self._last_host_exception = exc
            return -1

    def _on_reply(self, caller: wasmtime.Caller, dst: int) -> None:
        self._write(dst, self._reply)
        self._reply = b""

    # -- evaluation -----------------------------------------------------------------------
    def _put_text(self, *texts: str) -> list[int]:
        """Copy NUL-terminated texts into guest memory: the scratch buffer if they fit, else one
        allocation (the caller frees it with `_free_text`). Returns each one's address."""
        blobs = [_encode(t) + b"\0" for t in texts]
        total = sum(len(b) for b in blobs)
        base = self._addresses["scratch"] if total <= _SCRATCH_SIZE else self._call("cg_alloc", total)
        if not base:
            raise MemoryLimitError("out of memory: no room in the guest for the source")
        self._write(base, b"".join(blobs))
        out, at = [], base
        for blob in blobs:
            out.append(at)
            at += len(blob)
        return out

    def _free_text(self, address: int) -> None:
        if address != self._addresses["scratch"]:
            self._call("cg_free", address)

    def set_up(self, signature: tuple[tuple[str, bool], ...]) -> None:
        """Create the guest's runtime and context in this fresh instance, and register the host
        functions under the ids the template gives them (their order in `signature`): a template's
        build, before its prelude runs."""
        self._call("_initialize")
        if self._call("cg_setup", _SETUP_INIT, 0, 0, 0) != 0:
            raise RuntimeError("the guest could not create its runtime")
        for fn_id, (name, is_async) in enumerate(signature):
            [address] = self._put_text(name)
            if self._call("cg_setup", _SETUP_REGISTER, address, fn_id, int(is_async)) != _ST_OK:
                raise self._error()

    def eval_script(self, source: str, *, filename: str) -> None:
        """Evaluate a script for its effects (the prelude, when a template is built)."""
        src, name = self._put_text(source, filename)
        try:
            status = self._enter("cg_run", src, len(_encode(source)), name, 0, *self._limits)
        finally:
            self._free_text(src)
        if status != _ST_OK:
            raise self._error()

    async def eval_module(self, source: str, *, filename: str = ENTRY_MODULE_NAME) -> None:
        """Evaluate an ES module and drive its promise until it settles.

        Async host calls run as tasks of this loop; each result settles its guest promise and
        drains the job queue to empty (the interrupt handler bounds that). A promise still
        pending with no host call in flight can never settle: DeadlockError. Host calls the
        body started and never awaited still run to their end once it finished (their effects,
        such as an un-awaited output(), happen; their replies go nowhere); a stopped or failed
        run cancels them.
        """
        self._ended = ended = asyncio.get_running_loop().create_future()
        finished = False
        try:
            src, name = self._put_text(source, filename)
            try:
                status = self._enter("cg_run", src, len(_encode(source)), name, 1, *self._limits)
            finally:
                self._free_text(src)
            if status == _ST_PENDING:
                if not self._tasks:
                    raise DeadlockError("the entry's promise is pending and no host call is in flight")
                await ended  # host tasks settle the guest's promises until the entry's ends
            elif status != _ST_OK:
                raise self._error()
            finished = True
        finally:
            ended.cancel()  # no-op once it ended; else the cancelled host calls settle nothing
            tasks = list(self._tasks)
            for task in tasks if not finished else ():
                task.cancel()
            if tasks:
                await asyncio.gather(*tasks, return_exceptions=True)

    def _settle(self, pending: int, ok: bool, value: Any) -> int:
        if ok:
            try:
                self._put_value(value)
            except BaseException as exc:
                logger.exception("a host function's reply could not cross to the guest")
                self._last_host_exception = exc
                ok = False
        return self._enter("cg_settle", pending, int(ok))

    def _error(self) -> BaseException:
        """The guest's reported error (name, message, stack and rule, each length-prefixed, and the
        stop code) as the exception to raise. What kind of ending it was comes from the code alone:
        a body that throws `{name: "InternalError", message: "interrupted"}` threw a value."""
        ptr, length, stop = struct.unpack("<iIi", self._read(self.store, self._addresses["result"], 12))
        raw, fields, at = self._read(self.store, ptr, length), [], 0
        while len(fields) < 4 and at + 4 <= len(raw):
            (size,) = struct.unpack_from("<I", raw, at)
            fields.append(_decode(raw[at + 4 : at + 4 + size]))
            at += 4 + size
        name, message, stack, rule = (*fields, "", "", "", "")[:4]
        if stop == _STOP_HOST_FAILED and self._last_host_exception is not None:
            return self._last_host_exception
        if stop == _STOP_INTERRUPT:
            return InterruptError(message)
        if stop == _STOP_OUT_OF_MEMORY:
            return MemoryLimitError(message)
        return _STOP_KINDS.get(stop, JSError)(name, message, stack or None, rule or None)

    # -- the backstops ----------------------------------------------------------
    def arm_epoch(self, seconds: float | None) -> None:
        """Trap the guest after `seconds` of wall time even inside a native built-in."""
        ticks = _IDLE_TICKS if seconds is None else max(1, math.ceil(seconds / ticker.TICK_S)) + 1
        self.store.set_epoch_deadline(ticks)

    def interrupt(self) -> None:
        """Stop guest JS at its next interrupt poll. Safe from any thread."""
        with self._lock:
            if not self._closed:
                self._cancel_flag.value = 1

    def write_layer(self, layer: GuestTemplate) -> None:
        """Write a layer of pages over this fresh VM's memory before its entry runs (a graph image,
        core/engine/graph_image.py)."""
        self._write_pages(layer)

    def _write_pages(self, template: GuestTemplate) -> None:
        """Write a template's (or a layer's) pages over this fresh instance's memory, grown to its size."""
        memory, store = self._memory, self.store
        current = memory.data_len(store)
        if template.size > current:
            memory.grow(store, (template.size - current + 65535) // 65536)
        for offset, block in template.chunks:
            self._write(offset, block)

    @property
    def evaluation_left_jobs(self) -> bool:
        """Whether the last module `eval_module` evaluated had promise jobs queued when its
        synchronous part ended (before they were drained)."""
        at = self._addresses["jobs"]
        return int.from_bytes(self._view[at : at + 4], "little") != 0

    def collect_garbage(self) -> None:
        """Run the guest's garbage collector (before its memory is kept as an image)."""
        self._call("cg_setup", _SETUP_GC, 0, 0, 0)

    def widen_gc_headroom(self, factor: int, cap: int) -> int:
        """Let the guest's heap grow to `factor` times its size after a collection before the next
        one (QuickJS: 1.5), but not past `cap` bytes where QuickJS's own threshold is below them:
        QuickJS refuses an allocation at the memory limit without collecting first. Called after
        each request, as QuickJS narrows it again after every collection. The threshold in KiB."""
        return int(self._call("cg_setup", _SETUP_GC_HEADROOM, factor, cap >> 20, 0))

    def memory_image(self) -> bytes:
        return self._read(self.store, 0, self.linear_memory_bytes())

    def linear_memory_bytes(self) -> int:
        return self._memory.data_len(self.store)

    def payload_room(self) -> int:
        """Bytes one crossing from the host may carry now. A payload is copied into linear memory
        and then into the guest's heap, so it needs twice its size free. Counted from linear memory
        never grown yet, which undercounts what a guest freed (asking the guest would re-enter it
        during a synchronous host call)."""
        return max(0, (self.memory_cap - self.linear_memory_bytes() - (1 << 20)) // 2)

    def close(self) -> None:
        """Discard the VM and free its store (its instance and linear memory) now, on this thread.

        Left to the last reference, a store in a reference cycle (an exception's traceback holding
        a frame that holds the VM) is freed by whichever thread next runs the garbage collector:
        possibly a thread where an asynchronous exception (a KeyboardInterrupt) lands in wasmtime's
        finalizer before its native delete: it is swallowed there, and the store, with its memory,
        is never freed. Anything
        that reads guest memory after this raises instead of touching freed memory: the view is
        emptied, and wasmtime refuses a closed store.
        """
        with self._lock:  # interrupt() writes the cancel flag only while the VM is open
            self._closed = True
        self._tasks.clear()
        self._ended = None
        self._view = memoryview(b"")
        self._known_len = 0
        self.store.close()
