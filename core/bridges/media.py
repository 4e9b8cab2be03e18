"""media.*: read a document/image/audio/video ref, and turn bytes back into a ref.

A media input arrives in the guest as a small ref object `{type, uri, mimeType?}`,
never as bytes; this bridge resolves its `uri` on the host, under a byte cap:

    sandbox://media/<id>   a handle of *this* run (core.media_store.RunMediaStore)
    asset://<sha256>       the local content-addressed asset store
    data:...               an inline RFC 2397 data URI
    https://, http://      through the guarded fetch (SSRF guard, the run's fetch budget)
    a plain path           a file inside the run's workspace (contained resolution)

Any other scheme is refused by name. The ref's own `type` travels with it, and
a ref whose type does not fit the call (an audio ref handed to `image.*` or to
`media.toImage`) is refused by rule, so a node never reads one kind of media as
another by accident. `image_ops.py` reuses `parse_ref`/`load` for its inputs.
"""

from __future__ import annotations

import base64
import binascii
import mimetypes
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote_to_bytes

from core.bridges import declared, encoding, workspace
from core.bridges.base import Op, RunScope, in_io_thread, in_worker_thread
from core.errors import SandboxRefusal
from core.media_store import (
    ASSET_PREFIX,
    HANDLE_PREFIX,
    MEDIA_TYPES,
    AssetStore,
    Cap,
    MediaItem,
    readable_asset,
    record_asset,
    run_store,
    too_large,
)

_MIME = re.compile(r"[a-z0-9][\w!#$&^.+-]*/[a-z0-9][\w!#$&^.+-]*(\s*;[ -~]*)?", re.IGNORECASE)
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")
_WINDOWS_DRIVE = re.compile(r"[a-zA-Z]:[\\/]")
MAX_URI_CHARS = 4096  # a data: URI is bounded by its byte cap instead


@dataclass(frozen=True)
class Ref:
    """A validated media ref (the guest's object, checked)."""

    type: str
    uri: str
    mime_type: str | None = None
    filename: str | None = None


def refuse_type(got: str, expected: str, what: str) -> SandboxRefusal:
    return SandboxRefusal(
        f"{what}: got a ref of type '{got}' where type '{expected}' is expected",
        rule="media-type-mismatch",
        name="TypeError",
    )


def bad_argument(message: str) -> SandboxRefusal:
    return SandboxRefusal(message, rule="bad-argument", name="TypeError")


def only_options(options: dict[str, Any], allowed: frozenset[str] | set[str], what: str) -> None:
    """Options are checked strictly, so a typo ({widht: 10}) is an error, not a silent default."""
    unknown = set(options) - set(allowed)
    if unknown:
        raise bad_argument(f"{what}: unknown option {sorted(unknown)[0]!r} (options: {', '.join(sorted(allowed))})")


