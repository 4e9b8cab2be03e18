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

from dataclasses import dataclass

from core.packs.compiler import CompileError, compile_npm
from core.packs.install.classify import classify
from core.packs.install.errors import InstallError
from core.packs.install.records import InstallRecord, records
from core.packs.install.registry import Registry
from core.packs.install.semver import RangeError, Version
from core.packs.install.staging import pack_dir
from core.packs.sizes import human_size, on_disk, plural


@dataclass(frozen=True)
class Outdated:
    record: InstallRecord
    installed: str
    latest: str


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
