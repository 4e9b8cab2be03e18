"""What the guest may import during one run: the loader's two callbacks, and the check before.

The loader is the boundary: every import the guest makes asks `normalize` (which module a
specifier names, from the run's `ModuleGraph`) and `load` (its source). Before any guest exists,
`preflight` resolves every static import of the entry, so a missing pack fails by name. Once the
entry is sealed every further request is a dynamic `import()`, answered with a module that only
throws the refusal.
"""

from __future__ import annotations

import json
import logging

from core.engine import guest_errors
from core.engine.config import ModuleGraph
from core.entry import ENTRY_ID, INTERNAL_ID, INTERNAL_SOURCE, EntryModule
from core.errors import CordonError, ModuleRefused, SandboxRefusal

logger = logging.getLogger(__name__)

#: Module ids the loader gives a refused dynamic import (never a pack's: those start "pack:").
REFUSED_IMPORT = "cordon:refused-import#"


class RunImports:
    """One run's loader. `refusal` keeps the last refusal, for the run's error (the guest sees
    only that resolving or loading failed)."""

    def __init__(self, modules: ModuleGraph | None) -> None:
        self.modules = modules
        #: Set when the entry's private module takes the run's globals: later requests are dynamic.
        self.sealed = False
        self.refusal: CordonError | None = None

    def preflight(self, entry: EntryModule) -> None:
        """Resolve every import of the entry before a guest exists: a missing pack fails here."""
        for spec, line in zip(entry.specifiers, entry.import_lines, strict=True):
            try:
                if spec == INTERNAL_ID:
                    raise ModuleRefused(f"'{spec}' is private to the sandbox", rule="module-private")
                if self.modules is None:
                    raise _without_packs(spec)
                self.modules.resolve(ENTRY_ID, spec)
            except CordonError as exc:
                exc.line = exc.line or line
                raise

    def normalize(self, base: str, specifier: str) -> str | None:
        if self.sealed:
            # Every request after sealing is a dynamic import(). It resolves to a module of our own
            # that throws the refusal, so the body can catch it, and nothing is ever loaded. The id
            # carries the (shortened) specifier: the host keeps nothing per request.
            return REFUSED_IMPORT + (specifier if len(specifier) <= 200 else specifier[:200] + "…")
        try:
            if specifier == INTERNAL_ID:
                if base != guest_errors.ENTRY_MODULE_NAME:
                    raise ModuleRefused(f"'{specifier}' is private to the sandbox", rule="module-private")
                return INTERNAL_ID
            if self.modules is None:
                raise _without_packs(specifier)
            return self.modules.resolve(ENTRY_ID if base == guest_errors.ENTRY_MODULE_NAME else base, specifier)
        except CordonError as exc:
            self.refusal = exc
            return None

    def load(self, module_id: str) -> str | None:
        if module_id == INTERNAL_ID:
            return INTERNAL_SOURCE
        if module_id.startswith(REFUSED_IMPORT):
            return _refusal_module(module_id[len(REFUSED_IMPORT) :])
        if self.modules is None:
            return None
        try:
            return self.modules.source(module_id)
        except CordonError as exc:
            self.refusal = exc
            return None


def _without_packs(specifier: str) -> ModuleRefused:
    """An import in a run that declares no packs: what the specifier is decides first, as with packs.
    core.specifier is imported here: it stands on pydantic, which a run without imports never needs."""
    from core.specifier import show_specifier, specifier_refusal

    shown = show_specifier(specifier)
    return specifier_refusal(specifier) or ModuleRefused(
        f"import '{shown}' resolves nothing: this run declares no packs. "
        f"Add '{shown}' to the node's packages (and install the pack) to import it"
    )


def keeps_bytecode(module_id: str) -> bool:
    """Whether a loaded module's compiled form goes to Cordon's cache: every module the run's graph
    (or Cordon) serves, never a refused import's, whose source carries what the guest asked for."""
    return not module_id.startswith(REFUSED_IMPORT)


def _refusal_module(specifier: str) -> str:
    """Source of the module a refused dynamic import evaluates: it only throws the refusal.

    The specifier reaches it as a JSON string literal, so it is never code.
    """
    refusal = SandboxRefusal(
        f"dynamic import() is not allowed in the sandbox (requested {json.dumps(specifier)})", rule="dynamic-import"
    )
    message = f"{refusal.message} (rule: {refusal.rule})"
    return (
        f"const e = new Error({json.dumps(message)}); e.name = {json.dumps(refusal.name)}; "
        f"e.rule = {json.dumps(refusal.rule)}; throw e;\n"
    )