def mime_arg(value: Any, what: str) -> str | None:
    """A caller-given MIME type, validated (it ends up in refs other nodes trust)."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 255 or not _MIME.fullmatch(value):
        raise bad_argument(f"{what}: mimeType must look like 'type/subtype', got {str(value)[:60]!r}")
    major, _, rest = value.partition("/")
    return f"{major.lower()}/{rest}"


def filename_arg(value: Any, what: str) -> str | None:
    if value is not None and (not isinstance(value, str) or not 0 < len(value) <= 255):
        raise bad_argument(f"{what}: filename must be a string of 1 to 255 characters")
    return value


def parse_ref(value: Any, expected: str | None, what: str) -> Ref:
    """Check a guest ref object; refuse a wrong shape, or a type that does not fit `expected`."""
    if isinstance(value, str):
        raise SandboxRefusal(
            f"{what}: pass the whole media ref object (e.g. inputs.pdf), not a string uri",
            rule="media-ref-invalid",
            name="TypeError",
        )
    if not isinstance(value, dict) or not isinstance(value.get("uri"), str) or not value["uri"]:
        raise SandboxRefusal(
            f"{what}: expected a media ref {{type, uri, mimeType?}}", rule="media-ref-invalid", name="TypeError"
        )
    ref_type = value.get("type", expected)
    if ref_type not in MEDIA_TYPES:
        raise SandboxRefusal(
            f"{what}: a media ref's type must be one of {', '.join(MEDIA_TYPES)}, got {str(ref_type)[:40]!r}",
            rule="media-ref-invalid",
            name="TypeError",
        )
    if expected is not None and ref_type != expected:
        raise refuse_type(ref_type, expected, what)
    uri = value["uri"]
    if not uri.startswith("data:") and len(uri) > MAX_URI_CHARS:
        raise SandboxRefusal(
            f"{what}: the ref's uri is longer than {MAX_URI_CHARS} characters",
            rule="media-ref-invalid",
            name="TypeError",
        )
    filename = value.get("filename")
    return Ref(ref_type, uri, mime_arg(value.get("mimeType"), what), filename if isinstance(filename, str) else None)


# -- content sniffing ----------------------------------------------------------------

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG\r\n\x1a\n", "image/png"),
    (b"\xff\xd8\xff", "image/jpeg"),
    (b"GIF87a", "image/gif"),
    (b"GIF89a", "image/gif"),
    (b"%PDF-", "application/pdf"),
    (b"PK\x03\x04", "application/zip"),
    (b"ID3", "audio/mpeg"),
    (b"OggS", "audio/ogg"),
    (b"fLaC", "audio/flac"),
    (b"\x1aE\xdf\xa3", "video/webm"),
)
_RIFF = {b"WEBP": "image/webp", b"WAVE": "audio/wav", b"AVI ": "video/x-msvideo"}


def sniff_mime(head: bytes) -> str | None:
    """The MIME type the first bytes announce, for the formats media nodes meet most."""
    for magic, mime in _MAGIC:
        if head.startswith(magic):
            return mime
    if head[:4] == b"RIFF":
        return _RIFF.get(head[8:12])
    if head[4:8] == b"ftyp":
        return "audio/mp4" if head[8:11] == b"M4A" else "video/mp4"
    return None


def mime_of(ref_mime: str | None, data: bytes, name: str | None) -> str:
    """Declared type first (upstream knows best), then the bytes, then the name."""
    return (
        ref_mime
        or sniff_mime(data[:16])
        or (mimetypes.guess_type(name)[0] if name else None)
        or "application/octet-stream"
    )


def data_ref(data: bytes, filename: str | None = None) -> dict[str, str]:
    """A media ref holding `data` inline (RFC 2397), typed by its MIME type: how a host hands a
    file to a Code node, whose values are JSON (a ref, as the reference's media inputs are)."""
    mime = mime_of(None, data, filename)
    kind = mime.split("/", 1)[0]
    ref = {
        "type": kind if kind in ("image", "audio", "video") else "document",
        "uri": f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}",
        "mimeType": mime,
    }
    return {**ref, "filename": filename} if filename else ref


# -- resolution ------------------------------------------------------------------------


def _data_uri(uri: str, cap: Cap) -> tuple[bytes, str | None]:
    head, sep, payload = uri[len("data:") :].partition(",")
    if not sep:
        raise SandboxRefusal("a data: URI needs a ',' before its payload", rule="data-uri-invalid", name="TypeError")
    params = head.split(";")
    is_b64 = params[-1].strip().lower() == "base64"
    if is_b64:
        params = params[:-1]
        payload = re.sub(r"\s+", "", payload)
        if len(payload) // 4 * 3 > cap.size + 3:  # refuse before decoding, not after
            raise too_large("the data: URI's payload", cap)
        try:
            data = base64.b64decode(payload, validate=True)
        except (binascii.Error, ValueError):
            raise SandboxRefusal(
                "the data: URI's base64 payload is malformed", rule="data-uri-invalid", name="TypeError"
            ) from None
    else:
        if len(payload) > cap.size * 3:
            raise too_large("the data: URI's payload", cap)
        data = unquote_to_bytes(payload)
    if len(data) > cap.size:
        raise too_large("the data: URI's payload", cap)
    mime = ";".join(p.strip() for p in params).strip()
    return data, (mime_arg(mime, "data: URI") if mime else None)


