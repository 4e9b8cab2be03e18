"""A section-level reader of WebAssembly binaries: the facts validation needs, nothing more.

Why our own reader instead of compiling and asking wasmtime: the rules (no
imports, function-only exports, scalar signatures, bounded memories) must hold
*before* an untrusted binary is compiled, and wasmtime-py 50 aborts the whole
interpreter when it is asked to print a `v128` value type. Reading five
sections by hand never compiles anything and never touches wasmtime's type
objects. Sections we do not need are skipped by their declared size; wasmtime's
`Module.validate` checks the whole binary afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import CordonError

MAGIC = b"\x00asm"
VERSION = b"\x01\x00\x00\x00"

#: Single-byte value types (the wasm spec's valtype encoding).
VALUE_TYPES = {
    0x7F: "i32",
    0x7E: "i64",
    0x7D: "f32",
    0x7C: "f64",
    0x7B: "v128",
    0x70: "funcref",
    0x6F: "externref",
    0x6E: "anyref",
    0x6D: "eqref",
    0x6C: "i31ref",
    0x6B: "structref",
    0x6A: "arrayref",
    0x69: "exnref",
    0x71: "nullref",
    0x72: "nullexternref",
    0x73: "nullfuncref",
    0x74: "nullexnref",
}
#: `(ref null ht)` / `(ref ht)`: a value type followed by a heap type.
_REF_PREFIXES = {0x63: "ref null", 0x64: "ref"}

EXPORT_KINDS = {0x00: "function", 0x01: "table", 0x02: "memory", 0x03: "global", 0x04: "tag"}

_SECTION_TYPE, _SECTION_IMPORT, _SECTION_FUNCTION, _SECTION_MEMORY, _SECTION_EXPORT = 1, 2, 3, 5, 7


class MalformedWasm(CordonError):
    """The bytes are not a WebAssembly binary this reader understands."""

    rule = "wasm-malformed"
    name = "WasmValidationError"


@dataclass(frozen=True)
class FuncType:
    params: tuple[str, ...]
    results: tuple[str, ...]


@dataclass(frozen=True)
class Memory:
    index: int
    minimum: int
    maximum: int | None
    shared: bool
    memory64: bool
    custom_page_size: bool
    imported: bool = False


@dataclass(frozen=True)
class Import:
    module: str
    name: str
    kind: str


@dataclass(frozen=True)
class Export:
    name: str
    kind: str
    index: int


@dataclass(frozen=True)
class Layout:
    """What a binary declares: types, imports, function signatures, memories, exports."""

    types: tuple[FuncType | None, ...]  # None: a non-function (GC) type
    imports: tuple[Import, ...]
    function_types: tuple[int, ...]  # type index of every defined function
    memories: tuple[Memory, ...]
    exports: tuple[Export, ...]
    imported_functions: int

    def signature(self, function_index: int) -> FuncType:
        """Signature of a function by its index in the function index space."""
        if function_index < self.imported_functions:
            raise MalformedWasm(f"function {function_index} is imported")
        local = function_index - self.imported_functions
        if local >= len(self.function_types):
            raise MalformedWasm(f"export refers to function {function_index}, which does not exist")
        type_index = self.function_types[local]
        if type_index >= len(self.types) or self.types[type_index] is None:
            raise MalformedWasm(f"function {function_index} has no function type {type_index}")
        return self.types[type_index]  # type: ignore[return-value]


class _Reader:
    def __init__(self, data: bytes, start: int = 0, end: int | None = None) -> None:
        self.data = data
        self.pos = start
        self.end = len(data) if end is None else end

    def at_end(self) -> bool:
        return self.pos >= self.end

    def peek(self) -> int | None:
        return self.data[self.pos] if self.pos < self.end else None

    def byte(self) -> int:
        if self.pos >= self.end:
            raise MalformedWasm("unexpected end of section")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def uleb(self, bits: int = 32) -> int:
        result = shift = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
            if shift >= bits + 7:
                raise MalformedWasm("integer too long")
        if result >= 1 << bits:
            raise MalformedWasm("integer too large")
        return result

    def sleb33(self) -> int:
        result = shift = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
            if shift > 35:
                raise MalformedWasm("integer too long")
        if b & 0x40:
            result -= 1 << shift
        return result

    def name(self) -> str:
        length = self.uleb()
        if self.pos + length > self.end:
            raise MalformedWasm("name runs past the end of its section")
        raw = self.data[self.pos : self.pos + length]
        self.pos += length
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedWasm("a name is not valid UTF-8") from None

    def value_type(self) -> str:
        code = self.byte()
        if code in VALUE_TYPES:
            return VALUE_TYPES[code]
        if code in _REF_PREFIXES:
            self.sleb33()  # heap type
            return _REF_PREFIXES[code]
        raise MalformedWasm(f"unknown value type 0x{code:02x}")

    def limits(self, what: str) -> tuple[int, int | None, int]:
        flags = self.byte()
        if flags & ~0x0F:
            raise MalformedWasm(f"unknown {what} limits flags 0x{flags:02x}")
        bits = 64 if flags & 0x04 else 32
        minimum = self.uleb(bits)
        maximum = self.uleb(bits) if flags & 0x01 else None
        if flags & 0x08:
            self.uleb()  # log2 of a custom page size
        return minimum, maximum, flags


def _func_type(r: _Reader) -> FuncType:
    params = tuple(r.value_type() for _ in range(r.uleb()))
    results = tuple(r.value_type() for _ in range(r.uleb()))
    return FuncType(params, results)


def _composite(r: _Reader) -> FuncType | None:
    form = r.byte()
    if form == 0x60:
        return _func_type(r)
    if form == 0x5F:  # struct: fields of (storage type, mutability)
        for _ in range(r.uleb()):
            _storage_type(r)
            r.byte()
        return None
    if form == 0x5E:  # array: one field
        _storage_type(r)
        r.byte()
        return None
    raise MalformedWasm(f"unknown type form 0x{form:02x}")


def _storage_type(r: _Reader) -> None:
    if r.peek() in (0x78, 0x77):  # packed i8 / i16
        r.byte()
    else:
        r.value_type()


def _sub_type(r: _Reader) -> FuncType | None:
    if r.peek() in (0x50, 0x4F):  # sub / sub final: supertypes then the composite type
        r.byte()
        for _ in range(r.uleb()):
            r.uleb()
    return _composite(r)


def _types(r: _Reader) -> list[FuncType | None]:
    types: list[FuncType | None] = []
    for _ in range(r.uleb()):
        if r.peek() == 0x4E:  # rec group
            r.byte()
            types.extend(_sub_type(r) for _ in range(r.uleb()))
        else:
            types.append(_sub_type(r))
    return types


def _memory(r: _Reader, index: int, imported: bool) -> Memory:
    minimum, maximum, flags = r.limits("memory")
    return Memory(
        index=index,
        minimum=minimum,
        maximum=maximum,
        shared=bool(flags & 0x02),
        memory64=bool(flags & 0x04),
        custom_page_size=bool(flags & 0x08),
        imported=imported,
    )


def _imports(r: _Reader, memories: list[Memory]) -> tuple[list[Import], int]:
    imports: list[Import] = []
    functions = 0
    for _ in range(r.uleb()):
        module, name = r.name(), r.name()
        kind = r.byte()
        if kind == 0x00:
            r.uleb()
            functions += 1
        elif kind == 0x01:
            r.value_type()
            r.limits("table")
        elif kind == 0x02:
            memories.append(_memory(r, len(memories), imported=True))
        elif kind == 0x03:
            r.value_type()
            r.byte()
        elif kind == 0x04:
            r.byte()
            r.uleb()
        else:
            raise MalformedWasm(f"unknown import kind 0x{kind:02x}")
        imports.append(Import(module, name, EXPORT_KINDS[kind]))
    return imports, functions


def read_layout(data: bytes) -> Layout:
    """Read the type, import, function, memory and export sections of `data`."""
    if data[:4] != MAGIC:
        raise MalformedWasm("not a WebAssembly binary (missing the \\0asm magic)")
    if data[4:8] != VERSION:
        raise MalformedWasm("not a WebAssembly 1.0 module (a component or an unknown version)")
    types: list[FuncType | None] = []
    imports: list[Import] = []
    imported_functions = 0
    function_types: list[int] = []
    memories: list[Memory] = []
    exports: list[Export] = []
    top = _Reader(data, 8)
    seen: set[int] = set()
    while not top.at_end():
        section = top.byte()
        size = top.uleb()
        start, end = top.pos, top.pos + size
        if end > len(data):
            raise MalformedWasm(f"section {section} runs past the end of the binary")
        if section != 0:
            if section in seen:
                raise MalformedWasm(f"section {section} appears twice")
            seen.add(section)
        r = _Reader(data, start, end)
        if section == _SECTION_TYPE:
            types = _types(r)
        elif section == _SECTION_IMPORT:
            imports, imported_functions = _imports(r, memories)
        elif section == _SECTION_FUNCTION:
            function_types = [r.uleb() for _ in range(r.uleb())]
        elif section == _SECTION_MEMORY:
            memories.extend(_memory(r, len(memories), imported=False) for _ in range(r.uleb()))
        elif section == _SECTION_EXPORT:
            for _ in range(r.uleb()):
                name = r.name()
                kind = r.byte()
                if kind not in EXPORT_KINDS:
                    raise MalformedWasm(f"export {name!r} has unknown kind 0x{kind:02x}")
                exports.append(Export(name, EXPORT_KINDS[kind], r.uleb()))
        else:
            r.pos = end
        if (
            section in (_SECTION_TYPE, _SECTION_IMPORT, _SECTION_FUNCTION, _SECTION_MEMORY, _SECTION_EXPORT)
            and r.pos != end
        ):
            raise MalformedWasm(f"section {section} has trailing bytes")
        top.pos = end
    return Layout(
        types=tuple(types),
        imports=tuple(imports),
        function_types=tuple(function_types),
        memories=tuple(memories),
        exports=tuple(exports),
        imported_functions=imported_functions,
    )
