"""Host modules: first-party code on the host, reachable only through this registry.

A pack entry `{"kind": "host", "host": "<id>"}` resolves only if the registry
pins that id to exactly the declaring package, and that package is one of
Cordon's shipped packs. A third-party pack can never bring host code: it can
only name an id, and an id it does not own is a discovery status
(`host-module-not-pinned` / `host-module-unknown`).

**Adding a host pack** takes two files and no edit here:

* `core/packs/host/<name>.py` exposing `MODULE = HostModule(id, package,
  version, {export: HostExport(fn, (Arg(...), ...))})`. Keep its top level
  light (stdlib only): discovery imports every such module to learn the ids,
  so the format library is imported inside the functions, on first call.
* `resources/packs/sandbox-<name>/` with a package.json declaring
  `{"name": ".", "kind": "host", "host": "<id>"}` and a SKILL.md.

What the guest gets: a generated facade (core.packs.bridge) whose every
export is `export async function <name>(...args)` plus a frozen default
object, so `await parse(x)` and `import csv from ...; await csv.parse(x)`
both work. Every call goes through one async dispatcher op (`host.call`)
that checks, in order and before any implementation runs: the module key is
a host module of this run, the export is one the registry lists, and each
argument has the declared kind and size. The implementation then runs in a
worker thread (`core.bridges.base.in_worker_thread`), off the run's event
loop, so a slow parse cannot hold up the run's deadline or cancel; a long
Python loop in an implementation calls `core.bridges.base.worker_check_alive()`
now and then, so a stopped run frees its thread too (the diff walk does).

Argument kinds: `string`, `bytes` (a Uint8Array), `int`, `bool`, `json`
(plain JSON values: objects, arrays, strings, finite numbers, booleans,
null — options and record lists; add `bytes` to the kinds to allow
Uint8Array leaves too). A trailing `undefined`/`null` for an optional
argument counts as omitted. Caps are the reference's shared host-module
caps unless an `Arg` sets its own `max_bytes`: `TEXT_MAX` (5 MB) per string,
`BYTES_MAX` (10 MB) per Uint8Array, and for a `json` argument `TEXT_MAX` of
text plus `BYTES_MAX` of bytes leaves; a larger argument is
`host-argument-too-large`.

Results are transport values: JSON values, `bytes` (a Uint8Array in the
guest), `None`. An implementation refuses with `SandboxRefusal(message,
rule=...)`; the dispatcher prefixes the message with `<specifier>.<export>:`
so every error names the pack. An export declared `scoped=True` is called with
the run's `RunScope` first (the service packs read credentials through the
secrets scope check with it). `option()` reads one field of an options
object (`host-option-invalid` when it has the wrong type).
"""

from __future__ import annotations

import functools
import importlib
import math
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from core.bridges.base import Op, RunScope, Surface, in_worker_thread
from core.bridges.hostcalls import in_host_worker_for_guest
from core.errors import CordonError, SandboxRefusal
from core.packs.bridge import BridgedModule, binding_name, bridge_guest_js, check_call, register_provider
from core.packs.caps import MB
from core.packs.manifest import HostEntry
from core.packs.status import DiscoveryError

ArgKind = Literal["string", "bytes", "int", "bool", "json"]
T = TypeVar("T")

#: Shared host-module caps (the reference's host-modules/limits.ts): per text argument...
TEXT_MAX = 5 * MB
#: ...and per byte argument.
BYTES_MAX = 10 * MB
#: Where the per-pack modules live (each exposes `MODULE`).
HOST_PACKAGE = "core.packs.host"


@dataclass(frozen=True)
class Arg:
    name: str
    kinds: tuple[ArgKind, ...]
    optional: bool = False
    #: Cap on the UTF-8/byte length of a string or bytes argument (default: the shared caps).
    max_bytes: int | None = None
    #: Allowed values of a string argument.
    choices: tuple[str, ...] | None = None
    #: Inclusive bounds of an int argument.
    bounds: tuple[int, int] | None = None