async def load(scope: RunScope, ref: Ref, cap: Cap, what: str) -> MediaItem:
    """Resolve `ref` to its bytes, refusing anything over `cap` before holding all of it."""
    uri = ref.uri
    if uri.startswith(HANDLE_PREFIX):
        item = run_store(scope).get(uri)
        if item.type != ref.type:
            raise refuse_type(item.type, ref.type, what)
        if len(item.data) > cap.size:
            raise too_large("the handle's payload", cap)
        return item  # the host made it: its own type and mimeType, whatever the ref claims
    if uri.startswith(ASSET_PREFIX):
        readable_asset(scope, uri)
        data = await in_io_thread(scope, AssetStore().read, uri, cap)
        name = ref.filename
    elif uri.startswith("data:"):
        data, inline_mime = _data_uri(uri, cap)
        return MediaItem(ref.type, mime_of(ref.mime_type or inline_mime, data, ref.filename), data)
    elif uri.startswith(("https://", "http://")):
        data, served_mime = await _fetch_remote(scope, uri, cap)
        return MediaItem(ref.type, mime_of(ref.mime_type or served_mime, data, ref.filename or uri.split("?")[0]), data)
    elif _SCHEME.match(uri) and not _WINDOWS_DRIVE.match(uri):
        raise SandboxRefusal(
            f"{what}: cannot resolve {uri.split(':', 1)[0]!r} uris; a media ref resolves "
            "sandbox://media/, asset://, data:, https: and workspace paths",
            rule="media-uri-scheme",
            name="TypeError",
        )
    else:
        data = await _workspace_bytes(scope, uri, cap)
        name = ref.filename or uri
    return MediaItem(ref.type, mime_of(ref.mime_type, data, name), data)


async def _fetch_remote(scope: RunScope, url: str, cap: Cap) -> tuple[bytes, str | None]:
    """A remote ref through the guarded fetch: the SSRF guard, fetchTimeoutMs, fetchMaxRedirects,
    and one of the run's fetchMaxCalls. Refuses a body over `cap` instead of truncating it."""
    from core.bridges import fetch_http  # httpx is imported only when a run fetches

    fetch_http.count_call(scope)  # a remote ref spends the run's fetchMaxCalls like fetch() does
    result = await fetch_http.guarded_fetch(scope, url, max_bytes=cap.size)
    if result.truncated:
        raise too_large(f"the body of {url[:80]}", cap)
    if not 200 <= result.status < 300:
        raise SandboxRefusal(
            f"{url[:80]} answered {result.status} {result.status_text}", rule="media-fetch-status", name="NetworkError"
        )
    try:
        mime = mime_arg(result.headers.get("content-type"), url)
    except SandboxRefusal:  # a server's odd header is not the guest's error: sniff instead
        mime = None
    return result.content, mime


async def _workspace_bytes(scope: RunScope, path: str, cap: Cap) -> bytes:
    """A workspace file through the workspace bridge itself: the same fd-contained resolution,
    the same grant check (no workspace, no read) and its own `hostByteInputBytes` cap."""
    data = await workspace.SURFACE.ops["workspace.readBytes"].fn(scope, path)
    if len(data) > cap.size:
        raise too_large(f"workspace file {path[:80]!r}", cap)
    return data


async def load_each(
    values: list[Any], load_one: Callable[[Any, str], Awaitable[MediaItem]], cap: Cap, what: str, noun: str
) -> list[MediaItem]:
    """The inputs of one call that takes several (image layers, audio to concat or mix), each
    loaded by `load_one(value, label)`, their encoded total under `cap`."""
    items, total = [], 0
    for i, value in enumerate(values):
        item = await load_one(value, f"{what}: {noun} {i}")
        total += len(item.data)
        if total > cap.size:
            raise too_large(f"{what}: the {noun}s together", cap)
        items.append(item)
    return items


