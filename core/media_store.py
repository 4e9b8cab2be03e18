"""Where media payloads live: a run's handle store and the local asset store.

Two stores with different lifetimes, on purpose:

* `RunMediaStore` holds the encoded payloads behind `sandbox://media/<id>`
  handles. It lives in `RunScope.state`, so it is born and dies with one run:
  a handle copied into a later run names nothing there (the reference's
  "handles do not work in a later run"). Its total size is capped by
  `runMediaBytes`, because a loop of transforms would otherwise grow host
  memory without bound while the guest's own heap stays small.
* `AssetStore` persists bytes under `data_dir()/assets`, content-addressed by
  SHA-256. The id *is* the digest, so an id is validated as 64 lowercase hex
  digits before it becomes a path: nothing a guest writes can name a file
  outside the store.

The asset store is shared by every run on the machine, so it answers a run
only for assets that run put there, that its node put there (an `AssetLedger`
the Code node runner shares across its invocations under `ASSETS`), or
that the host handed it in `inputs` (`readable_asset`). An id is a digest of
content, so without this a run could confirm or read any asset of any other
document whose id it can guess or learned. The check comes before the store is
touched, so a refusal says nothing about whether the asset exists.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path

from core import paths
from core.atomic import write_atomic
from core.bridges.base import RunLocal, RunScope, ServiceKey
from core.errors import LimitExceeded, SandboxRefusal
from core.rules import limit_rule

HANDLE_PREFIX = "sandbox://media/"
ASSET_PREFIX = "asset://"
MEDIA_TYPES = ("document", "image", "audio", "video")

_HANDLE_ID = re.compile(r"[0-9a-f]{32}")
_ASSET_ID = re.compile(r"[0-9a-f]{64}")
#: A name a host gave an asset beside its digest (the reference's asset store has ids like "asset-1"): a
#: plain file name, so `names/<name>` can never leave the store (no separator, no leading dot).
_ASSET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")


@dataclass(frozen=True)
class Cap:
    """A byte cap on a payload, the limit's name for messages, and the rule a refusal carries."""

    size: int
    limit: str
    rule: str

    @classmethod
    def of_limit(cls, size: int, limit: str) -> Cap:
        """The cap a `SandboxLimits` field sets, with that limit's registered rule."""
        return cls(size, limit, limit_rule(limit))


def too_large(what: str, cap: Cap) -> LimitExceeded:
    """The one wording for "this payload is over its cap"."""
    return LimitExceeded(
        f"{what} is larger than {cap.size} bytes (limit {cap.limit})",
        limit=cap.limit,
        rule=cap.rule,
        name="QuotaExceededError",
    )


@dataclass(frozen=True)
class MediaItem:
    """One encoded payload with what is known about it."""

    type: str
    mime_type: str
    data: bytes
    width: int | None = None
    height: int | None = None

    def ref(self, uri: str) -> dict[str, object]:
        """The small object the guest sees instead of the bytes."""
        out: dict[str, object] = {"type": self.type, "uri": uri, "mimeType": self.mime_type}
        if self.width is not None and self.height is not None:
            out["width"], out["height"] = self.width, self.height
        return out


class RunMediaStore:
    """The handles of one run, capped by total encoded bytes (`runMediaBytes`)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: dict[str, MediaItem] = {}
        self._lock = threading.Lock()

    def charge(self, size: int) -> None:
        """Count `size` new bytes this run produces (a handle, or an asset written from guest bytes)."""
        with self._lock:
            if self.used + size > self.budget:
                raise LimitExceeded(
                    f"media of this run would hold {self.used + size} bytes, more than runMediaBytes "
                    f"({self.budget}); persist results with toAsset() and keep fewer intermediate handles",
                    limit="runMediaBytes",
                    name="QuotaExceededError",
                )
            self.used += size

    def put(self, item: MediaItem) -> str:
        """Keep `item` for the rest of the run; returns its `sandbox://media/<id>` uri."""
        self.charge(len(item.data))
        handle_id = secrets.token_hex(16)
        with self._lock:
            self._items[handle_id] = item
        return HANDLE_PREFIX + handle_id

    def get(self, uri: str) -> MediaItem:
        handle_id = uri[len(HANDLE_PREFIX) :] if uri.startswith(HANDLE_PREFIX) else ""
        item = self._items.get(handle_id) if _HANDLE_ID.fullmatch(handle_id) else None
        if item is None:
            raise SandboxRefusal(
                f"{uri[:80]!r} is not a media handle of this run; handles do not work in a later run, "
                "persist with toAsset() or media.toImage/toAudio/toVideo() before the run ends",
                rule="media-handle-unknown",
                name="ReferenceError",
            )
        return item


_STORE = RunLocal(lambda scope: RunMediaStore(scope.limits.runMediaBytes))


def run_store(scope: RunScope) -> RunMediaStore:
    """The run's handle store, created on first use."""
    return _STORE.of(scope)


