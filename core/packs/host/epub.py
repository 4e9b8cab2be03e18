"""`@cordon/sandbox-epub`: metadata, contents and text of EPUB books, with ebooklib.

The reference runs epub2 (which wants a file path); this reads the bytes with
ebooklib 0.20 (EPUB 2 and 3). Shapes:

* `metadata(bytes)` -> `{title, creator, creators[], language, identifier, publisher,
  date, description, subjects[], rights}` (Dublin Core; a missing field is null / []).
* `tableOfContents(bytes)` -> `[{level, order, title, href, id}]`, the navigation
  flattened in reading order as epub2 lists it (`level` 0 at the top; a section
  heading without a target has `href: null`).
* `extractChapters(bytes)` -> `[{index, id, href, title, text}]`, one per spine
  document (the navigation document skipped), `title` from the contents, else its
  first heading, else null; `text` is the html pack's visible text, one line per block.
* `extractText(bytes, {chapterSeparator = "\\n\\n"})` -> every chapter's text, joined.

An EPUB is a ZIP of XML: the zip pack's `check_document` runs first (archive checks,
50 MB inflated, entity declarations refused); ebooklib parses with lxml, entities
unresolved, no network. A book ebooklib cannot read is `epub-invalid`.

Each chapter is parsed by BeautifulSoup (its text, then its first heading): a 1.4 MB
book of one 240,000-paragraph chapter took ~8 s inside those calls, which never check
the run, so what stops them is that every export runs in the run's host worker
(`core/hostwork`), killed when the run stops.
"""

from __future__ import annotations

import io
import logging
import warnings
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.html import to_text
from core.packs.host.zip import check_document
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

logger = logging.getLogger(__name__)

_DC = "http://purl.org/dc/elements/1.1/"
_BOOK = Arg("book", ("bytes",))


def _read(data: bytes) -> Any:
    from ebooklib import epub

    check_document(data, "the book")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ebooklib warns about its own future defaults
            return epub.read_epub(io.BytesIO(data), {"ignore_ncx": False})
    except Exception as exc:  # ebooklib raises bare KeyError/IndexError/EpubException on broken books
        logger.debug("ebooklib could not read the book", exc_info=True)
        raise SandboxRefusal(
            f"the bytes are not a readable EPUB book ({type(exc).__name__}: {exc})"[:500],
            rule="epub-invalid",
            name="TypeError",
        ) from None


def _dc(book: Any, name: str) -> list[str]:
    return [str(value) for value, _ in book.metadata.get(_DC, {}).get(name, []) if value]


def metadata(data: bytes) -> dict[str, Any]:
    book = _read(data)
    first: dict[str, str | None] = {
        name: next(iter(_dc(book, name)), None)
        for name in ("title", "creator", "language", "identifier", "publisher", "date", "description", "rights")
    }
    return {**first, "creators": _dc(book, "creator"), "subjects": _dc(book, "subject")}


def _toc(book: Any) -> list[dict[str, Any]]:
    from ebooklib import epub

    out: list[dict[str, Any]] = []

    def walk(entries: Any, level: int) -> None:
        for entry in entries:
            if isinstance(entry, tuple | list) and len(entry) == 2 and isinstance(entry[0], epub.Section):
                section, children = entry
                out.append(
                    {
                        "level": level,
                        "order": len(out),
                        "title": section.title,
                        "href": section.href or None,
                        "id": None,
                    }
                )
                walk(children, level + 1)
            elif isinstance(entry, epub.Link):
                out.append(
                    {"level": level, "order": len(out), "title": entry.title, "href": entry.href, "id": entry.uid}
                )
            elif isinstance(entry, tuple | list):
                walk(entry, level)

    walk(book.toc, 0)
    return out


def table_of_contents(data: bytes) -> list[dict[str, Any]]:
    return _toc(_read(data))


def _chapters(data: bytes) -> list[dict[str, Any]]:
    from ebooklib import epub

    book = _read(data)
    titles: dict[str, str] = {}
    for entry in sorted(_toc(book), key=lambda e: e["id"] is None):  # a chapter's own link before its part's
        if entry["href"]:
            titles.setdefault(entry["href"].split("#")[0], entry["title"])
    chapters: list[dict[str, Any]] = []
    for idref, _linear in book.spine:
        worker_check_alive()
        item = book.get_item_with_id(idref)
        if item is None or isinstance(item, epub.EpubNav) or "nav" in getattr(item, "properties", []):
            continue
        html = item.get_content().decode("utf-8", "replace")
        text = to_text(html)
        title = titles.get(item.get_name()) or _heading(html)
        chapters.append(
            {"index": len(chapters), "id": item.get_id(), "href": item.get_name(), "title": title, "text": text}
        )
    return chapters


def _heading(html: str) -> str | None:
    from bs4 import BeautifulSoup

    found = BeautifulSoup(html, "lxml").find(["h1", "h2", "h3", "title"])
    return found.get_text(" ", strip=True) or None if found is not None else None


def extract_chapters(data: bytes) -> list[dict[str, Any]]:
    return _chapters(data)


def extract_text(data: bytes, options: Mapping[str, Any] | None = None) -> str:
    separator = option(options, "chapterSeparator", str, "\n\n")
    return separator.join(chapter["text"] for chapter in _chapters(data))


MODULE = HostModule(
    "cordon.epub",
    "@cordon/sandbox-epub",
    "1",
    {
        "metadata": HostExport(metadata, (_BOOK,)),
        "tableOfContents": HostExport(table_of_contents, (_BOOK,)),
        "extractText": HostExport(extract_text, (_BOOK, options_arg())),
        "extractChapters": HostExport(extract_chapters, (_BOOK,)),
    },
)
