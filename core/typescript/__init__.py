"""TypeScript for Cordon: bodies written in TypeScript, and the language service behind every editor.

`strip_types` turns a TypeScript body into the JavaScript that runs, every line and column kept;
`core.typescript.service` answers an editor's questions on the real TypeScript checker. Both run
the compiler in a Cordon guest with no capabilities (`core/typescript/guest.py`), never as host
code on a body. See docs/design.md, "TypeScript bodies".
"""

from __future__ import annotations

from core.typescript.strip import is_typescript_path, runnable_body, strip_types

__all__ = ["is_typescript_path", "runnable_body", "strip_types"]
