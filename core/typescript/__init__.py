"""TypeScript for Cordon: bodies written in TypeScript, and the language service behind every editor.

`strip_types` turns a TypeScript body into the JavaScript that runs, every line and column kept;
`LanguageService` answers an editor's questions on the real TypeScript checker for a body and its
`BodyContext` (`body_context` builds one from a node's handles and the pack catalog). Both run the
compiler in a Cordon guest with no capabilities (`core/typescript/guest.py`), never as host code on
a body. See docs/design.md, "TypeScript bodies". The studio imports this facade; the engine is only
imported when the guest first starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core import lazy

if TYPE_CHECKING:
    from core.typescript.context import BodyContext, Handle, pack_context
    from core.typescript.guest import TypeScriptUnavailable, shared_guest
    from core.typescript.service import (
        CompletionItem,
        Hover,
        LanguageService,
        Signature,
        SignatureHelp,
        TypeDiagnostic,
        utf16_column,
    )
    from core.typescript.strip import UnsupportedSyntax, is_typescript_path, runnable_body, strip_types

# Lazy (core/lazy.py): `cordon run` of a .js body asks only `is_typescript_path`, and the service and
# the context modules it would otherwise import (~10 ms) are for the editor and a .ts body.
_EXPORTS = {
    "BodyContext": "core.typescript.context",
    "Handle": "core.typescript.context",
    "pack_context": "core.typescript.context",
    "TypeScriptUnavailable": "core.typescript.guest",
    "shared_guest": "core.typescript.guest",
    "CompletionItem": "core.typescript.service",
    "Hover": "core.typescript.service",
    "LanguageService": "core.typescript.service",
    "Signature": "core.typescript.service",
    "SignatureHelp": "core.typescript.service",
    "TypeDiagnostic": "core.typescript.service",
    "utf16_column": "core.typescript.service",
    "UnsupportedSyntax": "core.typescript.strip",
    "is_typescript_path": "core.typescript.strip",
    "runnable_body": "core.typescript.strip",
    "strip_types": "core.typescript.strip",
}
__getattr__, __dir__ = lazy.exports(__name__, _EXPORTS)

__all__ = [
    "BodyContext",
    "CompletionItem",
    "Handle",
    "Hover",
    "LanguageService",
    "Signature",
    "SignatureHelp",
    "TypeDiagnostic",
    "TypeScriptUnavailable",
    "UnsupportedSyntax",
    "body_context",
    "is_typescript_path",
    "pack_context",
    "runnable_body",
    "shared_guest",
    "strip_types",
    "utf16_column",
]


def body_context(
    language: str, inputs: tuple[Handle, ...] | None, outputs: tuple[Handle, ...], body: str, catalog: object
) -> BodyContext:
    """What `body` is checked against: its language, its node's handles and the packs it imports."""
    from core.typescript.context import BodyContext, pack_context

    packs, files, real = pack_context(body, catalog)
    return BodyContext(language, inputs, outputs, packs, files, real)
