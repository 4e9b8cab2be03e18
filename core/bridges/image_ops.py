"""image.*: inspect and edit images on the host with Pillow; transforms return handles.

Every op takes a media ref, encoded bytes (`Uint8Array`) or a `sandbox://media/<id>`
handle of this run. A transform keeps its encoded result in the run's handle
store and returns a small `{type: "image", uri, mimeType, width, height}` handle,
so chains (`resize` -> `adjust` -> `convert`) never carry pixels through the guest.

Decompression bombs are the main threat, and the defence is ordering: Pillow's
`Image.open` reads only the header, so the declared size is checked against the
caps (32 M pixels, 16,384 px longest edge) *before* any pixel is decoded, and
every output size is checked before it is allocated. The caps are this
module's own per-call checks, so `Image.MAX_IMAGE_PIXELS` (a process-wide
global other threads and libraries share) is never touched; Pillow's own
bomb error, which only fires far above our caps, is mapped to the same rule.
Only raster formats with no external helpers are opened (no EPS/Ghostscript,
no PDF/PSD/TIFF). Decoding runs in the run's host worker process (`core/hostwork`): confined, capped in memory,
and killed when its run ends, so a run can be stopped while Pillow works and no decoder bug
runs with the user's rights.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageColor, ImageEnhance, ImageOps, ImageStat

from core.bridges.base import RunScope
from core.bridges.hostcalls import in_host_worker
from core.bridges.media import (
    bad_argument,
    byte_cap,
    filename_arg,
    load,
    load_each,
    only_options,
    parse_ref,
    persist,
    sniff_mime,
)
from core.errors import SandboxRefusal
from core.media_store import Cap, MediaItem, run_store, too_large

logger = logging.getLogger(__name__)

MB = 1024 * 1024
#: The reference's caps (`MAX_IMAGE_INPUT_BYTES`, `MAX_IMAGE_PIXELS`, `MAX_IMAGE_DIMENSION`).
INPUT_CAP = Cap(25 * MB, "image input, 25 MB", "image-input-too-large")
MAX_PIXELS = 32 * MB
MAX_EDGE = 16_384
#: `image.decode` ships raw RGBA to the guest: 4 bytes a pixel (`MAX_DECODE_PIXELS`).
MAX_DECODE_PIXELS = 8 * MB
#: Scans a JPEG may have (libjpeg's own default is unlimited).
MAX_JPEG_SCANS = 100
#: Images one `grid`/`composite` call takes (`MAX_COMPOSITE_LAYERS`), and their total encoded size.
MAX_LAYERS = 64
LAYERS_CAP = Cap(64 * MB, "encoded input of one call, 64 MB", "image-input-too-large")
#: Raster formats only, and none that shells out (EPS runs Ghostscript) or has a history of parser bugs.
FORMATS = ("PNG", "JPEG", "WEBP", "GIF", "BMP")
OUTPUT_FORMATS = {"png": "PNG", "jpeg": "JPEG", "jpg": "JPEG", "webp": "WEBP"}
DEFAULT_QUALITY = 92
_FIT = ("contain", "cover", "fill")
_RESAMPLE = {
    "nearest": Image.Resampling.NEAREST,
    "bilinear": Image.Resampling.BILINEAR,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos": Image.Resampling.LANCZOS,
}
_ENCODE_KEYS = frozenset({"format", "quality", "background"})


def check_surface(width: int, height: int, what: str) -> None:
    """Refuse a size over the caps, naming the rule; call before anything is decoded or allocated."""
    if width < 1 or height < 1:
        raise SandboxRefusal(
            f"{what}: width and height must be at least 1 pixel, got {width}x{height}",
            rule="bad-argument",
            name="RangeError",
        )
    if max(width, height) > MAX_EDGE:
        raise SandboxRefusal(
            f"{what}: {width}x{height} has an edge longer than {MAX_EDGE} pixels",
            rule="image-edge-too-long",
            name="RangeError",
        )
    if width * height > MAX_PIXELS:
        raise SandboxRefusal(
            f"{what}: {width}x{height} is {width * height} pixels, more than {MAX_PIXELS}; "
            "it could be a decompression bomb",
            rule="image-too-many-pixels",
            name="RangeError",
        )


def _undecodable(what: str, exc: BaseException) -> SandboxRefusal:
    return SandboxRefusal(
        f"{what}: the bytes are not an image this bridge decodes ({', '.join(FORMATS)}): "
        f"{str(exc)[:200] or type(exc).__name__}",
        rule="image-decode",
        name="TypeError",
    )


def open_header(data: bytes, what: str) -> Image.Image:
    """Open lazily (header only) and check the declared size before any pixel is decoded."""
    try:
        im = Image.open(io.BytesIO(data), formats=FORMATS)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise SandboxRefusal(
            f"{what}: the image declares far more than {MAX_PIXELS} pixels; it could be a decompression bomb ({exc})",
            rule="image-too-many-pixels",
            name="RangeError",
        ) from None
    except Exception as exc:  # Pillow signals bad input with many types (SyntaxError, struct.error, ...)
        logger.debug("%s: Pillow could not open the image", what, exc_info=True)
        raise _undecodable(what, exc) from None
    check_surface(*im.size, what)
    # A progressive JPEG re-walks every pixel per scan, so thousands of tiny scans make a
    # CPU bomb within the pixel cap. Real files have ~10; SOS markers cannot hide in
    # entropy-coded data (0xFF is stuffed there), so counting them bounds the scans.
    if im.format == "JPEG" and data.count(b"\xff\xda") > MAX_JPEG_SCANS:
        raise SandboxRefusal(
            f"{what}: the JPEG has more than {MAX_JPEG_SCANS} scans; it could be a decoding bomb",
            rule="image-jpeg-scans",
            name="RangeError",
        )
    return im


def decode(data: bytes, what: str) -> Image.Image:
    """Encoded bytes -> an RGBA image, after the header check."""
    im = open_header(data, what)
    try:
        im.load()
        if im.mode.startswith("I"):  # 16-bit grey PNG: scale to 8 bits instead of clipping to white
            im = im.convert("I").point(lambda v: v / 257).convert("L")
        return im.convert("RGBA")
    except Exception as exc:  # truncated or corrupt pixel data; MemoryError included
        logger.debug("%s: Pillow could not decode the pixels", what, exc_info=True)
        raise _undecodable(what, exc) from None


# -- argument parsing ------------------------------------------------------------------


def _number(options: dict[str, Any], key: str, default: float | None, lo: float, hi: float, what: str) -> float:
    value = options.get(key, default)
    if value is None:
        raise bad_argument(f"{what}: {key} is required")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise bad_argument(f"{what}: {key} must be a finite number, got {str(value)[:40]!r}")
    if not lo <= value <= hi:
        raise SandboxRefusal(
            f"{what}: {key} must be between {lo:g} and {hi:g}, got {value:g}", rule="bad-argument", name="RangeError"
        )
    return float(value)


def _int(options: dict[str, Any], key: str, default: int | None, lo: int, hi: int, what: str) -> int:
    return round(_number(options, key, default, lo, hi, what))


def _color(value: Any, what: str, default: tuple[int, int, int, int] = (0, 0, 0, 0)) -> tuple[int, int, int, int]:
    """A CSS-style colour string ('#rgb[a]', '#rrggbb[aa]', 'rgb()', 'hsl()', a name, 'transparent')
    or an [r, g, b, a?] array -> RGBA."""
    if value is None:
        return default
    if (
        isinstance(value, list)
        and len(value) in (3, 4)
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value)
    ):
        return (value[0], value[1], value[2], value[3] if len(value) == 4 else 255)
    if isinstance(value, str) and len(value) <= 64:
        if value.strip().lower() == "transparent":
            return (0, 0, 0, 0)
        try:
            rgb = ImageColor.getrgb(value.strip())
        except ValueError:
            pass
        else:
            return (rgb[0], rgb[1], rgb[2], rgb[3] if len(rgb) == 4 else 255)
    raise bad_argument(f"{what}: {str(value)[:40]!r} is not a colour ('#rrggbb', 'rgb(...)', a name or [r,g,b,a])")


class _Encoding:
    """How a transform encodes its result: format (default PNG), quality, JPEG background."""

    def __init__(self, options: dict[str, Any], what: str) -> None:
        name = options.get("format", "png")
        if not isinstance(name, str) or name.lower() not in OUTPUT_FORMATS:
            raise bad_argument(f"{what}: format must be one of png, jpeg, webp, got {str(name)[:20]!r}")
        self.format = OUTPUT_FORMATS[name.lower()]
        # Quality: a 0-1 fraction (as canvas encoders take it) or a 1-100 percentage.
        quality = _number(options, "quality", DEFAULT_QUALITY, 0, 100, what)
        self.quality = max(1, round(quality * 100 if quality <= 1 else quality))
        self.background = _color(options.get("background"), what, (255, 255, 255, 255))

    def encode(self, im: Image.Image) -> MediaItem:
        out = io.BytesIO()
        if self.format == "JPEG":  # no alpha in JPEG: flatten onto the background
            ground = Image.new("RGBA", im.size, (*self.background[:3], 255))
            ground.alpha_composite(im)
            ground.convert("RGB").save(out, "JPEG", quality=self.quality)
        elif self.format == "WEBP":
            im.save(out, "WEBP", quality=self.quality)
        else:
            opaque = im.getextrema()[3][0] == 255
            (im.convert("RGB") if opaque else im).save(out, "PNG", compress_level=6)
        mime = "image/" + self.format.lower()
        return MediaItem("image", mime, out.getvalue(), im.width, im.height)


# -- inputs and the worker -------------------------------------------------------------


async def source(scope: RunScope, value: Any, what: str, cap: Cap = INPUT_CAP) -> MediaItem:
    """A media ref, a handle or encoded bytes -> the encoded image, under the input cap."""
    if isinstance(value, bytes):
        if len(value) > cap.size:
            raise too_large(f"{what}: the image bytes", cap)
        return MediaItem("image", sniff_mime(value[:16]) or "application/octet-stream", value)
    if isinstance(value, dict):
        return await load(scope, parse_ref(value, "image", what), cap, what)
    raise bad_argument(f"{what}: expected an image ref, a handle or a Uint8Array of encoded bytes")


async def _work(scope: RunScope, fn: Callable[..., Any], *args: Any) -> Any:
    """Pillow work in the run's host worker process (`core/hostwork`): confined, and killed with
    its run, so a hostile image cannot reach the host or hold its run's end."""
    return await in_host_worker(scope, fn, *args)


