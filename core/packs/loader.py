"""The loader: the run's `ModuleGraph`, and the boundary of what a guest can import.

Static validation is a courtesy; this is what holds at run time. It serves
exactly:

* from the entry (`cordon:entry`): the run's declared specifiers, nothing else;
* from a pack module: the requests discovery resolved for it — files of the
  same pack (siblings and `internal` helpers) and the pack's own specifiers;
* from a facade: its private bridge module.

Everything else is refused with a `ModuleRefused` naming the rule and what to
declare: `node:*` and Node core names, bare names nobody declared, absolute
and encoded paths (`%2e`, `\\`), `..` escapes, URLs, another pack (even one
the run declared: packs never import packs), another pack's internal file,
and Cordon's private modules. Dynamic `import()` never gets here after
linking: the engine seals the run and refuses it first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from core.entry import ENTRY_ID
from core.errors import ModuleRefused
from core.packs.pack import MountedModule
from core.specifier import canonical_specifier, specifier_kind, specifier_refusal
from core.specifier import show_specifier as _show

#: Extra advice for an undeclared specifier imported by the body (the catalog knows what is installed).
Hint = Callable[[str], str | None]


class PackModuleGraph:
    """One run's module graph (implements `core.ModuleGraph`)."""

    def __init__(
        self,
        *,
        declared: Mapping[str, str],
        modules: Mapping[str, MountedModule],
        refusals: Mapping[str, ModuleRefused] | None = None,
        hint: Hint | None = None,
    ) -> None:
        #: Canonical specifier -> module id, for the specifiers this run declared.
        self.declared = dict(declared)
        self.modules = dict(modules)
        #: Declared specifiers that cannot be served, with the refusal discovery/resolution decided.
        self.refusals = dict(refusals or {})
        self._hint = hint

    # -- core.ModuleGraph --------------------------------------------------------------
    def resolve(self, base: str, specifier: str) -> str:
        if base == ENTRY_ID:
            return self._from_entry(specifier)
        module = self.modules.get(base)
        if module is None:
            raise ModuleRefused(f"import '{_show(specifier)}' from an unknown module", rule="module-unknown")
        if module.role == "bridge":
            raise ModuleRefused("Cordon's private modules import nothing", rule="module-private")
        if specifier_kind(specifier) == "private":
            if (
                module.bridge_kind is not None
                and module.requests.get(specifier) == specifier
                and specifier in self.modules
            ):
                return specifier
            raise ModuleRefused(f"'{_show(specifier)}' is private to the sandbox", rule="module-private")
        target = module.requests.get(specifier)
        if target is not None:
            found = self.modules.get(target)
            if found is not None and found.pack == module.pack and found.role != "bridge":
                return target
        raise self._refusal(specifier, importer=module)

    def source(self, module_id: str) -> str:
        module = self.modules.get(module_id)
        if module is None:
            raise ModuleRefused(f"module '{_show(module_id)}' is not part of this run", rule="module-unknown")
        return module.source

    # -- refusals ------------------------------------------------------------------------
    def _from_entry(self, specifier: str) -> str:
        # Either name of a pack (`@cordon/sandbox-x` or the reference's `@nodetool-ai/sandbox-x`) is the one declared.
        canonical = canonical_specifier(specifier)
        module_id = self.declared.get(canonical)
        if module_id is not None and module_id in self.modules:
            return module_id
        if canonical in self.refusals:
            raise self.refusals[canonical]
        raise self._refusal(specifier, importer=None)

    def _refusal(self, specifier: str, *, importer: MountedModule | None) -> ModuleRefused:
        shown = _show(specifier)
        who = None if importer is None else f"pack module {importer.module_id.split('#', 1)[-1]} of {importer.pack}"
        refusal = specifier_refusal(specifier, who)
        if refusal is not None:
            return refusal
        if specifier_kind(specifier) == "relative":
            return ModuleRefused(
                f"{who} imports '{shown}', which is not a file its pack mounts", rule="module-outside-pack"
            )
        if importer is not None:
            return ModuleRefused(
                f"{who} imports '{shown}': packs cannot import other packs; declare "
                f"'{shown}' for the node and import it from the body",
                rule="module-cross-pack",
            )
        hint = self._hint(specifier) if self._hint is not None else None
        return ModuleRefused(
            f"import '{shown}' is not declared for this run: add '{shown}' to the node's "
            f"packages{f' ({hint})' if hint else ''}",
            rule="module-not-declared",
        )
