"""Bake a guest's linear memory into its module: a pre-initialised image.

A template (templates.GuestTemplate) is the guest after its runtime, context, host
functions and prelude exist. Writing its pages into every fresh instance costs a
run about a millisecond (page faults on fresh memory), so the same bytes are
made the module's data segments instead: wasmtime then maps them copy-on-write
into each instance, which costs only the pages a run touches.

The rewrite is this narrow on purpose, and checks what it relies on (what wasm-ld
emits for Cordon's non-threaded wasm32-wasi reactor): one memory, active data
segments only, no data count and no start section. Globals are not captured: the
only mutable one is the shadow stack pointer, which is back at its initial value
whenever no export is running.
"""

from __future__ import annotations

PAGE = 4096
_WASM_PAGE = 65536
_MAGIC = b"\0asm\1\0\0\0"
_MEMORY, _START, _DATA, _DATA_COUNT = 5, 8, 11, 12


def _uleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _sleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        if (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40):
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)


def _read_uleb(buf: bytes, i: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        byte = buf[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return result, i


def _sections(wasm: bytes) -> list[tuple[int, bytes]]:
    if wasm[:8] != _MAGIC:
        raise ValueError("not a wasm core module")
    i, out = 8, []
    while i < len(wasm):
        size, j = _read_uleb(wasm, i + 1)
        out.append((wasm[i], wasm[j : j + size]))
        i = j + size
    return out


def _segments(memory: bytes, start: int) -> list[tuple[int, bytes]]:
    """Runs of non-zero pages from `start`, each trimmed of its zero ends (zero is the default)."""
    zero = bytes(PAGE)
    runs: list[tuple[int, bytes]] = []
    run_start = None
    for offset in range(start, len(memory) + PAGE, PAGE):
        page = memory[offset : offset + PAGE]
        if page and page != zero[: len(page)]:
            if run_start is None:
                run_start = offset
            continue
        if run_start is not None:
            block = memory[run_start:offset]
            lead = len(block) - len(block.lstrip(b"\0"))
            runs.append((run_start + lead, block.strip(b"\0")))
            run_start = None
    return runs


def bake(wasm: bytes, memory: bytes, *, skip_below: int) -> bytes:
    """`wasm` whose instances start with `memory` (bytes below `skip_below`, the dead shadow
    stack, start zero) and whose memory minimum is its size."""
    pages = (len(memory) + _WASM_PAGE - 1) // _WASM_PAGE
    out = []
    for section, payload in _sections(wasm):
        if section in (_START, _DATA_COUNT):
            raise ValueError("the guest module has a start or data count section; bake() does not handle it")
        if section == _MEMORY:
            count, i = _read_uleb(payload, 0)
            flags = payload[i]
            if count != 1 or flags not in (0, 1):
                raise ValueError("bake() needs exactly one 32-bit, non-shared memory")
            minimum, j = _read_uleb(payload, i + 1)
            payload = _uleb(1) + bytes([flags]) + _uleb(max(minimum, pages)) + payload[j:]
        elif section == _DATA:
            count, i = _read_uleb(payload, 0)
            for _ in range(count):  # every segment active, memory 0, i32.const offset
                if payload[i] != 0 or payload[i + 1] != 0x41:
                    raise ValueError("bake() needs active data segments with constant offsets")
                _, i = _read_uleb(payload, i + 2)  # the offset (sleb; its bytes are uleb-shaped)
                i += 1  # end
                size, i = _read_uleb(payload, i)
                i += size
            runs = _segments(memory, skip_below)
            payload = _uleb(len(runs)) + b"".join(
                b"\x00\x41"
                + _sleb(offset if offset < 1 << 31 else offset - (1 << 32))
                + b"\x0b"
                + _uleb(len(data))
                + data
                for offset, data in runs
            )
        out.append(bytes([section]) + _uleb(len(payload)) + payload)
    return _MAGIC + b"".join(out)
