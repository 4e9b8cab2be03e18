"""crypto.*: randomUUID, getRandomValues, digest and hmac (SHA-1/256/384/512) on the host."""

from __future__ import annotations

import hashlib
import hmac as hmac_lib
import os
from collections.abc import Callable

from core.bridges.base import Op, RunScope, Surface, in_worker_thread
from core.errors import SandboxRefusal

GUEST_JS = r"""
  function bytesArg(data, what) {
    if (typeof data === "string") return data;
    if (data instanceof Uint8Array) return data;
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    throw new TypeError("crypto." + what + ": data must be a string, TypedArray or ArrayBuffer");
  }
  const crypto = {
    getRandomValues(view) {
      // The reference's two forms: a length gives a new Uint8Array; a TypedArray is filled in place.
      // Either way at most maxRandomBytes (64 KB) per call: the host clamps, as the reference does.
      if (typeof view === "number") {
        if (!(view >= 0) || view === Infinity)
          throw new TypeError("crypto.getRandomValues: a length must be a finite, non-negative number");
        return C.callSync("crypto.random", Math.floor(view));
      }
      const floaty = view instanceof Float32Array || view instanceof Float64Array || view instanceof DataView;
      if (!ArrayBuffer.isView(view) || floaty)
        throw new TypeError("crypto.getRandomValues: expected an integer TypedArray or a length");
      const bytes = C.callSync("crypto.random", view.byteLength);
      new Uint8Array(view.buffer, view.byteOffset, bytes.length).set(bytes);
      return view;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
      const h = toHex(b);
      return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
    },
    digest(algorithm, data) { return C.call("crypto.digest", String(algorithm), bytesArg(data, "digest")); },
    hmac(algorithm, key, data) {
      return C.call("crypto.hmac", String(algorithm), bytesArg(key, "hmac"), bytesArg(data, "hmac"));
    },
  };
  C.define("crypto", Object.freeze(crypto));
"""

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


SURFACE = Surface(
    "crypto",
    {
        "crypto.random": Op(_random, sync=True),
        "crypto.digest": Op(_digest),
        "crypto.hmac": Op(_hmac),
    },
    GUEST_JS,
    ("crypto",),
)
