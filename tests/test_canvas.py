"""canvas.measureText and createCanvas: Canvas 2D calls recorded in the guest, replayed on Skia by
`toBytes()`; results checked by decoding the PNG (pixel values of drawn shapes, real font widths),
the 10,000-op and pixel caps refused by name, the next run healthy."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from core import run_in_sandbox
from tests.conftest import ok, refused


def draw(body: str, width: int = 100, height: int = 60, **inputs) -> Image.Image:
    """Run `body` with `ctx` on a fresh canvas; decode what `toBytes()` gives."""
    code = f"""
      const surface = createCanvas({width}, {height});
      const ctx = surface.getContext("2d");
      {body}
      return await surface.toBytes();
    """
    im = Image.open(io.BytesIO(ok(run_in_sandbox(code, inputs=inputs))))
    assert im.size == (width, height)
    return im.convert("RGBA")


def test_measure_text_uses_real_fonts():
    widths = ok(
        run_in_sandbox("""
      const m = await canvas.measureText("Hello", "24px sans-serif");
      const bold = await canvas.measureText("Hello", "bold 24px sans-serif");
      const mono = [await canvas.measureText("iii", "20px monospace"), await canvas.measureText("MMM", "20px monospace")];
      const surface = createCanvas(10, 10);
      const ctx = surface.getContext("2d");
      ctx.font = "24px sans-serif";
      return [m, bold.width, mono.map(x => x.width), (await ctx.measureText("Hello")).width];
    """)
    )
    metrics, bold, mono, from_ctx = widths
    assert metrics["width"] == pytest.approx(60.83, abs=0.05)  # DejaVu Sans, as a browser measures it
    assert metrics["actualBoundingBoxAscent"] > 15 and metrics["fontBoundingBoxDescent"] > 4
    assert bold > metrics["width"] and mono[0] == pytest.approx(mono[1]) and from_ctx == metrics["width"]
    refused(run_in_sandbox('return await canvas.measureText("x", "huge")'), "bad-argument")


def test_rectangles_and_paths_land_on_their_pixels():
    im = draw("""
      ctx.fillStyle = "red"; ctx.fillRect(10, 10, 30, 20);
      ctx.beginPath(); ctx.arc(70, 30, 15, 0, Math.PI * 2); ctx.fillStyle = "#00ff00"; ctx.fill();
      ctx.beginPath(); ctx.moveTo(0, 58); ctx.lineTo(100, 58); ctx.strokeStyle = "blue"; ctx.lineWidth = 2; ctx.stroke();
      ctx.clearRect(12, 12, 4, 4);
    """)
    assert im.getpixel((20, 20)) == (255, 0, 0, 255) and im.getpixel((13, 13)) == (0, 0, 0, 0)
    assert im.getpixel((70, 30)) == (0, 255, 0, 255) and im.getpixel((57, 17)) == (0, 0, 0, 0)
    assert im.getpixel((50, 58))[2] == 255 and im.getpixel((50, 50)) == (0, 0, 0, 0)


def test_transforms_and_save_restore():
    im = draw("""
      ctx.save(); ctx.translate(50, 10); ctx.scale(2, 2); ctx.fillStyle = "red"; ctx.fillRect(0, 0, 5, 5); ctx.restore();
      ctx.fillRect(0, 0, 5, 5);                       // the fillStyle and transform came back
      ctx.beginPath(); ctx.rect(20, 40, 10, 10);       // a path is fixed where it was added...
      ctx.translate(40, 0); ctx.fillStyle = "blue"; ctx.fill();   // ...whatever the transform at fill
    """)
    assert im.getpixel((59, 19)) == (255, 0, 0, 255) and im.getpixel((61, 21)) == (0, 0, 0, 0)
    assert im.getpixel((2, 2)) == (0, 0, 0, 255)
    assert im.getpixel((25, 45)) == (0, 0, 255, 255) and im.getpixel((65, 45)) == (0, 0, 0, 0)


def test_text_is_drawn_with_alignment():
    im = draw("""
      ctx.font = "bold 30px sans-serif"; ctx.fillStyle = "blue"; ctx.textAlign = "center";
      ctx.textBaseline = "middle"; ctx.fillText("H", 50, 30);
    """)
    blue = [(x, y) for x in range(100) for y in range(60) if im.getpixel((x, y))[2] > 128]
    xs, ys = [x for x, _ in blue], [y for _, y in blue]
    assert blue and abs((min(xs) + max(xs)) / 2 - 50) <= 2 and abs((min(ys) + max(ys)) / 2 - 30) <= 3


def test_gradients_dashes_clip_and_alpha():
    im = draw("""
      const g = ctx.createLinearGradient(0, 0, 100, 0);
      g.addColorStop(0, "black"); g.addColorStop(1, "white");
      ctx.fillStyle = g; ctx.fillRect(0, 0, 100, 10);
      ctx.setLineDash([5, 5]); ctx.strokeStyle = "red"; ctx.lineWidth = 2;
      ctx.beginPath(); ctx.moveTo(0, 20); ctx.lineTo(100, 20); ctx.stroke();
      ctx.save(); ctx.beginPath(); ctx.rect(0, 30, 50, 30); ctx.clip();
      ctx.globalAlpha = 0.5; ctx.fillStyle = "#0000ff"; ctx.fillRect(0, 30, 100, 30); ctx.restore();
      if (ctx.getLineDash().join() !== "5,5" || ctx.globalAlpha !== 1) throw new Error("state not restored");
    """)
    assert im.getpixel((5, 5))[0] < 30 and im.getpixel((95, 5))[0] > 225
    assert im.getpixel((2, 20))[0] == 255 and im.getpixel((7, 20))[3] == 0  # dash, gap
    assert im.getpixel((25, 45))[3] in (127, 128) and im.getpixel((75, 45))[3] == 0


def png(color: tuple[int, int, int], size: tuple[int, int] = (10, 10)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()


def test_draw_image_of_handles_refs_and_bytes():
    im = draw(
        """
      const handle = await image.blank(10, 10, { color: "red" });
      const ref = { type: "image", uri: "data:image/png;base64," + toBase64(inputs.green) };
      ctx.drawImage(handle, 0, 0);
      ctx.drawImage(ref, 20, 0, 20, 20);
      ctx.drawImage(inputs.blue, 0, 0, 5, 5, 50, 0, 10, 10);
    """,
        green=png((0, 255, 0)),
        blue=png((0, 0, 255)),
    )
    assert im.getpixel((5, 5)) == (255, 0, 0, 255) and im.getpixel((12, 5))[3] == 0
    assert im.getpixel((38, 18)) == (0, 255, 0, 255)
    assert im.getpixel((55, 5)) == (0, 0, 255, 255) and im.getpixel((61, 5))[3] == 0


def test_formats_and_an_image_handle():
    kinds = ok(
        run_in_sandbox("""
      const s = createCanvas(20, 10);
      s.getContext("2d").fillRect(0, 0, 10, 10);
      const jpeg = await s.toBytes({ format: "jpeg", quality: 0.8 });
      const webp = await s.toBytes({ format: "webp" });
      const handle = await s.toImage();
      return [toHex(jpeg.slice(0, 3)), new TextDecoder().decode(webp.slice(8, 12)), handle.type, handle.width,
              (await image.info(handle)).format];
    """)
    )
    assert kinds == ["ffd8ff", "WEBP", "image", 20, "png"]
    refused(run_in_sandbox('return createCanvas(5, 5).toBytes({format: "gif"})'), "bad-argument")


def test_more_than_ten_thousand_ops_is_refused_by_name(run):
    message = refused(
        run_in_sandbox("""
      const ctx = createCanvas(10, 10).getContext("2d");
      for (let i = 0; i < 20000; i++) ctx.fillRect(0, 0, 1, 1);
      return await ctx.canvas.toBytes();
    """),
        "canvas-too-many-ops",
    )
    assert "cap: canvas ops, 10000 per render" in message
    im = draw("for (let i = 0; i < 10000; i++) ctx.fillRect(i % 10, 0, 1, 1);", 10, 10)  # exactly the cap
    assert im.getpixel((5, 0)) == (0, 0, 0, 255)
    assert ok(run("return 3")) == 3


def test_the_image_pixel_caps_bound_the_surface(run):
    refused(run_in_sandbox("return await createCanvas(20000, 10).toBytes()"), "image-edge-too-long")
    refused(run_in_sandbox("return await createCanvas(8000, 8000).toBytes()"), "image-too-many-pixels")
    refused(run_in_sandbox("return await createCanvas(1.5, 10).toBytes()"), "bad-argument")
    assert ok(run("return 4")) == 4


def test_bad_calls_are_refused_or_ignored_as_the_spec_says():
    refused(
        run_in_sandbox("""
      const ctx = createCanvas(10, 10).getContext("2d");
      ctx.arc(5, 5, -1, 0, 1);
      return await ctx.canvas.toBytes();
    """),
        "canvas-bad-op",
    )
    im = draw("ctx.fillRect(NaN, 0, 5, 5); ctx.fillStyle = 'not a colour'; ctx.fillRect(0, 0, 2, 2);", 10, 10)
    assert im.getpixel((1, 1)) == (0, 0, 0, 255) and im.getpixel((4, 4))[3] == 0
    result = run_in_sandbox('createCanvas(5, 5).getContext("webgl")')
    assert not result.ok and "2d" in result.error.message


def test_images_drawn_share_one_images_pixel_cap(worker_patch):
    from core.bridges import canvas_ops

    worker_patch(canvas_ops, "MAX_PIXELS", 150)  # one 10x10 image fits, two do not
    body = """
      const ctx = createCanvas(20, 10).getContext("2d");
      ctx.drawImage(inputs.a, 0, 0); ctx.drawImage(inputs.b, 10, 0);
      return await ctx.canvas.toBytes();
    """
    message = refused(
        run_in_sandbox(body, inputs={"a": png((255, 0, 0)), "b": png((0, 255, 0))}), "image-too-many-pixels"
    )
    assert "cap: image pixels, 150" in message
    assert draw("ctx.drawImage(inputs.a, 0, 0);", 10, 10, a=png((255, 0, 0))).getpixel((5, 5)) == (255, 0, 0, 255)


def test_where_the_system_has_no_dejavu_text_is_set_in_the_shipped_dejavu_sans(monkeypatch):
    from core.bridges import canvas_ops

    monkeypatch.setattr(canvas_ops, "font_installed", lambda family: False)  # a macOS or Windows font manager
    font = canvas_ops.font_of("bold italic 20px sans-serif")
    assert font.getTypeface().getFamilyName() == "DejaVu Sans"
    assert font.isEmbolden() and font.getSkewX() < 0
    assert canvas_ops.measure("Hello", font)["width"] > 40
