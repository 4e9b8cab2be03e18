"""Fetching the npm dependencies a config-only module compiles from, into the pack's `node_modules/`.

Dependencies come the same way as packs: resolved from the registry by
range, integrity-verified before unpacking, unpacked by `archive`, and never
built (no npm, no scripts, no native builds). Transitive `dependencies` are
read from each *unpacked* package.json, not from registry summaries. Layout is
npm's: hoisted to the top `node_modules/` when the name is free there, nested
under the requiring package when a different version already holds it, so
Node-style resolution (which the compiler follows) finds the right copy.
`peerDependencies` (not marked optional) are fetched beside the package that
asks for them, as npm 7+ does. A pack that ships `npm-shrinkwrap.json` or
`package-lock.json` (lockfile v2/v3 `packages` map) pins each dependency it
lists: the exact locked version is fetched, and the registry's integrity must
equal the locked one (`integrity-mismatch` otherwise), so the consented
lockfile decides what lands, not the registry's latest match.
Only dependencies named by `{"npm": ...}` modules (and what they need) are
fetched: nothing else a pack lists can reach a guest.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from core.packs.install.archive import MAX_UNPACKED_BYTES, ArchiveLimits, extract_tarball
from core.packs.install.errors import InstallError
from core.packs.install.names import validate_name
from core.packs.install.package_json import read_package_json, string_map
from core.packs.install.registry import DOWNLOAD_POOL, Progress, Registry
from core.packs.install.semver import Range, RangeError, Version
from core.packs.install.staging import Staging

MAX_DEPENDENCIES = 100
#: Budget for every dependency together (each tarball also has the per-archive caps).
MAX_DEPENDENCY_BYTES = MAX_UNPACKED_BYTES
#: Lockfiles of real packs run to megabytes; larger ones are ignored (the ranges still apply).
MAX_LOCKFILE_BYTES = 16 * 1024 * 1024
LOCKFILES = ("npm-shrinkwrap.json", "package-lock.json")
_UNSUPPORTED = ("file:", "link:", "git", "http:", "https:", "npm:", "workspace:")


@dataclass(frozen=True)
class FetchedDependency:
    name: str
    version: str
    integrity: str
    #: Folder relative to the pack root, POSIX style (`node_modules/js-yaml`).
    path: str
    files: int
    size: int
    #: Bytes of its tarball (what was downloaded, or read from Cordon's verified cache).
    download: int = 0


def _installed_version(folder: Path) -> Version | None:
    try:
        return Version.parse(str(read_package_json(folder, str(folder)).get("version", "")))
    except (InstallError, RangeError):
        return None


def _satisfies(spec: str, version: Version | None) -> bool:
    if version is None:
        return False
    try:
        return Range.parse(spec or "*").satisfied_by(version)
    except RangeError:
        return False


def _nm(parts: tuple[str, ...], name: str) -> tuple[str, ...]:
    return (*parts, "node_modules", *name.split("/"))


def _ancestors(parent: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Package folders whose node_modules Node's resolution searches from `parent`, nearest first."""
    found = [parent]
    parts = list(parent)
    while "node_modules" in parts:
        idx = len(parts) - 1 - parts[::-1].index("node_modules")
        parts = parts[:idx]
        found.append(tuple(parts))
    if found[-1] != ():
        found.append(())
    return found


class _LockedPackage(BaseModel):
    """One `packages` entry of a lockfile (v2/v3), as far as an install reads it: which version, which bytes."""

    model_config = ConfigDict(extra="ignore", frozen=True, strict=True)

    version: str = Field(max_length=256)
    integrity: str = Field(max_length=1024)


class _Lockfile(BaseModel):
    """A pack's `package-lock.json` or `npm-shrinkwrap.json`: a file of the pack, so untrusted; only the
    `packages` map is read, and each entry is checked on its own (`_LockedPackage`)."""

    model_config = ConfigDict(extra="ignore", strict=True)

    packages: dict[str, Any] = {}


