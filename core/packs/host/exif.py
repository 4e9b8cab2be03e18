"""`@cordon/sandbox-exif`: EXIF metadata of an image, in the object exifr 7's `parse` returns.

Pillow (already Cordon's image library) reads the IFD0, EXIF and GPS blocks
of JPEG, TIFF, PNG and WebP files (`FORMATS`: Pillow opens nothing else, so
an EPS never reaches the reader that runs Ghostscript); on top, exifr's default options are
applied as exifr does them, so the keys and values are exifr's: its tag names
and value translations (`exifr-tags.json` in the pack, dumped from exifr
7.1.3 by resources/packs/vendor_host.py), its revivers (dates, version
strings, GPS version and time), sanitizing (no IFD pointers, MakerNote,
UserComment, XMP/IPTC/ICC blobs), one merged object, and decimal `latitude` /
`longitude` beside the GPS tags. An image without EXIF gives `undefined`.

One difference the transport forces: exifr revives dates as `Date` objects;
here they are ISO strings (`"2026-08-15T10:00:00.000Z"`, the run's local zone
being UTC, as exifr reads EXIF's zoneless times in the local zone).
"""

from __future__ import annotations

import functools
import io
import json
import math
import re
from collections.abc import Mapping
from typing import Any

from core import paths
from core.bridges.base import worker_checked
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule

#: The files read (Pillow's names): the ones exifr reads EXIF from.
FORMATS = ("JPEG", "TIFF", "PNG", "WEBP")
_EXIF_IFD, _GPS_IFD = 0x8769, 0x8825
#: What exifr's `sanitize` and default skips drop, per block.
_DROPPED = {"ifd0": {34665, 40965, 34853, 700, 33723, 34675}, "exif": {40965, 37500, 37510}, "gps": set()}
_DATES = {"ifd0": {306}, "exif": {36867, 36868}}
_VERSIONS = {36864, 40960}
_FIRST_ITEM = {"exif": {40962, 40963, 41728, 41729}}
_XP = set(range(40091, 40096))
_DATE = re.compile(r"^\s*(\d+)[-: ](\d+)[-: ](\d+)(?:[-: ](\d+)[-: ](\d+)[-: ](\d+))?")


@functools.cache
def _tags() -> dict[str, Any]:
    return json.loads((paths.resources_dir() / "packs" / "sandbox-exif" / "exifr-tags.json").read_bytes())


def _js_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def _value(raw: Any) -> Any:
    """Pillow's value as exifr reads it: rationals as numbers, text trimmed (empty: absent), bytes as bytes."""
    if isinstance(raw, str):
        text = raw.rstrip("\x00").strip()
        return text or None
    if isinstance(raw, bytes):
        return raw
    if isinstance(raw, tuple):
        items = [_value(v) for v in raw]
        return items[0] if len(items) == 1 else items
    if isinstance(raw, int):
        return raw
    try:
        number = float(raw)  # IFDRational and floats
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    return number if math.isfinite(number) else None


def _translated(value: Any, table: Mapping[str, str]) -> Any:
    key = (
        ",".join(_js_number(v) if isinstance(v, int | float) else str(v) for v in value)
        if isinstance(value, list)
        else _js_number(value)
        if isinstance(value, int | float)
        else str(value)
    )
    return table.get(key) or table.get("DEFAULT") or value


def _date(value: Any) -> Any:
    match = _DATE.match(value) if isinstance(value, str) else None
    if match is None:
        return value
    year, month, day, hours, minutes, seconds = (int(g) if g else 0 for g in match.groups())
    return f"{year:04d}-{month:02d}-{day:02d}T{hours:02d}:{minutes:02d}:{seconds:02d}.000Z"


def _version(value: Any) -> Any:
    """exifr's version reviver: b"0231" -> "2.3.1", b"0100" -> "1.0"."""
    if not isinstance(value, bytes | list):
        return value
    items: list[Any] = list(value)[1:]
    if len(items) > 1 and items[1] > 15:
        items = [chr(c) for c in items]
    if len(items) > 2 and items[2] in ("0", 0):
        items.pop()
    return ".".join(str(i) for i in items)


def _revived(block: str, tag: int, value: Any) -> Any:
    if tag in _DATES.get(block, ()):
        return _date(value)
    if block == "exif" and tag in _VERSIONS:
        return _version(value)
    if tag in _FIRST_ITEM.get(block, ()) and isinstance(value, bytes | list) and len(value):
        return value[0]
    if block == "ifd0" and tag in _XP and isinstance(value, bytes | list):
        return bytes(value).decode("utf-16-le", "replace").rstrip("\x00")
    if block == "gps" and tag in (0, 7) and isinstance(value, bytes | list):
        return ("." if tag == 0 else ":").join(_js_number(v) for v in value)
    return value


def _block(name: str, raw: Mapping[int, Any], out: dict[str, Any]) -> None:
    keys, values = _tags()[name]["keys"], _tags()[name]["values"]
    # IFDs list their tags by id, exifr keeps that order; an IFD may list up to 65,535 tags
    for tag, item in worker_checked(sorted(raw.items()), 1000):
        if tag in _DROPPED[name]:
            continue
        value = _value(item)
        if value is None:
            continue
        if str(tag) in values:
            value = _translated(value, values[str(tag)])
        out[keys.get(str(tag), str(tag))] = _revived(name, tag, value)


def _degrees(dms: Any, ref: Any) -> float | None:
    if not isinstance(dms, list) or len(dms) != 3 or not all(isinstance(v, int | float) for v in dms):
        return None
    degrees = dms[0] + dms[1] / 60 + dms[2] / 3600
    return -degrees if ref in ("S", "W") else degrees


def parse(data: bytes) -> dict[str, Any] | None:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            exif = image.getexif()
            blocks = [
                ("ifd0", dict(exif)),
                ("exif", dict(exif.get_ifd(_EXIF_IFD))),
                ("gps", dict(exif.get_ifd(_GPS_IFD))),
            ]
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise SandboxRefusal(
            f"the input is not an image with readable metadata ({exc})"[:300], rule="exif-invalid", name="TypeError"
        ) from None
    out: dict[str, Any] = {}
    for name, raw in blocks:
        gps: dict[str, Any] = {}
        _block(name, raw, gps)
        if name == "gps":
            for axis, value_tag, ref_tag in (("latitude", 2, 1), ("longitude", 4, 3)):
                degrees = _degrees(_value(raw.get(value_tag)), _value(raw.get(ref_tag)))
                if degrees is not None:
                    gps[axis] = degrees
        out.update(gps)
    return out or None


MODULE = HostModule(
    "cordon.exif",
    "@cordon/sandbox-exif",
    "1",
    {
        "parse": HostExport(parse, (Arg("image", ("bytes",)),)),
    },
)
