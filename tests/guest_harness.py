"""A bare driver of a guest build, for tests that compare builds: the shipped guest (or a mutant of
it) against a stock build of the same QuickJS-ng sdist (`guest/build.sh --stock`).

The studio's driver (`core/engine/driver.py`) only ever runs the shipped guest, through templates
and the prelude. Comparing two builds needs neither: each program runs as one script in a fresh
instance of the build's own module, with no host functions, and reports back the way every run
does (cordon_guest.c's result fields and stop code). A program hands its answer back by throwing
`{name: "Result", message: ...}`, which the guest reports like any uncaught error.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import struct
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
import wasmtime

from core.engine import guest_module
from core.engine.driver import MAX_JS_STACK

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "core" / "guest" / "cordon_guest.wasm"
#: A stock guest built elsewhere (guest/mutate.py builds one for all its mutants).
STOCK_ENV = "CORDON_STOCK_GUEST"
#: The build compared with the stock one: the shipped guest unless this names another (a mutant).
UNDER_TEST_ENV = "CORDON_GUEST_UNDER_TEST"
#: Set by CI: a missing toolchain fails the differential tests instead of skipping them.
REQUIRE_ENV = "CORDON_REQUIRE_STOCK"
#: The inputs of a stock build: a change to any of them builds a new one.
_STOCK_INPUTS = ("guest/build.sh", "guest/patch_quickjs.py", "guest/cordon_guest.c")
_ST_OK = 0
_SETUP_INIT, _SETUP_LAYOUT = 0, 3
_WASI_EBADF = 8


def stock_guest() -> Path:
    """The stock guest: $CORDON_STOCK_GUEST, else built once per set of build inputs and kept in
    the temp folder (~30 s with clang-19; skipped without the toolchain unless CI requires it)."""
    given = os.environ.get(STOCK_ENV)
    if given:
        return Path(given)
    key = hashlib.sha256(b"".join((ROOT / name).read_bytes() for name in _STOCK_INPUTS)).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / f"cordon-stock-guest-{key}.wasm"
    if path.exists():
        return path
    if shutil.which(os.environ.get("CC", "clang-19")) is None and not os.environ.get(REQUIRE_ENV):
        pytest.skip("no clang-19 to build the stock guest (./dev.sh guest installs it)")
    partial = path.with_suffix(f".{os.getpid()}.part")
    env = {**os.environ, "PYTHON": os.environ.get("PYTHON", str(ROOT / ".venv" / "bin" / "python"))}
    # stdout quiet: .ci/run reads the path this returns from a `python -c` process's output
    subprocess.run(
        [str(ROOT / "guest" / "build.sh"), "--stock", str(partial)], check=True, env=env, stdout=subprocess.DEVNULL
    )
    partial.replace(path)
    return path


def guest_under_test() -> Path:
    return Path(os.environ.get(UNDER_TEST_ENV) or SHIPPED)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one program ended: the guest's status, its reported error fields and stop code, or the
    wasmtime trap that stopped it ("trap:<code>")."""

    status: int
    name: str
    message: str
    stop: int

    @property
    def answer(self) -> str:
        """What the program handed back (its `Result`), or how it failed otherwise."""
        if self.name == "Result":
            return self.message
        return f"uncaught {self.name}: {self.message} (stop {self.stop})"


