"""`@cordon/sandbox-mammoth`: text and HTML out of Word documents, with mammoth's Python port.

`extractRawText(bytes)` -> the document's text (mammoth's extract_raw_text: paragraphs
end with two newlines); `convertToHtml(bytes)` -> the HTML string (mammoth's
convert_to_html value; its style messages are dropped, as the reference's pack returns
the value only). Images are embedded as data URIs, as mammoth does by default.

A .docx is a ZIP of XML parts, and mammoth parses XML with minidom, which expands
internal entities: the zip pack's `check_document` runs first (archive checks, the
50 MB inflation cap, entity declarations refused). A file that is not a Word
document is `docx-invalid`.

mammoth reads in pure Python and slowly (100,000 short paragraphs, a 640 KB file: ~17 s
for extractRawText, ~25 s for convertToHtml; the 50 MB inflation cap allows far more),
inside one call that never checks the run: both exports run in the run's host
worker (`core/hostwork`), killed when the run stops, so a cancelled or timed-out run stops it.
"""

from __future__ import annotations

import io
import zipfile
from typing import Any

from core.errors import SandboxRefusal
from core.packs.host.zip import check_document
from core.packs.host_registry import Arg, HostExport, HostModule


def _convert(data: bytes, html: bool) -> str:
    import mammoth

    check_document(data, "the document")
    try:
        result: Any = (mammoth.convert_to_html if html else mammoth.extract_raw_text)(io.BytesIO(data))
    except (KeyError, ValueError, zipfile.BadZipFile, AttributeError) as exc:
        raise SandboxRefusal(
            f"the bytes are not a Word (.docx) document ({type(exc).__name__}: {exc})",
            rule="docx-invalid",
            name="TypeError",
        ) from None
    return str(result.value)


def extract_raw_text(data: bytes) -> str:
    return _convert(data, html=False)


def convert_to_html(data: bytes) -> str:
    return _convert(data, html=True)


MODULE = HostModule(
    "cordon.mammoth",
    "@cordon/sandbox-mammoth",
    "1",
    {
        "extractRawText": HostExport(extract_raw_text, (Arg("document", ("bytes",)),)),
        "convertToHtml": HostExport(convert_to_html, (Arg("document", ("bytes",)),)),
    },
)
