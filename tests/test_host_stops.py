"""Host work a guest triggers inside one long library call stops with its run (its host worker is killed).

Each hostile call below runs for many seconds in a host worker when nothing stops it. The body starts
several, the run times out (or is cancelled), and then the next run's ordinary call of the same pack
must finish within its own deadline: it cannot if the abandoned calls still hold the host's CPU (or,
as before host workers, its GIL). Bounds are the runs' own `run_ms` against their `timeoutMs`, never wall clock.
"""

from __future__ import annotations

import io
import random
import zlib

from core.packs.host.html import MAX_TAGS
from tests.hostpacks import next_run_is_served, pdf_of, stopped_by_cancel, stopped_by_deadline
from tests.test_packs_host_mammoth import _rezip, report

HTML = "@cordon/sandbox-html"
MAMMOTH = "@cordon/sandbox-mammoth"
ICS = "@cordon/sandbox-ics"
EPUB = "@cordon/sandbox-epub"
PDF = "@cordon/sandbox-pdf"
# -- sandbox-html: BeautifulSoup's tree building (~5.7 s at the tag cap) and markdownify (~12 s) ---------------

HOSTILE_HTML = "<p>x" * (MAX_TAGS - 1000)
SMALL_MARKDOWN = f'import {{ toMarkdown }} from "{HTML}";\nreturn await toMarkdown("<h1>Hi</h1><p>there</p>");'


def test_html_to_markdown_at_the_tag_cap_stops_at_the_deadline_and_frees_the_workers():
    stopped_by_deadline(HTML, "toMarkdown(inputs.html)", {"html": HOSTILE_HTML})
    assert next_run_is_served(SMALL_MARKDOWN) == "# Hi\n\nthere\n"


def test_html_parse_at_the_tag_cap_stops_on_cancel_and_frees_the_workers():
    stopped_by_cancel(HTML, 'select(inputs.html, "p")', {"html": HOSTILE_HTML})
    assert next_run_is_served(SMALL_MARKDOWN) == "# Hi\n\nthere\n"


# -- sandbox-mammoth: 100,000 short paragraphs (a 640 KB .docx) take mammoth ~17 s -------------------------


def hostile_docx(paragraphs: int = 100_000) -> bytes:
    """Distinct words (so the part stays under the 200:1 ratio the zip checks allow) in many paragraphs."""
    rnd = random.Random(7)
    body = "".join(f"<w:p><w:r><w:t>{rnd.getrandbits(32):x}</w:t></w:r></w:p>" for _ in range(paragraphs))
    xml = (
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        f"<w:body>{body}</w:body></w:document>"
    )
    return _rezip(report(), "word/document.xml", xml.encode())


def small_docx_text() -> str:
    code = f'import {{ extractRawText }} from "{MAMMOTH}";\nreturn await extractRawText(inputs.doc);'
    return str(next_run_is_served(code, doc=report()))


def test_mammoth_on_a_huge_document_stops_at_the_deadline_and_frees_the_workers():
    stopped_by_deadline(MAMMOTH, "convertToHtml(inputs.doc)", {"doc": hostile_docx()})
    assert small_docx_text().startswith("Quarterly report")


def test_mammoth_on_a_huge_document_stops_on_cancel_and_frees_the_workers():
    stopped_by_cancel(MAMMOTH, "extractRawText(inputs.doc)", {"doc": hostile_docx()})
    assert small_docx_text().startswith("Quarterly report")


# -- sandbox-epub: one 240,000-paragraph chapter (a 1.4 MB book) takes BeautifulSoup ~8 s ----------------------


def hostile_epub(paragraphs: int = 240_000) -> bytes:
    """One chapter just under the html pack's tag cap, of distinct words (under the 200:1 ratio)."""
    from ebooklib import epub

    rnd = random.Random(3)
    made = epub.EpubBook()
    made.set_identifier("urn:test:big")
    made.set_title("Big")
    made.set_language("en")
    chapter = epub.EpubHtml(title="Big", file_name="big.xhtml", lang="en")
    chapter.content = "<h1>Big</h1>" + "".join(f"<p>{rnd.getrandbits(32):x}</p>" for _ in range(paragraphs))
    made.add_item(chapter)
    made.toc = (epub.Link("big.xhtml", "Big", "big"),)
    made.add_item(epub.EpubNcx())
    made.add_item(epub.EpubNav())
    made.spine = [chapter]
    out = io.BytesIO()
    epub.write_epub(out, made)
    return out.getvalue()


def small_book_text() -> str:
    from tests.test_packs_host_epub import book

    code = f'import {{ extractText }} from "{EPUB}";\nreturn await extractText(inputs.book);'
    return str(next_run_is_served(code, book=book()))


def test_epub_text_of_a_huge_chapter_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    big = hostile_epub()
    stopped_by_deadline(EPUB, "extractText(inputs.book)", {"book": big})
    assert "Hello world." in small_book_text()
    stopped_by_cancel(EPUB, "extractChapters(inputs.book)", {"book": big})
    assert "Hello world." in small_book_text()


# -- sandbox-pdf: one page of 100,000 positioned strings (an 890 KB file) takes pypdf ~11 s ------------------------


def hostile_pdf(strings: int = 100_000) -> bytes:
    """One page whose content stream places many short strings (pypdf's extraction is superlinear in them)."""
    rnd = random.Random(5)
    shows = b"".join(
        b"1 0 0 1 %d %d Tm (%x) Tj " % (rnd.randint(0, 600), rnd.randint(0, 800), rnd.getrandbits(24))
        for _ in range(strings)
    )
    stream = zlib.compress(b"BT /F1 1 Tf " + shows + b"ET")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> "
        b"/Contents 4 0 R >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n%b\nendstream" % (len(stream), stream),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    return pdf_of(objects)


def small_pdf_text() -> str:
    code = f'import {{ extractText }} from "{PDF}";\nreturn await extractText(inputs.doc);'
    return str(next_run_is_served(code, doc=hostile_pdf(3)))


def test_pdf_text_of_a_dense_page_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    dense = hostile_pdf()
    stopped_by_deadline(PDF, "extractText(inputs.doc)", {"doc": dense})
    assert small_pdf_text().strip()
    stopped_by_cancel(PDF, "extractPages(inputs.doc)", {"doc": dense})
    assert small_pdf_text().strip()


# -- sandbox-ics: one event's long arrays check the run -------------------------------------------------------

#: 500,000 exclusion dates as timestamps: 1 MB of arguments, ~2 s of validating and formatting each
#: (four at once hold the GIL ~8 s). Handing each call's argument over takes ~0.3 s on the run's loop,
#: so the run gets a longer deadline here: all four calls must be running on the workers before it.
HOSTILE_EVENT = {"start": [2026, 1, 1], "exclusionDates": [0] * 500_000}
ICS_TIMEOUT_MS = 4000
SMALL_EVENT = f'import {{ createEvent }} from "{ICS}";\nreturn (await createEvent({{ start: [2026, 1, 1] }})).error;'


def test_ics_event_with_the_most_exclusion_dates_stops_at_the_deadline_and_frees_the_workers():
    stopped_by_deadline(ICS, "createEvent(inputs.event)", {"event": HOSTILE_EVENT}, ICS_TIMEOUT_MS)
    assert next_run_is_served(SMALL_EVENT) is None


def test_ics_event_with_the_most_exclusion_dates_stops_on_cancel_and_frees_the_workers():
    stopped_by_cancel(ICS, "createEvent(inputs.event)", {"event": HOSTILE_EVENT}, after_s=ICS_TIMEOUT_MS / 1000)
    assert next_run_is_served(SMALL_EVENT) is None
