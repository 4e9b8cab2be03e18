"""`@cordon/sandbox-pptxgen`: build PowerPoint decks (.pptx) from a plain description.

The reference builds with pptxgenjs from class instances; a guest sends data, so
`build({title, layout, slides})` takes a description and returns the file's bytes,
written with python-pptx. Positions and sizes are inches from the slide's top-left
(pptxgenjs's convention); `layout` is `wide` (13.33 x 7.5, the default), `16x9`
(10 x 5.625), `16x10` (10 x 6.25) or `4x3` (10 x 7.5). A slide is
`{background: "#rrggbb", items, notes}`; items:

* `{type: "text", x, y, w, h, text, fontSize = 18, color, bold, italic, align}`
  (`text` may hold newlines: one paragraph each; align left / center / right);
* `{type: "image", data: Uint8Array, x, y, w, h}` (one of w / h keeps the ratio);
* `{type: "rect", x, y, w, h, fill, line}` (also `"ellipse"`);
* `{type: "table", x, y, w, h, rows: [[cell, ...], ...], fontSize}`.

At most `MAX_SLIDES` slides; a malformed item is `pptx-bad-item` naming slide and item.

python-pptx fills a table cell by cell in pure Python, and the run is checked only between
items: one table of 100 x 1,000 cells (the cell cap) takes ~53 s, one row of 3,000 ~5 s.
`build` runs in the run's host worker (`core/hostwork`), killed when the run stops, so a
stopped run stops inside a table.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule

MAX_SLIDES = 200
MAX_ITEMS = 10_000
MAX_CELLS = 100_000
LAYOUTS = {"wide": (13.333, 7.5), "16x9": (10, 5.625), "16x10": (10, 6.25), "4x3": (10, 7.5)}
_COLOR = re.compile(r"^#?([0-9a-fA-F]{6})$")
_ALIGN = {"left": 1, "center": 2, "right": 3}


def _bad(where: str, what: str) -> SandboxRefusal:
    return SandboxRefusal(f"{where}: {what}", rule="pptx-bad-item", name="TypeError")


def _inches(item: Mapping[str, Any], name: str, where: str, default: float | None = None) -> Any:
    from pptx.util import Inches

    value = item.get(name, default)
    if not isinstance(value, int | float) or isinstance(value, bool) or not -100 <= value <= 100:
        raise _bad(where, f"'{name}' must be a number of inches")
    return Inches(value)


def _rgb(value: Any, name: str, where: str) -> Any:
    from pptx.dml.color import RGBColor

    match = _COLOR.match(value) if isinstance(value, str) else None
    if match is None:
        raise _bad(where, f"'{name}' must be a colour like '#0f172a'")
    return RGBColor.from_string(match.group(1).upper())


def _text(slide: Any, item: Mapping[str, Any], where: str) -> None:
    from pptx.util import Pt

    text = item.get("text")
    if not isinstance(text, str):
        raise _bad(where, "'text' must be a string")
    box = slide.shapes.add_textbox(
        _inches(item, "x", where), _inches(item, "y", where), _inches(item, "w", where), _inches(item, "h", where)
    )
    frame = box.text_frame
    frame.word_wrap = True
    size = item.get("fontSize", 18)
    if not isinstance(size, int | float) or isinstance(size, bool) or not 1 <= size <= 400:
        raise _bad(where, "'fontSize' must be 1 to 400 points")
    align = item.get("align")
    if align is not None and align not in _ALIGN:
        raise _bad(where, "'align' must be left, center or right")
    for n, line in enumerate(text.split("\n")):
        paragraph = frame.paragraphs[0] if n == 0 else frame.add_paragraph()
        if align is not None:
            paragraph.alignment = _ALIGN[align]
        run = paragraph.add_run()
        run.text = line
        run.font.size = Pt(size)
        run.font.bold = bool(item.get("bold")) or None
        run.font.italic = bool(item.get("italic")) or None
        if item.get("color") is not None:
            run.font.color.rgb = _rgb(item["color"], "color", where)


def _image(slide: Any, item: Mapping[str, Any], where: str) -> None:
    data = item.get("data")
    if not isinstance(data, bytes):
        raise _bad(where, "'data' must be the image's bytes (a Uint8Array)")
    size = {k: _inches(item, n, where) for k, n in (("width", "w"), ("height", "h")) if item.get(n) is not None}
    try:
        slide.shapes.add_picture(io.BytesIO(data), _inches(item, "x", where), _inches(item, "y", where), **size)
    except (ValueError, OSError, SyntaxError, ZeroDivisionError) as exc:
        raise _bad(where, f"'data' is not an image ({exc})") from None


def _shape(slide: Any, item: Mapping[str, Any], where: str) -> None:
    from pptx.enum.shapes import MSO_SHAPE

    kind = MSO_SHAPE.OVAL if item["type"] == "ellipse" else MSO_SHAPE.RECTANGLE
    shape = slide.shapes.add_shape(
        kind, _inches(item, "x", where), _inches(item, "y", where), _inches(item, "w", where), _inches(item, "h", where)
    )
    if item.get("fill") is not None:
        shape.fill.solid()
        shape.fill.fore_color.rgb = _rgb(item["fill"], "fill", where)
    if item.get("line") is not None:
        shape.line.color.rgb = _rgb(item["line"], "line", where)


def _table(slide: Any, item: Mapping[str, Any], where: str) -> int:
    from pptx.util import Pt

    rows = item.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and r for r in rows):
        raise _bad(where, "'rows' must be a non-empty array of non-empty arrays of cell text")
    width = max(len(r) for r in rows)
    table = slide.shapes.add_table(
        len(rows),
        width,
        _inches(item, "x", where),
        _inches(item, "y", where),
        _inches(item, "w", where),
        _inches(item, "h", where, 0.4 * len(rows)),
    ).table
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = table.cell(r, c)
            cell.text = "" if value is None else str(value)
            if item.get("fontSize") is not None:
                for paragraph in cell.text_frame.paragraphs:
                    for run in paragraph.runs:
                        run.font.size = Pt(item["fontSize"])
    return len(rows) * width


_DRAW = {"text": _text, "image": _image, "rect": _shape, "ellipse": _shape}


def build(description: Any) -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    slides = description.get("slides") if isinstance(description, dict) else None
    if not isinstance(slides, list) or not 1 <= len(slides) <= MAX_SLIDES:
        raise SandboxRefusal(
            f"build takes {{slides: [...]}} with 1 to {MAX_SLIDES} slides", rule="pptx-too-large", name="RangeError"
        )
    layout = description.get("layout", "wide")
    if layout not in LAYOUTS:
        raise SandboxRefusal(
            f"'layout' must be one of {', '.join(LAYOUTS)}", rule="host-argument-invalid", name="TypeError"
        )
    deck = Presentation()
    deck.slide_width, deck.slide_height = (Inches(v) for v in LAYOUTS[layout])
    if isinstance(description.get("title"), str):
        deck.core_properties.title = description["title"]
    blank = deck.slide_layouts[6]
    items_seen = cells = 0
    for s, spec in enumerate(slides):
        if not isinstance(spec, dict):
            raise _bad(f"slide {s}", "must be an object {background, items, notes}")
        slide = deck.slides.add_slide(blank)
        if spec.get("background") is not None:
            slide.background.fill.solid()
            slide.background.fill.fore_color.rgb = _rgb(spec["background"], "background", f"slide {s}")
        if isinstance(spec.get("notes"), str):
            slide.notes_slide.notes_text_frame.text = spec["notes"]
        items = spec.get("items", [])
        if not isinstance(items, list):
            raise _bad(f"slide {s}", "'items' must be an array")
        items_seen += len(items)
        if items_seen > MAX_ITEMS:
            raise SandboxRefusal(f"more than {MAX_ITEMS} items", rule="pptx-too-large", name="RangeError")
        for i, item in enumerate(items):
            worker_check_alive()
            where = f"slide {s} item {i}"
            kind = item.get("type") if isinstance(item, dict) else None
            if kind == "table":
                cells += _table(slide, item, where)
                if cells > MAX_CELLS:
                    raise SandboxRefusal(
                        f"the tables hold more than {MAX_CELLS} cells", rule="pptx-too-large", name="RangeError"
                    )
            elif kind in _DRAW:
                _DRAW[kind](slide, item, where)
            else:
                raise _bad(where, "must be an object whose type is text, image, rect, ellipse or table")
    out = io.BytesIO()
    deck.save(out)
    return out.getvalue()


MODULE = HostModule(
    "cordon.pptxgen",
    "@cordon/sandbox-pptxgen",
    "1",
    {
        "build": HostExport(build, (Arg("deck", ("json", "bytes")),)),
    },
)