class BareGuest:
    """One guest build, compiled once; every `run` is a fresh instance of it."""

    def __init__(self, wasm: Path) -> None:
        self.path = wasm
        self.engine = wasmtime.Engine(guest_module.engine_config())
        self.module = wasmtime.Module(self.engine, wasm.read_bytes())
        self.linker = linker = wasmtime.Linker(self.engine)
        i32, i64 = wasmtime.ValType.i32(), wasmtime.ValType.i64()
        self._memory: wasmtime.Memory | None = None
        self._store: wasmtime.Store | None = None
        linker.define_func("cordon", "call", wasmtime.FuncType([], []), lambda: None)
        linker.define_func("cordon", "normalize", wasmtime.FuncType([i32] * 4, [i32]), lambda *_: -1)
        linker.define_func("cordon", "load", wasmtime.FuncType([i32, i32], [i32]), lambda *_: -1)
        linker.define_func("cordon", "reply", wasmtime.FuncType([i32], []), lambda _: None)
        linker.define_func("cordon", "compiled", wasmtime.FuncType([i32, i32], []), lambda *_: None)
        wasi = "wasi_snapshot_preview1"
        linker.define_func(wasi, "clock_time_get", wasmtime.FuncType([i32, i64, i32], [i32]), self._clock)
        linker.define_func(wasi, "fd_close", wasmtime.FuncType([i32], [i32]), lambda _: _WASI_EBADF)
        linker.define_func(wasi, "fd_fdstat_get", wasmtime.FuncType([i32, i32], [i32]), lambda *_: _WASI_EBADF)
        linker.define_func(wasi, "fd_seek", wasmtime.FuncType([i32, i64, i32, i32], [i32]), lambda *_: _WASI_EBADF)
        linker.define_func(wasi, "fd_write", wasmtime.FuncType([i32] * 4, [i32]), lambda *_: _WASI_EBADF)

    def _clock(self, clock: int, precision: int, out: int) -> int:
        """A fixed clock: both builds see the same time (QuickJS seeds Math.random from it)."""
        assert self._memory is not None and self._store is not None
        self._memory.write(self._store, (1 << 60).to_bytes(8, "little"), out)
        return 0

    def run(
        self,
        source: str,
        *,
        cancel: float | None = None,
        module: bool = False,
        memory_limit: int = 64 << 20,
        stack_limit: int = MAX_JS_STACK,
        seconds: float = 20.0,
    ) -> Outcome:
        """Run `source` as a script (or a module) in a fresh instance. `cancel` sets the cancel flag
        that many seconds after the start, from another thread, as the studio's cancel does (0: before
        it starts; the guest must then stop at its next interrupt poll); `seconds` of wall time is
        the epoch backstop (a guest that never polls ends as trap:interrupt)."""
        store = wasmtime.Store(self.engine)
        store.set_limits(memory_size=memory_limit + (8 << 20))
        store.set_epoch_deadline(1)
        instance = self.linker.instantiate(store, self.module)
        exports = instance.exports(store)
        memory = exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self._memory, self._store = memory, store

        def call(name: str, *args: int) -> int:
            return exports[name](store, *args)  # type: ignore[operator,no-any-return]

        backstop = threading.Timer(seconds, self.engine.increment_epoch)
        backstop.start()
        stopper: threading.Timer | None = None
        try:
            call("_initialize")
            assert call("cg_setup", _SETUP_INIT, 0, 0, 0) == 0
            layout = call("cg_setup", _SETUP_LAYOUT, 0, 0, 0)
            cancel_flag, _, _, result, entry, _, _ = struct.unpack("<7i", memory.read(store, layout, layout + 28))
            data = source.encode("utf-8", "surrogatepass") + b"\0"
            name = b"<fuzz>\0"
            src = call("cg_alloc", len(data) + len(name))
            memory.write(store, data + name, src)
            if cancel is not None:
                # linear memory never moves (guest_module.engine_config): its address is stable
                flag = ctypes.c_int32.from_address(ctypes.addressof(memory.data_ptr(store).contents) + cancel_flag)
                stopper = threading.Timer(cancel, lambda: setattr(flag, "value", 1))
                stopper.start()
            memory.write(
                store,
                struct.pack("<6i", src, len(data) - 1, src + len(data), int(module), memory_limit, stack_limit),
                entry,
            )
            call("cg_run")
        except wasmtime.Trap as trap:
            return Outcome(-1, "trap", str(trap.trap_code), 0)
        finally:
            backstop.cancel()
            if stopper is not None:
                stopper.cancel()
        (status,) = struct.unpack("<i", memory.read(store, entry + 24, entry + 28))
        if status == _ST_OK:
            return Outcome(status, "", "", 0)
        ptr, length, stop = struct.unpack("<iIi", memory.read(store, result, result + 12))
        raw, fields, at = memory.read(store, ptr, ptr + length), [], 0
        while len(fields) < 2 and at + 4 <= len(raw):
            (size,) = struct.unpack_from("<I", raw, at)
            fields.append(raw[at + 4 : at + 4 + size].decode("utf-8", "surrogatepass"))
            at += 4 + size
        return Outcome(status, *(*fields, "", "")[:2], stop)
