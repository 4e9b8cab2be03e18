"""`@cordon/sandbox-pdflib`: build PDFs from a page description and merge PDFs, on the host.

The reference draws with pdf-lib from class instances; a guest sends data, so
`build({pages, title, author})` takes a description (fpdf2 writes it) and
`merge([pdf, ...])` concatenates documents' pages (pypdf). Both return the bytes.

Coordinates are points from the page's top-left corner (the reference's convention).
Page `{width = 612, height = 792, items}`; items:

* `{type: "text", x, y, text, size = 12, color, font}`: `y` is the top of a line one
  `size` high (baseline at `y + size`); `font` helvetica / times / courier (`bold: true`
  too); text outside Latin-1 is set in DejaVu Sans, which Cordon ships (resources/fonts);
* `{type: "rect", x, y, width, height, color, borderColor, borderWidth}`;
* `{type: "line", x1, y1, x2, y2, color, thickness}`;
* `{type: "image", data: Uint8Array, x, y, width, height}` (PNG / JPEG only: other bytes are
  `pdf-image-format`).

Colours are `#rrggbb`. At most `MAX_PAGES` pages built, or merged from at most
`MAX_PAGES` sources; a source that is not a readable, unencrypted PDF is `pdf-invalid`.

An image is PNG or JPEG by its first bytes and by Pillow opening it as one of those two
(`IMAGE_FORMATS`), before fpdf2 sees it: fpdf2 also renders SVG, whose `<image href>`
it loads from host files or the network, and hands anything else to Pillow, whose EPS
reader runs Ghostscript on the body's PostScript. Every FPDF is also made with no
resource access (`ResourceAccessPolicy.NONE`), so fpdf2 itself never opens a path or URL
a body names; the refusal says what the bytes are not, never what a path is.

pypdf parses and copies objects in pure Python: one page whose dictionary holds 50 arrays
of 90,000 numbers (a 9 MB file, under pypdf's own 100,000-element limit per array) takes
~12.5 s to read and ~18 s to merge, checked only between sources. `merge` runs in the
run's host worker (`core/hostwork`), killed when the run stops, so a stopped run stops inside pypdf;
an object over pypdf's limits (`LimitReachedError`) is `pdf-invalid`.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule
from core.paths import resources_dir

MAX_PAGES = 200
MAX_ITEMS = 20_000
#: Largest page side, in points (200 inches, the PDF format's own limit).
MAX_SIDE = 14_400
#: DejaVu Sans, shipped (resources/fonts, its licence beside it): the same PDF on every system,
#: and no system font path assumed (Debian's was hard-coded, so other systems refused non-Latin text).
UNICODE_FONT = resources_dir() / "fonts" / "DejaVuSans.ttf"
_COLOR = re.compile(r"^#([0-9a-fA-F]{6})$")
_FONTS = ("helvetica", "times", "courier")
#: What an image item may be (Pillow's names), each with the bytes its files start with.
IMAGE_FORMATS = {"PNG": b"\x89PNG\r\n\x1a\n", "JPEG": b"\xff\xd8\xff"}


def _bad(where: str, what: str) -> SandboxRefusal:
    return SandboxRefusal(f"{where}: {what}", rule="pdf-bad-item", name="TypeError")


def _number(item: Mapping[str, Any], name: str, where: str, default: float | None = None) -> float:
    value = item.get(name, default)
    if not isinstance(value, int | float) or isinstance(value, bool) or not -MAX_SIDE <= value <= MAX_SIDE:
        raise _bad(where, f"'{name}' must be a number of points")
    return float(value)


def _color(item: Mapping[str, Any], name: str, where: str, default: str | None) -> tuple[int, int, int] | None:
    value = item.get(name, default)
    if value is None:
        return None
    match = _COLOR.match(value) if isinstance(value, str) else None
    if match is None:
        raise _bad(where, f"'{name}' must be a colour like '#1e293b'")
    rgb = int(match.group(1), 16)
    return rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF


def _text(pdf: Any, item: Mapping[str, Any], where: str) -> None:
    text = item.get("text")
    if not isinstance(text, str):
        raise _bad(where, "'text' must be a string")
    size = _number(item, "size", where, 12)
    font = item.get("font", "helvetica")
    if font not in _FONTS:
        raise _bad(where, f"'font' must be one of {', '.join(_FONTS)}")
    try:
        text.encode("latin-1")
        pdf.set_font(font, "B" if item.get("bold") else "", size)
    except UnicodeEncodeError:
        if "dejavu" not in pdf.fonts:
            pdf.add_font("dejavu", "", str(UNICODE_FONT))
        pdf.set_font("dejavu", "", size)
    pdf.set_text_color(*(_color(item, "color", where, "#000000") or (0, 0, 0)))
    pdf.text(_number(item, "x", where), _number(item, "y", where) + size, text)


def _rect(pdf: Any, item: Mapping[str, Any], where: str) -> None:
    fill = _color(item, "color", where, None)
    border = _color(item, "borderColor", where, None)
    if fill is None and border is None:
        fill = (0, 0, 0)
    if fill:
        pdf.set_fill_color(*fill)
    if border:
        pdf.set_draw_color(*border)
        pdf.set_line_width(_number(item, "borderWidth", where, 1))
    style = ("F" if fill else "") + ("D" if border else "")
    pdf.rect(
        _number(item, "x", where),
        _number(item, "y", where),
        _number(item, "width", where),
        _number(item, "height", where),
        style=style,
    )


def _line(pdf: Any, item: Mapping[str, Any], where: str) -> None:
    pdf.set_draw_color(*(_color(item, "color", where, "#000000") or (0, 0, 0)))
    pdf.set_line_width(_number(item, "thickness", where, 1))
    pdf.line(
        _number(item, "x1", where), _number(item, "y1", where), _number(item, "x2", where), _number(item, "y2", where)
    )


def _image(pdf: Any, item: Mapping[str, Any], where: str) -> None:
    data = item.get("data")
    if not isinstance(data, bytes):
        raise _bad(where, "'data' must be the image's bytes (a Uint8Array)")
    size = {k: _number(item, k, where) for k in ("width", "height") if item.get(k) is not None}
    _check_image(data, where)
    try:
        pdf.image(
            io.BytesIO(data),
            _number(item, "x", where),
            _number(item, "y", where),
            w=size.get("width", 0),
            h=size.get("height", 0),
        )
    except (OSError, ValueError, SyntaxError, RuntimeError) as exc:
        raise _bad(where, f"'data' is not a PNG or JPEG image ({exc})") from None


def _check_image(data: bytes, where: str) -> None:
    """`pdf-image-format` unless `data` starts as a PNG or JPEG file and Pillow opens it as one."""
    from PIL import Image, UnidentifiedImageError

    if not any(data.startswith(magic) for magic in IMAGE_FORMATS.values()):
        raise SandboxRefusal(
            f"{where}: 'data' is not a PNG or JPEG image (other images, such as SVG or EPS, are not accepted)",
            rule="pdf-image-format",
            name="TypeError",
        )
    try:
        with Image.open(io.BytesIO(data), formats=list(IMAGE_FORMATS)):
            pass
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        raise _bad(where, f"'data' is not a readable PNG or JPEG image ({str(exc)[:200]})") from None


def _document() -> Any:
    """A new FPDF in points that may not open any file or URL on its own."""
    from fpdf import FPDF
    from fpdf.enums import ResourceAccessPolicy

    pdf = FPDF(unit="pt")
    pdf.resource_access_policy = ResourceAccessPolicy.NONE
    return pdf


_DRAW = {"text": _text, "rect": _rect, "line": _line, "image": _image}


def build(description: Any) -> bytes:
    pages = description.get("pages") if isinstance(description, dict) else None
    if not isinstance(pages, list) or not 1 <= len(pages) <= MAX_PAGES:
        raise SandboxRefusal(
            f"build takes {{pages: [...]}} with 1 to {MAX_PAGES} pages", rule="pdf-too-large", name="RangeError"
        )
    pdf = _document()
    pdf.set_auto_page_break(False)
    for name in ("title", "author", "subject"):
        if isinstance(description.get(name), str):
            getattr(pdf, f"set_{name}")(description[name])
    items_seen = 0
    for p, page in enumerate(pages):
        if not isinstance(page, dict):
            raise _bad(f"page {p}", "must be an object {width, height, items}")
        width, height = _number(page, "width", f"page {p}", 612), _number(page, "height", f"page {p}", 792)
        if width <= 0 or height <= 0:
            raise _bad(f"page {p}", "width and height must be positive")
        pdf.add_page(format=(width, height))
        items = page.get("items", [])
        if not isinstance(items, list):
            raise _bad(f"page {p}", "'items' must be an array")
        items_seen += len(items)
        if items_seen > MAX_ITEMS:
            raise SandboxRefusal(f"more than {MAX_ITEMS} items", rule="pdf-too-large", name="RangeError")
        for i, item in enumerate(items):
            worker_check_alive()
            where = f"page {p} item {i}"
            draw = _DRAW.get(str(item.get("type"))) if isinstance(item, dict) else None
            if draw is None:
                raise _bad(where, "must be an object whose type is text, rect, line or image")
            draw(pdf, item, where)
    return bytes(pdf.output())


def read_pdf(data: bytes, what: str) -> Any:
    """A pypdf reader of `data`, or `pdf-invalid` (shared with the pdf pack)."""
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise SandboxRefusal(
                f"{what} is encrypted; encrypted PDFs are not supported", rule="pdf-invalid", name="TypeError"
            )
        _ = len(reader.pages)  # reading the page tree is what shows a broken file
    except (PyPdfError, ValueError, KeyError, IndexError, TypeError, AttributeError, OSError) as exc:
        # PyPdfError covers PdfReadError and LimitReachedError (an array or dictionary over pypdf's limits)
        raise SandboxRefusal(
            f"{what} is not a readable PDF ({type(exc).__name__}: {exc})"[:500], rule="pdf-invalid", name="TypeError"
        ) from None
    return reader


def merge(sources: Any) -> bytes:
    from pypdf import PdfWriter

    if not isinstance(sources, list) or not all(isinstance(s, bytes) for s in sources) or not sources:
        raise SandboxRefusal(
            "merge takes a non-empty array of PDF bytes (Uint8Array)", rule="host-argument-invalid", name="TypeError"
        )
    if len(sources) > MAX_PAGES:
        raise SandboxRefusal(f"merge takes at most {MAX_PAGES} sources", rule="pdf-too-large", name="RangeError")
    writer = PdfWriter()
    pages = 0
    for index, data in enumerate(sources):
        worker_check_alive()
        reader = read_pdf(data, f"source {index}")
        pages += len(reader.pages)
        if pages > MAX_PAGES * 10:
            raise SandboxRefusal(
                f"the merged document would have more than {MAX_PAGES * 10} pages",
                rule="pdf-too-large",
                name="RangeError",
            )
        writer.append(reader)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


MODULE = HostModule(
    "cordon.pdflib",
    "@cordon/sandbox-pdflib",
    "1",
    {
        "build": HostExport(build, (Arg("document", ("json", "bytes")),)),
        "merge": HostExport(merge, (Arg("sources", ("json", "bytes")),)),
    },
)
