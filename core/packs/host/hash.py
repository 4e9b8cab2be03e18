"""`@cordon/sandbox-hash`: hashing on the host (the first-party host module).

Hex digests (SHA-1/256/384/512, MD5, BLAKE2b of 1-64 bytes) and CRC-32 of a
string (UTF-8) or bytes. Cordon's own pack (the reference has none): pinned
here, reached only through the checked dispatcher of `host_registry`, which
validates every argument before these run.
"""

from __future__ import annotations

import hashlib
import zlib

from core.packs.caps import MB
from core.packs.host_registry import Arg, HostExport, HostModule

#: Largest input one call hashes (above the shared 5 MB text cap: hashing is cheap).
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


_DATA = Arg("data", ("string", "bytes"), max_bytes=MAX_INPUT)

MODULE = HostModule(
    "cordon.hash",
    "@cordon/sandbox-hash",
    "1",
    {
        "sha1": HostExport(sha1, (_DATA,)),
        "sha256": HostExport(sha256, (_DATA,)),
        "sha384": HostExport(sha384, (_DATA,)),
        "sha512": HostExport(sha512, (_DATA,)),
        "md5": HostExport(md5, (_DATA,)),
        "blake2b": HostExport(blake2b, (_DATA, Arg("size", ("int",), optional=True, bounds=(1, 64)))),
        "crc32": HostExport(crc32, (_DATA,)),
    },
)
