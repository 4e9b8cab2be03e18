"""The catalog: one object, constructed where packs are discovered and injected everywhere.

Execution (`resolve_for_execution` -> the run's loader graph and surfaces),
validation (`check`, `drift`), prompts and the UI (`summaries`: the one-line
tier), diagnostics (`cordon packs list`) and the CLI all read the same
snapshot. `reload()` swaps the snapshot in one assignment; a run keeps the
`Resolution` it started with. Before serving a run the catalog compares the
stat signature of the pack folders it reads (`core.packs.watch`) with the one
taken at its last discovery and rediscovers on a difference, so a linked
folder edited, or a pack installed by another process, shows in the next run
of a long-running host; `subscribe` tells a UI when the snapshot changed.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from core.bridges.base import Surface
from core.errors import ModuleRefused
from core.packs.bridge import BridgedModule, bridge_module, bridge_module_id, provider
from core.packs.discovery import Discovery, NpmCompiler, discover
from core.packs.loader import PackModuleGraph
from core.packs.manifest import HostEntry, WasmEntry
from core.packs.pack import MountedModule, Pack, SandboxModule
from core.packs.roots import PackRoot, default_roots
from core.packs.status import PackStatus
from core.packs.watch import Signature, signature, watched_paths
from core.specifier import (
    OUT_OF_SCOPE,
    DeclarationLike,
    canonical_specifier,
    looks_like_pack_specifier,
    package_of,
)

logger = logging.getLogger(__name__)

#: The one-line tier: description length and the only characters it may carry.
SUMMARY_DESCRIPTION_MAX = 120
_UNSAFE = re.compile(r"[^A-Za-z0-9 ,.;:()'/_+-]")


@dataclass(frozen=True)
class ModuleSummary:
    """One line per specifier, derived from manifest fields only (never SKILL.md text)."""

    specifier: str
    pack: str
    version: str
    kind: str
    description: str

    @property
    def line(self) -> str:
        return f"{self.specifier} ({self.pack} {self.version}): {self.description}"


@dataclass(frozen=True)
class Resolution:
    """What a run needs for its declarations: the loader graph, extra surfaces, problems."""

    modules: PackModuleGraph
    surfaces: tuple[Surface, ...]
    mounted: tuple[SandboxModule, ...]
    problems: tuple[PackStatus, ...]

    @property
    def errors(self) -> tuple[PackStatus, ...]:
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[str, ...]:
        return tuple(f"{p.message} ({p.rule})" for p in self.problems if p.severity == "warning")

    @property
    def ok(self) -> bool:
        return not self.errors

    def raise_for_errors(self) -> None:
        """Refuse before any guest starts: the first error as a `ModuleRefused`."""
        if self.errors:
            first = self.errors[0]
            raise ModuleRefused(first.message, rule=first.rule)


def sanitize_description(text: str) -> str:
    """Manifest text made safe for every prompt: a strict character set, one line, bounded."""
    flat = " ".join(_UNSAFE.sub(" ", text).split())
    if len(flat) > SUMMARY_DESCRIPTION_MAX:
        flat = flat[: SUMMARY_DESCRIPTION_MAX - 3].rstrip() + "..."
    return flat


def is_allowed(specifier: str, allowed: Collection[str] | None) -> bool:
    """The session allowlist names packs (all their specifiers) or single specifiers; None allows all.

    Names compare canonically: allowing `@cordon/sandbox-yaml` allows `@nodetool-ai/sandbox-yaml` too.
    """
    if allowed is None:
        return True
    names = {canonical_specifier(a) for a in allowed}
    spec = canonical_specifier(specifier)
    return spec in names or package_of(spec) in names


class _Snapshot:
    """One discovery result and every question asked of it; a run's resolution reads only one."""

    def __init__(self, discovery: Discovery) -> None:
        self.discovery = discovery
        self.packs = discovery.packs

    def module(self, specifier: str) -> SandboxModule | None:
        spec = canonical_specifier(specifier)
        package = package_of(spec)
        pack = self.packs.get(package) if package else None
        return pack.modules.get(spec) if pack else None

    def check(self, specifier: str, allowed: Collection[str] | None) -> PackStatus | None:
        if not looks_like_pack_specifier(specifier):
            return PackStatus(
                "specifier-invalid",
                f"'{specifier[:200]}' is not a pack specifier (<package> or <package>/<module>)",
                specifier=specifier[:200],
            )
        package = package_of(specifier)
        assert package is not None
        if not is_allowed(specifier, allowed):
            listed = ", ".join(sorted(allowed or ())) or "nothing"
            return PackStatus(
                "pack-not-allowed",
                f"'{specifier}' is not on this session's package allowlist "
                f"(allowed: {listed}); allow {package} to import it",
                pack=package,
                specifier=specifier,
            )
        spec = canonical_specifier(specifier)
        name = package_of(spec)
        assert name is not None
        pack = self.packs.get(name)
        if pack is None:
            failed = self.discovery.failed_packs.get(name)
            if failed is not None:
                return PackStatus(
                    "pack-unavailable",
                    f"{package} is installed but unusable: {failed.message} ({failed.rule})",
                    pack=name,
                    specifier=specifier,
                )
            advice = (
                f"install it: `cordon packs install npm:{package}` for an npm library, "
                f"`cordon packs install {package}` for a sandbox pack"
                if spec == specifier
                else f"Cordon does not ship {package} (`cordon packs list` shows the reference packs it has)"
            )
            if name in OUT_OF_SCOPE:
                advice = f"Cordon does not ship {package}, out of scope: {OUT_OF_SCOPE[name]}"
            return PackStatus(
                "pack-not-installed",
                f"no installed pack serves '{specifier}': {advice}",
                pack=package,
                specifier=specifier,
            )
        if spec in pack.modules:
            return None
        skipped = self.discovery.skipped.get(spec)
        if skipped is not None:
            return PackStatus(
                "module-unavailable",
                f"'{specifier}' is skipped: {skipped.message} ({skipped.rule})",
                pack=name,
                specifier=specifier,
            )
        offered = ", ".join(sorted(pack.modules)) or "no modules"
        return PackStatus(
            "specifier-unknown",
            f"{package} {pack.version} has no module '{specifier}' (it provides: {offered})",
            pack=name,
            specifier=specifier,
        )

    def drift(self, declaration: DeclarationLike) -> tuple[PackStatus, ...]:
        module = self.module(declaration.specifier)
        if module is None:
            return ()
        out = []
        if declaration.resolvedPackVersion and declaration.resolvedPackVersion != module.version:
            out.append(
                PackStatus(
                    "declaration-version-mismatch",
                    f"{declaration.specifier}: saved with {module.pack} "
                    f"{declaration.resolvedPackVersion}, installed is {module.version} (the installed version is used)",
                    "warning",
                    module.pack,
                    declaration.specifier,
                )
            )
        if declaration.contentDigest and declaration.contentDigest != module.digest:
            out.append(
                PackStatus(
                    "declaration-digest-mismatch",
                    f"{declaration.specifier}: the module's content changed since the "
                    f"node was saved (saved {declaration.contentDigest[:19]}, installed {module.digest[:19]})",
                    "warning",
                    module.pack,
                    declaration.specifier,
                )
            )
        return tuple(out)

    def hint(self, specifier: str) -> str | None:
        """Advice for an import nobody declared: installed or not."""
        if not looks_like_pack_specifier(specifier):
            return None
        problem = self.check(specifier, None)
        return "it is installed" if problem is None else problem.message

    def owner(self, facade: MountedModule) -> SandboxModule:
        assert facade.pack is not None
        return next(m for m in self.packs[facade.pack].modules.values() if m.module_id == facade.module_id)

    def resolve(self, declarations: Iterable[DeclarationLike], allowed: Collection[str] | None) -> Resolution:
        problems: list[PackStatus] = []
        declared: dict[str, str] = {}
        refusals: dict[str, ModuleRefused] = {}
        mounted: dict[str, SandboxModule] = {}
        table: dict[str, MountedModule] = {}
        for declaration in declarations:
            # Keyed canonically: the loader looks a body's import up by its canonical name too.
            spec = canonical_specifier(declaration.specifier)
            if spec in declared or spec in refusals:
                continue
            problem = self.check(declaration.specifier, allowed)
            module = self.module(spec)
            if problem is not None or module is None:
                assert problem is not None
                problems.append(problem)
                refusals[spec] = ModuleRefused(problem.message, rule=problem.rule)
                continue
            problems.extend(self.drift(declaration))
            declared[spec] = module.module_id
            mounted[spec] = module
            pack = self.packs[module.pack]
            table.update((i, pack.mounted[i]) for i in module.closure if i in pack.mounted)
        surfaces = self._bridge_surfaces(table, mounted, declared, refusals, problems)
        graph = PackModuleGraph(declared=declared, modules=table, refusals=refusals, hint=self.hint)
        return Resolution(graph, surfaces, tuple(mounted.values()), tuple(problems))

    def _bridge_surfaces(
        self,
        table: dict[str, MountedModule],
        mounted: dict[str, SandboxModule],
        declared: dict[str, str],
        refusals: dict[str, ModuleRefused],
        problems: list[PackStatus],
    ) -> tuple[Surface, ...]:
        """One dispatcher Surface per host-dispatched kind the run mounts, plus its private module."""
        by_kind: dict[str, list[BridgedModule]] = {}
        for module in list(table.values()):
            if module.bridge_kind is not None:
                owner = self.owner(module)
                assert isinstance(owner.entry, HostEntry | WasmEntry)
                by_kind.setdefault(module.bridge_kind, []).append(
                    BridgedModule(
                        module.bridge_kind,
                        module.module_id,
                        owner.specifier,
                        owner.pack,
                        owner.version,
                        owner.entry,
                        module.exports,
                        owner.digest,
                        owner.data,
                    )
                )
        surfaces = []
        for kind, modules in sorted(by_kind.items()):
            make = provider(kind)
            if make is not None:
                surfaces.append(make(tuple(modules)))
                table[bridge_module_id(kind)] = bridge_module(kind)
                continue
            keys = {m.key for m in modules}
            for spec, module in list(mounted.items()):
                if keys.intersection(module.closure):
                    problem = PackStatus(
                        "bridge-unavailable",
                        f"'{spec}' needs the {kind} module host, which is not available",
                        pack=module.pack,
                        specifier=spec,
                    )
                    problems.append(problem)
                    refusals[spec] = ModuleRefused(problem.message, rule=problem.rule)
                    del declared[spec], mounted[spec]
        return tuple(surfaces)