async def _transform(scope: RunScope, fn: Callable[..., Image.Image], encoding: _Encoding, *args: Any) -> dict:
    """Run `fn(*args)` -> image, encode it, keep it as a handle of this run."""
    item: MediaItem = await _work(scope, lambda: encoding.encode(fn(*args)))
    return item.ref(run_store(scope).put(item))


# -- ops: inspection -------------------------------------------------------------------


async def info_op(scope: RunScope, value: Any) -> dict[str, Any]:
    item = await source(scope, value, "image.info")

    def header() -> dict[str, Any]:
        im = open_header(item.data, "image.info")
        bands = im.getbands()
        return {
            "width": im.width,
            "height": im.height,
            "format": im.format.lower(),
            "mimeType": Image.MIME.get(im.format, item.mime_type),
            "byteLength": len(item.data),
            "channels": len(bands),
            "hasAlpha": "A" in bands or "transparency" in im.info,
        }

    return await _work(scope, header)


async def stats_op(scope: RunScope, value: Any) -> dict[str, Any]:
    item = await source(scope, value, "image.stats")

    def stats() -> dict[str, Any]:
        im = decode(item.data, "image.stats")
        st = ImageStat.Stat(im)
        luma = ImageStat.Stat(im.convert("L")).mean[0]
        channels = {
            name: {"mean": st.mean[i], "min": st.extrema[i][0], "max": st.extrema[i][1], "stddev": st.stddev[i]}
            for i, name in enumerate("rgba")
        }
        return {
            "width": im.width,
            "height": im.height,
            "pixels": im.width * im.height,
            "luminance": luma,
            "opaque": st.extrema[3][0] == 255,
            "channels": channels,
        }

    return await _work(scope, stats)


