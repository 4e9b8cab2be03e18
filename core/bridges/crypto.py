"""crypto.*: randomUUID, getRandomValues, digest and hmac (SHA-1/256/384/512) on the host."""

from __future__ import annotations

import hashlib
import hmac as hmac_lib
import os
from collections.abc import Callable

from core.bridges import declared
from core.bridges.base import Op, RunScope, in_worker_thread
from core.errors import SandboxRefusal

_ALGORITHMS = {"SHA-1": "sha1", "SHA-256": "sha256", "SHA-384": "sha384", "SHA-512": "sha512"}


def _algorithm(name: str) -> str:
    algo = _ALGORITHMS.get(
        name.upper()
        .replace("SHA1", "SHA-1")
        .replace("SHA256", "SHA-256")
        .replace("SHA384", "SHA-384")
        .replace("SHA512", "SHA-512")
    )
    if algo is None:
        raise SandboxRefusal(
            f"unsupported algorithm {name!r}; use one of {', '.join(_ALGORITHMS)}",
            rule="crypto-algorithm",
            name="NotSupportedError",
        )
    return algo


def _as_bytes(data: str | bytes) -> bytes:
    return data.encode("utf-8") if isinstance(data, str) else data


def _random(scope: RunScope, n: int) -> bytes:
    """`n` random bytes, clamped to `maxRandomBytes` per call (the reference clamps instead of throwing)."""
    if not isinstance(n, int) or n < 0:
        raise SandboxRefusal(
            f"crypto.getRandomValues: expected a non-negative length, got {n!r}", rule="bad-argument", name="TypeError"
        )
    return os.urandom(min(n, scope.limits.maxRandomBytes))


#: Inputs past this many bytes are hashed in a worker thread: hundreds of MB would hold the run's loop.
_INLINE_BYTES = 1 << 20


async def _hashed(scope: RunScope, size: int, fn: Callable[[], bytes]) -> bytes:
    return fn() if size <= _INLINE_BYTES else await in_worker_thread(scope, fn)


async def _digest(scope: RunScope, algorithm: str, data: str | bytes) -> bytes:
    algo, raw = _algorithm(algorithm), _as_bytes(data)
    return await _hashed(scope, len(raw), lambda: hashlib.new(algo, raw).digest())


async def _hmac(scope: RunScope, algorithm: str, key: str | bytes, data: str | bytes) -> bytes:
    algo, raw_key, raw = _algorithm(algorithm), _as_bytes(key), _as_bytes(data)
    return await _hashed(scope, len(raw_key) + len(raw), lambda: hmac_lib.new(raw_key, raw, algo).digest())


SURFACE = declared("crypto").surface(
    {
        "crypto.random": Op(_random, sync=True),
        "crypto.digest": Op(_digest),
        "crypto.hmac": Op(_hmac),
    }
)
