"""What the studio previews of a run's media outputs, read and checked here, without Qt.

A run's outputs carry media two ways: a ref whose `uri` is `asset://<sha256>` (what
`image/audio/video.toAsset` and `media.toImage/toAudio/toVideo` return), or encoded bytes
(`await surface.toBytes()`, `audio.bytes(h)`). `media_kind` says, without reading a file,
whether a value is one the studio previews; `load_preview` reads it, and a host worker of its own (`core/hostwork`,
`call_alone`) checks and decodes it with the bridges' own header checks (`image_ops.open_header`,
`audio_ops.audio_header`, `video_ops.video_header`), so a bomb a run produced is refused by the
same rule here as in the guest, and a decoder bug runs inside the worker's walls. The worker
sends back the header's facts and a PNG it wrote from the decoded pixels (`picture`: an image, or
a video's first frame, scaled to `PICTURE_EDGE`), which is all the studio decodes to draw; a
preview never decodes the whole clip. Playing audio and video is Qt Multimedia's, in the studio
(docs/security.md, "Host workers", accepted risks).

A `sandbox://media/<id>` handle in an output names nothing once its run has ended, so it
is refused with the rule the bridges use (`media-handle-unknown`) and the advice to
persist it. The media is read from the local asset store, verified against its id and
capped by `PREVIEW_CAP`, so a preview never holds more than that in memory.

`media_kind` is asked of every value the studio shows, so this module imports the decoders
(Pillow, PyAV, numpy: ~400 ms) only when `load_preview` first needs one.
"""

from __future__ import annotations

import io
import logging
import mimetypes
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.atomic import write_atomic
from core.bridges.media import sniff_mime
from core.errors import SandboxRefusal
from core.hostwork.client import call_alone
from core.media_store import ASSET_PREFIX, HANDLE_PREFIX, AssetStore, Cap, too_large

logger = logging.getLogger(__name__)

#: Encoded bytes one preview reads and keeps (the image shown, the clip played).
PREVIEW_CAP = Cap(64 * 1024 * 1024, "preview, 64 MB", "preview-too-large")
#: Encoded bytes "Save image/audio/video as…" reads and writes (an asset of any size a run may store).
SAVE_CAP = Cap(1024 * 1024 * 1024, "saved media, 1 GB", "preview-too-large")
#: The longer side of the picture the studio draws (an image, a video's first frame), in pixels.
PICTURE_EDGE = 1280
#: How long a preview's inspection may take in its host worker.
INSPECT_S = 20.0
KINDS = ("image", "audio", "video")
_WHAT = "preview"


@dataclass(frozen=True)
class MediaPreview:
    """One media value, checked: what the studio shows, plays and says about it."""

    kind: str  # "image", "audio" or "video"
    mime_type: str
    #: The encoded media: the image drawn, the clip played.
    data: bytes
    width: int | None = None
    height: int | None = None
    #: Seconds, as the header declares (None when it declares none).
    duration: float | None = None
    #: What the studio draws (an image; a video's first frame): a PNG a host worker wrote from the
    #: decoded pixels, at most `PICTURE_EDGE` on its longer side. None for audio.
    picture: bytes | None = None


def _bytes_kind(head: bytes) -> str | None:
    mime = sniff_mime(head[:16]) or ""
    kind = mime.split("/", 1)[0]
    return kind if kind in KINDS else None


