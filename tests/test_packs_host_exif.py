"""@nodetool-ai/sandbox-exif on the host: exifr's parse output for a photo Pillow writes, and bad input."""

from __future__ import annotations

import hashlib
import io
import json

from PIL import Image

from core.packs.roots import SHIPPED_DIR
from tests.conftest import ok
from tests.hostpacks import refused, run_body

EXIF = "@nodetool-ai/sandbox-exif"
#: exifr 7.1.3's `parse` of `photo()` (taken once from the npm package; its Dates shown as ISO strings).
EXIFR_OUTPUT = {
    "Make": "Canon",
    "Model": "Canon EOS R5",
    "Orientation": "Rotate 90 CW",
    "XResolution": 72,
    "ResolutionUnit": "inches",
    "ModifyDate": "2026-08-15T10:00:00.000Z",
    "ExposureTime": 0.004,
    "FNumber": 2.8,
    "ISO": 400,
    "ExifVersion": "2.3.1",
    "DateTimeOriginal": "2026-08-15T10:00:00.000Z",
    "Flash": "Flash did not fire, compulsory flash mode",
    "FocalLength": 50,
    "ColorSpace": 1,
    "ExifImageWidth": 8,
    "ExifImageHeight": 8,
    "GPSVersionID": "2.2.0.0",
    "GPSLatitudeRef": "N",
    "GPSLatitude": [40, 0, 34.2],
    "GPSLongitudeRef": "W",
    "GPSLongitude": [105, 16, 1],
    "GPSTimeStamp": "10:0:0",
    "GPSDateStamp": "2026:08:15",
    "latitude": 40.0095,
    "longitude": -105.26694444444445,
}


def photo(fmt: str = "JPEG") -> bytes:
    exif = Image.Exif()
    exif.update(
        {0x010F: "Canon", 0x0110: "Canon EOS R5", 0x0112: 6, 0x0132: "2026:08:15 10:00:00", 0x011A: 72.0, 0x0128: 2}
    )
    exif.get_ifd(0x8769).update(
        {
            0x829A: 1 / 250,
            0x829D: 2.8,
            0x8827: 400,
            0x9003: "2026:08:15 10:00:00",
            0x9000: b"0231",
            0x920A: 50.0,
            0xA002: 8,
            0xA003: 8,
            0x9209: 16,
            0xA001: 1,
        }
    )
    exif.get_ifd(0x8825).update(
        {
            0: b"\x02\x02\x00\x00",
            1: "N",
            2: (40.0, 0.0, 34.2),
            3: "W",
            4: (105.0, 16.0, 1.0),
            7: (10.0, 0.0, 0.0),
            0x1D: "2026:08:15",
        }
    )
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "red").save(out, fmt, exif=exif)
    return out.getvalue()


def test_parse_the_reference_example():
    code = f'''import {{ parse }} from "{EXIF}";
const tags = await parse(inputs.bytes);
return {{ make: tags?.Make ?? null }};'''
    assert ok(run_body(code, inputs={"bytes": photo()})) == {"make": "Canon"}
    assert ok(run_body(code, inputs={"bytes": photo("PNG")})) == {"make": "Canon"}


def test_parse_gives_exifrs_object():
    code = f'import exif from "{EXIF}";\nreturn [await exif.parse(inputs.photo), await exif.parse(inputs.plain)];'
    plain = io.BytesIO()
    Image.new("RGB", (4, 4)).save(plain, "JPEG")
    got = ok(run_body(code, inputs={"photo": photo(), "plain": plain.getvalue()}))
    assert got == [EXIFR_OUTPUT, None]
    assert list(got[0]) == list(EXIFR_OUTPUT)  # exifr's key order too


def test_the_shipped_dictionaries_are_the_vendored_ones():
    source = json.loads((SHIPPED_DIR / "sandbox-exif" / "SOURCE.json").read_text())
    assert source["npm"] == "exifr@7.1.3"
    for name, meta in source["files"].items():
        assert hashlib.sha256((SHIPPED_DIR / "sandbox-exif" / name).read_bytes()).hexdigest() == meta["sha256"]


def test_bad_input_names_the_pack_and_the_rule():
    code = f'import {{ parse }} from "{EXIF}";\nreturn await parse(inputs.bytes);'
    refused(run_body(code, inputs={"bytes": b"definitely not an image"}), "exif-invalid", "sandbox-exif.parse")
    refused(
        run_body(code, inputs={"bytes": bytes(10 * 1024 * 1024 + 1)}),
        "host-argument-too-large",
        "sandbox-exif.parse",
        "10485760",
    )
