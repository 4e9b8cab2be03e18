"""The one specifier rule, and the declarations a run makes with it.

A pack's module `name` is `"."` (the import specifier is the package name) or a
single path segment (`<package>/<name>`). Everything that names a pack module
(manifest, loader, validation, declarations, CLI) goes through this file, so
the rule cannot drift between them.
"""

from __future__ import annotations

import re
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field

from core import jsparse
from core.errors import ModuleRefused

#: npm's package-name rule (lowercase, optional scope), minus leading '.' or '_'.
_PACKAGE = re.compile(r"^(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*$")
#: A module name: one segment, starting with a letter or digit.
_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
#: Names that mean something to a resolver or a filesystem.
_RESERVED_SEGMENTS = frozenset({"node_modules", "package.json"})
PACKAGE_NAME_MAX = 214
SEGMENT_MAX = 64


def is_package_name(name: str) -> bool:
    return len(name) <= PACKAGE_NAME_MAX and _PACKAGE.fullmatch(name) is not None and ".." not in name


def module_name_problem(name: str) -> str | None:
    """Why `name` is not a valid module name, or None when it is."""
    if name == ".":
        return None
    if not name or len(name) > SEGMENT_MAX:
        return f"module name {name!r} must be '.' or one path segment of 1-{SEGMENT_MAX} characters"
    if "/" in name or "\\" in name:
        return f"module name {name!r} must be a single path segment (no separators)"
    if ".." in name:
        return f"module name {name!r} must not contain '..'"
    if name.lower() in _RESERVED_SEGMENTS or name.lower().endswith(".json"):
        return f"module name {name!r} is reserved"
    if _SEGMENT.fullmatch(name) is None:
        return f"module name {name!r} may use letters, digits, '.', '_' and '-', and must start with a letter or digit"
    return None


def specifier_for(package: str, name: str) -> str:
    """The import specifier of module `name` of `package`."""
    return package if name == "." else f"{package}/{name}"


def package_of(specifier: str) -> str | None:
    """The package a bare specifier names (`@s/p/x` -> `@s/p`, `p/x` -> `p`), or None."""
    parts = specifier.split("/")
    name = "/".join(parts[:2]) if specifier.startswith("@") else parts[0]
    return name if is_package_name(name) else None


def looks_like_pack_specifier(specifier: str) -> bool:
    """True for `<package>` or `<package>/<one segment>` with valid parts."""
    package = package_of(specifier)
    if package is None:
        return False
    rest = specifier[len(package) :]
    if not rest:
        return True
    return rest.startswith("/") and module_name_problem(rest[1:]) is None


#: Cordon's shipped packs and their names in the reference (NodeTool): `@cordon/sandbox-<name>` also
#: answers to `@nodetool-ai/sandbox-<name>`, so a body written for the reference imports unchanged.
CORDON_PACK_PREFIX = "@cordon/sandbox-"
#: Scopes only Cordon's own packs carry: discovery refuses an installed pack named in one
#: (`pack-reserved-scope`), so an install under one is refused before anything is downloaded, and
#: nothing offers to install one.
RESERVED_SCOPES = ("@cordon/", "@nodetool-ai/")
REFERENCE_PACK_PREFIX = "@nodetool-ai/sandbox-"
#: The reference's packs Cordon does not ship, by Cordon's name, and why: `cordon packs list --all`
#: lists them, and importing one says why instead of only that it is not installed.
OUT_OF_SCOPE = {
    "@cordon/sandbox-flow": "NodeTool's own generated node callables; Cordon has no NodeTool node library to call",
    "@cordon/sandbox-dsl": "NodeTool's graph-builder DSL; Cordon has no NodeTool graphs to build",
    "@cordon/sandbox-timeline": "NodeTool's motion-graphics timeline authoring; Cordon has no timeline editor",
    "@cordon/sandbox-game": "NodeTool's native game document builder; Cordon has no game editor",
    "@cordon/sandbox-tfjs": "needs model weights (MobileNet, COCO-SSD, QnA) fetched at run time; Cordon "
    "downloads nothing at run time",
}


def canonical_specifier(specifier: str) -> str:
    """The one name a pack (or pack module) is keyed by: the reference's name maps to Cordon's.

    `@nodetool-ai/sandbox-yaml[/x]` -> `@cordon/sandbox-yaml[/x]`; anything else is returned as is.
    Every lookup (catalog, loader, allowlists, declarations) compares canonical names, so the two
    names are one pack: one consent, one allowlist entry, one declaration.
    """
    if specifier.startswith(REFERENCE_PACK_PREFIX):
        return CORDON_PACK_PREFIX + specifier[len(REFERENCE_PACK_PREFIX) :]
    return specifier


def reference_alias(specifier: str) -> str | None:
    """The reference's name for a Cordon pack or specifier (`@cordon/sandbox-yaml` -> `@nodetool-ai/...`)."""
    if specifier.startswith(CORDON_PACK_PREFIX):
        return REFERENCE_PACK_PREFIX + specifier[len(CORDON_PACK_PREFIX) :]
    return None


class DeclarationLike(Protocol):
    """Anything carrying a declaration's three fields (a Code node document's entries do)."""

    @property
    def specifier(self) -> str: ...
    @property
    def resolvedPackVersion(self) -> str | None: ...
    @property
    def contentDigest(self) -> str | None: ...


