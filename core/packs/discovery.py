"""Pack discovery: read pack folders into checked, in-memory packs — never executing pack code.

Roots are Cordon's shipped packs (`resources/packs/<dir>/`) and installed
packs (`data_dir()/packs/<scope>/<name>/` or `data_dir()/packs/<name>/`, with
package.json at the folder's root; folders starting with `.` or `_` are
ignored, so an installer can stage next to them). A shipped pack wins a name
collision; an installed pack may not use the `@cordon/` scope, nor the
reference's `@nodetool-ai/sandbox-*` names (they are the shipped packs' aliases).

Every problem is a `PackStatus` with a named rule. A pack-level problem (bad
package.json, too large, ...) skips the pack; a module-level problem skips
the specifiers that need that module; warnings (SKILL.md) skip nothing. No
exception from one pack stops discovery of the others.
"""

from __future__ import annotations

import logging
import posixpath
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from core.errors import CordonError
from core.packs import host_registry
from core.packs.bridge import bridge_module, bridge_module_id, facade_module
from core.packs.caps import AUTHORED_JS_MAX, MANIFEST_MAX, NPM_JS_MAX, PACK_MAX, WASM_MAX
from core.packs.digest import closure, graph_digest, sha256_hex
from core.packs.files import normalize_relpath, read_contained, read_text
from core.packs.jscheck import scan_module
from core.packs.manifest import (
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
from core.packs.pack import (
    Entry,
    ModuleKind,
    MountedModule,
    Origin,
    Pack,
    SandboxModule,
    file_module_id,
    generated_module_id,
)
from core.packs.roots import PackRoot, default_roots
from core.packs.skill import Skill, read_skill
from core.packs.status import DiscoveryError, PackStatus
from core.specifier import (
    REFERENCE_PACK_PREFIX,
    canonical_specifier,
    module_name_problem,
    show_specifier,
    specifier_for,
    specifier_kind,
    specifier_refusal,
)

logger = logging.getLogger(__name__)

JS_SUFFIXES = (".js", ".mjs")
RESERVED_SCOPE = "@cordon/"

#: `compile_npm(pack_root, dependency)` -> object with `.source`, `.digest`, `.compiler_version`
#: (and optionally `.warnings`, each shown as an `npm-module-warning` status).
NpmCompiler = Callable[[Path, str], Any]


@dataclass(frozen=True)
class Discovery:
    packs: Mapping[str, Pack] = field(default_factory=dict)
    statuses: tuple[PackStatus, ...] = ()
    #: Pack name -> the status that made the whole pack unusable.
    failed_packs: Mapping[str, PackStatus] = field(default_factory=dict)
    #: Specifier -> the status that skipped that module.
    skipped: Mapping[str, PackStatus] = field(default_factory=dict)


def pack_dirs(root: PackRoot) -> Iterator[tuple[Path, str | None]]:
    """(folder, the package name its location implies, if any) of each candidate pack."""
    if not root.path.is_dir():
        return

    def children(folder: Path) -> list[Path]:
        try:
            return sorted(c for c in folder.iterdir() if c.is_dir() and not c.name.startswith((".", "_")))
        except OSError:  # an unreadable folder hides what is below it, never the other packs
            logger.warning("pack folder %s is unreadable", folder, exc_info=True)
            return []

    for child in children(root.path):
        if root.origin == "shipped":
            yield child, None
        elif child.name.startswith("@"):
            for sub in children(child):
                yield sub, f"{child.name}/{sub.name}"
        else:
            yield child, child.name


def discover(roots: tuple[PackRoot, ...] | None = None, *, compile_npm: NpmCompiler | None = None) -> Discovery:
    """Read every pack under `roots` (default: the shipped and installed packs) into a `Discovery`.

    Rolling back an interrupted install is the caller's business (`core.packs.default_catalog`
    injects the installer's recovery into its catalog), so discovery never imports the installer.
    """
    packs: dict[str, Pack] = {}
    statuses: list[PackStatus] = []
    failed: dict[str, PackStatus] = {}
    skipped: dict[str, PackStatus] = {}
    for root in roots if roots is not None else default_roots():
        for folder, expected in pack_dirs(root):
            reader = _PackReader(folder, root.origin, expected, compile_npm)
            pack = None
            try:
                pack = reader.read()
            except DiscoveryError as exc:
                reader.fail(exc.status(pack=reader.name or expected or folder.name))
            except Exception as exc:  # a bug reading one pack must not hide the others
                logger.exception("discovery failed on %s", folder)
                reader.fail(
                    PackStatus(
                        "pack-discovery-failed",
                        f"discovery failed: {type(exc).__name__}: {exc}",
                        pack=reader.name or expected or folder.name,
                    )
                )
            if pack is not None and pack.name in packs:
                first = packs[pack.name]
                reader.fail(
                    PackStatus(
                        "pack-duplicate",
                        f"{pack.name} ({pack.origin}) is ignored: the {first.origin} pack of the same name is used",
                        pack=pack.name,
                    )
                )
                pack = None
            statuses.extend(reader.statuses)
            skipped.update(reader.skipped)
            if pack is not None:
                packs[pack.name] = pack
            elif reader.failure is not None and (reader.name or expected) not in packs:
                failed.setdefault(reader.name or expected or folder.name, reader.failure)
    return Discovery(packs, tuple(statuses), failed, skipped)


class _PackRejected(DiscoveryError):
    """A problem that makes the whole pack unusable (not just one module)."""


class _PackReader:
    def __init__(self, folder: Path, origin: Origin, expected: str | None, compile_npm: NpmCompiler | None) -> None:
        self.folder = folder
        self.origin = origin
        self.expected = expected
        self.compile_npm = compile_npm
        self.name: str | None = None
        self.statuses: list[PackStatus] = []
        self.skipped: dict[str, PackStatus] = {}
        self.failure: PackStatus | None = None
        self.size = 0
        self.mounted: dict[str, MountedModule] = {}
        self.errors: dict[str, DiscoveryError] = {}
        self.wasm_bytes: dict[str, bytes] = {}

    # -- bookkeeping ----------------------------------------------------------------
    def fail(self, status: PackStatus) -> None:
        self.failure = status
        self.statuses.append(status)

    def skip(self, specifier: str, exc: DiscoveryError, prefix: str = "") -> None:
        status = PackStatus(exc.rule, prefix + exc.message, "error", self.name, specifier, exc.path, exc.line)
        self.skipped[specifier] = status
        self.statuses.append(status)

    def account(self, size: int) -> None:
        self.size += size
        if self.size > PACK_MAX:
            raise _PackRejected(f"the pack mounts more than {PACK_MAX} bytes of modules", rule="pack-too-large")

    # -- the pack ---------------------------------------------------------------------
    def read(self) -> Pack:
        manifest = self._manifest()
        name = manifest.name
        assert manifest.sandbox is not None and manifest.sandbox_field is not None
        entries = self._entries(manifest)
        entry_files = {
            spec: self._entry_file(spec, e) for spec, e in entries.items() if isinstance(e, JsFileEntry | WasmEntry)
        }
        entries = {
            spec: e
            for spec, e in entries.items()
            if not isinstance(e, JsFileEntry | WasmEntry) or entry_files.get(spec)
        }
        js_files = {entry_files[s] for s, e in entries.items() if isinstance(e, JsFileEntry)}
        internal = self._internal(manifest.sandbox.internal, js_files)
        entry_ids = {spec: self._module_id(spec, e, entry_files) for spec, e in entries.items()}

        mountable = js_files | internal
        for rel in sorted(mountable):
            self._guard(file_module_id(name, rel), lambda rel=rel: self._js_file(rel, mountable, js_files, entry_ids))
        for spec, entry in entries.items():
            module_id = entry_ids[spec]
            if isinstance(entry, JsNpmEntry):
                self._guard(module_id, lambda s=spec, e=entry: self._npm(s, e))
            elif isinstance(entry, WasmEntry):
                self._guard(module_id, lambda s=spec, e=entry: self._wasm(s, e, entry_files[s]))
            elif isinstance(entry, HostEntry):
                self._guard(module_id, lambda s=spec, e=entry: self._host(s, e))
        self._reject_cycles()

        bridges = {bridge_module_id(k): bridge_module(k) for k in ("host", "wasm")}
        modules: dict[str, SandboxModule] = {}
        for spec, entry in entries.items():
            module_id = entry_ids[spec]
            ids = closure(self.mounted, module_id)
            broken = next((i for i in ids if i in self.errors), None)
            if broken is not None:
                exc = self.errors[broken]
                self.skip(spec, exc, "" if broken == module_id else f"needs {exc.path or broken}: ")
                continue
            modules[spec] = SandboxModule(
                specifier=spec,
                pack=name,
                version=manifest.version,
                origin=self.origin,
                kind=_kind(entry),
                entry=entry,
                module_id=module_id,
                digest=graph_digest(self.mounted, ids, bridges),
                closure=ids,
                data=self.wasm_bytes.get(module_id),
            )
        return Pack(
            name=name,
            version=manifest.version,
            description=manifest.description,
            origin=self.origin,
            root=self.folder,
            sandbox_field=manifest.sandbox_field,
            modules=modules,
            mounted=dict(self.mounted),
            skill=self._skill(),
            size=self.size,
        )

    def _manifest(self) -> PackageJson:
        try:
            raw = read_contained(self.folder, "package.json", MANIFEST_MAX, too_large="manifest-too-large")
            manifest = parse_package_json(raw)
        except ManifestError as exc:
            raise _PackRejected(str(exc), rule=exc.rule, path="package.json") from None
        except DiscoveryError as exc:
            rule = "manifest-missing" if exc.rule == "module-missing-file" else exc.rule
            raise _PackRejected(exc.message, rule=rule, path="package.json") from None
        self.name = manifest.name
        if manifest.sandbox is None:
            raise _PackRejected(
                "package.json has no `cordon` (or `nodetool`) sandbox field",
                rule="manifest-no-sandbox",
                path="package.json",
            )
        if self.expected is not None and manifest.name != self.expected:
            raise _PackRejected(
                f"package.json names {manifest.name} but the pack is installed as {self.expected}",
                rule="pack-location-mismatch",
                path="package.json",
            )
        if self.origin == "installed" and manifest.name.startswith(RESERVED_SCOPE):
            raise _PackRejected(
                f"the {RESERVED_SCOPE} scope is reserved for Cordon's shipped packs",
                rule="pack-reserved-scope",
                path="package.json",
            )
        if self.origin == "installed" and canonical_specifier(manifest.name) != manifest.name:
            raise _PackRejected(
                f"{REFERENCE_PACK_PREFIX}* names are the reference's names of Cordon's shipped "
                f"packs ({canonical_specifier(manifest.name)})",
                rule="pack-reserved-scope",
                path="package.json",
            )
        return manifest

    def _entries(self, manifest: PackageJson) -> dict[str, Entry]:
        assert manifest.sandbox is not None
        parsed: list[tuple[str, Entry]] = []
        for index, raw in enumerate(manifest.sandbox.sandboxModules):
            try:
                entry = parse_entry(raw)
            except ValidationError as exc:
                label = entry_label(raw, index)
                bad_name = any(e["loc"] and e["loc"][-1] == "name" for e in exc.errors())
                spec = None if module_name_problem(label) else specifier_for(manifest.name, label)
                error = DiscoveryError(
                    f"sandboxModules[{index}] ({label}): {describe(exc)}",
                    rule="specifier-invalid" if bad_name else "manifest-entry-invalid",
                    path="package.json",
                )
                if spec is not None and not bad_name:
                    self.skip(spec, error)
                else:
                    self.statuses.append(error.status(pack=manifest.name, specifier=spec))
                continue
            parsed.append((specifier_for(manifest.name, entry.name), entry))
        specs = [s for s, _ in parsed]
        entries: dict[str, Entry] = {}
        for spec, entry in parsed:
            if specs.count(spec) > 1:
                if spec not in self.skipped:
                    self.skip(
                        spec,
                        DiscoveryError(
                            f"{specs.count(spec)} entries declare {spec}; none is used",
                            rule="specifier-duplicate",
                            path="package.json",
                        ),
                    )
                continue
            entries[spec] = entry
        return entries

    def _entry_file(self, spec: str, entry: JsFileEntry | WasmEntry) -> str | None:
        suffixes = JS_SUFFIXES if isinstance(entry, JsFileEntry) else (".wasm",)
        try:
            rel = normalize_relpath(entry.file)
            if not rel.endswith(suffixes):
                raise DiscoveryError(
                    f"{rel}: a {entry.kind} module file must end in {' or '.join(suffixes)}",
                    rule="module-bad-extension",
                    path=rel,
                )
        except DiscoveryError as exc:
            self.skip(spec, exc)
            return None
        return rel

    def _internal(self, listed: list[str], js_files: set[str]) -> set[str]:
        internal: set[str] = set()
        for raw in listed:
            try:
                rel = normalize_relpath(raw)
            except DiscoveryError as exc:
                raise _PackRejected(f"internal: {exc.message}", rule=exc.rule, path="package.json") from None
            if not rel.endswith(JS_SUFFIXES):
                raise _PackRejected(
                    f"internal file {rel} is not a .js module", rule="internal-not-js", path="package.json"
                )
            if rel in internal:
                raise _PackRejected(
                    f"internal file {rel} is listed twice", rule="internal-duplicate", path="package.json"
                )
            if rel in js_files:
                raise _PackRejected(
                    f"{rel} is both a public module file and internal", rule="internal-is-entry", path="package.json"
                )
            internal.add(rel)
        return internal

    def _module_id(self, spec: str, entry: Entry, entry_files: Mapping[str, str | None]) -> str:
        assert self.name is not None
        if isinstance(entry, JsFileEntry):
            return file_module_id(self.name, entry_files[spec] or "")
        kind = "npm" if isinstance(entry, JsNpmEntry) else entry.kind
        return generated_module_id(self.name, kind, entry.name)

    def _guard(self, module_id: str, load: Callable[[], MountedModule]) -> None:
        """Mount what `load` builds, or record why `module_id` cannot be mounted."""
        try:
            self.mounted[module_id] = load()
        except _PackRejected:
            raise
        except DiscoveryError as exc:
            self.errors[module_id] = exc
        except CordonError as exc:
            self.errors[module_id] = DiscoveryError(exc.message, rule=exc.rule)
        except Exception as exc:  # a bug in a compiler or validator skips this module only
            logger.exception("loading module %s of %s failed", module_id, self.folder)
            self.errors[module_id] = DiscoveryError(
                f"loading failed: {type(exc).__name__}: {exc}", rule="module-load-failed"
            )

    # -- module kinds -----------------------------------------------------------------
    def _js_file(self, rel: str, mountable: set[str], public: set[str], entry_ids: Mapping[str, str]) -> MountedModule:
        assert self.name is not None
        source = read_text(self.folder, rel, AUTHORED_JS_MAX)
        self.account(len(source.encode("utf-8")))
        requests = {}
        for request in scan_module(source, rel):
            try:
                requests[request.specifier] = self._resolve(rel, request.specifier, mountable, entry_ids)
            except DiscoveryError as exc:
                raise DiscoveryError(exc.message, rule=exc.rule, path=rel, line=request.line) from None
        module_id = file_module_id(self.name, rel)
        return MountedModule(
            module_id, source, self.name, "entry" if rel in public else "internal", requests, record={"kind": "file"}
        )

    def _resolve(self, rel: str, spec: str, mountable: set[str], entry_ids: Mapping[str, str]) -> str:
        """Module id of `spec` imported by pack file `rel`: a mounted sibling, or this pack's own specifier."""
        assert self.name is not None
        kind = specifier_kind(spec)
        if kind == "relative":
            target = normalize_relpath(posixpath.join(posixpath.dirname(rel), spec))
            if target not in mountable:
                raise DiscoveryError(
                    f"{rel} imports '{spec}' ({target}), which the pack does not mount: list it in "
                    "the pack's `internal` files",
                    rule="module-not-mounted",
                )
            return file_module_id(self.name, target)
        if kind == "bare" and spec in entry_ids:
            return entry_ids[spec]
        refusal = specifier_refusal(spec, rel)  # what the loader would refuse at run time, in its words
        if refusal is not None:
            raise DiscoveryError(refusal.message, rule=refusal.rule)
        raise DiscoveryError(
            f"{rel} imports '{show_specifier(spec)}': packs cannot import other packs; a pack "
            "module may import only files of its own pack and its own specifiers",
            rule="module-cross-pack",
        )

    def _npm(self, spec: str, entry: JsNpmEntry) -> MountedModule:
        assert self.name is not None
        compile_npm = self.compile_npm
        if compile_npm is None:
            try:
                from core.packs.compiler import compile_npm
            except ImportError:
                raise DiscoveryError(
                    f"{spec} is compiled from npm dependency {entry.npm}, and Cordon's npm compiler is not available",
                    rule="npm-compiler-unavailable",
                ) from None
        where = f"npm:{entry.npm}"
        compiled = compile_npm(self.folder, entry.npm)
        size = len(compiled.source.encode("utf-8"))
        most = getattr(compiled, "max_bytes", NPM_JS_MAX)  # the limit the person consented to (npm.limit)
        if size > most:
            raise DiscoveryError(
                f"{where} compiles to {size} bytes; at most {most}", rule="npm-module-too-large", path=where
            )
        self.account(size)
        self.statuses.extend(
            PackStatus("npm-module-warning", warning, "warning", self.name, spec, where)
            for warning in getattr(compiled, "warnings", ())
        )
        if scan_module(compiled.source, where, max_chars=most):
            raise DiscoveryError(
                f"{where} still imports other modules after compilation; npm modules must be self-contained",
                rule="module-outside-pack",
                path=where,
            )
        return MountedModule(
            generated_module_id(self.name, "npm", entry.name),
            compiled.source,
            self.name,
            "npm",
            record={"compiler": str(compiled.compiler_version), "compileDigest": str(compiled.digest)},
        )

    def _wasm(self, spec: str, entry: WasmEntry, rel: str) -> MountedModule:
        assert self.name is not None
        data = read_contained(self.folder, rel, WASM_MAX)
        self.account(len(data))
        try:
            from core.packs.wasm import validate_module
        except ImportError:
            raise DiscoveryError(
                f"{spec} is a WASM module and Cordon's WASM host is not available", rule="wasm-unavailable", path=rel
            ) from None
        try:
            validate_module(data, entry)
        except CordonError as exc:
            raise DiscoveryError(exc.message, rule=exc.rule, path=rel) from None
        facade = facade_module(
            self.name,
            "wasm",
            entry.name,
            spec,
            [e.as_ for e in entry.exports],
            {"wasm": sha256_hex(data), "entry": entry.model_dump_json(by_alias=True)},
        )
        self.wasm_bytes[facade.module_id] = data
        return facade

    def _host(self, spec: str, entry: HostEntry) -> MountedModule:
        assert self.name is not None
        host = host_registry.pinned(entry, self.name, self.origin)
        return facade_module(
            self.name, "host", entry.name, spec, sorted(host.exports), {"host": host.id, "hostVersion": host.version}
        )

    # -- graph rules ------------------------------------------------------------------
    def _reject_cycles(self) -> None:
        """A pack's module graph must be acyclic: every module on a cycle is refused."""
        state: dict[str, int] = {}  # 1 = on the DFS path, 2 = done
        for start in sorted(self.mounted):
            if state.get(start):
                continue
            path: list[str] = []
            stack: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(self.mounted[start].requests.values())))]
            state[start] = 1
            path.append(start)
            while stack:
                node, targets = stack[-1]
                nxt = next(targets, None)
                if nxt is None:
                    stack.pop()
                    path.pop()
                    state[node] = 2
                elif nxt in self.mounted and state.get(nxt) == 1:
                    cycle = [*path[path.index(nxt) :], nxt]
                    self._refuse_cycle(cycle)
                elif nxt in self.mounted and not state.get(nxt):
                    state[nxt] = 1
                    path.append(nxt)
                    stack.append((nxt, iter(sorted(self.mounted[nxt].requests.values()))))
        for module_id in self.errors:
            self.mounted.pop(module_id, None)

    def _refuse_cycle(self, cycle: list[str]) -> None:
        names = " -> ".join(i.split("#", 1)[-1] for i in cycle)
        for module_id in cycle[:-1]:
            self.errors.setdefault(
                module_id,
                DiscoveryError(
                    f"import cycle {names}; a pack's modules must not import each other in a cycle",
                    rule="module-import-cycle",
                    path=module_id.split("#", 1)[-1],
                ),
            )

    def _skill(self) -> Skill | None:
        try:
            return read_skill(self.folder)
        except DiscoveryError as exc:
            self.statuses.append(exc.status(pack=self.name, severity="warning"))
            return None


def _kind(entry: Entry) -> ModuleKind:
    return "npm" if isinstance(entry, JsNpmEntry) else entry.kind
