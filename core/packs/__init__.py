"""Sandbox packs: manifest, discovery, catalog, loader, digest, host registry.

A pack is a package.json with a `cordon` (or `nodetool`) sandbox field plus
the files it names. Discovery checks it without executing anything; the
`Catalog` holds the result and resolves a run's declarations into the
loader graph (`PackModuleGraph`) and the surfaces the run needs. The exports
load on first use (`core.lazy`); `default_catalog` is the composition root
that wires the installer's recovery into discovery.
"""

from __future__ import annotations

import threading
from collections.abc import Collection
from typing import TYPE_CHECKING

from core import lazy

if TYPE_CHECKING:
    from core.packs.catalog import Catalog, ModuleSummary, Resolution
    from core.packs.loader import PackModuleGraph
    from core.packs.pack import Pack, SandboxModule
    from core.packs.roots import PackRoot, default_roots, installed_dir
    from core.packs.search import SearchHit, SearchResults, search_packs
    from core.packs.sizes import SIZE_LABELS, PackSizes, human_size, pack_sizes
    from core.packs.skill import npm_library_of
    from core.packs.status import PackStatus
    from core.specifier import Declaration, canonical_specifier, declarations_from_code, reference_alias

_EXPORTS = {
    "canonical_specifier": "core.specifier",
    "reference_alias": "core.specifier",
    "Catalog": "core.packs.catalog",
    "Declaration": "core.specifier",
    "ModuleSummary": "core.packs.catalog",
    "Pack": "core.packs.pack",
    "PackModuleGraph": "core.packs.loader",
    "PackRoot": "core.packs.roots",
    "PackStatus": "core.packs.status",
    "Resolution": "core.packs.catalog",
    "SandboxModule": "core.packs.pack",
    "declarations_from_code": "core.specifier",
    "default_roots": "core.packs.roots",
    "installed_dir": "core.packs.roots",
    "PackSizes": "core.packs.sizes",
    "SIZE_LABELS": "core.packs.sizes",
    "human_size": "core.packs.sizes",
    "pack_sizes": "core.packs.sizes",
    "npm_library_of": "core.packs.skill",
    "SearchHit": "core.packs.search",
    "SearchResults": "core.packs.search",
    "search_packs": "core.packs.search",
}
__getattr__, __dir__ = lazy.exports(__name__, _EXPORTS)

__all__ = [
    "SIZE_LABELS",
    "Catalog",
    "Declaration",
    "ModuleSummary",
    "Pack",
    "PackModuleGraph",
    "PackRoot",
    "PackSizes",
    "PackStatus",
    "Resolution",
    "SandboxModule",
    "SearchHit",
    "SearchResults",
    "canonical_specifier",
    "declarations_from_code",
    "default_catalog",
    "default_roots",
    "human_size",
    "installed_dir",
    "npm_library_of",
    "pack_sizes",
    "reference_alias",
    "resolve_body",
    "search_packs",
]


_default: Catalog | None = None
_default_lock = threading.Lock()


def default_catalog() -> Catalog:
    """The process's catalog over the default roots, discovered on first use.

    The CLI, the studio and the Code node share it; the installer reloads it after
    every install or removal. Tests build their own `Catalog(roots)` instead. Before
    each discovery an install interrupted between its two renames is rolled back
    (`recover`), injected here so discovery and the installer never import each other.
    """
    from core.packs.catalog import Catalog
    from core.packs.install.staging import recover

    global _default
    with _default_lock:
        if _default is None:
            _default = Catalog(prepare=recover)
        return _default


def resolve_body(
    code: str, *, catalog: Catalog | None = None, allowed: Collection[str] | None = None
) -> Resolution | None:
    """Code-node semantics: mount the packs the body's static imports name.

    None when the body imports no pack (no catalog is built for it). Missing
    or disallowed packs are refused by the returned graph at preflight, so the
    run fails naming them before a guest starts.
    """
    from core.specifier import declarations_from_code

    declarations = declarations_from_code(code)
    if not declarations:
        return None
    return (catalog or default_catalog()).resolve_for_execution(declarations, allowed=allowed)
