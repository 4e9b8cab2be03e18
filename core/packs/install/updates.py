"""Updates: where each installed pack came from, what is newer, and what an update changes.

Every install from a registry (a pack by name, or `npm:<library>`) leaves a
record in `data_dir()/install-records.json`: the source as typed (its
range), the registry, the version and the integrity placed. `outdated()`
asks that registry for the newest version the same range allows; `update`
is an ordinary `prepare_install` of the recorded source, so it runs every
check an install runs, and its consent request lists what changes against
the installed version (`describe_changes`). An update that fails is a
prepare that fails: nothing is placed and the installed version stays.
Packs installed from a tarball or a folder have no record and are never
reported outdated. The records sit in Cordon's data folder, which no
workspace may overlap, so no run can point an update at another registry.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from core import paths
from core.atomic import write_atomic
from core.packs.compiler import CompileError, compile_npm
from core.packs.install.classify import classify
from core.packs.install.errors import InstallError
from core.packs.install.registry import Registry
from core.packs.install.semver import RangeError, Version
from core.packs.install.staging import pack_dir
from core.packs.sizes import human_size, on_disk, plural

RECORDS_FILE = "install-records.json"
_lock = threading.Lock()


@dataclass(frozen=True)
class InstallRecord:
    name: str
    #: What to prepare again to update: `name@range`, or `npm:library@range`.
    source: str
    registry: str
    version: str
    integrity: str
    #: The npm range the record follows ("" for the latest tag), and the package the registry is asked about.
    spec: str
    package: str
    #: For an `npm:` wrapper: its entry points, space-separated (an update wraps the same ones).
    entries: str = "."
    #: Bytes downloaded at install (the pack's tarball and its dependencies'), for its page (`core.packs.sizes`).
    download: int = 0


@dataclass(frozen=True)
class Outdated:
    record: InstallRecord
    installed: str
    latest: str


def _path() -> Path:
    return paths.data_dir() / RECORDS_FILE


def _load() -> dict[str, dict[str, Any]]:
    try:
        doc = orjson.loads(_path().read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    packs = doc.get("packs") if isinstance(doc, dict) else None
    return {k: v for k, v in packs.items() if isinstance(v, dict)} if isinstance(packs, dict) else {}


def records() -> dict[str, InstallRecord]:
    """Every install record whose pack is still installed, by pack name."""
    with _lock:
        raw = _load()
    out = {}
    for name, doc in raw.items():
        try:
            record = InstallRecord(
                name=name,
                entries=str(doc.get("entries", ".")),
                download=doc["download"] if isinstance(doc.get("download"), int) else 0,
                **{k: str(doc[k]) for k in ("source", "registry", "version", "integrity", "spec", "package")},
            )
        except KeyError:
            continue
        if pack_dir(name).is_dir():
            out[name] = record
    return out


def remember(record: InstallRecord | None, name: str) -> None:
    """Store `record` for pack `name` (None forgets it: a tarball or folder install has no source to follow)."""
    with _lock:
        current = _load()
        if record is None:
            if current.pop(name, None) is None:
                return
        else:
            current[name] = {
                k: getattr(record, k)
                for k in ("source", "registry", "version", "integrity", "spec", "package", "entries", "download")
            }
        write_atomic(
            _path(), orjson.dumps({"version": 1, "packs": dict(sorted(current.items()))}, option=orjson.OPT_INDENT_2)
        )


def _newer(candidate: str, installed: str) -> bool:
    try:
        return Version.parse(candidate) > Version.parse(installed)
    except RangeError:
        return candidate != installed


def outdated(name: str | None = None, *, registry: str | None = None, token: str | None = None) -> list[Outdated]:
    """Installed packs (or just `name`) whose recorded range now selects a newer version."""
    found = []
    chosen = records()
    if name is not None:
        if name not in chosen:
            raise InstallError(
                f"{name} is not installed from a registry, so it has no source to update from",
                rule="pack-not-updatable",
            )
        chosen = {name: chosen[name]}
    clients: dict[str, Registry] = {}
    try:
        for record in chosen.values():
            url = registry or record.registry
            client = clients.get(url) or clients.setdefault(url, Registry(url, token=token))
            latest = client.resolve(record.package, record.spec).version
            if _newer(latest, record.version):
                found.append(Outdated(record, record.version, latest))
    finally:
        for client in clients.values():
            client.close()
    return found


def describe_changes(
    name: str,
    *,
    specifiers: tuple[str, ...],
    integrity: str,
    tree: tuple[int, int],
    modules: dict[str, tuple[bool, str | None, tuple[str, ...]]],
) -> list[str]:
    """What replacing installed `name` with the prepared version changes, as short lines.

    `modules` describes the new version's npm modules: {dependency: (admitted, skip rule, warnings)}.
    """
    folder = pack_dir(name)
    if not folder.is_dir():
        return []
    lines = []
    old = classify(folder, name)
    added = sorted(set(specifiers) - set(old.specifiers))
    removed = sorted(set(old.specifiers) - set(specifiers))
    if added:
        lines.append(f"modules added: {', '.join(added)}")
    if removed:
        lines.append(f"modules removed: {', '.join(removed)}")
    record = records().get(name)
    if record is not None and record.integrity != integrity:
        lines.append(f"integrity: {record.integrity} -> {integrity}")
    old_files, old_size, _ = on_disk(folder)
    lines.append(
        f"on disk: {human_size(old_size)} in {plural(old_files, 'file')} -> "
        f"{human_size(tree[1])} in {plural(tree[0], 'file')}"
    )
    for dependency, (ok, rule, warnings) in sorted(modules.items()):
        if dependency not in old.npm:
            continue
        try:
            before: tuple[bool, str | None, tuple[str, ...]] = (True, None, compile_npm(folder, dependency).warnings)
        except CompileError as exc:
            before = (False, exc.rule, ())
        if before[0] and not ok:
            lines.append(f"npm module {dependency}: now skipped ({rule})")
        elif ok and not before[0]:
            lines.append(f"npm module {dependency}: now admitted (was skipped: {before[1]})")
        lines.extend(f"npm module {dependency}: new warning: {w}" for w in warnings if w not in before[2])
    return lines
