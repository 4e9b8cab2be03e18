"""`@cordon/sandbox-docx`: build a Word document (.docx) from a plain description.

The reference builds with the docx npm library from class instances; a guest can only
send data, so `build({properties, elements})` takes a description and returns the
file's bytes, written with python-docx. Elements, in order:

* `{type: "heading", text, level}` (level 1-6, default 1);
* `{type: "paragraph", text}` or `{..., runs: [{text, bold, italic, underline}]}`,
  with optional `alignment` (left / center / right / justify) and `bullet: true`;
* `{type: "table", rows: [[cell, ...], ...], header}` (cells are text; `header`,
  default true, bolds the first row);
* `{type: "image", data: Uint8Array, width, height}` (PNG / JPEG / GIF / BMP; size
  in pixels, one side keeps the aspect ratio; at most 10 MB in all, the json cap);
* `{type: "pageBreak"}`.

`properties` sets the core properties (title, subject, creator, description,
keywords). An unknown type or a malformed element is `docx-bad-element` naming its index.

python-docx's `table.cell(r, c)` lists every cell of the table on each call, so filling a
table is quadratic in its size: one row of 1,000 cells takes ~13 s (300: ~1.2 s), and
the run is checked only between rows. `build` runs in the run's host
worker (`core/hostwork`), killed when the run stops, so a stopped run stops inside a table.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule

MAX_ELEMENTS = 10_000
MAX_CELLS = 100_000
EMU_PER_PX = 9525
_PROPERTIES = ("title", "subject", "creator", "description", "keywords", "category")
_ALIGN = {"left": 0, "center": 1, "right": 2, "justify": 3}


def _bad(index: int, what: str) -> SandboxRefusal:
    return SandboxRefusal(f"element {index}: {what}", rule="docx-bad-element", name="TypeError")


def _text(element: Mapping[str, Any], index: int, name: str = "text") -> str:
    value = element.get(name, "")
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        raise _bad(index, f"'{name}' must be a string")
    return str(value)


def _paragraph(document: Any, element: Mapping[str, Any], index: int) -> None:
    paragraph = document.add_paragraph(style="List Bullet" if element.get("bullet") else None)
    runs = element.get("runs")
    if runs is None:
        paragraph.add_run(_text(element, index))
    elif isinstance(runs, list) and all(isinstance(r, dict) for r in runs):
        for run_spec in runs:
            run = paragraph.add_run(_text(run_spec, index))
            run.bold = bool(run_spec.get("bold")) or None
            run.italic = bool(run_spec.get("italic") or run_spec.get("italics")) or None
            run.underline = bool(run_spec.get("underline")) or None
    else:
        raise _bad(index, "'runs' must be an array of {text, bold, italic, underline}")
    alignment = element.get("alignment")
    if alignment is not None:
        if alignment not in _ALIGN:
            raise _bad(index, f"'alignment' must be one of {', '.join(_ALIGN)}")
        paragraph.alignment = _ALIGN[alignment]


def _table(document: Any, element: Mapping[str, Any], index: int, cells: int) -> int:
    rows = element.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) for r in rows):
        raise _bad(index, "'rows' must be a non-empty array of arrays of cell text")
    width = max(len(r) for r in rows) or 1
    cells += width * len(rows)
    if cells > MAX_CELLS:
        raise SandboxRefusal(f"the tables hold more than {MAX_CELLS} cells", rule="docx-too-large", name="RangeError")
    table = document.add_table(rows=len(rows), cols=width)
    table.style = "Table Grid"
    for r, row in enumerate(rows):
        worker_check_alive()
        for c, value in enumerate(row):
            cell = table.cell(r, c)
            cell.text = "" if value is None else str(value)
            if r == 0 and element.get("header", True):
                for run in cell.paragraphs[0].runs:
                    run.bold = True
    return cells


def _image(document: Any, element: Mapping[str, Any], index: int) -> None:
    from docx.image.exceptions import UnrecognizedImageError
    from docx.shared import Emu

    data = element.get("data")
    if not isinstance(data, bytes):
        raise _bad(index, "'data' must be the image's bytes (a Uint8Array)")
    size = {}
    for side in ("width", "height"):
        value = element.get(side)
        if value is not None:
            if not isinstance(value, int | float) or isinstance(value, bool) or not 0 < value <= 20_000:
                raise _bad(index, f"'{side}' must be a number of pixels from 1 to 20000")
            size[side] = Emu(int(value * EMU_PER_PX))
    try:
        document.add_picture(io.BytesIO(data), **size)
    except (UnrecognizedImageError, ValueError, ZeroDivisionError, IndexError) as exc:
        raise _bad(index, f"'data' is not a PNG, JPEG, GIF or BMP image ({exc})") from None


def build(description: Any) -> bytes:
    import docx

    if not isinstance(description, dict):
        raise SandboxRefusal("build takes {properties, elements}", rule="host-argument-invalid", name="TypeError")
    elements = description.get("elements", [])
    if not isinstance(elements, list) or len(elements) > MAX_ELEMENTS:
        raise SandboxRefusal(
            f"'elements' must be an array of at most {MAX_ELEMENTS} elements", rule="docx-too-large", name="RangeError"
        )
    document = docx.Document()
    properties = description.get("properties") or {}
    if not isinstance(properties, dict):
        raise SandboxRefusal("'properties' must be an object", rule="host-argument-invalid", name="TypeError")
    for name in _PROPERTIES:
        if isinstance(properties.get(name), str):
            setattr(
                document.core_properties,
                "author" if name == "creator" else "comments" if name == "description" else name,
                properties[name],
            )
    cells = 0
    for index, element in enumerate(elements):
        worker_check_alive()
        if not isinstance(element, dict):
            raise _bad(index, "must be an object with a type")
        kind = element.get("type")
        if kind == "heading":
            level = element.get("level", 1)
            if not isinstance(level, int) or isinstance(level, bool) or not 1 <= level <= 6:
                raise _bad(index, "'level' must be 1 to 6")
            document.add_heading(_text(element, index), level)
        elif kind == "paragraph":
            _paragraph(document, element, index)
        elif kind == "table":
            cells = _table(document, element, index, cells)
        elif kind == "image":
            _image(document, element, index)
        elif kind == "pageBreak":
            document.add_page_break()
        else:
            raise _bad(index, f"unknown type {str(kind)[:40]!r} (heading, paragraph, table, image, pageBreak)")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


MODULE = HostModule(
    "cordon.docx",
    "@cordon/sandbox-docx",
    "1",
    {
        "build": HostExport(build, (Arg("document", ("json", "bytes")),)),
    },
)