def byte_cap(scope: RunScope) -> Cap:
    """Bytes the host reads for, or hands to, the guest in one call."""
    return Cap.of_limit(scope.limits.hostByteInputBytes, "hostByteInputBytes")


# -- ops -------------------------------------------------------------------------------


async def _bytes(scope: RunScope, value: Any) -> bytes:
    return (await load(scope, parse_ref(value, None, "media.bytes"), byte_cap(scope), "media.bytes")).data


_CHARSET = re.compile(r";\s*charset=\"?([\w.:-]+)", re.IGNORECASE)


async def _text(scope: RunScope, value: Any, options: dict[str, Any]) -> str:
    """Decode with `encoding`, else the ref's `charset`, else UTF-8: WHATWG encodings only.

    An `encoding` option outside the Encoding Standard is refused (rule text-encoding);
    a charset the standard does not know falls back to UTF-8, as browsers do.
    """
    ref = parse_ref(value, None, "media.text")
    only_options(options, {"encoding"}, "media.text")
    given = encoding.require(options["encoding"], "media.text") if "encoding" in options else None
    cap = Cap.of_limit(scope.limits.hostTextInputBytes, "hostTextInputBytes")
    item = await load(scope, ref, cap, "media.text")
    charset = _CHARSET.search(item.mime_type)
    chosen = given or (encoding.lookup(charset.group(1)) if charset else None)
    return await in_worker_thread(scope, encoding.decode, item.data, chosen)  # up to 5 MB: off the loop


async def _info(scope: RunScope, value: Any) -> dict[str, Any]:
    ref = parse_ref(value, None, "media.info")
    item = await load(scope, ref, byte_cap(scope), "media.info")
    return {"type": item.type, "mimeType": item.mime_type, "uri": ref.uri, "size": len(item.data)}


_MEDIA_MAJORS = frozenset({"image", "audio", "video"})


async def _to(scope: RunScope, media_type: str, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Persist bytes, a handle or any ref of `media_type` in the asset store; return its ref."""
    what = f"media.to{media_type.capitalize()}"
    if media_type not in MEDIA_TYPES:
        raise bad_argument(f"unknown media type {media_type!r}")
    only_options(options, {"mimeType", "filename"}, what)
    filename = filename_arg(options.get("filename"), what)
    mime = mime_arg(options.get("mimeType"), what)
    store = run_store(scope)
    if isinstance(value, bytes):
        cap = byte_cap(scope)
        if len(value) > cap.size:
            raise too_large(f"{what}: the bytes", cap)
        item, counted = MediaItem(media_type, mime_of(mime, value, filename), value), False
    elif isinstance(value, dict):
        ref = parse_ref(value, media_type, what)
        counted = ref.uri.startswith(HANDLE_PREFIX)  # a handle's bytes are in the budget already
        item = await load(scope, ref, Cap.of_limit(store.budget, "runMediaBytes") if counted else byte_cap(scope), what)
        if mime is not None:
            item = MediaItem(item.type, mime, item.data, item.width, item.height)
    else:
        raise bad_argument(f"{what}: expected a Uint8Array, a media ref or a handle")
    major = item.mime_type.split("/", 1)[0]
    if media_type in _MEDIA_MAJORS and major in _MEDIA_MAJORS and major != media_type:
        raise SandboxRefusal(
            f"{what}: {item.mime_type} is not {media_type} media", rule="media-type-mismatch", name="TypeError"
        )
    if not counted:  # new bytes on disk count against the run's media budget
        store.charge(len(item.data))
    return await persist(scope, item, filename)


async def persist(scope: RunScope, item: MediaItem, filename: str | None = None) -> dict[str, Any]:
    """Write `item` to the asset store and return the ref this run, its node, or a node it is handed to can read."""
    uri = await in_io_thread(scope, AssetStore().put, item.data)
    record_asset(scope, uri)
    ref = item.ref(uri)
    if filename is not None:
        ref["filename"] = filename
    return ref


SURFACE = declared("media").surface(
    {
        "media.bytes": Op(_bytes),
        "media.text": Op(_text),
        "media.info": Op(_info),
        "media.to": Op(_to),
    }
)
