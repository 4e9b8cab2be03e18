"""image.*: every op on real images made with Pillow, the caps, bombs and handles, on the real engine."""

from __future__ import annotations

import base64
import io
import struct
import zlib

import pytest
from PIL import Image

from core import run_in_sandbox
from core.media_store import AssetStore
from tests.conftest import ok
from tests.test_media import failed

RED, GREEN, BLUE = (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)


def encode(im: Image.Image, fmt: str = "PNG") -> bytes:
    buf = io.BytesIO()
    im.save(buf, fmt)
    return buf.getvalue()


def quadrants(w: int = 8, h: int = 6) -> bytes:
    """Left half red, right half green, with a blue bottom-right pixel: orientation is visible."""
    im = Image.new("RGBA", (w, h), RED)
    im.paste(GREEN, (w // 2, 0, w, h))
    im.putpixel((w - 1, h - 1), BLUE)
    return encode(im)


def opened(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def rgba(data: bytes) -> Image.Image:
    return opened(data).convert("RGBA")


def png_declaring(width: int, height: int) -> bytes:
    """A tiny, valid-looking PNG whose header declares width x height (a decompression bomb)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = zlib.compress(b"\0" * (width + 1) * 4, 9)  # a few rows; the rest would be inflated on decode
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


def test_info_stats_and_decode():
    src = quadrants()
    result = ok(
        run_in_sandbox(
            """
        return {info: await image.info(inputs.src), stats: await image.stats(inputs.src),
                decoded: await image.decode(inputs.src), jpeg: await image.info(inputs.jpeg)};
    """,
            inputs={"src": src, "jpeg": encode(Image.new("RGB", (3, 2), "white"), "JPEG")},
        )
    )
    assert result["info"] == {
        "width": 8,
        "height": 6,
        "format": "png",
        "mimeType": "image/png",
        "byteLength": len(src),
        "channels": 4,
        "hasAlpha": True,
    }
    assert result["jpeg"]["format"] == "jpeg" and result["jpeg"]["channels"] == 3
    stats = result["stats"]
    assert (stats["width"], stats["height"], stats["pixels"], stats["opaque"]) == (8, 6, 48, True)
    assert stats["channels"]["r"]["max"] == 255 and stats["channels"]["b"]["min"] == 0
    assert stats["channels"]["r"]["mean"] == pytest.approx(255 * 24 / 48)
    decoded = result["decoded"]
    assert (decoded["width"], decoded["height"], decoded["channels"]) == (8, 6, 4)
    assert decoded["data"] == rgba(src).tobytes()


def test_blank_pad_and_crop():
    result = ok(
        run_in_sandbox(
            """
        const blank = await image.blank({width: 4, height: 3, color: "#0000ff"});
        const alsoBlank = await image.blank(2, 2, {color: [0, 255, 0, 128]});
        const padded = await image.pad(inputs.src, {top: 1, left: 2, right: 3, bottom: 4, color: "white"});
        const cropped = await image.crop(inputs.src, {x: 3, y: 0, width: 2, height: 6});
        return {blank, bb: await image.bytes(blank), ab: await image.bytes(alsoBlank),
                padded, pb: await image.bytes(padded), cb: await image.bytes(cropped)};
    """,
            inputs={"src": quadrants()},
        )
    )
    assert result["blank"]["type"] == "image" and result["blank"]["uri"].startswith("sandbox://media/")
    assert (result["blank"]["width"], result["blank"]["height"], result["blank"]["mimeType"]) == (4, 3, "image/png")
    assert rgba(result["bb"]).getpixel((3, 2)) == BLUE
    assert rgba(result["ab"]).getpixel((0, 0)) == (0, 255, 0, 128)
    padded = rgba(result["pb"])
    assert padded.size == (8 + 5, 6 + 5) == (result["padded"]["width"], result["padded"]["height"])
    assert padded.getpixel((0, 0)) == (255, 255, 255, 255) and padded.getpixel((2, 1)) == RED
    cropped = rgba(result["cb"])
    assert cropped.size == (2, 6)
    assert cropped.getpixel((0, 0)) == RED and cropped.getpixel((1, 0)) == GREEN


def test_resize_fits():
    result = ok(
        run_in_sandbox(
            """
        const out = {};
        out.width = await image.resize(inputs.src, {width: 4});
        out.height = await image.resize(inputs.src, {height: 12});
        out.fill = await image.resize(inputs.src, {width: 10, height: 10, fit: "fill"});
        out.cover = await image.resize(inputs.src, {width: 10, height: 10, fit: "cover", resample: "nearest"});
        out.contain = await image.resize(inputs.src, {width: 10, height: 10, background: "black", resample: "nearest"});
        out.containBytes = await image.bytes(out.contain);
        return out;
    """,
            inputs={"src": quadrants()},
        )
    )
    sizes = {k: (v["width"], v["height"]) for k, v in result.items() if isinstance(v, dict)}
    assert sizes == {"width": (4, 3), "height": (16, 12), "fill": (10, 10), "cover": (10, 10), "contain": (10, 10)}
    contain = rgba(result["containBytes"])  # 8x6 letterboxed into 10x10: bars above and below
    assert contain.getpixel((5, 0)) == (0, 0, 0, 255) and contain.getpixel((0, 5)) == RED


def test_rotate_and_flip_move_pixels_the_right_way():
    result = ok(
        run_in_sandbox(
            """
        const cw = await image.rotate(inputs.src, 90);
        const ccw = await image.rotate(inputs.src, {degrees: -90});
        const tilted = await image.rotate(inputs.src, 45, {background: "white"});
        const h = await image.flip(inputs.src);
        const v = await image.flip(inputs.src, {direction: "vertical"});
        const both = await image.flip(inputs.src, {direction: "both"});
        return {cw: await image.bytes(cw), ccw: await image.bytes(ccw), tilted,
                h: await image.bytes(h), v: await image.bytes(v), both: await image.bytes(both)};
    """,
            inputs={"src": quadrants()},
        )
    )
    cw = rgba(result["cw"])  # clockwise: the bottom-right blue pixel goes bottom-left
    assert cw.size == (6, 8) and cw.getpixel((0, 7)) == BLUE
    assert rgba(result["ccw"]).getpixel((5, 0)) == BLUE
    assert (result["tilted"]["width"], result["tilted"]["height"]) == (10, 10)  # the rotated bounding box
    assert rgba(result["h"]).getpixel((0, 5)) == BLUE
    assert rgba(result["v"]).getpixel((7, 0)) == BLUE
    assert rgba(result["both"]).getpixel((0, 0)) == BLUE


def test_adjust_keeps_alpha():
    src = Image.new("RGBA", (4, 4), (200, 40, 40, 255))
    src.putpixel((0, 0), (200, 40, 40, 100))
    result = ok(
        run_in_sandbox(
            """
        const gray = await image.adjust(inputs.src, {saturation: 0});
        const dark = await image.adjust(inputs.src, {brightness: 0});
        const flat = await image.adjust(inputs.src, {contrast: 0, brightness: 1.5});
        return [await image.bytes(gray), await image.bytes(dark), await image.bytes(flat)];
    """,
            inputs={"src": encode(src)},
        )
    )
    gray, dark, flat = (rgba(b) for b in result)
    r, g, b, a = gray.getpixel((1, 1))
    assert r == g == b and a == 255
    assert gray.getpixel((0, 0))[3] == 100  # transparency untouched
    assert dark.getpixel((1, 1)) == (0, 0, 0, 255) and dark.getpixel((0, 0))[3] == 100
    assert flat.size == (4, 4)
    failed(run_in_sandbox("return await image.adjust(inputs.src, {})", inputs={"src": encode(src)}), "bad-argument")
    failed(
        run_in_sandbox("return await image.adjust(inputs.src, {hue: 3})", inputs={"src": encode(src)}), "bad-argument"
    )


def test_composite_positions_and_opacity():
    base = encode(Image.new("RGBA", (6, 6), (0, 0, 0, 255)))
    dot = encode(Image.new("RGBA", (2, 2), (255, 255, 255, 255)))
    result = ok(
        run_in_sandbox(
            """
        const one = await image.composite(inputs.base, inputs.dot, {x: 4, y: 1});
        const half = await image.composite(inputs.base, inputs.dot, {x: -1, y: -1, opacity: 0.5});
        const layers = await image.composite(inputs.base, [{image: inputs.dot}, {image: inputs.dot, x: 5, y: 5}]);
        return [await image.bytes(one), await image.bytes(half), await image.bytes(layers)];
    """,
            inputs={"base": base, "dot": dot},
        )
    )
    one, half, layers = (rgba(b) for b in result)
    assert one.getpixel((4, 1)) == one.getpixel((5, 2)) == (255, 255, 255, 255)
    assert one.getpixel((3, 1)) == (0, 0, 0, 255)
    assert half.getpixel((0, 0))[0] in (127, 128) and half.getpixel((1, 1)) == (0, 0, 0, 255)
    assert layers.getpixel((0, 0))[0] == 255 and layers.getpixel((5, 5))[0] == 255
    assert layers.getpixel((3, 3))[0] == 0


def test_grid_layout():
    result = ok(
        run_in_sandbox(
            """
        const a = await image.blank(4, 2, {color: "red"});
        const b = await image.blank(2, 4, {color: "lime"});
        const g = await image.grid([a, b, inputs.src], {columns: 2, gap: 1, background: "blue"});
        const row = await image.grid([a, b]);
        return {g, row, bytes: await image.bytes(g)};
    """,
            inputs={"src": quadrants(4, 4)},
        )
    )
    assert (result["g"]["width"], result["g"]["height"]) == (4 * 2 + 1, 4 * 2 + 1)  # cells are the largest input
    assert (result["row"]["width"], result["row"]["height"]) == (8, 4)  # default: one row
    grid = rgba(result["bytes"])
    assert grid.getpixel((0, 0)) == BLUE and grid.getpixel((0, 1)) == RED  # a (4x2) centred in its 4x4 cell
    assert grid.getpixel((4, 0)) == BLUE  # the gap


def test_convert_formats_are_real_encodings():
    src = Image.new("RGBA", (5, 5), (10, 20, 30, 0))
    result = ok(
        run_in_sandbox(
            """
        const j = await image.convert(inputs.src, {format: "jpeg", quality: 0.5, background: "#ff0000"});
        const w = await image.convert(j, {format: "webp", quality: 80});
        const p = await image.convert(w, {format: "png"});
        return {j, w, p, jb: await image.bytes(j), wb: await image.bytes(w), pb: await image.bytes(p)};
    """,
            inputs={"src": encode(src)},
        )
    )
    assert [result[k]["mimeType"] for k in "jwp"] == ["image/jpeg", "image/webp", "image/png"]
    assert opened(result["jb"]).format == "JPEG" and opened(result["wb"]).format == "WEBP"
    assert opened(result["pb"]).format == "PNG"
    r, g, b = opened(result["jb"]).convert("RGB").getpixel((2, 2))  # transparent flattened onto the background
    assert r > 200 and g < 40 and b < 40
    failed(
        run_in_sandbox("return await image.convert(inputs.src, {format: 'gif'})", inputs={"src": encode(src)}),
        "bad-argument",
    )
    failed(run_in_sandbox("return await image.convert(inputs.src, {})", inputs={"src": encode(src)}), "bad-argument")


def test_handles_chain_concurrently_and_persist():
    result = ok(
        run_in_sandbox(
            """
        const base = await image.resize(inputs.src, {width: 16});
        const [a, b, c] = await Promise.all([
          image.adjust(base, {contrast: 1.2}), image.rotate(base, 180), image.crop(base, {width: 4, height: 4}),
        ]);
        const final = await image.convert(await image.grid([a, b, c]), {format: "webp"});
        const asset = await image.toAsset(final, {filename: "grid.webp"});
        return {final, asset, info: await media.info(asset)};
    """,
            inputs={"src": quadrants()},
        )
    )
    final, asset = result["final"], result["asset"]
    assert asset["uri"].startswith("asset://") and asset["filename"] == "grid.webp"
    assert (asset["width"], asset["height"], asset["mimeType"]) == (final["width"], final["height"], "image/webp")
    assert result["info"]["type"] == "image"
    asset_id = asset["uri"].removeprefix("asset://")
    stored = (AssetStore().root / asset_id[:2] / asset_id).read_bytes()
    assert opened(stored).size == (final["width"], final["height"])
    # The asset works in a later run, where the handle does not.
    assert ok(run_in_sandbox("return (await image.info(inputs.a)).format", inputs={"a": asset})) == "webp"
    failed(run_in_sandbox("return await image.info(inputs.h)", inputs={"h": final}), "media-handle-unknown")


def test_asset_and_data_uri_inputs():
    data = quadrants()
    uri = AssetStore().put(data)
    data_uri = "data:image/png;base64," + base64.b64encode(data).decode()
    result = ok(
        run_in_sandbox(
            """
        return [await image.info(inputs.asset), await image.resize({type: "image", uri: inputs.d}, {width: 2})];
    """,
            inputs={"asset": {"type": "image", "uri": uri}, "d": data_uri},
        )
    )
    assert result[0]["width"] == 8 and result[1]["width"] == 2


@pytest.mark.parametrize(
    ("width", "height", "rule"),
    [
        (50_000, 50_000, "image-too-many-pixels"),  # above Pillow's own bomb limit as well
        (8_000, 8_000, "image-too-many-pixels"),  # within Pillow's default limit, over ours
        (20_000, 10, "image-edge-too-long"),
    ],
)
def test_decompression_bombs_are_refused_from_the_header(width: int, height: int, rule: str):
    bomb = png_declaring(width, height)
    assert len(bomb) < 2_000
    for op in ("info", "stats", "decode", "resize(inputs.bomb, {width: 1})", "toAsset"):
        call = op if "(" in op else f"{op}(inputs.bomb)"
        message = failed(run_in_sandbox(f"return await image.{call}", inputs={"bomb": bomb}), rule)
        assert "image." in message
    # One bomb among grid inputs stops the grid before anything is decoded.
    failed(
        run_in_sandbox("return await image.grid([await image.blank(1, 1), inputs.bomb])", inputs={"bomb": bomb}), rule
    )
    # The host is alive and the next run works.
    assert ok(run_in_sandbox("return (await image.blank(2, 2)).width")) == 2


@pytest.mark.parametrize(
    ("code", "rule"),
    [
        ("image.blank(16385, 1)", "image-edge-too-long"),
        ("image.blank(8000, 8000)", "image-too-many-pixels"),
        ("image.blank(0, 5)", "bad-argument"),
        ("image.resize(inputs.src, {width: 20000})", "image-edge-too-long"),
        ("image.resize(inputs.src, {width: 8000, height: 8000, fit: 'fill'})", "image-too-many-pixels"),
        ("image.pad(inputs.src, {left: 16380})", "image-edge-too-long"),
        ("image.rotate(await image.blank(16000, 4000), 45)", "image-too-many-pixels"),
        ("image.grid([await image.blank(16000, 10), await image.blank(16000, 10)])", "image-edge-too-long"),
        ("image.crop(inputs.src, {x: 6, width: 4})", "image-crop-bounds"),
        ("image.blank(2, 2, {color: 'not-a-colour'})", "bad-argument"),
        ("image.resize(inputs.src, {width: 2, widht: 3})", "bad-argument"),
        ("image.resize(inputs.src, {width: 2, fit: 'stretch'})", "bad-argument"),
        ("image.grid([])", "image-too-many-layers"),
        ("image.info('sandbox://media/x')", "bad-argument"),
    ],
)
def test_output_caps_and_bad_options(code: str, rule: str):
    failed(run_in_sandbox(f"return await {code}", inputs={"src": quadrants()}), rule)


def test_input_caps():
    # 25 MB of encoded input is the cap, checked before any decoding.
    failed(
        run_in_sandbox(
            "return await image.info(new Uint8Array(25 * 1024 * 1024 + 1))",
            limits={"memoryLimitBytes": 256 * 1024 * 1024},
        ),
        "image-input-too-large",
    )
    failed(run_in_sandbox("return await image.info(new Uint8Array([1, 2, 3, 4]))"), "image-decode")
    truncated = quadrants()[:60]
    failed(run_in_sandbox("return await image.stats(inputs.t)", inputs={"t": truncated}), "image-decode")
    # Formats outside the raster allowlist are not parsed at all (EPS would run Ghostscript).
    for fmt in ("TIFF", "EPS"):
        data = encode(Image.new("RGB", (2, 2)), fmt)
        failed(run_in_sandbox("return await image.info(inputs.d)", inputs={"d": data}), "image-decode")


def test_decode_is_capped_by_host_byte_input():
    src = encode(Image.new("RGB", (40, 30)))
    failed(
        run_in_sandbox(
            "return await image.decode(inputs.s)", inputs={"s": src}, limits={"hostByteInputBytes": 40 * 30 * 4 - 1}
        ),
        "image-decode-too-large",
    )
    assert (
        ok(
            run_in_sandbox(
                "return (await image.decode(inputs.s)).data.length",
                inputs={"s": src},
                limits={"hostByteInputBytes": 40 * 30 * 4},
            )
        )
        == 4800
    )


def test_run_media_bytes_caps_the_handles_of_a_run():
    noise = Image.effect_noise((64, 64), 100).convert("RGB")  # incompressible-ish: a few KB per handle
    result = run_in_sandbox(
        """
        let h = inputs.src;
        for (let i = 0; i < 100; i++) h = await image.flip(h);
        return h;
    """,
        inputs={"src": encode(noise)},
        limits={"runMediaBytes": 50_000},
    )
    message = failed(result, "media-quota")
    assert "50000" in message


def test_jpeg_scan_bombs_and_16_bit_greys():
    many_markers = io.BytesIO()
    Image.new("RGB", (4, 4)).save(many_markers, "JPEG", comment=b"\xff\xda" * 101)
    failed(
        run_in_sandbox("return await image.stats(inputs.j)", inputs={"j": many_markers.getvalue()}), "image-jpeg-scans"
    )
    progressive = io.BytesIO()
    Image.effect_noise((32, 32), 40).convert("RGB").save(progressive, "JPEG", progressive=True)
    assert ok(run_in_sandbox("return (await image.stats(inputs.j)).width", inputs={"j": progressive.getvalue()})) == 32
    grey16 = encode(Image.new("I;16", (2, 2), 30000))
    stats = ok(run_in_sandbox("return await image.stats(inputs.g)", inputs={"g": grey16}))
    assert stats["channels"]["r"]["mean"] == 116  # 30000 / 257, not clipped to white


def test_pillow_global_bomb_limit_is_left_alone():
    before = Image.MAX_IMAGE_PIXELS
    failed(
        run_in_sandbox("return await image.info(inputs.b)", inputs={"b": png_declaring(9000, 9000)}),
        "image-too-many-pixels",
    )
    assert before == Image.MAX_IMAGE_PIXELS  # the caps are per call, never a process-wide switch


def test_a_run_stopped_during_image_work_ends_and_the_next_run_works():
    result = run_in_sandbox(
        """
        const big = await image.blank(4000, 4000, {color: "white"});
        return await image.rotate(big, 33);
    """,
        limits={"timeoutMs": 300},
    )
    assert not result.ok and result.error.rule == "timeout"
    assert ok(run_in_sandbox("return (await image.blank(3, 3)).height")) == 3
