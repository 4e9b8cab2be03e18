"""Large picked media of a document's test inputs, stored beside the document instead of inside it.

A file picked into an input is held as bytes (`{"$bytes": base64}`) or as a media
ref with a `data:` URI; embedded, a 42 KB video made a 1 KB document 58 KB of
base64. On save, every such value of at least `BESIDE_MIN_BYTES`
goes to `<name>.assets/<sha256>` next to `<name>.node.json`, and the document keeps
a small marker naming its digest:

    {"$beside": "<sha256 hex>", "as": "bytes"}
    {"$beside": "<sha256 hex>", "as": "data-uri", "mime": "video/mp4"}

Reading puts the values back, so the document in memory (and what runs, autosaves
and compares) is always whole. A marker resolves only to a regular file of that
exact digest name in that one folder, read without following a symlink, capped, and
whose content hashes to its name: a shared document cannot make the studio read any
other file into an input. A marker that does not resolve drops that test input (the
field is empty) and is logged.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import logging
import os
import re
import stat
from pathlib import Path
from typing import Any

from core.atomic import write_atomic

logger = logging.getLogger(__name__)

#: Values this size or larger are stored beside the document; smaller ones stay inline.
BESIDE_MIN_BYTES = 16 * 1024
#: The most a stored value may be (the inputs form's cap on a picked file, with room).
BESIDE_MAX_BYTES = 64 * 1024 * 1024
_DIGEST = re.compile(r"[0-9a-f]{64}")
_DATA_URI = re.compile(r"data:([^;,]*);base64,(.*)", re.DOTALL)
_UNRESOLVED = object()


def assets_dir(document: Path) -> Path:
    """`<name>.assets/` beside `<name>.node.json`."""
    name = document.name.removesuffix(".json").removesuffix(".node")
    return document.with_name(f"{name}.assets")


def split_out(test_inputs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The test inputs with large media replaced by markers, and digest -> bytes to store."""
    stored: dict[str, bytes] = {}

    def keep(data: bytes) -> str:
        digest = hashlib.sha256(data).hexdigest()
        stored[digest] = data
        return digest

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            encoded = value.get("$bytes")
            if len(value) == 1 and isinstance(encoded, str) and len(encoded) * 3 // 4 >= BESIDE_MIN_BYTES:
                data = _b64(encoded)
                if data is not None:
                    return {"$beside": keep(data), "as": "bytes"}
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str) and len(value) * 3 // 4 >= BESIDE_MIN_BYTES:
            match = _DATA_URI.fullmatch(value)
            data = _b64(match.group(2)) if match else None
            if match and data is not None:
                return {"$beside": keep(data), "as": "data-uri", "mime": match.group(1)}
        return value

    return {k: walk(v) for k, v in test_inputs.items()}, stored


def join_in(test_inputs: dict[str, Any], document: Path) -> dict[str, Any]:
    """The test inputs with every marker replaced by its stored value; an unresolved one drops its input."""
    folder = assets_dir(document)

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if _is_marker(value):
                data = _read(folder, value["$beside"])
                if data is None:
                    return _UNRESOLVED
                if value["as"] == "bytes":
                    return {"$bytes": base64.b64encode(data).decode("ascii")}
                return f"data:{value.get('mime', '')};base64,{base64.b64encode(data).decode('ascii')}"
            items = {k: walk(v) for k, v in value.items()}
            return _UNRESOLVED if _UNRESOLVED in items.values() else items
        if isinstance(value, list):
            items_ = [walk(v) for v in value]
            return _UNRESOLVED if any(v is _UNRESOLVED for v in items_) else items_
        return value

    joined = {k: walk(v) for k, v in test_inputs.items()}
    return {k: v for k, v in joined.items() if v is not _UNRESOLVED}


def store(document: Path, stored: dict[str, bytes]) -> None:
    """Write the values beside `document` (atomic, the document's mode) and drop files no longer named."""
    folder = assets_dir(document)
    if stored:
        folder.mkdir(exist_ok=True)
    if folder.is_symlink():  # its markers would never resolve (`_read` refuses it): say so instead
        raise OSError(f"{folder} is a symlink; test inputs are stored only in a real folder beside the document")
    if not folder.is_dir():
        return
    for digest, data in stored.items():
        target = folder / digest
        if not target.exists():
            write_atomic(target, data, durable=True, keep_mode=True)
    for old in folder.iterdir():
        if _DIGEST.fullmatch(old.name) and old.name not in stored:
            old.unlink(missing_ok=True)
    if not stored and not any(folder.iterdir()):
        folder.rmdir()


def _is_marker(value: dict[str, Any]) -> bool:
    return (
        isinstance(value.get("$beside"), str)
        and _DIGEST.fullmatch(value["$beside"]) is not None
        and value.get("as") in ("bytes", "data-uri")
        and set(value) <= {"$beside", "as", "mime"}
        and isinstance(value.get("mime", ""), str)
    )


def _b64(text: str) -> bytes | None:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def _read(folder: Path, digest: str) -> bytes | None:
    """The file named `digest` in `folder`: regular, not a symlink, capped, and hashing to its name."""
    if folder.is_symlink():
        logger.warning("test inputs beside the document: %s is a symlink, not read", folder)
        return None
    try:
        fd = os.open(folder / digest, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        logger.warning("test input stored beside the document is missing: %s (%s)", folder / digest, exc)
        return None
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > BESIDE_MAX_BYTES:
            logger.warning("test input beside the document is not a regular file within the cap: %s", folder / digest)
            return None
        data = file.read(BESIDE_MAX_BYTES + 1)
    if len(data) > BESIDE_MAX_BYTES or hashlib.sha256(data).hexdigest() != digest:
        logger.warning("test input beside the document does not match its digest: %s", folder / digest)
        return None
    return data
