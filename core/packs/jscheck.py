"""Static checks of one pack JavaScript module, without executing it.

Discovery runs these on every authored file and every compiled npm module:
the module must parse, and must contain no dynamic `import()` (refused in
pack and user code alike) and no `require`. What it imports is returned for
discovery to resolve inside the pack.

The two tree queries cost as much as the parse on a big bundle, so each runs
only when the source text could hold what it looks for: `import` followed by
`(` (only whitespace or comments can sit between them in a call; the keyword
cannot be escaped) and the name `require` as written. Discovery of the shipped
packs stays fast without weakening the check.
"""

from __future__ import annotations

import re

from core import jsparse
from core.packs.status import DiscoveryError

#: `import` then `(`, with only whitespace and comments between: every spelling of a dynamic import.
_MAYBE_DYNAMIC_IMPORT = re.compile(r"\bimport(?:\s|/\*.*?\*/|//[^\n]*\n)*\(", re.DOTALL)


def scan_module(source: str, path: str) -> list[jsparse.StaticImport]:
    """The module's static requests, or DiscoveryError naming the first broken rule."""
    tree = jsparse.parse(source)
    error = jsparse.syntax_error_node(tree)
    if error is not None:
        line = error.start_point[0] + 1
        raise DiscoveryError(f"{path} is not valid JavaScript (near line {line})", rule="module-syntax-error",
                             path=path, line=line)
    maybe_dynamic = "import" in source and _MAYBE_DYNAMIC_IMPORT.search(source) is not None
    dynamic = jsparse.dynamic_import_calls(tree) if maybe_dynamic else []
    if dynamic:
        line = dynamic[0].start_point[0] + 1
        raise DiscoveryError(f"{path} uses dynamic import() (line {line}); pack modules may only use static "
                             "imports of files of their own pack", rule="module-dynamic-import", path=path, line=line)
    required = jsparse.require_references(tree) if "require" in source else []
    if required:
        line = required[0].start_point[0] + 1
        raise DiscoveryError(f"{path} uses require (line {line}); the sandbox has no CommonJS loader: use static "
                             "imports (wrap CommonJS code in an ES module that provides `module`/`exports`)",
                             rule="module-require", path=path, line=line)
    return jsparse.module_requests(tree)
