"""Subresource-Integrity strings (`sha512-<base64>`), as npm's `dist.integrity` carries them.

The download is hashed as it streams and compared before a single byte is
unpacked: the tarball a user consented to is the tarball that lands. Only
sha512 counts; a weaker algorithm in the same string is ignored, and a string
with no sha512 is refused (npm's legacy sha1 `shasum` is not integrity).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Callable, Iterable
from typing import BinaryIO

from core.packs.install.errors import InstallError

ALGORITHM = "sha512"


def expected_digests(integrity: str | None, what: str) -> list[bytes]:
    """The sha512 digests an SRI string allows (any one matching is enough, per the SRI spec)."""
    digests = []
    for token in (integrity or "").split():
        algo, _, rest = token.partition("-")
        if algo != ALGORITHM:
            continue
        value = rest.split("?", 1)[0]
        try:
            raw = base64.b64decode(value, validate=True)
        except ValueError:
            raise InstallError(f"{what}: malformed integrity string {token[:40]!r}", rule="integrity-missing") from None
        if len(raw) != hashlib.sha512().digest_size:
            raise InstallError(f"{what}: malformed integrity string {token[:40]!r}", rule="integrity-missing")
        digests.append(raw)
    if not digests:
        raise InstallError(
            f"{what}: the registry gives no sha512 integrity for this tarball, so it cannot "
            "be verified; refusing to install it",
            rule="integrity-missing",
        )
    return digests


def to_sri(digest: bytes) -> str:
    return f"{ALGORITHM}-{base64.b64encode(digest).decode('ascii')}"


def verify(actual: bytes, integrity: str | None, what: str) -> str:
    """Raise `integrity-mismatch` unless the sha512 `actual` digest is one `integrity` allows."""
    allowed = expected_digests(integrity, what)
    if not any(hmac.compare_digest(actual, d) for d in allowed):
        raise InstallError(
            f"{what}: the downloaded tarball does not match its published integrity "
            f"(expected {to_sri(allowed[0])}, got {to_sri(actual)}); nothing was installed",
            rule="integrity-mismatch",
        )
    return to_sri(actual)


def hashing_copy(
    chunks: Iterable[bytes], out: BinaryIO, cap: int, what: str, each: Callable[[int], None] | None = None
) -> tuple[int, bytes]:
    """Write `chunks` to `out`, counting and hashing them; (size, sha512 digest) of what was written.

    The one capped copy of a tarball into staging (a download or a local file), so what is
    verified is byte for byte what is unpacked. Past `cap` bytes it stops with
    `download-too-large` before writing the chunk that crossed it. `each(size so far)` runs
    after every chunk (cancel checks, progress).
    """
    digest = hashlib.new(ALGORITHM)
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > cap:
            raise InstallError(f"{what}: the tarball exceeds the {cap}-byte download cap", rule="download-too-large")
        digest.update(chunk)
        out.write(chunk)
        if each is not None:
            each(size)
    return size, digest.digest()