@dataclass(frozen=True)
class HostExport:
    fn: Callable[..., Any]
    args: tuple[Arg, ...]
    #: True: `fn` is called with the run's scope first (the service packs read secrets through it).
    scoped: bool = False


@dataclass(frozen=True)
class HostModule:
    id: str
    #: The one package allowed to declare this id.
    package: str
    #: Implementation version (part of the graph digest): bump it when results change.
    version: str
    exports: Mapping[str, HostExport]


@functools.cache
def registry() -> Mapping[str, HostModule]:
    """Every host module, by id: the `MODULE` of each module in `core.packs.host`."""
    package = importlib.import_module(HOST_PACKAGE)
    found: dict[str, HostModule] = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module: HostModule = importlib.import_module(f"{HOST_PACKAGE}.{info.name}").MODULE
        if module.id in found:
            raise RuntimeError(f"host module id {module.id!r} is declared twice")
        found[module.id] = module
    return found


def pinned(entry: HostEntry, package: str, origin: str) -> HostModule:
    """The registry's module for `entry` of `package`, or DiscoveryError naming why not."""
    module = registry().get(entry.host)
    if module is None:
        raise DiscoveryError(
            f"host module {entry.host!r} is not one of Cordon's host modules; a pack cannot bring host code",
            rule="host-module-unknown",
        )
    if module.package != package or origin != "shipped":
        raise DiscoveryError(
            f"host module {entry.host!r} is pinned to Cordon's shipped pack {module.package}; "
            f"{package} ({origin}) may not declare it",
            rule="host-module-not-pinned",
        )
    return module


def validate_args(where: str, spec: Sequence[Arg], args: list[Any]) -> list[Any]:
    """Check count, kinds and sizes of call arguments against the export's declaration."""
    while len(args) > sum(1 for a in spec if not a.optional) and args and args[-1] is None:
        args = args[:-1]  # `f(x, undefined)` is `f(x)`
    required = sum(1 for a in spec if not a.optional)
    if not required <= len(args) <= len(spec):
        expected = str(required) if required == len(spec) else f"{required}-{len(spec)}"
        raise _bad(where, f"takes {expected} argument(s), got {len(args)}")
    for value, arg in zip(args, spec, strict=False):
        if not (value is None and arg.optional):
            _check_arg(where, arg, value)
    return args


def _check_arg(where: str, arg: Arg, value: Any) -> None:
    kind = (
        "bool"
        if isinstance(value, bool)
        else "int"
        if isinstance(value, int)
        else "string"
        if isinstance(value, str)
        else "bytes"
        if isinstance(value, bytes)
        else None
    )
    if kind not in arg.kinds and "json" in arg.kinds:
        text, data = _json_size(where, arg, value, "bytes" in arg.kinds)
        _cap(where, arg, "text", text, arg.max_bytes or TEXT_MAX)
        _cap(where, arg, "bytes", data, BYTES_MAX)
        return
    if kind not in arg.kinds:
        raise _bad(where, f"argument '{arg.name}' must be {' or '.join(arg.kinds)}, got {_js_type(value)}")
    if kind == "string":
        _cap(where, arg, "text", len(value.encode("utf-8")), arg.max_bytes or TEXT_MAX)
    elif kind == "bytes":
        _cap(where, arg, "bytes", len(value), arg.max_bytes or BYTES_MAX)
    if arg.choices is not None and value not in arg.choices:
        raise _bad(where, f"argument '{arg.name}' must be one of {', '.join(arg.choices)}")
    if arg.bounds is not None and kind == "int" and not arg.bounds[0] <= value <= arg.bounds[1]:
        raise _bad(where, f"argument '{arg.name}' must be between {arg.bounds[0]} and {arg.bounds[1]}")