def media_kind(value: Any) -> str | None:
    """The kind ("image", "audio" or "video") of a media ref or encoded media the studio previews,
    else None. Reads no file: it is asked of every value a run outputs."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return _bytes_kind(bytes(value[:16]))
    if isinstance(value, dict) and value.get("type") in KINDS:
        uri = value.get("uri")
        if isinstance(uri, str) and uri.startswith((ASSET_PREFIX, HANDLE_PREFIX)):
            return str(value["type"])
    return None


def _read(value: Any, cap: Cap | None = None) -> bytes:
    cap = cap or PREVIEW_CAP  # looked up at each call: the cap is a module setting
    if isinstance(value, (bytes, bytearray, memoryview)):
        if len(value) > cap.size:
            raise too_large("the media", cap)
        return bytes(value)
    uri = str(value.get("uri"))
    if uri.startswith(HANDLE_PREFIX):
        raise SandboxRefusal(
            f"this {value['type']} handle named media of the finished run, and handles end with their run; "
            f"return `await {value['type']}.toAsset(handle)` to keep the media and preview it",
            rule="media-handle-unknown",
            name="ReferenceError",
        )
    return AssetStore().read(uri, cap)


def media_suffix(value: Any) -> str:
    """The file suffix the media behind `value` is saved with (".png", ".wav", ...; "" when unknown).
    Reads no file: the declared `mimeType`, or the first bytes of encoded media."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        mime = sniff_mime(bytes(value[:16]))
    else:
        declared = value.get("mimeType") if isinstance(value, dict) else None
        mime = declared if isinstance(declared, str) else None
    return (mimetypes.guess_extension(mime.split(";", 1)[0].strip()) or "") if mime else ""


def save_media(value: Any, path: str | os.PathLike[str]) -> int:
    """Write the media behind `value` to `path`, the file the person chose ("Save image as…"); the bytes
    written. Only there: the studio asks for the path and never picks a workspace on its own. The file is
    the person's: it gets the mode any file they create gets, and replaces the old one atomically."""
    data = _read(value, SAVE_CAP)
    write_atomic(Path(path), data, keep_mode=True)
    logger.info("saved %d bytes of media to %s", len(data), path)
    return len(data)


def _picture(image: Any) -> bytes:
    """`image` (Pillow) scaled to fit `PICTURE_EDGE`, as a PNG Pillow wrote: what the studio draws."""
    image.thumbnail((PICTURE_EDGE, PICTURE_EDGE))
    out = io.BytesIO()
    image.convert("RGBA").save(out, "PNG")
    return out.getvalue()


def inspect(kind: str, data: bytes) -> dict[str, Any]:
    """In a host worker: the header's facts and the picture the studio draws, of media a run made.

    Runs where a decoder bug cannot reach the studio's rights (`core.hostwork.client.call_alone`);
    the studio then draws only the PNG written here, never the run's own bytes. A file declared video
    with sound only is previewed as audio."""
    from core.bridges import audio_ops, image_ops, video_ops

    if kind == "image":
        with image_ops.open_header(data, _WHAT) as header:
            width, height = header.size
        return {"kind": "image", "width": width, "height": height, "picture": _picture(image_ops.decode(data, _WHAT))}
    if kind == "audio":
        with audio_ops.open_container(data, _WHAT) as container:
            track = audio_ops.audio_header(container, _WHAT)
            return {"kind": "audio", "duration": audio_ops.seconds_of(container, track)}
    with video_ops.open_video(data, _WHAT) as film:
        if not film.streams.video and film.streams.audio:
            sound = audio_ops.audio_header(film, _WHAT)
            return {"kind": "audio", "duration": audio_ops.seconds_of(film, sound)}
        stream = video_ops.video_header(film, _WHAT)
        first = next(video_ops.frames(film, stream, _WHAT), None)
        if first is None:
            raise SandboxRefusal(f"{_WHAT}: the video has no frame", rule="media-decode", name="TypeError")
        image = first.to_image()
        width, height = image.size
        return {
            "kind": "video",
            "width": width,
            "height": height,
            "duration": video_ops.seconds_of(film, stream),
            "picture": _picture(image),
        }


def load_preview(value: Any) -> MediaPreview:
    """Read and check the media behind `value` (which `media_kind` names); a `SandboxRefusal`
    naming the rule when it is too large, a bomb, undecodable, or a dead handle."""
    kind = media_kind(value)
    if kind is None:
        raise SandboxRefusal(f"{_WHAT}: the value is not a media ref or encoded media", rule="media-ref-invalid")
    data = _read(value)
    declared = value.get("mimeType") if isinstance(value, dict) else None
    mime = declared if isinstance(declared, str) else sniff_mime(data[:16]) or f"{kind}/*"
    facts = call_alone(inspect, kind, data, timeout_s=INSPECT_S)
    return MediaPreview(
        facts["kind"],
        mime,
        data,
        facts.get("width"),
        facts.get("height"),
        facts.get("duration"),
        facts.get("picture"),
    )