async def decode_op(scope: RunScope, value: Any) -> dict[str, Any]:
    item = await source(scope, value, "image.decode")
    # Raw RGBA lands in the guest's heap: bounded by the reference's decode cap and the host byte cap.
    limit = min(MAX_DECODE_PIXELS, scope.limits.hostByteInputBytes // 4)

    def pixels() -> dict[str, Any]:
        im = open_header(item.data, "image.decode")
        if im.width * im.height > limit:
            raise SandboxRefusal(
                f"image.decode: {im.width}x{im.height} is more than {limit} pixels of raw RGBA "
                "(limits MAX_DECODE_PIXELS and hostByteInputBytes); resize first, or use "
                "image.stats",
                rule="image-decode-too-large",
                name="RangeError",
            )
        rgba = decode(item.data, "image.decode")
        return {"width": rgba.width, "height": rgba.height, "channels": 4, "data": rgba.tobytes()}

    return await _work(scope, pixels)


async def bytes_op(scope: RunScope, value: Any) -> bytes:
    return (await source(scope, value, "image.bytes", byte_cap(scope))).data


async def to_asset_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    only_options(options, {"filename"}, "image.toAsset")
    filename = filename_arg(options.get("filename"), "image.toAsset")
    item = await source(scope, value, "image.toAsset")
    if item.width is None:  # not from a handle: learn the size from the header (and refuse non-images)
        mime, width, height = await _work(scope, _facts, item.data, item.mime_type, "image.toAsset")
        item = MediaItem("image", mime, item.data, width, height)
        run_store(scope).charge(len(item.data))
    return await persist(scope, item, filename)


def _facts(data: bytes, mime: str, what: str) -> tuple[str, int, int]:
    """(MIME type, width, height) from an image's header."""
    im = open_header(data, what)
    return Image.MIME.get(im.format or "", mime), im.width, im.height


# -- ops: transforms -------------------------------------------------------------------


async def blank_op(scope: RunScope, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.blank"
    only_options(options, {"width", "height", "color"} | _ENCODE_KEYS, what)
    width, height = _int(options, "width", None, 1, 1 << 30, what), _int(options, "height", None, 1, 1 << 30, what)
    check_surface(width, height, what)
    color = _color(options.get("color"), what)
    return await _transform(scope, lambda: Image.new("RGBA", (width, height), color), _Encoding(options, what))


async def pad_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.pad"
    only_options(options, {"top", "right", "bottom", "left", "all", "color"} | _ENCODE_KEYS, what)
    all_sides = _int(options, "all", 0, 0, MAX_EDGE, what)
    top, right, bottom, left = (
        _int(options, k, all_sides, 0, MAX_EDGE, what) for k in ("top", "right", "bottom", "left")
    )
    color = _color(options.get("color"), what)
    item = await source(scope, value, what)

    def pad() -> Image.Image:
        w, h = open_header(item.data, what).size
        check_surface(w + left + right, h + top + bottom, what)
        im = decode(item.data, what)
        out = Image.new("RGBA", (w + left + right, h + top + bottom), color)
        out.paste(im, (left, top))
        return out

    return await _transform(scope, pad, _Encoding(options, what))


async def resize_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.resize"
    only_options(options, {"width", "height", "fit", "resample"} | _ENCODE_KEYS, what)
    want_w = _int(options, "width", 0, 0, 1 << 30, what) or None
    want_h = _int(options, "height", 0, 0, 1 << 30, what) or None
    if want_w is None and want_h is None:
        raise bad_argument(f"{what}: pass width, height, or both")
    fit = options.get("fit", "contain")
    if fit not in _FIT:
        raise bad_argument(f"{what}: fit must be one of {', '.join(_FIT)}")
    resample = _RESAMPLE.get(options.get("resample", "lanczos"))
    if resample is None:
        raise bad_argument(f"{what}: resample must be one of {', '.join(_RESAMPLE)}")
    encoding = _Encoding(options, what)
    background = _color(options.get("background"), what)
    item = await source(scope, value, what)

    def resize() -> Image.Image:
        sw, sh = open_header(item.data, what).size
        # One side given keeps the aspect ratio; `fit` matters once both pin a box.
        w = want_w or max(1, round(sw * want_h / sh))
        h = want_h or max(1, round(sh * want_w / sw))
        check_surface(w, h, what)
        im = decode(item.data, what)
        if fit == "fill" or want_w is None or want_h is None:
            return im.resize((w, h), resample)
        if fit == "cover":
            return ImageOps.fit(im, (w, h), resample)
        inner = ImageOps.contain(im, (w, h), resample)
        out = Image.new("RGBA", (w, h), background)
        out.alpha_composite(inner, ((w - inner.width) // 2, (h - inner.height) // 2))
        return out

    return await _transform(scope, resize, encoding)


async def crop_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.crop"
    only_options(options, {"x", "y", "width", "height"} | _ENCODE_KEYS, what)
    x, y = _int(options, "x", 0, 0, MAX_EDGE, what), _int(options, "y", 0, 0, MAX_EDGE, what)
    width, height = _int(options, "width", 0, 0, MAX_EDGE, what), _int(options, "height", 0, 0, MAX_EDGE, what)
    item = await source(scope, value, what)

    def crop() -> Image.Image:
        sw, sh = open_header(item.data, what).size
        w, h = width or sw - x, height or sh - y
        if w < 1 or h < 1 or x + w > sw or y + h > sh:
            raise SandboxRefusal(
                f"{what}: rectangle {w}x{h}+{x}+{y} falls outside the {sw}x{sh} image",
                rule="image-crop-bounds",
                name="RangeError",
            )
        return decode(item.data, what).crop((x, y, x + w, y + h))

    return await _transform(scope, crop, _Encoding(options, what))


async def rotate_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.rotate"
    only_options(options, {"degrees"} | _ENCODE_KEYS, what)
    degrees = _number(options, "degrees", None, -1e6, 1e6, what) % 360
    encoding = _Encoding(options, what)
    # `background` fills the corners a non-right angle uncovers (transparent unless named).
    corners = _color(options.get("background"), what)
    item = await source(scope, value, what)

    def rotate() -> Image.Image:
        sw, sh = open_header(item.data, what).size
        rad = math.radians(degrees)
        cos, sin = abs(math.cos(rad)), abs(math.sin(rad))
        check_surface(
            max(1, math.ceil(sw * cos + sh * sin - 1e-9)), max(1, math.ceil(sw * sin + sh * cos - 1e-9)), what
        )
        im = decode(item.data, what)
        # Clockwise for positive degrees, as CSS and canvas rotate (Pillow turns counter-clockwise).
        quarter = {
            90.0: Image.Transpose.ROTATE_270,
            180.0: Image.Transpose.ROTATE_180,
            270.0: Image.Transpose.ROTATE_90,
        }
        if degrees == 0:
            return im
        if degrees in quarter:  # lossless
            return im.transpose(quarter[degrees])
        return im.rotate(-degrees, Image.Resampling.BICUBIC, expand=True, fillcolor=corners)

    return await _transform(scope, rotate, encoding)


_FLIPS = {
    "horizontal": (Image.Transpose.FLIP_LEFT_RIGHT,),
    "vertical": (Image.Transpose.FLIP_TOP_BOTTOM,),
    "both": (Image.Transpose.FLIP_LEFT_RIGHT, Image.Transpose.FLIP_TOP_BOTTOM),
}


async def flip_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.flip"
    only_options(options, {"direction"} | _ENCODE_KEYS, what)
    steps = _FLIPS.get(options.get("direction", "horizontal"))
    if steps is None:
        raise bad_argument(f"{what}: direction must be one of {', '.join(_FLIPS)}")
    item = await source(scope, value, what)

    def flip() -> Image.Image:
        im = decode(item.data, what)
        for step in steps:
            im = im.transpose(step)
        return im

    return await _transform(scope, flip, _Encoding(options, what))


_ENHANCERS = {
    "brightness": ImageEnhance.Brightness,
    "contrast": ImageEnhance.Contrast,
    "saturation": ImageEnhance.Color,
}


async def adjust_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    """Factors as CSS filters take them: 1 leaves the image as it is, 0 removes the quality."""
    what = "image.adjust"
    only_options(options, set(_ENHANCERS) | _ENCODE_KEYS, what)
    factors = {k: _number(options, k, None, 0, 100, what) for k in _ENHANCERS if k in options}
    if not factors:
        raise bad_argument(f"{what}: name at least one of {', '.join(_ENHANCERS)}")
    item = await source(scope, value, what)

    def adjust() -> Image.Image:
        im = decode(item.data, what)
        alpha = im.getchannel("A")
        for key, factor in factors.items():
            im = _ENHANCERS[key](im).enhance(factor)
        im.putalpha(alpha)  # the enhancers must not touch transparency
        return im

    return await _transform(scope, adjust, _Encoding(options, what))


async def _layers(scope: RunScope, values: list[Any], what: str) -> list[MediaItem]:
    """Several inputs of one call: at most MAX_LAYERS, their encoded total under LAYERS_CAP."""
    if not values or len(values) > MAX_LAYERS:
        raise SandboxRefusal(
            f"{what}: pass 1 to {MAX_LAYERS} images, got {len(values)}", rule="image-too-many-layers", name="RangeError"
        )
    return await load_each(values, lambda value, label: source(scope, value, label), LAYERS_CAP, what, "image")


async def grid_op(scope: RunScope, values: list[Any], options: dict[str, Any]) -> dict[str, Any]:
    what = "image.grid"
    only_options(options, {"columns", "gap"} | _ENCODE_KEYS, what)
    gap = _int(options, "gap", 0, 0, MAX_EDGE, what)
    background = _color(options.get("background"), what)
    columns = _int(options, "columns", len(values) or 1, 1, MAX_LAYERS, what)
    encoding = _Encoding(options, what)
    items = await _layers(scope, values, what)

    def grid() -> Image.Image:
        sizes = [open_header(item.data, f"{what}: image {i}").size for i, item in enumerate(items)]
        cols = min(columns, len(items))
        rows = math.ceil(len(items) / cols)
        # Every cell is as large as the largest input, each image centred in its cell.
        cw, ch = max(s[0] for s in sizes), max(s[1] for s in sizes)
        width, height = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
        check_surface(width, height, what)
        out = Image.new("RGBA", (width, height), background)
        for i, (item, (w, h)) in enumerate(zip(items, sizes, strict=True)):
            x = (i % cols) * (cw + gap) + (cw - w) // 2
            y = (i // cols) * (ch + gap) + (ch - h) // 2
            out.alpha_composite(decode(item.data, f"{what}: image {i}"), (x, y))
        return out

    return await _transform(scope, grid, encoding)


async def composite_op(scope: RunScope, base: Any, layers: list[Any], options: dict[str, Any]) -> dict[str, Any]:
    what = "image.composite"
    only_options(options, _ENCODE_KEYS, what)
    if not isinstance(layers, list):
        raise bad_argument(f"{what}: layers must be an array of {{image, x, y, opacity}}")
    placements = []
    for i, layer in enumerate(layers):
        if not isinstance(layer, dict) or "image" not in layer:
            raise bad_argument(f"{what}: layer {i} must be an object {{image, x?, y?, opacity?}}")
        only_options(layer, {"image", "x", "y", "opacity"}, f"{what}: layer {i}")
        spec = {k: v for k, v in layer.items() if v is not None}
        placements.append(
            (
                _int(spec, "x", 0, -MAX_EDGE, MAX_EDGE, what),
                _int(spec, "y", 0, -MAX_EDGE, MAX_EDGE, what),
                _number(spec, "opacity", 1, 0, 1, what),
            )
        )
    items = await _layers(scope, [base, *(layer["image"] for layer in layers)], what)

    def composite() -> Image.Image:
        out = decode(items[0].data, what)
        for i, (item, (x, y, opacity)) in enumerate(zip(items[1:], placements, strict=True)):
            top = decode(item.data, f"{what}: layer {i}")
            if opacity < 1:
                top.putalpha(top.getchannel("A").point(lambda a, o=opacity: round(a * o)))
            # Paste onto a clear layer the size of the base: handles offsets past any edge.
            sheet = Image.new("RGBA", out.size)
            sheet.paste(top, (x, y))
            out.alpha_composite(sheet)
        return out

    return await _transform(scope, composite, _Encoding(options, what))


async def convert_op(scope: RunScope, value: Any, options: dict[str, Any]) -> dict[str, Any]:
    what = "image.convert"
    only_options(options, _ENCODE_KEYS, what)
    if "format" not in options:
        raise bad_argument(f"{what}: name a format (png, jpeg or webp)")
    item = await source(scope, value, what)
    return await _transform(scope, decode, _Encoding(options, what), item.data, what)