class AssetLedger:
    """Asset uris one run, or one node, put in the store."""

    def __init__(self) -> None:
        self._uris: set[str] = set()
        self._lock = threading.Lock()

    def add(self, uri: str) -> None:
        with self._lock:
            self._uris.add(uri)

    def __contains__(self, uri: object) -> bool:
        with self._lock:
            return uri in self._uris


#: The node run's `AssetLedger`, shared by all invocations of one node run (None outside a Code node run).
ASSETS: ServiceKey[AssetLedger] = ServiceKey("media.assets")


def asset_id(uri: str) -> str:
    """The 64-hex-digit id of an `asset://` uri, or a refusal naming the expected form."""
    found = uri[len(ASSET_PREFIX) :] if uri.startswith(ASSET_PREFIX) else ""
    if not _ASSET_ID.fullmatch(found):
        raise SandboxRefusal(
            f"{uri[:80]!r} is not an asset id (asset://<64 hex digits>)", rule="asset-id-invalid", name="TypeError"
        )
    return found


def is_asset_name(value: str) -> bool:
    """Whether `value` has the form of a host-given asset name (see `AssetStore.put`)."""
    return bool(_ASSET_NAME.fullmatch(value))


_LEDGER = RunLocal(lambda scope: AssetLedger())


def _ledgers(scope: RunScope) -> tuple[AssetLedger, ...]:
    """The run's own ledger (created on first use) and its node's, when it runs as a Code node."""
    run = _LEDGER.of(scope)
    node = ASSETS.of(scope)
    return (run, node) if isinstance(node, AssetLedger) else (run,)


def record_asset(scope: RunScope, uri: str) -> None:
    """`uri` was put in the store by this run: it (and its node) may read it back."""
    for ledger in _ledgers(scope):
        ledger.add(uri)


def _asset_uris(scope: RunScope) -> frozenset[str]:
    """Every asset uri anywhere in the run's host-given `inputs`."""
    uris: set[str] = set()
    stack = [scope.inputs]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if value.startswith(ASSET_PREFIX):
                uris.add(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
    return frozenset(uris)


#: The asset uris the host handed the run (walked once, on the first asset read).
_HANDED_IN = RunLocal(_asset_uris)


def readable_asset(scope: RunScope, uri: str) -> None:
    """Refuse an asset this run, its node and its host inputs never named (rule `asset-not-granted`)."""
    asset_id(uri)  # a malformed id is refused as such first
    if uri in _HANDED_IN.of(scope) or any(uri in ledger for ledger in _ledgers(scope)):
        return
    raise SandboxRefusal(
        f"{uri[:80]!r} was not put in the asset store by this run or its node, nor handed to "
        "it in inputs; pass the asset's ref as an input to read it",
        rule="asset-not-granted",
        name="NotFoundError",
    )


class AssetStore:
    """Content-addressed bytes under `data_dir()/assets/<id[:2]>/<id>`."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else paths.data_dir() / "assets"

    def put(self, data: bytes, *, name: str | None = None) -> str:
        """Store `data` (idempotent) and return its `asset://<sha256>` uri. `name`, when given, is an id the
        host knows the asset by (its own asset store's id): `lookup(name)` answers that uri from then on."""
        digest = hashlib.sha256(data).hexdigest()
        target = self.root / digest[:2] / digest
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)  # a reader never sees half an asset
        if name is not None:
            if not is_asset_name(name):
                raise ValueError(f"{name[:80]!r} is not an asset name (letters, digits, '.', '_', '-'; 128 at most)")
            (self.root / "names").mkdir(parents=True, exist_ok=True)
            write_atomic(self.root / "names" / name, digest.encode())
        return ASSET_PREFIX + digest

    def lookup(self, name: str) -> str | None:
        """The `asset://<sha256>` uri of the asset the host named `name`, or None when no asset has that name."""
        if not is_asset_name(name):
            return None
        try:
            fd = os.open(self.root / "names" / name, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        with os.fdopen(fd, "rb") as fh:
            digest = fh.read(65).decode("ascii", "replace")
        return ASSET_PREFIX + digest if _ASSET_ID.fullmatch(digest) else None

    def _open(self, uri: str) -> int:
        found = asset_id(uri)
        try:
            # O_NOFOLLOW: a symlink planted in the store must not lead elsewhere.
            return os.open(self.root / found[:2] / found, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            raise SandboxRefusal(
                f"asset {found} is not in the local asset store", rule="asset-not-found", name="NotFoundError"
            ) from None

    def read(self, uri: str, cap: Cap) -> bytes:
        """The asset's bytes, verified against its id; refuses past `cap` without reading it all."""
        fd = self._open(uri)
        try:
            if os.fstat(fd).st_size > cap.size:
                raise too_large("asset", cap)
            with os.fdopen(os.dup(fd), "rb") as fh:
                data = fh.read(cap.size + 1)
        finally:
            os.close(fd)
        if len(data) > cap.size:  # grew after fstat
            raise too_large("asset", cap)
        if hashlib.sha256(data).hexdigest() != uri[len(ASSET_PREFIX) :]:
            raise SandboxRefusal(
                "the asset's bytes do not match its id; the local store was altered", rule="asset-corrupt"
            )
        return data
