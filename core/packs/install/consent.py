"""What a person is asked before a pack is placed: the consent request.

Everything in it describes the exact artifact already downloaded, verified
and unpacked in staging — its integrity, size and file count, the specifiers
it adds, its dependencies and how its npm modules compiled — plus, in plain
words, what importing it grants. Nothing is placed until `commit_install`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from core.packs.install.classify import Classification
from core.packs.install.deps import FetchedDependency
from core.packs.install.records import InstallRecord
from core.packs.install.staging import Staging
from core.packs.sizes import PackSizes, human_size, on_disk, plural

INSTALL_MODE = "scripts never run"
INSTALL_MODE_DETAIL = (
    "Cordon unpacks the package itself; no npm process runs, so no install script of the pack "
    "or of its dependencies is ever executed."
)


def grant_text(specifiers: tuple[str, ...]) -> str:
    """The plain-words statement of what importing grants (the design's wording)."""
    names = ", ".join(f'"{s}"' for s in specifiers) or "this pack's modules"
    return (
        f"Importing {names} runs this package's code inside your Code nodes with that node's capabilities: "
        "network via fetch, the workspace, the secrets the node may read. It cannot leave the sandbox, but "
        "anything the importing node can do, the package can do too — including at the moment it is imported."
    )


@dataclass(frozen=True)
class NpmModuleStatus:
    """How one `{"npm": ...}` module compiled at install time (a skip names its rule)."""

    dependency: str
    ok: bool
    rule: str | None = None
    message: str = ""
    size: int = 0
    #: What the compiler noticed but the probe did not refuse (globals the sandbox lacks, with lines).
    warnings: tuple[str, ...] = ()
    #: Node builtins served from Cordon's vendored polyfills (`buffer (buffer@6.0.3)`).
    polyfills: tuple[str, ...] = ()
    #: Node builtins required only inside functions, replaced by a stub that throws if reached (`stream (file:line)`).
    stubs: tuple[str, ...] = ()
    #: The bundle limit it was held to, said for people (`3 MB (the default; up to 8 MB with ...)`).
    limit: str = ""


@dataclass(eq=False)
class ConsentRequest:
    name: str
    version: str
    #: "registry" | "tarball" | "folder"
    origin: str
    #: Where it came from, for people ("js-yaml@^4 from https://registry.npmjs.org").
    source: str
    integrity: str
    download_size: int
    unpacked_size: int
    file_count: int
    classification: Classification
    previous_version: str | None
    previous_classification: str | None
    lifecycle_scripts: tuple[str, ...]
    dependencies: tuple[FetchedDependency, ...]
    npm_modules: tuple[NpmModuleStatus, ...]
    trusted: bool
    warnings: tuple[str, ...] = ()
    install_mode: str = INSTALL_MODE
    #: Against the installed version (an update): modules added or removed, sizes, skips, warnings, integrity.
    changes: tuple[str, ...] = ()
    #: Where this came from, kept after commit so `cordon packs update` can prepare it again (None: a file).
    record: InstallRecord | None = None
    #: Discovery's errors about the staged pack (modules it will skip), shown before consent.
    problems: tuple[str, ...] = ()
    #: Bytes of the modules discovery mounts from the staged pack (None: its npm modules only, whose
    #: compiled sizes are `npm_modules`' own, the same bundles discovery will mount).
    mounted_size: int | None = None
    state: str = "prepared"
    _staging: Staging | None = field(default=None, repr=False)

    #: (files, bytes, npm packages) of the staged folder, counted as the pack's page will count it once placed.
    _placed: tuple[int, int, int] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self._staging is not None and self._staging.pack.is_dir():
            self._placed = on_disk(self._staging.pack)
        # The install record keeps what was downloaded, so the pack's page says the same as this request.
        if self.record is not None:
            self.record = replace(self.record, download=self.sizes.download or 0)

    @property
    def specifiers(self) -> tuple[str, ...]:
        return self.classification.specifiers

    @property
    def grants(self) -> str:
        return grant_text(self.specifiers)

    @property
    def tree_size(self) -> tuple[int, int]:
        """(files, bytes) of everything placed: the pack and its whole dependency tree."""
        return (
            self.file_count + sum(d.files for d in self.dependencies),
            self.unpacked_size + sum(d.size for d in self.dependencies),
        )

    @property
    def sizes(self) -> PackSizes:
        """Download (the pack's tarball and its dependencies'), on disk (the whole tree) and the sandbox
        bundle, as the pack's page and `cordon packs show` will say them once it is installed."""
        files, size = self.tree_size
        packages = len(self.dependencies)
        if self._placed is not None:
            files, size, packages = self._placed
        download = self.download_size + sum(d.download for d in self.dependencies)
        bundle = self.mounted_size
        if bundle is None:
            bundle = sum(m.size for m in self.npm_modules if m.ok)
        return PackSizes(
            # Only what came from a registry, whose install record keeps it for the pack's page: a local
            # .tgz or folder was not downloaded (a dependency it fetched is still on disk and in the bundle).
            download if self.origin in ("registry", "npm") else None,
            size,
            files,
            bundle,
            packages,
        )

    @property
    def classification_changed(self) -> bool:
        return self.previous_classification is not None and self.previous_classification != self.classification.label

    def lines(self) -> list[str]:
        """The request as short lines for a terminal or a dialog."""
        out = [f"Install {self.name}@{self.version} ({self.source})"]
        if self.previous_version is not None:
            out.append(f"  replaces installed version {self.previous_version}")
            out.extend(f"    change: {c}" for c in self.changes)
        out.append(f"  {self.grants}")
        out.append(f"  specifiers: {', '.join(self.specifiers) or '(none)'}")
        out.append(f"  kind: {self.classification.label}")
        if self.classification_changed:
            out.append(
                f"  CHANGED: the installed version is {self.previous_classification}; "
                f"this one is {self.classification.label}"
            )
        out.extend(self.sizes.lines())
        out.append(f"  integrity: {self.integrity}")
        out.append(f"  install mode: {self.install_mode} — {INSTALL_MODE_DETAIL}")
        if self.lifecycle_scripts:
            out.append(f"  declared install scripts (not run): {', '.join(self.lifecycle_scripts)}")
        for dep in self.dependencies:
            out.append(
                f"  dependency {dep.name}@{dep.version} ({plural(dep.files, 'file')}, {human_size(dep.size)}, "
                f"{dep.integrity})"
            )
        for module in self.npm_modules:
            state = f"bundled, {human_size(module.size)}" if module.ok else f"skipped ({module.rule}): {module.message}"
            state += f"; bundle limit {module.limit}" if module.limit else ""
            out.append(f"  npm module {module.dependency}: {state}")
            if module.polyfills:
                out.append(f"    polyfills (pure JavaScript, no new capability): {', '.join(module.polyfills)}")
            if module.stubs:
                out.append(f"    stubs (Node builtins that throw if this code is reached): {', '.join(module.stubs)}")
            out.extend(f"    warning: {w}" for w in module.warnings)
        if self.origin != "npm":  # a wrapped npm library has no SKILL.md: its trust would only be jargon
            docs = "trusted" if self.trusted else "untrusted (its SKILL.md reaches agents only as untrusted content)"
            out.append(f"  docs: {docs}")
        out.extend(f"  warning: {w}" for w in self.warnings)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "origin": self.origin,
            "source": self.source,
            "specifiers": list(self.specifiers),
            "grants": self.grants,
            "integrity": self.integrity,
            "downloadSize": self.download_size,
            "unpackedSize": self.unpacked_size,
            "fileCount": self.file_count,
            "installMode": self.install_mode,
            "classification": self.classification.label,
            "previousVersion": self.previous_version,
            "previousClassification": self.previous_classification,
            "classificationChanged": self.classification_changed,
            "lifecycleScripts": list(self.lifecycle_scripts),
            "dependencies": [
                {"name": d.name, "version": d.version, "integrity": d.integrity, "files": d.files, "size": d.size}
                for d in self.dependencies
            ],
            "treeFiles": self.tree_size[0],
            "treeSize": self.tree_size[1],
            "sizes": self.sizes.to_json(),
            "npmModules": [
                {
                    "dependency": m.dependency,
                    "ok": m.ok,
                    "rule": m.rule,
                    "message": m.message,
                    "size": m.size,
                    "warnings": list(m.warnings),
                    "polyfills": list(m.polyfills),
                    "stubs": list(m.stubs),
                    "limit": m.limit,
                }
                for m in self.npm_modules
            ],
            "trusted": self.trusted,
            "warnings": list(self.warnings),
            "state": self.state,
            "changes": list(self.changes),
        }
