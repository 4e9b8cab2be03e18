"""TypeScript for Cordon: bodies written in TypeScript, and the language service behind every editor.

`strip_types` turns a TypeScript body into the JavaScript that runs, every line and column kept;
`LanguageService` answers an editor's questions on the real TypeScript checker for a body and its
`BodyContext` (`body_context` builds one from a node's handles and the pack catalog). Both run the
compiler in a Cordon guest with no capabilities (`core/typescript/guest.py`), never as host code on
a body. See docs/design.md, "TypeScript bodies". The studio imports this facade; the engine is only
imported when the guest first starts.
"""

from __future__ import annotations

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
from core.typescript.strip import is_typescript_path, runnable_body, strip_types

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
    packs, files, real = pack_context(body, catalog)
    return BodyContext(language, inputs, outputs, packs, files, real)
