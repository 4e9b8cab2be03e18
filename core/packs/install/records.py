"""What the installer remembers of each pack it placed: where it came from (to update it) and what it
downloaded (for its page).

Its own module so that reading a record needs nothing of the installer's machinery: the pack page's
sizes (`core.packs.sizes`) read the download here, and the installer (`flow`, `updates`) writes and
follows the records.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from core import paths
from core.atomic import write_atomic
from core.packs.install.staging import pack_dir

RECORDS_FILE = "install-records.json"
_lock = threading.Lock()


@dataclass(frozen=True)
class InstallRecord:
    name: str
    #: What to prepare again to update: `name@range`, or `npm:library@range`.
    source: str
    registry: str
    version: str
    integrity: str
    #: The npm range the record follows ("" for the latest tag), and the package the registry is asked about.
    spec: str
    package: str
    #: For an `npm:` wrapper: its entry points, space-separated (an update wraps the same ones).
    entries: str = "."
    #: Bytes downloaded at install (the pack's tarball and its dependencies'), for its page (`core.packs.sizes`).
    download: int = 0
    #: For an `npm:` wrapper: the bundle limit the person raised (`--max-bundle-size`), None for the default;
    #: an update prepares the library again under the limit that was consented to, not the default.
    max_bundle_bytes: int | None = None


def _path() -> Path:
    return paths.data_dir() / RECORDS_FILE


def _load() -> dict[str, dict[str, Any]]:
    try:
        doc = orjson.loads(_path().read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    packs = doc.get("packs") if isinstance(doc, dict) else None
    return {k: v for k, v in packs.items() if isinstance(v, dict)} if isinstance(packs, dict) else {}


def records() -> dict[str, InstallRecord]:
    """Every install record whose pack is still installed, by pack name."""
    with _lock:
        raw = _load()
    out = {}
    for name, doc in raw.items():
        try:
            record = InstallRecord(
                name=name,
                entries=str(doc.get("entries", ".")),
                download=doc["download"] if isinstance(doc.get("download"), int) else 0,
                max_bundle_bytes=_limit(doc.get("maxBundleBytes")),
                **{k: str(doc[k]) for k in ("source", "registry", "version", "integrity", "spec", "package")},
            )
        except KeyError:
            continue
        if pack_dir(name).is_dir():
            out[name] = record
    return out


def _limit(value: object) -> int | None:
    """A recorded bundle limit, or None (absent, or not a positive whole number: the default applies)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def remember(record: InstallRecord | None, name: str) -> None:
    """Store `record` for pack `name` (None forgets it: a tarball or folder install has no source to follow)."""
    with _lock:
        current = _load()
        if record is None:
            if current.pop(name, None) is None:
                return
        else:
            current[name] = {
                k: getattr(record, k)
                for k in ("source", "registry", "version", "integrity", "spec", "package", "entries", "download")
            }
            if record.max_bundle_bytes is not None:
                current[name]["maxBundleBytes"] = record.max_bundle_bytes
        write_atomic(
            _path(), orjson.dumps({"version": 1, "packs": dict(sorted(current.items()))}, option=orjson.OPT_INDENT_2)
        )
