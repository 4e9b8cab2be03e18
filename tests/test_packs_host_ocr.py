"""@nodetool-ai/sandbox-ocr: Tesseract reads an image with text the test draws; a missing engine, missing
language data and a corrupt image are refused by rule."""

from __future__ import annotations

import io
import shutil

import pytest
from PIL import Image, ImageDraw, ImageFont

from core import HostServices
from core.packs.host_registry import registry
from tests.conftest import ok, until
from tests.hostpacks import refused, run_body

OCR = "@nodetool-ai/sandbox-ocr"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
needs_engine = pytest.mark.skipif(shutil.which("tesseract") is None, reason="tesseract-ocr is not installed")


def receipt() -> bytes:
    image = Image.new("RGB", (900, 260), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.truetype(FONT, 48)
    draw.text((40, 40), "Coffee 3.50", fill="black", font=font)
    draw.text((40, 140), "Total 12.75", fill="black", font=font)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


@needs_engine
def test_the_documented_example_reads_the_text_back(tmp_path):
    (tmp_path / "receipt.png").write_bytes(receipt())
    code = f'''import {{ recognize }} from "{OCR}";
const {{ text, confidence, words }} = await recognize(await workspace.readBytes("receipt.png"));
return {{ text, confidence, words }};'''
    got = ok(run_body(code, host=HostServices(workspace=tmp_path)))
    assert got["text"].split() == ["Coffee", "3.50", "Total", "12.75"]
    assert 80 <= got["confidence"] <= 100
    coffee = got["words"][0]
    assert coffee["text"] == "Coffee" and coffee["confidence"] > 80
    assert 30 <= coffee["bbox"]["x0"] < coffee["bbox"]["x1"] < 300 and 30 <= coffee["bbox"]["y0"] < 110


@needs_engine
def test_language_option_and_missing_language_data():
    code = f'import {{ recognize }} from "{OCR}";\nreturn (await recognize(inputs.image, {{ language: inputs.lang }})).text;'
    assert ok(run_body(code, inputs={"image": receipt(), "lang": "eng"})).split()[0] == "Coffee"
    refused(
        run_body(code, inputs={"image": receipt(), "lang": "xyz"}),
        "ocr-language-missing",
        "sandbox-ocr.recognize",
        "tesseract-ocr-xyz",
    )
    refused(run_body(code, inputs={"image": receipt(), "lang": "eng; rm -rf /"}), "host-option-invalid", "'language'")


def test_a_corrupt_image_and_a_missing_engine_are_refused(tmp_path, fresh_zygote):
    code = f'import {{ recognize }} from "{OCR}";\nreturn await recognize(inputs.image);'
    if shutil.which("tesseract") is not None:
        refused(run_body(code, inputs={"image": b"\x89PNG not really"}), "image-decode", "sandbox-ocr.recognize")
    fresh_zygote("PATH", str(tmp_path))  # a system without the engine on its PATH
    refused(run_body(code, inputs={"image": receipt()}), "ocr-engine-missing", "tesseract-ocr-eng")


@needs_engine
def test_the_engine_stops_with_the_run():
    import contextlib

    import psutil

    big = Image.new("RGB", (4000, 4000), "white")
    draw = ImageDraw.Draw(big)
    font = ImageFont.truetype(FONT, 20)
    for row in range(180):
        draw.text((10, 10 + row * 22), "lorem ipsum dolor sit amet " * 12, fill="black", font=font)
    data = io.BytesIO()
    big.save(data, "PNG")
    code = f'import {{ recognize }} from "{OCR}";\nreturn (await recognize(inputs.image)).text.length;'
    result = run_body(code, inputs={"image": data.getvalue()}, limits={"timeoutMs": 300})
    assert not result.ok and result.error.rule == "timeout"

    def engines() -> list[int]:
        """Tesseracts started below this process (by a host worker, a child of the zygote, its child)."""
        found = []
        for child in psutil.Process().children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if child.name() == "tesseract" and child.status() != psutil.STATUS_ZOMBIE:
                    found.append(child.pid)
        return found

    # killed with the run's worker (its process group): gone long before the tens of seconds it would read for
    until(lambda: engines() == [], "tesseract to be killed", timeout_s=10)


def test_recognize_needs_no_run_scope_so_it_can_run_in_a_host_worker():
    """The engine's deadline and cancel come through `worker_check_alive()` (the stop test above
    shows it still stops with the run); the export takes only its arguments."""
    assert not any(export.scoped for export in registry()["cordon.ocr"].exports.values())
