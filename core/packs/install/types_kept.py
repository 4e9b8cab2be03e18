"""An npm pack's own TypeScript declarations, kept at install for the editor's checker.

A library that ships types names them in its package.json (`types`, or the older `typings`). At
install the file is checked (a relative path inside the library's folder, a `.d.ts`, at most
`TYPES_MAX` bytes, read contained the way every pack file is, and whole in itself: declarations
spread over several files are not kept, since only this one reaches the checker) and recorded in the pack's
`cordon-types.json` under the dependency it types, so `core/typescript/context.py` maps it to the
module's specifier. A library without usable types is recorded as nothing: its module is still
typed by the checker's inference from the compiled source. Declarations are only ever read by the
TypeScript service in its capability-less guest (docs/security.md, "TypeScript").
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path, PurePosixPath

from core.errors import CordonError
from core.packs.files import read_contained

logger = logging.getLogger(__name__)

#: The record beside the pack's package.json: {dependency: "node_modules/<lib>/<file>.d.ts"}.
RECORD = "cordon-types.json"
#: The most a kept declaration file may weigh (lodash's index.d.ts is ~0.6 MB with its types package).
TYPES_MAX = 1 << 20
_PACKAGE_JSON_MAX = 1 << 20
#: A relative module specifier or a `/// <reference path>`: declarations that need another file.
#: Linear in the file (a library's bytes are hostile): `\s*\(?\s*` would try every split of a long
#: run of spaces between the two `\s*`, quadratic in its length (a megabyte of them: hours).
_REACHES_ANOTHER_FILE = re.compile(
    rb"""(?:\bfrom|\bimport|\brequire)\s*(?:\(\s*)?["']\.\.?/|///\s*<reference\s+path="""
)


def declared_types(pack_root: Path, library: str) -> str | None:
    """The library's declared types file, relative to the pack root, or None when it has none usable."""
    folder = PurePosixPath("node_modules", *library.split("/"))
    try:
        doc = json.loads(read_contained(pack_root, str(folder / "package.json"), _PACKAGE_JSON_MAX))
    except (CordonError, ValueError, OSError):
        return None
    named = doc.get("types") or doc.get("typings") if isinstance(doc, dict) else None
    if not isinstance(named, str) or not named.endswith(".d.ts"):
        return None
    rel = PurePosixPath(named)
    if rel.is_absolute() or ".." in rel.parts:
        return None
    path = str(folder / rel)
    try:
        text = read_contained(pack_root, path, TYPES_MAX)
    except (CordonError, OSError) as exc:
        logger.info("the types of %s are not kept: %s", library, exc)
        return None
    if _REACHES_ANOTHER_FILE.search(text):
        # Only this file reaches the checker: an `export * from "./add.js"` would name nothing, and
        # every import of the library's names would be a type error the library does not have.
        logger.info("the types of %s are not kept: they span several files (%s)", library, named)
        return None
    return path


def keep_types(pack_root: Path, dependencies: list[str]) -> dict[str, str]:
    """Record the usable declarations of each npm dependency of a staged pack (an install step)."""
    kept = {}
    for dependency in dependencies:
        found = declared_types(pack_root, _library(dependency))
        if found is not None:
            kept[dependency] = found
    if kept:
        (pack_root / RECORD).write_text(json.dumps(kept, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return kept


def read_declarations(root: Path, rel: str) -> str | None:
    """A declaration file of a pack, read contained and capped the way every pack file is; None when
    it is missing, outside the pack, too large or not UTF-8."""
    try:
        return read_contained(root, rel, TYPES_MAX).decode("utf-8")
    except (CordonError, ValueError, OSError):
        return None


def kept_types(pack_root: Path | str | None, dependency: str) -> tuple[str, Path] | None:
    """The kept declarations of `dependency` in an installed pack, checked again as they are read."""
    if pack_root is None:
        return None
    root = Path(pack_root)
    try:
        record = json.loads(read_contained(root, RECORD, _PACKAGE_JSON_MAX))
        rel = record.get(dependency) if isinstance(record, dict) else None
    except (CordonError, ValueError, OSError):
        return None
    if not isinstance(rel, str) or not rel.endswith(".d.ts"):
        return None
    text = read_declarations(root, rel)
    return None if text is None else (text, root / rel)


def _library(dependency: str) -> str:
    """`js-yaml` of `js-yaml`, `@scope/lib` of `@scope/lib/sub/path` (an npm target's package)."""
    parts = dependency.split("/")
    return "/".join(parts[:2] if dependency.startswith("@") else parts[:1])
