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
from core.bridges.base import RunScope
from core.errors import SandboxRefusal

HANDLE_PREFIX = "sandbox://media/"
ASSET_PREFIX = "asset://"
MEDIA_TYPES = ("document", "image", "audio", "video")

_HANDLE_ID = re.compile(r"[0-9a-f]{32}")
_ASSET_ID = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Cap:
    """A byte cap on a payload, the limit's name for messages, and the rule a refusal carries."""

    size: int
    limit: str
    rule: str


def too_large(what: str, cap: Cap) -> SandboxRefusal:
    """The one wording for "this payload is over its cap"."""
    return SandboxRefusal(f"{what} is larger than {cap.size} bytes (limit {cap.limit})", rule=cap.rule,
                          name="QuotaExceededError")


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
                raise SandboxRefusal(
                    f"media of this run would hold {self.used + size} bytes, more than runMediaBytes "
                    f"({self.budget}); persist results with toAsset() and keep fewer intermediate handles",
                    rule="runMediaBytes", name="QuotaExceededError")
            self.used += size

    def put(self, item: MediaItem) -> str:
        """Keep `item` for the rest of the run; returns its `sandbox://media/<id>` uri."""
        self.charge(len(item.data))
        handle_id = secrets.token_hex(16)
        with self._lock:
            self._items[handle_id] = item
        return HANDLE_PREFIX + handle_id

    def get(self, uri: str) -> MediaItem:
        handle_id = uri[len(HANDLE_PREFIX):] if uri.startswith(HANDLE_PREFIX) else ""
        item = self._items.get(handle_id) if _HANDLE_ID.fullmatch(handle_id) else None
        if item is None:
            raise SandboxRefusal(
                f"{uri[:80]!r} is not a media handle of this run; handles do not work in a later run, "
                "persist with toAsset() or media.toImage/toAudio/toVideo() before the run ends",
                rule="media-handle-unknown", name="ReferenceError")
        return item


def run_store(scope: RunScope) -> RunMediaStore:
    """The run's handle store, created on first use."""
    store = scope.state.get("media.store")
    if store is None:
        store = scope.state["media.store"] = RunMediaStore(scope.limits.runMediaBytes)
    return store


class AssetStore:
    """Content-addressed bytes under `data_dir()/assets/<id[:2]>/<id>`."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else paths.data_dir() / "assets"

    def put(self, data: bytes) -> str:
        """Store `data` (idempotent) and return its `asset://<sha256>` uri."""
        asset_id = hashlib.sha256(data).hexdigest()
        target = self.root / asset_id[:2] / asset_id
        if not target.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)  # a reader never sees half an asset
        return ASSET_PREFIX + asset_id

    def _open(self, uri: str) -> int:
        asset_id = uri[len(ASSET_PREFIX):] if uri.startswith(ASSET_PREFIX) else ""
        if not _ASSET_ID.fullmatch(asset_id):
            raise SandboxRefusal(f"{uri[:80]!r} is not an asset id (asset://<64 hex digits>)",
                                 rule="asset-id-invalid", name="TypeError")
        try:
            # O_NOFOLLOW: a symlink planted in the store must not lead elsewhere.
            return os.open(self.root / asset_id[:2] / asset_id, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            raise SandboxRefusal(f"asset {asset_id} is not in the local asset store",
                                 rule="asset-not-found", name="NotFoundError") from None

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
        if hashlib.sha256(data).hexdigest() != uri[len(ASSET_PREFIX):]:
            raise SandboxRefusal("the asset's bytes do not match its id; the local store was altered",
                                 rule="asset-corrupt")
        return data
