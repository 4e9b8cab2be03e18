"""Run a freshly built guest on a few answers known by heart; guest/build.sh fails the build when
one is wrong.

    smoke.py GUEST_WASM

The build takes quickjs.c through three LLVM steps (guest/build.sh). Run without the dispatch
rewrite between -O3 and code generation, that pipeline miscompiled `**` (`2 ** 3` was 3) while
everything else looked right, so a build is checked by running it, not only by linking it. Needs
wasmtime (the venv's Python: build.sh's $PYTHON).
"""

from __future__ import annotations

import struct
import sys

import wasmtime

#: Each expression must be true. A few of each kind the build's steps touch: `**` and Math (the
#: miscompile), the interpreter's fused compare-and-jump and add/sub of a small constant across the
#: int32 edge, the small interpreter's recursion and -0, BigInt against a float (the fix).
CHECKS = (
    "2 ** 3 === 8",
    "2 ** -1 === 0.5",
    "(-2) ** 3 === -8",
    "Math.pow(3, 4) === 81",
    "2 ** 0.5 === Math.SQRT2",
    "(() => { let n = 0; for (let i = 0; i < 100; i++) n = n + 1; return n; })() === 100",
    "(() => { let x = 2147483647; x = x + 1; return x; })() === 2147483648",
    "(() => { let x = -2147483648; x = x - 1; return x; })() === -2147483649",
    "(function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); })(20) === 6765",
    "Object.is((function (a, b) { return a * b; })(-1, 0), -0)",
    "(-2.5 < -5n) === false && (-1e10 < -1n) === true",
    "JSON.stringify({ a: [1, 'b', null] }) === '{\"a\":[1,\"b\",null]}'",
)


def run(wasm: str) -> list[str]:
    """The checks that failed (each runs as a script in one instance; a failure throws its text)."""
    engine = wasmtime.Engine()
    linker = wasmtime.Linker(engine)
    i32, i64 = wasmtime.ValType.i32(), wasmtime.ValType.i64()
    linker.define_func("cordon", "call", wasmtime.FuncType([], []), lambda: None)
    linker.define_func("cordon", "normalize", wasmtime.FuncType([i32] * 4, [i32]), lambda *_: -1)
    linker.define_func("cordon", "load", wasmtime.FuncType([i32, i32], [i32]), lambda *_: -1)
    linker.define_func("cordon", "reply", wasmtime.FuncType([i32], []), lambda _: None)
    linker.define_func("cordon", "compiled", wasmtime.FuncType([i32, i32], []), lambda *_: None)
    wasi = "wasi_snapshot_preview1"
    linker.define_func(wasi, "clock_time_get", wasmtime.FuncType([i32, i64, i32], [i32]), lambda *_: 0)
    for name, params in (("fd_close", 1), ("fd_fdstat_get", 2), ("fd_write", 4)):
        linker.define_func(wasi, name, wasmtime.FuncType([i32] * params, [i32]), lambda *_: 8)
    linker.define_func(wasi, "fd_seek", wasmtime.FuncType([i32, i64, i32, i32], [i32]), lambda *_: 8)
    store = wasmtime.Store(engine)
    exports = linker.instantiate(store, wasmtime.Module.from_file(engine, wasm)).exports(store)
    memory = exports["memory"]
    assert isinstance(memory, wasmtime.Memory)

    def call(name: str, *args: int) -> int:
        return exports[name](store, *args)  # type: ignore[operator,no-any-return]

    call("_initialize")
    if call("cg_setup", 0, 0, 0, 0) != 0:
        return ["the guest could not create its runtime"]
    layout = call("cg_setup", 3, 0, 0, 0)
    entry = struct.unpack("<7i", memory.read(store, layout, layout + 28))[4]
    source = "".join(f"if (!({check})) throw {check!r};\n" for check in CHECKS).encode() + b"\0smoke\0"
    src = call("cg_alloc", len(source))
    memory.write(store, source, src)
    memory.write(store, struct.pack("<6i", src, source.index(b"\0"), src + source.index(b"\0") + 1, 0, 0, 0), entry)
    call("cg_run")
    if struct.unpack("<i", memory.read(store, entry + 24, entry + 28))[0] == 0:
        return []
    result = struct.unpack("<7i", memory.read(store, layout, layout + 28))[3]
    ptr, length = struct.unpack("<iI", memory.read(store, result, result + 8))
    raw = memory.read(store, ptr, ptr + length)
    name_len = struct.unpack_from("<I", raw)[0]
    message_len = struct.unpack_from("<I", raw, 4 + name_len)[0]
    return [raw[8 + name_len : 8 + name_len + message_len].decode()]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    failed = run(sys.argv[1])
    if failed:
        sys.exit(f"smoke: the guest {sys.argv[1]} answers wrong: {'; '.join(failed)}")
