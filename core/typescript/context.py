"""The types of everything a body can reach, as the files the TypeScript service checks it against.

* the sandbox's globals: `resources/typescript/sandbox.d.ts` (checked against the guest's own list and
  docs/sandbox-api.md by tests/test_typescript_types.py);
* the node's contract: `inputs` typed from the node document's declared inputs, `output` and `emit`
  from its declared outputs (`node_declarations`); a plain body file gets an untyped `inputs`;
* each imported pack: a guest module's declarations from the `.d.ts` beside it (every shipped guest
  pack has its library's own, but gifenc, which has none), else the module's own JavaScript (the
  checker infers its types from the source); a host pack's declarations generated from its registry
  entry (`host_pack_declarations`: argument kinds, the Python function's return annotation and
  docstring); and an npm pack's own `.d.ts` where its install kept one
  (`core/packs/install/types_kept.py`). Go to definition lands in the real file the types came from.

Every file has a virtual name under `/cordon/` or `/packs/` (the service's file system is in memory)
and, where there is one, the real path an editor may open read-only (`BodyContext.real_paths`).
"""

from __future__ import annotations

import inspect
import json
import re
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from core.paths import resources_dir

#: TypeScript's type for each declared handle type (core/codenode/document.py HandleType). In a Code
#: node inputs arrive as JSON copies (docs/sandbox-api.md), `bytes` keeps its bytes.
HANDLE_TYPES = {
    "any": "any",
    "string": "string",
    "boolean": "boolean",
    "integer": "number",
    "number": "number",
    "object": "Record<string, any>",
    "array": "any[]",
    "bytes": "Uint8Array",
}
_ARG_TYPES = {"string": "string", "bytes": "Uint8Array", "int": "number", "bool": "boolean", "json": "any"}
_IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"\n;]*?["']([^"'\n]+)["']""", re.MULTILINE)

SANDBOX_FILE = "/cordon/sandbox.d.ts"
NODE_FILE = "/cordon/node.d.ts"


@cache
def sandbox_declarations() -> str:
    return (resources_dir() / "typescript" / "sandbox.d.ts").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Handle:
    name: str
    type: str = "any"


@dataclass(frozen=True)
class BodyContext:
    """What one body is checked against: its language, its node's handles and the packs it may import."""

    language: str = "javascript"
    #: None: a plain body file (`cordon run`), no node document.
    inputs: tuple[Handle, ...] | None = None
    outputs: tuple[Handle, ...] = ()
    #: specifier -> the virtual file its types are read from.
    packs: Mapping[str, str] = field(default_factory=dict)
    #: virtual name -> text, for every pack file.
    pack_files: Mapping[str, str] = field(default_factory=dict)
    #: virtual name -> a real file an editor may open read-only (definitions in packs and the sandbox).
    real_paths: Mapping[str, Path] = field(default_factory=dict)

    @property
    def body_file(self) -> str:
        return "/body.ts" if self.language == "typescript" else "/body.js"

    def files(self) -> dict[str, str]:
        """Every file the service needs beside the body."""
        return {SANDBOX_FILE: sandbox_declarations(), NODE_FILE: node_declarations(self), **self.pack_files}


def node_declarations(ctx: BodyContext) -> str:
    """`inputs`, `output`, `emit`, `stream` and `state` as this body sees them."""
    if ctx.inputs is None:
        return "/** The run's inputs (`--inputs`). */\ndeclare const inputs: Record<string, any>;\n"
    fields = "".join(
        f"  /** Input `{h.name}` ({h.type}), as declared in the node document. */\n"
        f"  readonly {json.dumps(h.name)}: {HANDLE_TYPES.get(h.type, 'any')};\n"
        for h in ctx.inputs
    )
    outputs = " | ".join(json.dumps(h.name) for h in ctx.outputs) or "never"
    typed = "".join(f"  {json.dumps(h.name)}: {HANDLE_TYPES.get(h.type, 'any')};\n" for h in ctx.outputs)
    return (
        f"/** The node's inputs, as declared in the node document (JSON copies; `bytes` keeps its bytes). */\n"
        f"declare const inputs: {{\n{fields}}};\n"
        f"interface NodeOutputs {{\n{typed}}}\n"
        f"/** The node's declared outputs. */\ntype OutputName = {outputs};\n"
        "/** Record an output's final value (a handle's too). */\n"
        "declare function output<K extends OutputName>(name: K, value: NodeOutputs[K]): Promise<void>;\n"
        "/** Stream a value out of an output now. */\n"
        "declare function emit<K extends OutputName>(name: K, value: NodeOutputs[K]): Promise<void>;\n"
        "/** Survives from one invocation to the next within a node run. */\n"
        "declare const state: Record<string, any>;\n"
        "/** Pull the items of an input stream. */\n"
        "declare const stream: {\n"
        "  (name: string): AsyncIterable<any>;\n"
        "  /** The stream's first item. */\n  first(name: string): Promise<any>;\n"
        "  /** An iterator over the stream. */\n  open(name: string): AsyncIterator<any>;\n"
        "  /** The next item of any of the streams. */\n  any(...names: string[]): Promise<any>;\n"
        "};\n"
    )


def imported_specifiers(body: str) -> tuple[str, ...]:
    """The specifiers a body's import and export-from lines name (a missed one is merely untyped)."""
    return tuple(dict.fromkeys(m.group(1) for m in _IMPORT.finditer(body)))


