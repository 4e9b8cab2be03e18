"""Host modules: first-party code on the host, reachable only through this registry.

A pack entry `{"kind": "host", "host": "<id>"}` resolves only if the registry
pins that id to exactly the declaring package, and that package is one of
Cordon's shipped packs. A third-party pack can never bring host code: it can
only name an id, and an id it does not own is a discovery status
(`host-module-not-pinned` / `host-module-unknown`).

Every call goes through one dispatcher op (`host.call`) that checks, in order
and before any implementation runs: the module key is a host module of this
run, the export is one the registry lists, and each argument has the declared
type and size.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from core.bridges.base import Op, RunScope, Surface
from core.errors import SandboxRefusal
from core.packs import host_hash
from core.packs.bridge import BridgedModule, binding_name, bridge_guest_js, check_call, register_provider
from core.packs.manifest import HostEntry
from core.packs.status import DiscoveryError

ArgKind = Literal["string", "bytes", "int", "bool"]


@dataclass(frozen=True)
class Arg:
    name: str
    kinds: tuple[ArgKind, ...]
    optional: bool = False
    #: Cap on the UTF-8/byte length of string and bytes arguments.
    max_bytes: int | None = None
    #: Allowed values of a string argument.
    choices: tuple[str, ...] | None = None
    #: Inclusive bounds of an int argument.
    bounds: tuple[int, int] | None = None


@dataclass(frozen=True)
class HostExport:
    fn: Callable[..., Any]
    args: tuple[Arg, ...]


@dataclass(frozen=True)
class HostModule:
    id: str
    #: The one package allowed to declare this id.
    package: str
    #: Implementation version (part of the graph digest).
    version: str
    exports: Mapping[str, HostExport]


_DATA = Arg("data", ("string", "bytes"), max_bytes=host_hash.MAX_INPUT)

REGISTRY: Mapping[str, HostModule] = {
    "cordon.hash": HostModule("cordon.hash", "@cordon/sandbox-hash", host_hash.VERSION, {
        "sha1": HostExport(host_hash.sha1, (_DATA,)),
        "sha256": HostExport(host_hash.sha256, (_DATA,)),
        "sha384": HostExport(host_hash.sha384, (_DATA,)),
        "sha512": HostExport(host_hash.sha512, (_DATA,)),
        "md5": HostExport(host_hash.md5, (_DATA,)),
        "blake2b": HostExport(host_hash.blake2b, (_DATA, Arg("size", ("int",), optional=True, bounds=(1, 64)))),
        "crc32": HostExport(host_hash.crc32, (_DATA,)),
    }),
}


def pinned(entry: HostEntry, package: str, origin: str) -> HostModule:
    """The registry's module for `entry` of `package`, or DiscoveryError naming why not."""
    module = REGISTRY.get(entry.host)
    if module is None:
        raise DiscoveryError(f"host module {entry.host!r} is not one of Cordon's host modules; "
                             "a pack cannot bring host code", rule="host-module-unknown")
    if module.package != package or origin != "shipped":
        raise DiscoveryError(f"host module {entry.host!r} is pinned to Cordon's shipped pack {module.package}; "
                             f"{package} ({origin}) may not declare it", rule="host-module-not-pinned")
    return module


def validate_args(where: str, spec: Sequence[Arg], args: list[Any]) -> list[Any]:
    """Check count, types and sizes of call arguments against the export's declaration."""
    required = sum(1 for a in spec if not a.optional)
    if not required <= len(args) <= len(spec):
        expected = str(required) if required == len(spec) else f"{required}-{len(spec)}"
        raise _bad(where, f"takes {expected} argument(s), got {len(args)}")
    for value, arg in zip(args, spec, strict=False):
        _check_arg(where, arg, value)
    return args


def _check_arg(where: str, arg: Arg, value: Any) -> None:
    kind = ("bool" if isinstance(value, bool) else "int" if isinstance(value, int)
            else "string" if isinstance(value, str) else "bytes" if isinstance(value, bytes) else None)
    if kind not in arg.kinds:
        raise _bad(where, f"argument '{arg.name}' must be {' or '.join(arg.kinds)}, got {type(value).__name__}")
    if arg.max_bytes is not None and kind in ("string", "bytes"):
        size = len(value.encode("utf-8")) if kind == "string" else len(value)
        if size > arg.max_bytes:
            raise SandboxRefusal(f"{where}: argument '{arg.name}' is {size} bytes, at most {arg.max_bytes}",
                                 rule="host-argument-too-large", name="RangeError")
    if arg.choices is not None and value not in arg.choices:
        raise _bad(where, f"argument '{arg.name}' must be one of {', '.join(arg.choices)}")
    if arg.bounds is not None and kind == "int" and not arg.bounds[0] <= value <= arg.bounds[1]:
        raise _bad(where, f"argument '{arg.name}' must be between {arg.bounds[0]} and {arg.bounds[1]}")


def _bad(where: str, what: str) -> SandboxRefusal:
    return SandboxRefusal(f"{where}: {what}", rule="host-argument-invalid", name="TypeError")


def run_surface(modules: Sequence[BridgedModule]) -> Surface:
    """The dispatcher for one run's host modules (the `host` provider of core.packs.bridge)."""
    by_key = {m.key: m for m in modules}

    def call(scope: RunScope, key: Any, export: Any, args: Any) -> Any:
        module = check_call(by_key, key, export, args)
        assert isinstance(module.entry, HostEntry)
        host_export = REGISTRY[module.entry.host].exports[export]
        where = f"{module.specifier}.{export}"
        return host_export.fn(*validate_args(where, host_export.args, args))

    return Surface("host-modules", {"host.call": Op(call, sync=True)},
                   bridge_guest_js("host", "host.call", sync=True), (binding_name("host"),))


register_provider("host", run_surface)