def read_lockfile(pack_root: Path) -> dict[str, tuple[str, str]]:
    """{"node_modules/a": (version, integrity)} from the pack's shrinkwrap or lockfile (v2/v3), else {}.
    An entry that is not a version and an integrity string is left out (that package resolves as if unlocked)."""
    for name in LOCKFILES:
        path = pack_root / name
        try:
            if path.is_symlink() or not path.is_file() or path.stat().st_size > MAX_LOCKFILE_BYTES:
                continue
            lock = _Lockfile.model_validate_json(path.read_bytes())
        except (OSError, ValidationError):
            continue
        found: dict[str, tuple[str, str]] = {}
        for key, raw in lock.packages.items():
            if not key.startswith("node_modules/"):
                continue
            try:
                entry = _LockedPackage.model_validate(raw)
            except ValidationError:
                continue
            found[key] = (entry.version, entry.integrity)
        return found
    return {}


def _locked(lock: dict[str, tuple[str, str]], place: tuple[str, ...], name: str, spec: str) -> tuple[str, str] | None:
    """The lockfile's (version, integrity) for a package placed at `place` (or hoisted, if it fits)."""
    found = lock.get("/".join(place)) or lock.get(f"node_modules/{name}")
    if found is None or not _satisfies(spec, _parse(found[0])):
        return None
    return found


def _parse(version: str) -> Version | None:
    try:
        return Version.parse(version)
    except RangeError:
        return None


def _fresh_label(staging: Staging) -> str:
    index = 0
    while (staging.root / f"dep-{index}").exists() or staging.tarball(f"dep-{index}").exists():
        index += 1
    return f"dep-{index}"


def _peers(doc: dict[str, Any]) -> dict[str, str]:
    """peerDependencies npm 7+ installs: all but those `peerDependenciesMeta` marks optional."""
    raw = doc.get("peerDependenciesMeta")
    meta: dict[str, Any] = raw if isinstance(raw, dict) else {}
    return {
        name: spec
        for name, spec in string_map(doc, "peerDependencies").items()
        if not (isinstance(meta.get(name), dict) and meta[name].get("optional") is True)
    }


def fetch_dependencies(
    pack_root: Path,
    wanted: dict[str, str],
    *,
    registry: Registry,
    staging: Staging,
    on_progress: Progress | None = None,
    fetched: list[FetchedDependency] | None = None,
) -> list[FetchedDependency]:
    """Fetch `wanted` ({name: range}) and what they depend on into `pack_root/node_modules`.

    Copies the pack already bundles (its tarball's own node_modules, covered by
    the pack's integrity) are used when they satisfy the range. `fetched`
    holds what earlier calls for the same pack fetched: it is appended to, and
    the byte budget and package count are shared with them.
    """
    fetched = [] if fetched is None else fetched
    lock = read_lockfile(pack_root)
    # A bounded pool resolves and downloads what is queued into Cordon's verified cache ahead of the
    # loop below, which keeps npm's placement order and reads each tarball back (verified again).
    # The installer's own thread is the pool's last member: at most DOWNLOAD_POOL requests at once.
    with ThreadPoolExecutor(max_workers=DOWNLOAD_POOL - 1, thread_name_prefix="cordon-npm-fetch") as pool:
        try:
            _fetch_all(pack_root, wanted, registry, staging, on_progress, fetched, lock, pool)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return fetched


class _Queue(deque[tuple[str, str, tuple[str, ...]]]):
    """The breadth-first queue of (name, range, requiring folder); each entry queued is prefetched."""

    def __init__(self, registry: Registry, pool: ThreadPoolExecutor, lock: dict[str, tuple[str, str]]) -> None:
        super().__init__()
        self._registry = registry
        self._pool = pool
        self._lock = lock
        self._asked: set[tuple[str, str]] = set()

    def append(self, item: tuple[str, str, tuple[str, ...]]) -> None:
        super().append(item)
        name, spec, _ = item
        locked = self._lock.get(f"node_modules/{name}")
        spec = locked[0] if locked is not None and _satisfies(spec, _parse(locked[0])) else spec
        if (
            (name, spec) not in self._asked
            and len(self._asked) < MAX_DEPENDENCIES  # a package listing thousands gets no more downloads ahead
            and not spec.startswith(_UNSUPPORTED)
            and "/" not in spec
        ):
            self._asked.add((name, spec))
            self._pool.submit(self._registry.prefetch, name, spec)

    def extend(self, items: Iterable[tuple[str, str, tuple[str, ...]]]) -> None:
        for item in items:
            self.append(item)