def pack_context(body: str, catalog: Any) -> tuple[dict[str, str], dict[str, str], dict[str, Path]]:
    """The pack files for the packs `body` imports: (specifier map, files, real paths)."""
    packs: dict[str, str] = {}
    files: dict[str, str] = {}
    real: dict[str, Path] = {}
    if catalog is None:
        return packs, files, real
    for specifier in imported_specifiers(body):
        module = catalog.module(specifier)
        pack = catalog.pack(module.pack) if module is not None else None
        mounted = pack.mounted.get(module.module_id) if pack is not None else None
        if mounted is None:
            continue
        name, text, path = _module_types(pack, module, mounted.source)
        packs[specifier] = name
        files[name] = text
        if path is not None:
            real[name] = path
    return packs, files, real


def shipped_pack_files(catalog: Any) -> tuple[dict[str, str], dict[str, str]]:
    """(specifier map, files) of every module of the packs Cordon ships, by the names `pack_context`
    gives them: the TypeScript guest parses these once into its snapshot (core/typescript/snapshot.py)."""
    if catalog is None:
        return {}, {}
    specifiers = [spec for pack in catalog.packs() if pack.origin == "shipped" for spec in sorted(pack.modules)]
    packs, files, _ = pack_context("".join(f"import {json.dumps(spec)};\n" for spec in specifiers), catalog)
    return packs, files


def _module_types(pack: Any, module: Any, source: str) -> tuple[str, str, Path | None]:
    """One pack module's types: kept declarations, generated host declarations, the declarations
    beside the module, or the module's source."""
    from core.packs.install.types_kept import kept_types, read_declarations

    module_id: str = module.module_id
    base = "/packs/" + re.sub(r"[^A-Za-z0-9_.@-]+", "_", module_id.removeprefix("pack:"))
    root = getattr(pack, "root", None)
    rel = module_id.split("#", 1)[1] if "#" in module_id else ""
    dependency = getattr(getattr(module, "entry", None), "npm", None)
    if isinstance(dependency, str):
        kept = kept_types(root, dependency)
        if kept is not None:
            return base + ".d.ts", kept[0], kept[1]
    host = _host_module_of(source)
    if host is not None:
        return base + ".d.ts", host_pack_declarations(host), None
    if not (root and rel and not rel.startswith("host:")):
        return base + ".js", source, None
    # The module's declarations in the `.d.ts` beside it, where TypeScript itself looks for them
    # (Cordon's guest packs ship their library's so: resources/packs/vendor.py), read like an npm
    # pack's kept types.
    beside = rel.removesuffix(".mjs").removesuffix(".js") + ".d.ts"
    declared = read_declarations(Path(root), beside)
    if declared is not None:
        return base + ".d.ts", declared, Path(root) / beside
    path = Path(root) / rel
    return base + ".js", source, path if path.is_file() else None


_HOST_CALL = re.compile(r'call\("(pack:[^"]+#host:[^"]*)"')


def _host_module_of(source: str) -> Any:
    """The host module a generated facade calls, from the registry (None for guest code)."""
    if not source.startswith("// Generated by Cordon") or _HOST_CALL.search(source) is None:
        return None
    from core.packs.host_registry import registry

    package = re.search(r"facade of (\S+)", source)
    for module in registry().values():
        if package is not None and module.package == package.group(1):
            return module
    return None


def host_pack_declarations(module: Any) -> str:
    """A host pack's exports as TypeScript: each argument's kinds, the Python function's return
    annotation and the first paragraph of its docstring (generated: the registry is the source)."""
    lines = [f"// Generated by Cordon from the host module {module.id} ({module.package})."]
    for name, export in module.exports.items():
        params = ", ".join(f"{_ident(arg.name)}{'?' if arg.optional else ''}: {_arg_type(arg)}" for arg in export.args)
        doc = inspect.getdoc(export.fn) or ""
        summary = doc.split("\n\n", 1)[0].replace("*/", "* /")
        if summary:
            lines.append(f"/** {summary} */")
        lines.append(f"export function {name}({params}): Promise<{_return_type(export.fn)}>;")
    names = ", ".join(module.exports)
    lines.append(f"declare const _default: {{ {'; '.join(f'{n}: typeof {n}' for n in module.exports)} }};")
    lines.append("export default _default;")
    return "\n".join(lines) + f"\n// exports: {names}\n"


def _ident(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z_$][\w$]*", name) else "arg"


def _arg_type(arg: Any) -> str:
    if getattr(arg, "choices", None):
        return " | ".join(json.dumps(c) for c in arg.choices)
    return " | ".join(dict.fromkeys(_ARG_TYPES.get(k, "any") for k in arg.kinds)) or "any"


def _return_type(fn: Any) -> str:
    try:
        hint = typing.get_type_hints(fn).get("return")
    except (NameError, TypeError):  # an annotation that does not resolve is merely untyped
        return "any"
    return _py_type(hint)


def _py_type(hint: Any) -> str:
    origin = typing.get_origin(hint) or hint
    if origin is str:
        return "string"
    if origin is bool:
        return "boolean"
    if origin in (int, float):
        return "number"
    if origin in (bytes, bytearray):
        return "Uint8Array"
    if origin in (list, tuple, Sequence):
        return "any[]"
    if origin in (dict, Mapping):
        return "Record<string, any>"
    if hint is type(None):
        return "void"
    return "any"
