"""Install, consent, commit, discard, remove: the installer's public flow.

    request = prepare_install("js-yaml-pack@^1")   # download, verify, stage, classify: nothing placed
    print("\\n".join(request.lines()))              # ask the person
    commit_install(request)                        # on an explicit yes: one atomic swap
    discard(request)                               # on no: nothing is left behind

Sources: `npm:<name>[@range]` (any npm library: Cordon writes the wrapper pack
itself, one guest module compiled from the library's `.` entry),
`name[@range|@tag]` from an npm-protocol registry (the `--registry` URL,
`$CORDON_NPM_REGISTRY`, or registry.npmjs.org; a token from Cordon's own
keyring credentials under `npm-token:<host>` when one is stored), a local
`.tgz`, or a local folder. Every path runs the same checks, and no npm process (so no script)
ever runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import orjson

from core.cancel import CancelHandle
from core.errors import CordonError
from core.packs import verdicts
from core.packs.compiler import CompileError, compile_npm
from core.packs.install import records, trust, updates
from core.packs.install.archive import Unpacked, copy_folder, extract_tarball
from core.packs.install.classify import Classification, classify, refuse_host_code
from core.packs.install.consent import ConsentRequest, NpmModuleStatus
from core.packs.install.deps import FetchedDependency, fetch_dependencies
from core.packs.install.errors import InstallError
from core.packs.install.integrity import hashing_copy, to_sri
from core.packs.install.names import split_spec, validate_name
from core.packs.install.package_json import lifecycle_scripts, read_package_json
from core.packs.install.records import InstallRecord
from core.packs.install.registry import (
    CHUNK,
    INSTALL_PACKUMENT_MAX_AGE_S,
    MAX_TARBALL_BYTES,
    Progress,
    Registry,
    registry_url,
)
from core.packs.install.staging import Staging, discard_installed, pack_dir, place, recover, transaction_lock
from core.packs.install.types_kept import keep_types
from core.packs.manifest import split_npm_target
from core.packs.npm import limit as bundle_limit
from core.packs.sizes import on_disk
from core.packs.skill import WRAPPER_FIELD
from core.specifier import RESERVED_SCOPES

logger = logging.getLogger(__name__)

#: Refusals that fail the whole pack rather than skip one module: a tampered or unverifiable
#: artifact, a registry that cannot be reached, or the person cancelling.
NPM_PREFIX = "npm:"
WHOLE_PACK_RULES = frozenset(
    {"integrity-mismatch", "integrity-missing", "registry-error", "download-incomplete", "cancelled"}
)


@dataclass(frozen=True)
class InstallSource:
    kind: Literal["registry", "npm", "tarball", "folder"]
    name: str = ""
    spec: str = ""
    path: Path | None = None
    #: For `npm:` sources: the library's entry points to wrap, one guest module each.
    entries: tuple[str, ...] = (".",)
    #: For `npm:` sources: the bundle limit the person raised (`--max-bundle-size`), else the default.
    max_bundle_bytes: int | None = None

    @classmethod
    def parse(
        cls, text: str, *, entries: tuple[str, ...] = (".",), max_bundle_bytes: int | None = None
    ) -> InstallSource:
        """`npm:name[@range]`; a path when it looks like one (`./x`, `/x`, `~/x`, `x.tgz`, an existing
        folder with a slash); else a pack `name[@range]` on the registry."""
        text = text.strip()
        if text.startswith(NPM_PREFIX):
            name, spec = split_spec(text[len(NPM_PREFIX) :].strip())
            _refuse_reserved(name)
            for entry in entries:
                _module_name(entry)
            limit = None if max_bundle_bytes is None else bundle_limit.check(max_bundle_bytes)
            return cls("npm", name, spec, None, tuple(dict.fromkeys(entries)) or (".",), limit)
        if max_bundle_bytes is not None:
            raise InstallError("--max-bundle-size applies to npm:<library> installs only", rule="usage")
        looks_like_path = (
            text.startswith((".", "/", "~", "\\"))
            or text.endswith((".tgz", ".tar.gz"))
            or (len(text) > 1 and text[1] == ":")
            or ("/" in text and not text.startswith("@"))
        )
        if looks_like_path:
            path = Path(text).expanduser()
            try:
                if path.is_dir():
                    return cls("folder", path=path)
                if path.is_file():
                    return cls("tarball", path=path)
            except OSError as exc:  # a name too long for the file system, ...
                raise InstallError(f"cannot read {text[:80]}: {exc.strerror or exc}", rule="usage") from None
            raise InstallError(f"no such file or folder: {text}", rule="usage")
        name, spec = split_spec(text)
        _refuse_reserved(name)
        return cls("registry", name=name, spec=spec)

    @classmethod
    def npm_library(cls, text: str, *, max_bundle_bytes: int | None = None) -> InstallSource:
        """`<library>[@range]` of the npm registry, to be wrapped as a pack (the pack manager's npm rows),
        under a raised bundle limit if the person set one."""
        return cls.parse(NPM_PREFIX + text.strip(), max_bundle_bytes=max_bundle_bytes)

    def describe(self, registry: str) -> str:
        if self.kind == "registry":
            return f"{self.name}@{self.spec or 'latest'} from {registry}"
        if self.kind == "npm":
            return f"npm library {self.name}@{self.spec or 'latest'} from {registry}, wrapped by Cordon"
        return f"{self.kind} {self.path}"


def _refuse_reserved(name: str) -> None:
    """Refuse a name in Cordon's reserved scopes: the consent would show an official-looking name and
    the folder it leaves would never load (`npm:@cordon/sandbox-yaml` exited 0 with `installed: true`)."""
    if name.lower().startswith(RESERVED_SCOPES):
        raise InstallError(
            f"{name}: the {' and '.join(RESERVED_SCOPES)} scopes are reserved for Cordon's own packs, "
            "which ship with Cordon and are never installed",
            rule="pack-reserved-scope",
        )


def registry_token(url: str) -> str | None:
    """The keyring's token for this registry host (`npm-token:<host[:port]>`), if any is stored."""
    from core import secrets_store  # keyring and its backends: imported only when a registry asks for a token

    parts = urlsplit(url)
    host = parts.hostname or ""
    name = f"{secrets_store.REGISTRY_TOKEN_PREFIX}{host}" + (f":{parts.port}" if parts.port else "")
    try:
        return secrets_store.get_credential(name)  # Cordon's own: no run can name it
    except CordonError:  # no usable keyring, or a host that is no valid secret name: install anonymously
        logger.debug("no registry token for %s", host, exc_info=True)
        return None


def _copy_tarball(path: Path, staging: Staging, what: str) -> tuple[Path, int, str]:
    """Copy a local tarball into staging (hashing it) so what is verified is what is unpacked."""
    target = staging.tarball("pack")
    with open(path, "rb") as src, open(target, "wb") as out:
        size, digest = hashing_copy(iter(lambda: src.read(CHUNK), b""), out, MAX_TARBALL_BYTES, what)
    return target, size, to_sri(digest)


def _installed(name: str) -> tuple[str | None, str | None]:
    """(version, classification label) of the installed pack `name`, or (None, None)."""
    folder = pack_dir(name)
    if not folder.is_dir():
        return None, None
    try:
        version = str(read_package_json(folder, name).get("version"))
        return version, classify(folder, name).label
    except InstallError as exc:
        return "unknown", f"unreadable ({exc.rule})"


def _native_build(root: Path) -> list[str]:
    return ["binding.gyp (native build)"] if (root / "binding.gyp").exists() else []


def prepare_install(
    source: str | InstallSource,
    *,
    registry: str | None = None,
    token: str | None = None,
    on_progress: Progress | None = None,
    cancel: CancelHandle | None = None,
) -> ConsentRequest:
    """Download, verify, unpack, classify and compile into staging; nothing is placed.

    Raises `InstallError` (nothing left behind) when the artifact is refused.
    The returned request holds the staging folder until `commit_install` or `discard`.
    """
    src = source if isinstance(source, InstallSource) else InstallSource.parse(source)
    url = registry_url(registry)
    auth: str | Callable[[], str | None] = token if token is not None else (lambda: registry_token(url))
    recover()
    staging = Staging.create()
    client: Registry | None = None
    try:
        if on_progress is not None:
            on_progress("resolve", 0, None)
        what = src.name or str(src.path)
        if src.kind == "registry":
            client = Registry(url, token=auth, cancel=cancel, packument_max_age_s=INSTALL_PACKUMENT_MAX_AGE_S)
            package = client.resolve(src.name, src.spec)
            what = f"{package.name}@{package.version}"
            download = client.download(package, staging.tarball("pack"), on_progress=on_progress)
            unpacked = extract_tarball(download.path, staging.pack, what=what, on_progress=on_progress)
            integrity, download_size = download.integrity, download.size
        elif src.kind == "npm":
            client = Registry(url, token=auth, cancel=cancel, packument_max_age_s=INSTALL_PACKUMENT_MAX_AGE_S)
            library = client.resolve(src.name, src.spec)
            staging.pack.mkdir()
            unpacked = write_wrapper(
                staging.pack, library.name, library.version, src.spec or "latest", src.entries, src.max_bundle_bytes
            )
            integrity, download_size = library.integrity, 0
        elif src.kind == "tarball":
            assert src.path is not None
            copied, download_size, integrity = _copy_tarball(src.path, staging, what)
            unpacked = extract_tarball(copied, staging.pack, what=what, on_progress=on_progress)
        else:
            assert src.path is not None
            staging.pack.mkdir()
            unpacked = copy_folder(src.path, staging.pack, what=what, on_progress=on_progress)
            integrity, download_size = unpacked.integrity, 0
        for leftover in staging.root.glob("*.tgz"):
            leftover.unlink()
        found = classify(staging.pack, what)
        what = f"{found.name}@{found.version}"
        validate_name(found.name)
        if src.kind in ("registry", "npm") and found.name != src.name:
            raise InstallError(
                f"asked for {src.name}, but the tarball's package.json names {found.name}", rule="package-name-mismatch"
            )
        refuse_host_code(found, what)
        dependencies: list[FetchedDependency] = []
        unfetched: dict[str, NpmModuleStatus] = {}
        if found.npm:
            client = client or Registry(url, token=auth, cancel=cancel, packument_max_age_s=INSTALL_PACKUMENT_MAX_AGE_S)
        for dep, spec in sorted(found.npm.items()):
            assert client is not None
            library = split_npm_target(dep)[0]
            failed = next((m for target, m in unfetched.items() if split_npm_target(target)[0] == library), None)
            try:
                if failed is not None:
                    raise InstallError(failed.message, rule="dependency-unavailable")
                fetch_dependencies(
                    staging.pack,
                    {library: spec},
                    registry=client,
                    staging=staging,
                    on_progress=on_progress,
                    fetched=dependencies,
                )
            except InstallError as exc:
                if exc.rule in WHOLE_PACK_RULES:
                    raise
                unfetched[dep] = failed or _fetch_skip(dep, exc)
        order = sorted(found.npm)
        modules = tuple(
            unfetched.get(dep) or _compile(staging.pack, dep, _phase_progress(on_progress, index, len(order)))
            for index, dep in enumerate(order)
        )
        keep_types(staging.pack, [m.dependency for m in modules if m.ok])  # for the editor's checker
        if src.kind == "npm":  # what the probe said, for search to show before the next install
            verdicts.remember(found.name, found.version, modules)
        if modules and not any(m.ok for m in modules) and set(found.module_kinds) == {"npm"}:
            reasons = "; ".join(f"{m.dependency}: {m.rule}: {m.message[:300]}" for m in modules)
            raise InstallError(
                f"{what}: none of its npm modules can be admitted ({reasons}), so it would add "
                "nothing a Code node can import",
                rule="pack-no-admitted-modules",
            )
        problems, mounted_size = _discovery_problems(staging.pack, found, what, modules)
        previous_version, previous_label = _installed(found.name)
        doc = read_package_json(staging.pack, what)
        record = _record(src, found.name, found.version, url, integrity)
        tree = on_disk(staging.pack)[:2]  # counted as the consent and the pack's page count it
        changes = (
            ()
            if previous_version is None
            else tuple(
                updates.describe_changes(
                    found.name,
                    specifiers=found.specifiers,
                    integrity=integrity,
                    tree=tree,
                    modules={m.dependency: (m.ok, m.rule, m.warnings) for m in modules},
                )
            )
        )
        return ConsentRequest(
            name=found.name,
            version=found.version,
            origin=src.kind,
            source=src.describe(url),
            integrity=integrity,
            download_size=download_size,
            unpacked_size=unpacked.size,
            file_count=unpacked.files,
            classification=found,
            previous_version=previous_version,
            previous_classification=previous_label,
            lifecycle_scripts=tuple(lifecycle_scripts(doc) + _native_build(staging.pack)),
            dependencies=tuple(dependencies),
            npm_modules=modules,
            trusted=trust.is_trusted(found.name),
            warnings=found.problems,
            changes=changes,
            record=record,
            problems=problems,
            mounted_size=mounted_size,
            _staging=staging,
        )
    except BaseException:
        staging.release()
        raise
    finally:
        if client is not None:
            client.close()


def _discovery_problems(
    folder: Path, found: Classification, what: str, npm_modules: tuple[NpmModuleStatus, ...]
) -> tuple[tuple[str, ...], int | None]:
    """What discovery will say of the staged pack's js/wasm modules (a missing file, a module over its cap),
    for the consent dialog, and the bytes it will mount; refuse the install when nothing in it would be
    importable. npm modules were just compiled and carry their own statuses and sizes, so a pack of npm
    modules only is not discovered twice (None: its bundle is theirs)."""
    if not set(found.module_kinds) - {"npm"}:
        return (), None
    from core.packs.authoring import discover_folder  # (authoring runs the engine; the installer rarely needs it)

    _, pack, statuses, _ = discover_folder(folder)
    problems = tuple(str(s) for s in statuses if s.severity == "error")
    if (pack is None or not pack.modules) and not any(m.ok for m in npm_modules):
        raise InstallError(
            f"{what}: nothing in it can be imported: {'; '.join(problems) or 'no modules'}",
            rule="pack-no-admitted-modules",
        )
    return problems, pack.size if pack is not None else None


def _record(src: InstallSource, name: str, version: str, registry: str, integrity: str) -> InstallRecord | None:
    """What `cordon packs update` prepares again: the source as typed, on the same registry."""
    if src.kind not in ("registry", "npm"):
        return None
    typed = src.name + (f"@{src.spec}" if src.spec else "")
    return InstallRecord(
        name=name,
        source=(NPM_PREFIX + typed) if src.kind == "npm" else typed,
        registry=registry,
        version=version,
        integrity=integrity,
        spec=src.spec,
        package=src.name,
        entries=" ".join(src.entries),
        max_bundle_bytes=src.max_bundle_bytes,
    )


def recorded_source(record: InstallRecord) -> InstallSource:
    """The source an update prepares again (an `npm:` wrapper keeps its entry points and raised bundle limit)."""
    return InstallSource.parse(
        record.source, entries=tuple(record.entries.split()), max_bundle_bytes=record.max_bundle_bytes
    )


def write_wrapper(
    folder: Path,
    library: str,
    version: str,
    spec: str,
    entries: tuple[str, ...] = (".",),
    max_bundle_bytes: int | None = None,
) -> Unpacked:
    """The pack Cordon writes for `npm:<library>`: named after the library, one guest module per entry
    point (`.` -> the library itself, `./locale` -> `<library>/locale`) compiled from its pinned exact
    version, and the bundle limit the person raised, if any (`npm.limit`). No npm process: the installer
    fetches and bundles it."""
    modules = [
        {"name": _module_name(entry), "kind": "js", "npm": library + entry.removeprefix(".")} for entry in entries
    ]
    doc = {
        "name": library,
        "version": version,
        "description": f"{library}@{version} from npm, wrapped as a sandbox pack by Cordon",
        "dependencies": {library: version},
        WRAPPER_FIELD: {"npm": library, "range": spec}
        | ({} if max_bundle_bytes is None else {bundle_limit.FIELD: max_bundle_bytes}),
        "cordon": {"apiVersion": 1, "sandboxModules": modules},
    }
    data = orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n"
    (folder / "package.json").write_bytes(data)
    return Unpacked(files=1, size=len(data))


def _module_name(entry: str) -> str:
    """`.` -> `.`; `./fp/addDays` -> `fp-addDays` (a module name is one path segment)."""
    if entry == ".":
        return "."
    if not entry.startswith("./") or ".." in entry.split("/"):
        raise InstallError(f"entry point {entry!r} must be '.' or start with './'", rule="usage")
    return entry[2:].strip("/").replace("/", "-")


def _fetch_skip(dependency: str, exc: InstallError) -> NpmModuleStatus:
    """A dependency that could not be fetched skips its module only, with the skip rule that fits."""
    too_large = exc.rule in ("archive-too-large", "archive-too-many-entries", "download-too-large", "dependency-limit")
    return NpmModuleStatus(
        dependency,
        False,
        "npm-module-too-large" if too_large else "npm-module-unresolved",
        f"{exc.message} (rule: {exc.rule})",
    )


def _phase_progress(on_progress: Progress | None, index: int, total: int) -> Callable[[str], None] | None:
    """`compile_npm`'s phase hook as install progress: ("compile" | "probe", modules done, modules)."""
    if on_progress is None:
        return None
    report = on_progress
    return lambda phase: report(phase, index, total)


def _compile(pack_root: Path, dependency: str, on_phase: Callable[[str], None] | None = None) -> NpmModuleStatus:
    try:
        compiled = compile_npm(pack_root, dependency, on_phase=on_phase)
    except CompileError as exc:
        return NpmModuleStatus(dependency, False, exc.rule, exc.message)
    return NpmModuleStatus(
        dependency,
        True,
        size=len(compiled.source.encode("utf-8")),
        warnings=compiled.warnings,
        polyfills=compiled.polyfills,
        stubs=compiled.stubs,
        limit=bundle_limit.describe(compiled.max_bytes),
    )


def commit_install(request: ConsentRequest) -> Path:
    """Place a prepared pack (the person said yes). Returns its folder."""
    staging = request._staging
    if request.state != "prepared" or staging is None or not staging.alive:
        raise InstallError(
            f"the install of {request.name} is {request.state}, not prepared; prepare it again", rule="install-stale"
        )
    try:
        with transaction_lock():
            if _installed(request.name)[0] != request.previous_version:
                raise InstallError(
                    f"{request.name} changed on disk since this install was prepared; prepare it "
                    "again so the consent request describes what it replaces",
                    rule="install-stale",
                )
            dest = pack_dir(request.name)
            place(staging.pack, dest)
            records.remember(request.record, request.name)
    except BaseException:
        discard(request)
        raise
    staging.release()
    request.state = "committed"
    logger.info("installed %s %s at %s", request.name, request.version, dest)
    _catalog_changed()
    return dest


def discard(request: ConsentRequest) -> None:
    """Drop a prepared install (the person said no): its staging folder is deleted."""
    staging, request._staging = request._staging, None
    if staging is not None:
        staging.release()
    if request.state == "prepared":
        request.state = "discarded"


def remove(name: str) -> None:
    """Uninstall pack `name` (and forget its trust decision)."""
    validate_name(name, "pack name")
    recover()
    with transaction_lock():
        removed = discard_installed(pack_dir(name))
    if not removed:
        raise InstallError(f"{name} is not installed", rule="pack-not-installed")
    trust.forget(name)
    records.remember(None, name)
    logger.info("removed %s", name)
    _catalog_changed()


def _catalog_changed() -> None:
    """Installs and removals are the only writers of the packs folder: they swap the
    shared catalog's contents, so no caller can forget to (runs in flight keep theirs)."""
    import core.packs

    catalog = core.packs._default  # a catalog not made yet discovers the new state when it is (no second walk)
    if catalog is not None:
        catalog.reload()
