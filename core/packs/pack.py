"""What discovery produces: packs, their public modules and the sources the loader serves.

Everything here is immutable and held in memory: the loader serves the exact
text discovery checked and digested, never re-reading a file at run time, so
a file changed on disk after discovery cannot slip past the checks (reload
the catalog to pick it up), and a run keeps the snapshot it started with.

Module ids are opaque to the guest and never filesystem paths:
`pack:<package>#<pack-relative file>` for files, `pack:<package>#<kind>:<name>`
for compiled npm modules and generated facades, `cordon:bridge/<kind>` for the
private modules a facade reaches its host dispatcher through.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from core.packs.manifest import HostEntry, JsFileEntry, JsNpmEntry, WasmEntry
from core.packs.skill import Skill
from core.specifier import reference_alias

Origin = Literal["shipped", "installed"]
ModuleKind = Literal["js", "npm", "host", "wasm"]
Role = Literal["entry", "internal", "npm", "facade", "bridge"]
Entry = JsFileEntry | JsNpmEntry | HostEntry | WasmEntry


def file_module_id(package: str, relpath: str) -> str:
    return f"pack:{package}#{relpath}"


def generated_module_id(package: str, kind: str, name: str) -> str:
    return f"pack:{package}#{kind}:{name}"


@dataclass(frozen=True)
class MountedModule:
    """One module the loader can serve."""

    module_id: str
    source: str
    #: The pack it belongs to; None for Cordon's own private bridge modules.
    pack: str | None
    role: Role
    #: Import specifier text (as written in `source`) -> module id, resolved at discovery.
    requests: Mapping[str, str] = field(default_factory=dict)
    #: For a facade: the kind of private bridge module it alone may import.
    bridge_kind: str | None = None
    #: For a facade: the export names it offers (its dispatcher's allowlist).
    exports: tuple[str, ...] = ()
    #: What the graph digest hashes for this module besides its id and source.
    record: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SandboxModule:
    """One public specifier of a discovered pack."""

    specifier: str
    pack: str
    version: str
    origin: Origin
    kind: ModuleKind
    entry: Entry
    #: The module id the specifier resolves to.
    module_id: str
    #: The module-graph digest (`sha256:<hex>`), the same one declarations stamp.
    digest: str
    #: Every module id this specifier mounts (itself and its transitive imports).
    closure: tuple[str, ...]
    #: The WASM binary of a `wasm` entry (held so a run uses exactly what was validated).
    data: bytes | None = None


@dataclass(frozen=True)
class Pack:
    name: str
    version: str
    description: str
    origin: Origin
    #: The pack folder; only the CLI and diagnostics show it, never the guest.
    root: Path
    sandbox_field: str
    modules: Mapping[str, SandboxModule]
    mounted: Mapping[str, MountedModule]
    skill: Skill | None
    #: Bytes of everything the pack mounts (counted against PACK_MAX).
    size: int

    @property
    def alias(self) -> str | None:
        """The reference's name for this pack (`@nodetool-ai/sandbox-yaml`), which serves it too."""
        return reference_alias(self.name)