def _fetch_all(
    pack_root: Path,
    wanted: dict[str, str],
    registry: Registry,
    staging: Staging,
    on_progress: Progress | None,
    fetched: list[FetchedDependency],
    lock: dict[str, tuple[str, str]],
    pool: ThreadPoolExecutor,
) -> None:
    budget = MAX_DEPENDENCY_BYTES - sum(dep.size for dep in fetched)
    queue = _Queue(registry, pool, lock)
    queue.extend((n, r, ()) for n, r in sorted(wanted.items()))
    while queue:
        name, spec, parent = queue.popleft()
        validate_name(name, "dependency name")
        if spec.startswith(_UNSUPPORTED) or "/" in spec:
            raise InstallError(
                f"dependency {name}@{spec}: only registry version ranges are supported", rule="dependency-unsupported"
            )
        target = None
        for folder in _ancestors(parent):
            here = _nm(folder, name)
            if pack_root.joinpath(*here).is_dir():
                if _satisfies(spec, _installed_version(pack_root.joinpath(*here))):
                    target = here
                break  # Node stops at the nearest copy, so a mismatch must be nested nearer
        if target is not None:
            continue
        top = _nm((), name)
        place = top if not pack_root.joinpath(*top).exists() else _nm(parent, name)
        if pack_root.joinpath(*place).exists():
            raise InstallError(
                f"dependency {name}@{spec}: the pack bundles a copy that does not satisfy that range",
                rule="dependency-unsupported",
            )
        if len(fetched) >= MAX_DEPENDENCIES:
            raise InstallError(f"more than {MAX_DEPENDENCIES} dependency packages to fetch", rule="dependency-limit")
        locked = _locked(lock, place, name, spec)
        package = registry.resolve(name, locked[0] if locked else spec)
        if locked is not None and package.integrity != locked[1]:
            raise InstallError(
                f"dependency {name}@{package.version}: the registry's integrity differs from the "
                f"pack's lockfile ({locked[1][:30]}...)",
                rule="integrity-mismatch",
            )
        if on_progress is not None:
            on_progress("dependencies", len(fetched), None)
        label = _fresh_label(staging)
        download = registry.download(package, staging.tarball(label), on_progress=on_progress)
        unpack_to = staging.root / label
        unpack_to.mkdir()
        what = f"dependency {package.name}@{package.version}"
        unpacked = extract_tarball(
            download.path,
            unpack_to,
            what=what,
            limits=ArchiveLimits(max_unpacked_bytes=budget),
            on_progress=on_progress,
        )
        download.path.unlink()
        budget -= unpacked.size
        doc = read_package_json(unpack_to, what)
        if doc.get("name") != name:
            raise InstallError(f"{what}: its package.json names {doc.get('name')!r}", rule="package-name-mismatch")
        destination = pack_root.joinpath(*place)
        destination.parent.mkdir(parents=True, exist_ok=True)
        os.replace(unpack_to, destination)
        fetched.append(
            FetchedDependency(
                name, package.version, download.integrity, "/".join(place), unpacked.files, unpacked.size, download.size
            )
        )
        optional = string_map(doc, "optionalDependencies")
        for dep, dep_spec in sorted(string_map(doc, "dependencies").items()):
            if dep not in optional:
                queue.append((dep, dep_spec, place))
        queue.extend((dep, dep_spec, parent) for dep, dep_spec in sorted(_peers(doc).items()))
