"""assetToSandbox(assetId, path) and sandboxToAsset(path): assets in and out of the workspace.

The reference's pair, on Cordon's local asset store (`core.media_store`):

* `assetToSandbox(assetId, path)` writes the asset's bytes to a workspace file
  (parent folders created) and resolves to the workspace path. The id is the
  asset's `asset://<sha256>` uri, its bare 64-hex-digit id, a ref holding
  one, or any other id the asset store knows the asset by (a name the host
  gave it, as the reference's `assetToSandbox("asset-1", path)` uses its host's
  ids). The run may read only assets it, its node or its host inputs named
  (rule `asset-not-granted`), like every other asset read; an unknown name is
  refused in the same words, so a run cannot probe which names exist.
* `sandboxToAsset(path)` stores a workspace file in the asset store and
  resolves to its ref `{type, uri, mimeType, filename, asset_id}` (the type
  from the file's MIME type), which this run, its node and any node it is
  handed to can read, and which the studio's outputs panel shows.

Both go through the workspace bridge's own ops (contained fd-based
resolution, hard-link refusal, quotas, the no-workspace refusal) and the
media caps: one call moves at most `hostByteInputBytes`, and bytes new to the
asset store count against the run's `runMediaBytes`.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from core.bridges import declared, workspace
from core.bridges.base import Op, RunScope, in_io_thread
from core.bridges.media import byte_cap, mime_of, persist
from core.errors import SandboxRefusal
from core.media_store import ASSET_PREFIX, AssetStore, MediaItem, is_asset_name, readable_asset, run_store

_BARE_ID = re.compile(r"[0-9a-f]{64}")


def _asset_uri(value: Any) -> str:
    """`asset://<sha256>` from an asset uri, a bare id, a host-given name or a ref object holding one."""
    if isinstance(value, dict):
        value = value.get("uri") or value.get("asset_id")
    if isinstance(value, str):
        bare = value.removeprefix(ASSET_PREFIX)
        if _BARE_ID.fullmatch(bare):
            return ASSET_PREFIX + bare
        if is_asset_name(bare):
            found = AssetStore().lookup(bare)
            if found is None:
                raise _not_granted(value)
            return found
    raise SandboxRefusal(
        "assetToSandbox(assetId, path): assetId must be an asset's id, its asset:// uri "
        f"or its ref, got {str(value)[:80]!r}",
        rule="asset-id-invalid",
        name="TypeError",
    )


def _not_granted(asked: str) -> SandboxRefusal:
    """readable_asset's refusal, naming what the body asked for: for a name, never the digest it stands for."""
    return SandboxRefusal(
        f"{asked[:80]!r} was not put in the asset store by this run or its node, nor handed to "
        "it in inputs; pass the asset's ref as an input to read it",
        rule="asset-not-granted",
        name="NotFoundError",
    )


async def _to_sandbox(scope: RunScope, asset: Any, path: Any) -> str:
    uri = await in_io_thread(scope, _asset_uri, asset)  # a name is looked up in the store, on disk
    try:
        readable_asset(scope, uri)
    except SandboxRefusal as exc:  # an unknown name and a known one not granted read the same
        if (
            exc.rule == "asset-not-granted"
            and isinstance(asset, str)
            and asset.removeprefix(ASSET_PREFIX) != uri.removeprefix(ASSET_PREFIX)
        ):
            raise _not_granted(asset) from None
        raise
    data = await in_io_thread(scope, AssetStore().read, uri, byte_cap(scope))
    await workspace.SURFACE.ops["workspace.writeBytes"].fn(scope, path, data)
    return path


async def _from_sandbox(scope: RunScope, path: Any) -> dict[str, Any]:
    data = await workspace.SURFACE.ops["workspace.readBytes"].fn(scope, path)
    cap = byte_cap(scope)
    if len(data) > cap.size:
        raise SandboxRefusal(
            f"sandboxToAsset: {str(path)[:80]!r} is larger than {cap.size} bytes (limit {cap.limit})",
            rule=cap.rule,
            name="RangeError",
        )
    filename = posixpath.basename(path) or None
    mime = mime_of(None, data, filename)
    major = mime.split("/", 1)[0]
    item = MediaItem(major if major in ("image", "audio", "video") else "document", mime, data)
    run_store(scope).charge(len(data))
    ref = await persist(scope, item, filename)
    return {**ref, "asset_id": ref["uri"][len(ASSET_PREFIX) :]}


SURFACE = declared("assets").surface(
    {
        "assets.toSandbox": Op(_to_sandbox),
        "assets.fromSandbox": Op(_from_sandbox),
    }
)
