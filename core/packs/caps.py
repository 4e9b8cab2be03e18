"""Static size caps on everything a pack ships (the design's "Limits summary").

They are checked at discovery, before any pack byte reaches a guest, so an
oversized pack is a named status in `cordon packs list`, never a slow run.
"""

from __future__ import annotations

KB = 1024
MB = 1024 * KB

#: One authored JavaScript module (a file the pack ships).
AUTHORED_JS_MAX = 256 * KB
#: One JavaScript module compiled from an npm dependency, by default (mathjs 15 bundles to 1.9 MB) and at
#: most, when a person raises it for one library at install (`core.packs.npm.limit`).
NPM_JS_MAX = 3 * MB
NPM_JS_CEILING = 8 * MB
#: One WASM binary.
WASM_MAX = 4 * MB
#: Everything a pack mounts: JS files, compiled npm modules, WASM binaries.
PACK_MAX = 8 * MB
#: SKILL.md (warning-grade: a bad skill never disables a module).
SKILL_MAX = 16 * KB
#: package.json itself.
MANIFEST_MAX = 256 * KB
#: Host ceiling for a WASM memory maximum (64 KiB pages: 256 MB).
WASM_PAGES_CEILING = 4096
