"""Assemble the guest prelude: hardening + transport + each surface's JS."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from core.bridges.base import Surface
from core.guest import guest_source

#: Names no caller global may take: the sandbox's own API and the language's globals.
_ALWAYS_RESERVED = frozenset(
    {
        "globalThis",
        "JSON",
        "Math",
        "Object",
        "Array",
        "Promise",
        "Error",
        "Symbol",
        "Reflect",
        "Proxy",
        "eval",
        "Function",
        "undefined",
        "NaN",
        "Infinity",
        "__cordon_internal",
        "__cordon_call",
        "__cordon_sync",
        "__cordon_finish",
        "__cordon_plain_json",
        # Capability names of the reference surface, reserved even where a run does not install them.
        "fetch",
        "workspace",
        "getSecret",
        "requestSecret",
        "nodetool",
        "media",
        "image",
        "audio",
        "video",
        "emit",
        "output",
        "stream",
        "URL",
        "URLSearchParams",
        "TextEncoder",
        "TextDecoder",
    }
)


def _block(name: str, guest_js: str) -> str:
    return f"\n  // ---- surface: {name}\n  (function (C, G) {{\n{guest_js}\n  }})(C, G);\n"


@lru_cache(maxsize=32)
def _assemble(blocks: tuple[str, ...]) -> str:
    return guest_source("prelude.js").replace("/*@SURFACES@*/", "".join(blocks))


@lru_cache(maxsize=1)
def _standard() -> tuple[tuple[str, ...], frozenset[str]]:
    """The standard surfaces' prelude blocks and reserved names, built once: every run asks for
    both, and rebuilding them (and hashing ~100 KB of JavaScript for the cache key) cost each
    fresh run ~15 us. Read from their declarations, so no bridge module is imported for them."""
    from core.bridges import STANDARD

    names = set(_ALWAYS_RESERVED)
    for declared in STANDARD:
        names.update(declared.globals)
    return tuple(_block(d.name, d.guest_js) for d in STANDARD), frozenset(names)


def build_prelude(extra: Sequence[Surface]) -> str:
    """The prelude text for a run. Keyed by the surfaces' JS text, not their identity:
    callers build a new Surface per run (its ops close over run state), while the
    guest code, and so the prelude and its snapshot template, stay the same."""
    blocks, _ = _standard()
    return _assemble((*blocks, *(_block(s.name, s.guest_js) for s in extra)) if extra else blocks)


def reserved_names(extra: Sequence[Surface]) -> frozenset[str]:
    _, names = _standard()
    if not extra:
        return names
    return names.union(*(surface.globals for surface in extra))
