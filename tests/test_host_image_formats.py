"""Host parsers take only the image formats they name: an SVG or EPS "image" reads and writes nothing
outside the run (before, fpdf2 embedded any host file an SVG `<image href>` named, and Pillow's EPS
reader ran Ghostscript on the body's PostScript, writing into the system temp folder).

Ghostscript is stood in for by a `gs` on PATH that records every start and then sleeps, as a looping
PostScript program kept the real one running: a fixed host never starts it, so the record stays empty
and no `gs` process is left. The canary folder sits in the system temp folder, where the escapes reached.
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fpdf.errors import FPDFResourceAccessError
from PIL import EpsImagePlugin, Image

from core import run_in_sandbox
from core.packs.host import pdflib
from tests.hostpacks import refused, run_body

PDFLIB = "@nodetool-ai/sandbox-pdflib"


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), "#ef4444").save(out, "PNG")
    return out.getvalue()


def svg_naming(path: Path) -> bytes:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
        f'<image href="{path}" x="0" y="0" width="10" height="10"/></svg>'
    ).encode()


def eps_writing(path: Path) -> bytes:
    """An EPS whose PostScript writes `path`, then loops forever."""
    return (
        f"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n({path}) (w) file closefile\n{{ }} loop\n%%EOF\n"
    ).encode()


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}


def gs_processes() -> list[int]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == "gs":
                found.append(int(pid))
        except OSError:
            continue
    return found


@pytest.fixture
def canary() -> Iterator[Path]:
    """A folder in the system temp folder holding a real PNG; it must be exactly as it was afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="cordon-canary-", dir=tempfile.gettempdir()))
    (folder / "secret.png").write_bytes(png())
    before = snapshot(folder)
    yield folder
    after = snapshot(folder)
    shutil.rmtree(folder)
    assert after == before


@pytest.fixture
def fake_gs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A `gs` first on PATH that appends its arguments to the returned file, then sleeps 30 s."""
    started = tmp_path / "gs-started"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    gs = bin_dir / "gs"
    gs.write_text(f'#!/bin/sh\necho "$@" >> {started}\n[ "$1" = --version ] && exit 0\nsleep 30\n')
    gs.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(EpsImagePlugin, "gs_binary", None)  # Pillow looks for Ghostscript again
    yield started
    left = gs_processes()
    for pid in left:  # only ever this fixture's stand-in (there is no real gs here to hit)
        os.kill(pid, signal.SIGKILL)
    assert not started.exists(), started.read_text()
    assert left == []


def build_with() -> str:
    return f"""import {{ build }} from "{PDFLIB}";
return await build({{ pages: [{{ items: [{{ type: "image", data: inputs.data, x: 0, y: 0, width: 10 }}] }}] }});"""


def test_pdflib_takes_only_png_and_jpeg_so_svg_and_eps_read_and_write_nothing(canary, fake_gs):
    """An SVG naming a host PNG is refused, with the same words whether that path exists or not (no
    oracle), and an EPS never reaches Ghostscript; the PNG and JPEG the docs promise still embed."""
    code = build_with()
    messages = []
    for data in (svg_naming(canary / "secret.png"), svg_naming(canary / "absent.png")):
        result = run_body(code, inputs={"data": data}, limits={"timeoutMs": 10_000})
        refused(result, "pdf-image-format", "sandbox-pdflib.build", "PNG or JPEG")
        messages.append(result.error.message)
    assert messages[0] == messages[1] and str(canary) not in messages[0]
    result = run_body(code, inputs={"data": eps_writing(canary / "written")}, limits={"timeoutMs": 10_000})
    refused(result, "pdf-image-format", "sandbox-pdflib.build")
    jpeg = io.BytesIO()
    Image.new("RGB", (4, 4), "#22c55e").save(jpeg, "JPEG")
    for image in (png(), jpeg.getvalue()):
        assert run_body(code, inputs={"data": image}).ok


def test_an_eps_given_to_any_image_reader_is_refused_and_starts_no_ghostscript(canary, fake_gs):
    """image.*, pdflib, exif and ocr each name the formats Pillow may open: EPS is none of them."""
    eps = eps_writing(canary / "written")
    calls = [
        ("return await image.info(inputs.data);", "image-decode"),
        (build_with(), "pdf-image-format"),
        ('import { parse } from "@nodetool-ai/sandbox-exif";\nreturn await parse(inputs.data);', "exif-invalid"),
    ]
    if shutil.which("tesseract") is not None:  # without the engine, ocr refuses before decoding
        calls.append(
            (
                'import { recognize } from "@nodetool-ai/sandbox-ocr";\nreturn await recognize(inputs.data);',
                "image-decode",
            )
        )
    refused(run_in_sandbox(calls[0][0], inputs={"data": eps}, limits={"timeoutMs": 10_000}), calls[0][1])
    for code, rule in calls[1:]:
        refused(run_body(code, inputs={"data": eps}, limits={"timeoutMs": 10_000}), rule)


def test_every_fpdf_of_pdflib_may_open_no_file_or_url():
    """Defence in depth: were an SVG to reach fpdf2 after all, its href would not be loaded."""
    document = pdflib._document()
    document.add_page()
    with pytest.raises(FPDFResourceAccessError):
        document.image(io.BytesIO(svg_naming(Path("/etc/hostname.png"))), 0, 0, w=10)
