"""Reading an unpacked package's own package.json: the artifact, never registry metadata.

Classification, dependency fetching and consent all read the file that was
actually unpacked (what discovery will read later), capped in size and
required to be a JSON object.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from core.packs.caps import MANIFEST_MAX
from core.packs.install.errors import InstallError

#: Scripts npm would run on install; reported (never run) so the consent text can say so.
LIFECYCLE_SCRIPTS = ("preinstall", "install", "postinstall", "prepare", "preprepare", "postprepare")


def read_package_json(root: Path, what: str) -> dict[str, Any]:
    path = root / "package.json"
    if path.is_symlink() or not path.is_file():
        raise InstallError(f"{what}: there is no package.json at the package root", rule="manifest-invalid")
    if path.stat().st_size > MANIFEST_MAX:
        raise InstallError(f"{what}: package.json exceeds {MANIFEST_MAX} bytes", rule="manifest-invalid")
    try:
        doc = orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError as exc:
        raise InstallError(f"{what}: package.json is not valid JSON ({exc})", rule="manifest-invalid") from None
    if not isinstance(doc, dict):
        raise InstallError(f"{what}: package.json is not a JSON object", rule="manifest-invalid")
    return doc


def string_map(doc: dict[str, Any], key: str) -> dict[str, str]:
    """A `{name: string}` field (dependencies, scripts), ignoring anything malformed."""
    value = doc.get(key)
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def lifecycle_scripts(doc: dict[str, Any]) -> list[str]:
    scripts = string_map(doc, "scripts")
    return [name for name in LIFECYCLE_SCRIPTS if name in scripts]
