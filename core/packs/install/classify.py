"""Classifying the unpacked artifact: what importing it would run, and where.

Read from the package.json that was actually unpacked (never registry
metadata, which can describe another artifact than a tag resolves to), with
discovery's own manifest parser, so install and discovery cannot disagree.

* sandbox-only: every module runs inside QuickJS (authored JS, npm-compiled
  JS) or is a WASM binary run on the host with no imports — installable after
  consent;
* host code: a `register` entry point, a `nodes` declaration, or a `kind:
  "host"` module not pinned to this package in the host registry (an installed
  pack never is: host modules belong to Cordon's shipped packs) — refused.

A classification that differs from the installed version's is flagged in the
consent request: a pack that starts shipping WASM or npm code says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from core.packs import host_registry
from core.packs.install.errors import InstallError
from core.packs.install.package_json import read_package_json
from core.packs.manifest import (
    SANDBOX_FIELDS,
    HostEntry,
    JsFileEntry,
    JsNpmEntry,
    ManifestError,
    PackageJson,
    WasmEntry,
    describe,
    entry_label,
    parse_entry,
    parse_package_json,
)
from core.packs.status import DiscoveryError
from core.specifier import is_package_name, specifier_for

#: Declarations that mean "run this package's code on the host" in the reference's pack system.
HOST_ENTRY_POINTS = ("register", "nodes")


@dataclass(frozen=True)
class Classification:
    name: str
    version: str
    #: "sandbox-only" (installable) or "host-code" (refused).
    kind: str
    #: Module kinds the pack mounts, sorted: "js", "npm", "wasm".
    module_kinds: tuple[str, ...]
    specifiers: tuple[str, ...]
    #: npm modules compiled into guest modules: {dependency or entry point (`date-fns/locale`): the
    #: dependency's version range from package.json}.
    npm: dict[str, str]
    host_code: tuple[str, ...] = ()
    #: Entries that will be skipped at discovery (invalid), as readable lines.
    problems: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        kinds = ", ".join(self.module_kinds) or "no modules"
        return f"{self.kind} ({kinds})"


def _host_code(doc: dict[str, Any], manifest: PackageJson) -> list[str]:
    found = []
    for field in SANDBOX_FIELDS:
        section = doc.get(field)
        if isinstance(section, dict):
            found.extend(f"{field}.{key}" for key in HOST_ENTRY_POINTS if key in section)
    for raw in manifest.sandbox.sandboxModules if manifest.sandbox else ():
        if isinstance(raw, dict) and raw.get("kind") == "host":
            try:
                entry = parse_entry(raw)
                assert isinstance(entry, HostEntry)
                host_registry.pinned(entry, manifest.name, "installed")
            except (ValidationError, DiscoveryError) as exc:
                reason = exc.message if isinstance(exc, DiscoveryError) else describe(exc)
                found.append(f"host module {str(raw.get('host'))[:100]!r}: {reason}")
    return found


def classify(root: Path, what: str) -> Classification:
    """Classify the package unpacked at `root`; raise `manifest-invalid` if it is no sandbox pack."""
    doc = read_package_json(root, what)
    try:
        manifest = parse_package_json((root / "package.json").read_bytes())
    except ManifestError as exc:
        raise InstallError(f"{what}: {exc}", rule="manifest-invalid") from None
    if manifest.sandbox is None:
        name = doc.get("name")
        library = name if isinstance(name, str) and is_package_name(name) else None
        offer = (
            f"; it is a plain npm library: install it as one with `cordon packs install npm:{name}`" if library else ""
        )
        raise InstallError(
            f'{what}: package.json has no "cordon" (or "nodetool") sandbox field, so it is not a sandbox pack{offer}',
            rule="manifest-invalid",
            npm_library=library,
        )
    dependencies = doc.get("dependencies") if isinstance(doc.get("dependencies"), dict) else {}
    kinds: set[str] = set()
    specifiers: list[str] = []
    npm: dict[str, str] = {}
    problems: list[str] = []
    for index, raw in enumerate(manifest.sandbox.sandboxModules):
        try:
            entry = parse_entry(raw)
        except ValidationError as exc:
            problems.append(f"module {entry_label(raw, index)}: {describe(exc)} (it will be skipped)")
            continue
        if isinstance(entry, HostEntry):
            continue  # judged by _host_code
        specifiers.append(specifier_for(manifest.name, entry.name))
        if isinstance(entry, JsNpmEntry):
            kinds.add("npm")
            spec = dependencies.get(entry.package)
            if not isinstance(spec, str):
                raise InstallError(
                    f"{what}: module {entry.name!r} compiles npm dependency {entry.package!r}, "
                    'which package.json does not list in "dependencies"',
                    rule="dependency-missing",
                )
            npm[entry.npm] = spec
        elif isinstance(entry, (JsFileEntry, WasmEntry)):
            kinds.add(entry.kind)
    host = _host_code(doc, manifest)
    return Classification(
        manifest.name,
        manifest.version,
        "host-code" if host else "sandbox-only",
        tuple(sorted(kinds)),
        tuple(specifiers),
        npm,
        tuple(host),
        tuple(problems),
    )


def refuse_host_code(found: Classification, what: str) -> None:
    if found.host_code:
        raise InstallError(
            f"{what} declares host code, which Cordon never installs from a third party "
            f"(only its own shipped packs may use pinned host modules): {'; '.join(found.host_code)}",
            rule="host-code-refused",
        )
