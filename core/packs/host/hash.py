"""`@cordon/sandbox-hash`: hashing on the host (the first-party host module).

Hex digests (SHA-1/256/384/512, MD5, BLAKE2b of 1-64 bytes) and CRC-32 of a
string (UTF-8) or bytes, synchronously. It exists to prove the host-module
path: pinned and declared in `host_registry`, reached only through its
checked dispatcher, which validates every argument before these run.
"""

from __future__ import annotations

import hashlib
import zlib

from core.packs.caps import MB

VERSION = "1"
#: Largest input one call hashes (a call is synchronous: it must stay short).
MAX_INPUT = 8 * MB


def _data(value: str | bytes) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else value


def sha1(data: str | bytes) -> str:
    return hashlib.sha1(_data(data)).hexdigest()


def sha256(data: str | bytes) -> str:
    return hashlib.sha256(_data(data)).hexdigest()


def sha384(data: str | bytes) -> str:
    return hashlib.sha384(_data(data)).hexdigest()


def sha512(data: str | bytes) -> str:
    return hashlib.sha512(_data(data)).hexdigest()


def md5(data: str | bytes) -> str:
    return hashlib.md5(_data(data), usedforsecurity=False).hexdigest()


def blake2b(data: str | bytes, size: int = 32) -> str:
    return hashlib.blake2b(_data(data), digest_size=size).hexdigest()


def crc32(data: str | bytes) -> int:
    return zlib.crc32(_data(data))
