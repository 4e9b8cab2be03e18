"""`@cordon/sandbox-pptx`: the text of PowerPoint decks, whole or slide by slide, with python-pptx.

The reference runs office-text-extractor. `extractSlides(bytes)` -> `[{index,
slideNumber, title, text, notes}]`: each slide's text frames and table cells in shape
order (groups included), one line per paragraph, `title` the title placeholder's text
(null without one), `notes` the speaker notes ("" without). `extractText(bytes)` ->
the slides' text joined by blank lines.

A .pptx is a ZIP of XML: the zip pack's `check_document` runs first (archive checks,
50 MB inflated, entity declarations refused); python-pptx parses with lxml, entities
unresolved. A file that is not a deck is `pptx-invalid`.

python-pptx walks shapes in pure Python: one slide of 100,000 text boxes (a 970 KB file)
takes ~15 s, with the run checked only between slides. Both exports run in
the run's host worker (`core/hostwork`), killed when the run stops, so a stopped run stops inside a slide.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.zip import check_document
from core.packs.host_registry import Arg, HostExport, HostModule

logger = logging.getLogger(__name__)


def _lines(shapes: Any) -> Iterator[str]:
    for shape in shapes:
        if shape.shape_type == 6:  # MSO_SHAPE_TYPE.GROUP
            yield from _lines(shape.shapes)
        elif shape.has_text_frame:
            yield from (p.text for p in shape.text_frame.paragraphs if p.text.strip())
        elif getattr(shape, "has_table", False):
            for row in shape.table.rows:
                yield from (cell.text for cell in row.cells if cell.text.strip())


def extract_slides(data: bytes) -> list[dict[str, Any]]:
    from pptx import Presentation

    check_document(data, "the deck")
    try:
        deck = Presentation(io.BytesIO(data))
    except Exception as exc:  # python-pptx raises KeyError / PackageNotFoundError / lxml errors on a broken file
        logger.debug("python-pptx could not read the deck", exc_info=True)
        raise SandboxRefusal(
            f"the bytes are not a PowerPoint (.pptx) deck ({type(exc).__name__}: {exc})"[:500],
            rule="pptx-invalid",
            name="TypeError",
        ) from None
    slides = []
    for index, slide in enumerate(deck.slides):
        worker_check_alive()
        title = slide.shapes.title
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        slides.append(
            {
                "index": index,
                "slideNumber": index + 1,
                "title": title.text if title is not None and title.has_text_frame else None,
                "text": "\n".join(_lines(slide.shapes)),
                "notes": notes,
            }
        )
    return slides


def extract_text(data: bytes) -> str:
    return "\n\n".join(slide["text"] for slide in extract_slides(data))


MODULE = HostModule(
    "cordon.pptx",
    "@cordon/sandbox-pptx",
    "1",
    {
        "extractText": HostExport(extract_text, (Arg("deck", ("bytes",)),)),
        "extractSlides": HostExport(extract_slides, (Arg("deck", ("bytes",)),)),
    },
)