def _json_size(where: str, arg: Arg, value: Any, allow_bytes: bool) -> tuple[int, int]:
    """(text size, bytes size) of a JSON value, refusing anything that is not one."""
    text = data = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            text += len(v.encode("utf-8")) + 2
        elif v is None or isinstance(v, bool | int):
            text += 5
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise _bad(where, f"argument '{arg.name}' holds {v}, which is not a JSON number")
            text += 8
        elif isinstance(v, list):
            text += 2 + len(v)
            stack.extend(v)
        elif isinstance(v, dict):
            text += 2
            for k, x in v.items():
                text += len(k.encode("utf-8")) + 3
                stack.append(x)
        elif isinstance(v, bytes) and allow_bytes:
            data += len(v)
        else:
            raise _bad(
                where,
                f"argument '{arg.name}' must hold only JSON values (objects, arrays, strings, "
                f"numbers, booleans, null{', Uint8Array' if allow_bytes else ''}), "
                f"not {_js_type(v)}",
            )
    return text, data


def _cap(where: str, arg: Arg, what: str, size: int, cap: int) -> None:
    if size > cap:
        raise SandboxRefusal(
            f"{where}: argument '{arg.name}' is {size} bytes of {what}, at most {cap}",
            rule="host-argument-too-large",
            name="RangeError",
        )


_JS_TYPES: dict[type, str] = {
    bool: "boolean",
    int: "number",
    float: "number",
    str: "string",
    bytes: "Uint8Array",
    list: "array",
    dict: "object",
    type(None): "null",
}


def _js_type(value: Any) -> str:
    return _JS_TYPES.get(type(value), "a " + type(value).__name__)


def _bad(where: str, what: str) -> SandboxRefusal:
    return SandboxRefusal(f"{where}: {what}", rule="host-argument-invalid", name="TypeError")


def option(options: Mapping[str, Any] | None, name: str, kind: type[T] | tuple[type, ...], default: T) -> T:
    """`options[name]` if it has `kind`, `default` when absent or null; `host-option-invalid` otherwise.

    Unknown keys are ignored, as the reference's libraries ignore them.
    """
    if options is None or options.get(name) is None:
        return default
    value = options[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        value = None  # True is an int in Python, never an int option
    if not isinstance(value, kinds):
        wanted = " or ".join(_JS_TYPES.get(k, k.__name__) for k in kinds)
        raise SandboxRefusal(
            f"option '{name}' must be a {wanted}, got {_js_type(options[name])}",
            rule="host-option-invalid",
            name="TypeError",
        )
    return value


def options_arg(name: str = "options") -> Arg:
    """The optional options-object argument most exports end with."""
    return Arg(name, ("json",), optional=True)


def run_surface(modules: Sequence[BridgedModule]) -> Surface:
    """The dispatcher for one run's host modules (the `host` provider of core.packs.bridge)."""
    by_key = {m.key: m for m in modules}
    hosts = registry()

    async def call(scope: RunScope, key: Any, export: Any, args: Any) -> Any:
        module = check_call(by_key, key, export, args)
        assert isinstance(module.entry, HostEntry)
        host_export = hosts[module.entry.host].exports[export]
        where = f"{module.specifier}.{export}"
        valid = validate_args(where, host_export.args, args)
        try:
            if host_export.scoped:  # a service pack: it needs the run's secrets and fetch, which stay here
                return await in_worker_thread(scope, host_export.fn, scope, *valid)
            return await in_host_worker_for_guest(scope, host_export.fn, *valid)
        except CordonError as exc:
            if exc.rule in ("cancelled", "timeout") or exc.message.startswith(where):
                raise
            raise SandboxRefusal(f"{where}: {exc.message}", rule=exc.rule, name=exc.name) from None

    return Surface(
        "host-modules",
        {"host.call": Op(call)},
        bridge_guest_js("host", "host.call", sync=False),
        (binding_name("host"),),
    )


register_provider("host", run_surface)