class Declaration(BaseModel):
    """A run's (or a Code node's saved) use of one pack module.

    `resolvedPackVersion` and `contentDigest` are stamped when a workflow is
    saved; resolution always uses what is installed, and drift only warns.
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    specifier: str = Field(min_length=1, max_length=300)
    resolvedPackVersion: str | None = Field(None, max_length=100)
    contentDigest: str | None = Field(None, max_length=100)

    @property
    def package(self) -> str | None:
        return package_of(self.specifier)


def declarations_from_code(code: str) -> list[Declaration]:
    """One declaration per pack specifier a body statically imports (what `cordon run` mounts).

    Anything that is not a pack specifier (`node:fs`, `./x.js`, `cordon:...`) is
    left out: the loader refuses it at preflight with its own named rule.
    """
    seen: dict[str, Declaration] = {}
    for imp in jsparse.static_imports(jsparse.parse(code)):
        if looks_like_pack_specifier(imp.specifier) and imp.specifier not in seen:
            seen[imp.specifier] = Declaration(specifier=imp.specifier)
    return list(seen.values())


#: Node's core module names: a bare import of one is a Node builtin, never a pack.
NODE_BUILTINS = frozenset(
    (
        "_http_agent",
        "_http_client",
        "_http_common",
        "_http_incoming",
        "_http_outgoing",
        "_http_server",
        "_stream_duplex",
        "_stream_passthrough",
        "_stream_readable",
        "_stream_transform",
        "_stream_wrap",
        "_stream_writable",
        "_tls_common",
        "_tls_wrap",
        "assert",
        "assert/strict",
        "async_hooks",
        "buffer",
        "child_process",
        "cluster",
        "console",
        "constants",
        "crypto",
        "dgram",
        "diagnostics_channel",
        "dns",
        "dns/promises",
        "domain",
        "events",
        "fs",
        "fs/promises",
        "http",
        "http2",
        "https",
        "inspector",
        "inspector/promises",
        "module",
        "net",
        "os",
        "path",
        "path/posix",
        "path/win32",
        "perf_hooks",
        "process",
        "punycode",
        "querystring",
        "readline",
        "readline/promises",
        "repl",
        "stream",
        "stream/consumers",
        "stream/promises",
        "stream/web",
        "string_decoder",
        "sys",
        "timers",
        "timers/promises",
        "tls",
        "trace_events",
        "tty",
        "url",
        "util",
        "util/types",
        "v8",
        "vm",
        "wasi",
        "worker_threads",
        "zlib",
    )
)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def specifier_kind(specifier: str) -> str:
    """Classify an import specifier for the loader's and discovery's refusals.

    One of: `encoded` (percent-escapes, backslashes, control, space or lone
    surrogate characters), `relative`, `absolute`, `node` (`node:*` or a Node core
    module name), `private` (`cordon:*`), `url` (any other scheme, drive
    letters included) or `bare`.
    """
    if (
        not specifier
        or any(c in specifier for c in "\\%")
        or any(ord(c) < 0x21 or c.isspace() or 0xD800 <= ord(c) <= 0xDFFF for c in specifier)
    ):
        return "encoded"
    if specifier in (".", "..") or specifier.startswith(("./", "../")):
        return "relative"
    if specifier.startswith("/"):
        return "absolute"
    if specifier.startswith("node:") or specifier.split("/")[0] in NODE_BUILTINS:
        return "node"
    if specifier.startswith("cordon:"):
        return "private"
    if _SCHEME.match(specifier):
        return "url"
    return "bare"


def show_specifier(specifier: str) -> str:
    """A specifier as it may appear in a message: bounded and printable."""
    cleaned = "".join(c if c.isprintable() else "?" for c in specifier[:200])
    return cleaned + ("..." if len(specifier) > 200 else "")


def specifier_refusal(specifier: str, importer: str | None = None) -> ModuleRefused | None:
    """The refusal of a specifier that no declaration can make importable, else None.

    The one authority on specifiers: the engine's loader (with or without packs),
    `validate` and pack discovery all ask here, so `import fs from "node:fs"` gets
    the same rule and the same advice from a run, the editor and a pack's scan.
    `importer` names a pack module ("pack module x of p"), None for the body. A
    bare specifier is left to the caller: whether it is declared and installed is
    the catalog's question, not the name's.
    """
    shown = show_specifier(specifier)
    who = importer or "the body"
    kind = specifier_kind(specifier)
    if kind == "encoded":
        return ModuleRefused(
            f"{who} imports '{shown}': encoded or malformed specifiers (percent-escapes, "
            "backslashes, spaces) are refused",
            rule="module-path-encoded",
        )
    if kind == "node":
        from core.packs.npm import polyfills  # (a run that imports no builtin never loads the npm compiler)

        return ModuleRefused(
            f"{who} imports '{shown}': Node builtins do not exist in the sandbox; {polyfills.advice(specifier)}",
            rule="module-node-builtin",
        )
    if kind in ("absolute", "url"):
        return ModuleRefused(
            f"{who} imports '{shown}': absolute paths and URLs are refused; import a declared pack by its specifier",
            rule="module-absolute-path",
        )
    if kind == "private":
        return ModuleRefused(f"'{shown}' is private to the sandbox", rule="module-private")
    if kind == "relative" and importer is None:
        return ModuleRefused(
            f"the body imports '{shown}': a body has no files next to it; import a declared pack by its specifier",
            rule="module-relative-import",
        )
    return None
