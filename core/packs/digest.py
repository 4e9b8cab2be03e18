"""The module-graph digest: one content identity per specifier.

Not an entry-file hash: a canonical, sorted list of every transitive module of
the specifier with its module id and the sha256 of its source, plus what else
decides its behaviour (facade generator version and WASM bytes hash, compiler
version and compile digest for npm modules, host module id and implementation
version). Declarations stamp it, validation compares it, and any change of
anything a run would execute changes it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from core.packs.pack import MountedModule

PREFIX = "sha256:"


def sha256_hex(data: str | bytes) -> str:
    return hashlib.sha256(data.encode("utf-8") if isinstance(data, str) else data).hexdigest()


def closure(mounted: Mapping[str, MountedModule], root: str) -> tuple[str, ...]:
    """Every module id `root` statically reaches inside `mounted` (itself included), sorted.

    Ids outside `mounted` (Cordon's private bridge modules) are included as
    leaves: they are part of what the run serves.
    """
    seen: set[str] = set()
    stack = [root]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        module = mounted.get(current)
        if module is not None:
            stack.extend(module.requests.values())
    return tuple(sorted(seen))


def graph_digest(
    mounted: Mapping[str, MountedModule], ids: tuple[str, ...], extra: Mapping[str, MountedModule] | None = None
) -> str:
    """`sha256:<hex>` over the canonical records of `ids` (looked up in `mounted`, then `extra`)."""
    records = []
    for module_id in sorted(ids):
        module = mounted.get(module_id) or (extra or {}).get(module_id)
        if module is None:
            raise KeyError(module_id)
        records.append({"id": module_id, "source": sha256_hex(module.source), **module.record})
    blob = json.dumps(records, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return PREFIX + sha256_hex(blob)
