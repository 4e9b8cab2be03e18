"""`@cordon/sandbox-pdf`: the text of PDFs, page by page, with pypdf.

The reference runs pdf-parse (pdf.js). `extractPages(bytes)` -> `[{index, pageNumber,
text}]` (`index` from 0, `pageNumber` from 1, trailing whitespace dropped);
`extractText(bytes)` -> the pages' text joined by blank lines. Text comes from the
PDF's text operators in reading order (pypdf's layout-free extraction); scanned pages
have none: no OCR here (the ocr pack reads images). At most `MAX_PAGES` pages are read; a file pypdf cannot read, or an
encrypted one, is `pdf-invalid`. pypdf caps what one stream may inflate to.

pypdf extracts a page's text in pure Python, in one call that never checks the run,
and superlinearly: one page of 100,000 positioned strings (an 890 KB file) takes ~11 s.
The loop checks the run between pages; both exports run in the run's host
worker (`core/hostwork`), killed when the run stops, so a stopped run stops inside a page too.
"""

from __future__ import annotations

from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.pdflib import read_pdf
from core.packs.host_registry import Arg, HostExport, HostModule

MAX_PAGES = 5_000


def extract_pages(data: bytes) -> list[dict[str, Any]]:
    from pypdf.errors import PdfReadError

    reader = read_pdf(data, "the document")
    if len(reader.pages) > MAX_PAGES:
        raise SandboxRefusal(
            f"the document has {len(reader.pages)} pages, at most {MAX_PAGES}", rule="pdf-too-large", name="RangeError"
        )
    pages = []
    for index, page in enumerate(reader.pages):
        worker_check_alive()
        try:
            text = (page.extract_text() or "").rstrip()
        except (PdfReadError, ValueError, KeyError, TypeError) as exc:
            raise SandboxRefusal(
                f"page {index + 1} cannot be read ({type(exc).__name__}: {exc})"[:500],
                rule="pdf-invalid",
                name="TypeError",
            ) from None
        pages.append({"index": index, "pageNumber": index + 1, "text": text})
    return pages


def extract_text(data: bytes) -> str:
    return "\n\n".join(page["text"] for page in extract_pages(data))


MODULE = HostModule(
    "cordon.pdf",
    "@cordon/sandbox-pdf",
    "1",
    {
        "extractText": HostExport(extract_text, (Arg("document", ("bytes",)),)),
        "extractPages": HostExport(extract_pages, (Arg("document", ("bytes",)),)),
    },
)
