"""Static checks of one pack JavaScript module, without executing it.

Discovery runs these on every authored file and every compiled npm module:
the module must parse, and must contain no dynamic `import()` (refused in
pack and user code alike) and no `require`. What it imports is returned for
discovery to resolve inside the pack.

Parsing is most of discovery's cost (the shipped packs are ~400 KB of
minified JavaScript), so a module that passes is remembered by its content
in `core.cache` (verified bytes, keyed by a sha256 over the scanner's
version, the parser's version and the source): the same bytes are parsed
once, not once per process. Failures are not cached; they are rare and
their messages name the file. The two tree queries cost as much as the
parse on a big bundle, so each runs only when the text could hold what it
looks for: `import` followed by `(` (only whitespace or comments can sit
between them in a call; the keyword cannot be escaped) and the name
`require` as written.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import re
from dataclasses import dataclass

import orjson

from core import cache, jsparse
from core.packs.status import DiscoveryError

#: Bump when a check changes, so no scan made under the old rules is served.
SCAN_VERSION = "cordon-scan/2"
_PARSER = (
    f"tree-sitter/{importlib.metadata.version('tree-sitter')}+"
    f"javascript/{importlib.metadata.version('tree-sitter-javascript')}"
)
#: `import` then `(`, with only whitespace and comments between: every spelling of a dynamic import.
_MAYBE_DYNAMIC_IMPORT = re.compile(r"\bimport(?:\s|/\*.*?\*/|//[^\n]*\n)*\(", re.DOTALL)


@dataclass(frozen=True)
class Request:
    """One static module request (`import ... from "x"`, `export ... from "x"`) and its 1-based line."""

    specifier: str
    line: int


def scan_module(source: str, path: str, *, max_chars: int = jsparse.MAX_SOURCE_CHARS) -> list[Request]:
    """The module's static requests, or DiscoveryError naming the first broken rule."""
    name = "scan/" + hashlib.sha256(f"{SCAN_VERSION}\0{_PARSER}\0{source}".encode()).hexdigest() + ".json"
    cached = cache.read(name)
    if cached is not None:
        try:
            return [Request(str(spec), int(line)) for spec, line in orjson.loads(cached)]
        except (orjson.JSONDecodeError, TypeError, ValueError):
            pass  # not what Cordon writes: scan again
    requests = _scan(source, path, max_chars)
    with contextlib.suppress(OSError):  # an unwritable cache costs the next discovery a parse, nothing else
        cache.write(name, orjson.dumps([[r.specifier, r.line] for r in requests]))
    return requests


def _scan(source: str, path: str, max_chars: int) -> list[Request]:
    try:
        tree = jsparse.parse(source, max_chars=max_chars)
    except jsparse.SourceRefused as exc:
        raise DiscoveryError(f"{path}: {exc.message}", rule=exc.rule, path=path, line=exc.line) from None
    error = jsparse.syntax_error_node(tree)
    if error is not None:
        line = error.start_point[0] + 1
        raise DiscoveryError(
            f"{path} is not valid JavaScript (near line {line})", rule="module-syntax-error", path=path, line=line
        )
    maybe_dynamic = "import" in source and _MAYBE_DYNAMIC_IMPORT.search(source) is not None
    dynamic = jsparse.dynamic_import_calls(tree) if maybe_dynamic else []
    if dynamic:
        line = dynamic[0].start_point[0] + 1
        raise DiscoveryError(
            f"{path} uses dynamic import() (line {line}); pack modules may only use static "
            "imports of files of their own pack",
            rule="module-dynamic-import",
            path=path,
            line=line,
        )
    required = jsparse.require_references(tree) if "require" in source else []
    if required:
        line = required[0].start_point[0] + 1
        raise DiscoveryError(
            f"{path} uses require (line {line}); the sandbox has no CommonJS loader: use static "
            "imports (wrap CommonJS code in an ES module that provides `module`/`exports`)",
            rule="module-require",
            path=path,
            line=line,
        )
    return [Request(r.specifier, r.line) for r in jsparse.module_requests(tree)]