class Catalog:
    def __init__(
        self,
        roots: Sequence[PackRoot] | None = None,
        *,
        compile_npm: NpmCompiler | None = None,
        prepare: Callable[[], None] | None = None,
        follow: bool = True,
    ) -> None:
        """Discover now. `roots` default to the shipped and installed packs (read at each reload).

        `prepare` runs before each discovery: the default catalog passes the installer's
        recovery, so the catalog never imports the installer (which imports the catalog).
        `follow=False` keeps this discovery for good (`refresh_if_changed` never reloads): for a
        one-off catalog over a scratch root that is deleted once discovered (`packs check`).
        """
        self._follow = follow
        self._roots = tuple(roots) if roots is not None else None
        self._compile_npm = compile_npm
        self._prepare = prepare
        self._snap = _Snapshot(Discovery())
        self._signature: Signature = ()
        self._listeners: list[Callable[[], None]] = []
        self.reload()

    def _current_roots(self) -> tuple[PackRoot, ...]:
        return self._roots if self._roots is not None else default_roots()

    def reload(self) -> None:
        """Rediscover every root and swap the snapshot in one assignment (in-flight resolutions keep theirs)."""
        if self._prepare is not None:
            self._prepare()
        started = time.perf_counter()
        roots = self._current_roots()
        taken = signature(roots)  # before discovery: an edit during it makes the next check differ
        self._snap = _Snapshot(discover(roots, compile_npm=self._compile_npm))
        self._signature = taken
        logger.debug(
            "discovered %d packs (%d statuses) in %.1f ms",
            len(self._snap.packs),
            len(self._snap.discovery.statuses),
            (time.perf_counter() - started) * 1000,
        )
        for listener in list(self._listeners):
            try:
                listener()
            except Exception:  # a listener's failure (a closed window) must not fail the reload
                logger.exception("catalog listener failed")

    def refresh_if_changed(self) -> bool:
        """Rediscover when a pack folder changed since the last discovery (see `core.packs.watch`)."""
        if not self._follow or signature(self._current_roots()) == self._signature:
            return False
        logger.info("pack folders changed on disk: rediscovering")
        self.reload()
        return True

    def watched_paths(self) -> list[str]:
        """The folders and files a UI may watch to call `refresh_if_changed` at once (see `core.packs.watch`)."""
        return watched_paths(self._current_roots())

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call `listener` (on the reloading thread) after every reload; returns the unsubscribe."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    # -- reading -------------------------------------------------------------------------
    def packs(self) -> tuple[Pack, ...]:
        packs = self._snap.packs
        return tuple(packs[name] for name in sorted(packs))

    def pack(self, name: str) -> Pack | None:
        """The pack of that name (Cordon's or the reference's: `@nodetool-ai/sandbox-x` is `@cordon/sandbox-x`)."""
        return self._snap.packs.get(canonical_specifier(name))

    def module(self, specifier: str) -> SandboxModule | None:
        return self._snap.module(specifier)

    def content_digest(self, specifier: str) -> str | None:
        module = self.module(specifier)
        return module.digest if module else None

    def stamp(self, specifier: str) -> tuple[str, str] | None:
        """(resolvedPackVersion, contentDigest) to save in a declaration of `specifier`, if installed."""
        module = self.module(specifier)
        return (module.version, module.digest) if module else None

    def diagnostics(self) -> tuple[PackStatus, ...]:
        return self._snap.discovery.statuses

    def summaries(self, allowed: Collection[str] | None = None) -> tuple[ModuleSummary, ...]:
        """The one-line tier of every mountable specifier (only allowlisted ones when `allowed` is given)."""
        out = []
        for pack in self.packs():
            description = sanitize_description(pack.description) or f"sandbox module of {pack.name}"
            for spec in sorted(pack.modules):
                if is_allowed(spec, allowed):
                    out.append(ModuleSummary(spec, pack.name, pack.version, pack.modules[spec].kind, description))
        return tuple(out)

    # -- checks shared by execution and validation ----------------------------------------
    def check(self, specifier: str, *, allowed: Collection[str] | None = None) -> PackStatus | None:
        """Why `specifier` cannot be mounted (an error status), or None when it can."""
        return self._snap.check(specifier, allowed)

    def drift(self, declaration: DeclarationLike) -> tuple[PackStatus, ...]:
        """Warnings for a saved declaration whose pack version or content changed since it was saved."""
        return self._snap.drift(declaration)

    # -- execution -------------------------------------------------------------------------
    def resolve_for_execution(
        self, declarations: Iterable[DeclarationLike], *, allowed: Collection[str] | None = None
    ) -> Resolution:
        """The run's loader graph and surfaces for `declarations` (never raises for pack problems).

        Rediscovers first if a pack folder changed on disk (`refresh_if_changed`)."""
        self.refresh_if_changed()
        return self._snap.resolve(declarations, allowed)
