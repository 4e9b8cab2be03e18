"""A warm TypeScript guest's memory, kept in Cordon's verified cache so later processes start warm.

Starting the TypeScript guest is seconds of guest time: evaluating the compiler (~0.9 s quiet),
then its first program, which parses and binds the standard library (~3-4 s). That work is the same
in every process and reads nothing a body controls: the compiler, Cordon's service, the library and
the sandbox's declarations all ship with Cordon. So the first guest started does it once, and its
linear memory, taken before any request about a body reached it, is stored; a later process writes
those pages into a fresh instance (as a run's template, `core/engine/templates.py`) and is warm in
a fraction of a second.

A snapshot is guest state the guest then runs on, so it is only ever:

* made by `TypeScriptGuest` from a guest that has run nothing but the shipped compiler, service,
  library and sandbox declarations (no body, no pack, no node document);
* named by the sha256 of everything that state depends on (`name`): the guest's wasm, the compiler
  bundle and service, every library file, the warm files and this format, so a change to any of
  them gives a new name and the old entry is never asked for;
* stored and read through `core.cache`, which serves bytes only when they match the digest Cordon
  recorded under its data dir when it wrote them: a changed or planted file is a miss, and the
  guest starts cold and writes the snapshot again.

See docs/security.md, "TypeScript".
"""

from __future__ import annotations

import hashlib
import logging
import struct
from collections.abc import Mapping

from core import cache

logger = logging.getLogger(__name__)

#: Bumped when what a snapshot holds changes shape.
FORMAT = b"cordon-typescript-snapshot/1"
_HEAD = struct.Struct("<QI")
_CHUNK = struct.Struct("<QQ")
#: The largest snapshot read: the guest's heap with the library and every shipped pack parsed is
#: ~85 MB, past what other cache entries may be (`core.cache.MAX_ENTRY_BYTES`).
MAX_BYTES = 256 << 20
#: Snapshots written and restored by this process: tests tell a warm start from a cold one by them.
counts = {"written": 0, "restored": 0}


def name(guest_digest: str, program: str, libs: Mapping[str, str], warm_files: Mapping[str, str]) -> str:
    """The entry's name: a digest of everything the warm guest's memory depends on."""
    h = hashlib.sha256(FORMAT)
    for part in (guest_digest, program, *_flat(libs), *_flat(warm_files)):
        data = part.encode("utf-8", "surrogatepass")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return f"typescript/{h.hexdigest()[:40]}.snapshot"


def _flat(files: Mapping[str, str]) -> list[str]:
    return [item for key in sorted(files) for item in (key, files[key])]


def encode(size: int, chunks: list[tuple[int, bytes]]) -> bytes:
    """The memory's size and its pages that differ from a fresh guest's, as one blob."""
    head = _HEAD.pack(size, len(chunks)) + b"".join(_CHUNK.pack(offset, len(data)) for offset, data in chunks)
    return FORMAT + head + b"".join(data for _, data in chunks)


def decode(blob: bytes) -> tuple[int, list[tuple[int, bytes]]]:
    """`encode`'s (size, chunks); ValueError if the blob is not one (only Cordon's own verified bytes
    reach here, so this guards against a format change, not against an attacker)."""
    view = memoryview(blob)
    if bytes(view[: len(FORMAT)]) != FORMAT:
        raise ValueError("not a TypeScript guest snapshot")
    at = len(FORMAT)
    size, count = _HEAD.unpack_from(view, at)
    at += _HEAD.size
    spans = [_CHUNK.unpack_from(view, at + i * _CHUNK.size) for i in range(count)]
    at += count * _CHUNK.size
    chunks = []
    for offset, length in spans:
        if offset + length > size or at + length > len(blob):
            raise ValueError("a snapshot chunk lies outside its memory")
        chunks.append((offset, bytes(view[at : at + length])))
        at += length
    return size, chunks


def exists(entry: str) -> bool:
    """Whether Cordon's cache holds a verified snapshot under `entry`."""
    return cache.read(entry, max_bytes=MAX_BYTES) is not None


def load(entry: str) -> tuple[int, list[tuple[int, bytes]]] | None:
    """The verified snapshot stored under `entry`, or None (never stored, or refused by `core.cache`)."""
    blob = cache.read(entry, max_bytes=MAX_BYTES)
    if blob is None:
        return None
    try:
        found = decode(blob)
    except (ValueError, struct.error):
        logger.warning("the TypeScript guest snapshot %s is not readable; starting cold", entry)
        return None
    counts["restored"] += 1
    return found


def store(entry: str, size: int, chunks: list[tuple[int, bytes]]) -> None:
    """Keep the warm guest's memory; a cache that cannot be written costs only the next start's speed."""
    try:
        cache.write(entry, encode(size, chunks))
    except OSError:
        logger.warning("could not write the TypeScript guest snapshot %s", entry, exc_info=True)
        return
    counts["written"] += 1
