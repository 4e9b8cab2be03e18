"""@nodetool-ai/sandbox-epub: the documented calls on an EPUB the test writes with ebooklib; a corrupt
book refused."""

from __future__ import annotations

import io

from ebooklib import epub

from tests.conftest import ok
from tests.hostpacks import refused, run_body

EPUB = "@nodetool-ai/sandbox-epub"


def book() -> bytes:
    made = epub.EpubBook()
    made.set_identifier("urn:isbn:9780000000001")
    made.set_title("Sample Book")
    made.set_language("en")
    made.add_author("Ada Lovelace")
    made.add_metadata("DC", "description", "Two short chapters.")
    made.add_metadata("DC", "subject", "Testing")
    intro = epub.EpubHtml(title="Intro", file_name="intro.xhtml", lang="en")
    intro.content = "<h1>Intro</h1><p>Hello world.</p><p>Second paragraph.</p>"
    second = epub.EpubHtml(title="Engines", file_name="engines.xhtml", lang="en")
    second.content = "<h1>The Engine</h1><p>It computes.</p>"
    made.add_item(intro)
    made.add_item(second)
    made.toc = (
        epub.Link("intro.xhtml", "Intro", "intro"),
        (epub.Section("Part Two"), (epub.Link("engines.xhtml", "Engines", "engines"),)),
    )
    made.add_item(epub.EpubNcx())
    made.add_item(epub.EpubNav())
    made.spine = ["nav", intro, second]
    out = io.BytesIO()
    epub.write_epub(out, made)
    return out.getvalue()


def test_documented_examples_on_a_real_book():
    code = f'''import {{ metadata, tableOfContents, extractText, extractChapters }} from "{EPUB}";
const bytes = inputs.book;
const meta = await metadata(bytes);
const toc = await tableOfContents(bytes);
const text = await extractText(bytes, {{ chapterSeparator: "\\n\\n---\\n\\n" }});
const chapters = await extractChapters(bytes);
return {{ meta, toc, text, chapters }};'''
    got = ok(run_body(code, inputs={"book": book()}))
    assert got["meta"] == {
        "title": "Sample Book",
        "creator": "Ada Lovelace",
        "creators": ["Ada Lovelace"],
        "language": "en",
        "identifier": "urn:isbn:9780000000001",
        "publisher": None,
        "date": None,
        "description": "Two short chapters.",
        "subjects": ["Testing"],
        "rights": None,
    }
    assert got["toc"] == [
        {"level": 0, "order": 0, "title": "Intro", "href": "intro.xhtml", "id": "intro"},
        {
            "level": 0,
            "order": 1,
            "title": "Part Two",
            "href": "engines.xhtml",
            "id": None,
        },  # the NCX points a part at its first chapter
        {"level": 1, "order": 2, "title": "Engines", "href": "engines.xhtml", "id": "engines"},
    ]
    assert got["text"] == "Intro\nHello world.\nSecond paragraph.\n\n---\n\nThe Engine\nIt computes."
    assert [(c["index"], c["href"], c["title"], c["text"]) for c in got["chapters"]] == [
        (0, "intro.xhtml", "Intro", "Intro\nHello world.\nSecond paragraph."),
        (1, "engines.xhtml", "Engines", "The Engine\nIt computes."),
    ]


def test_a_corrupt_book_is_refused():
    code = f'import {{ metadata }} from "{EPUB}";\nreturn await metadata(inputs.book);'
    refused(run_body(code, inputs={"book": b"not a book"}), "zip-invalid", "sandbox-epub.metadata")
    broken = io.BytesIO()
    import zipfile

    with zipfile.ZipFile(broken, "w") as z:
        z.writestr("mimetype", "application/epub+zip")
    refused(run_body(code, inputs={"book": broken.getvalue()}), "epub-invalid", "not a readable EPUB")
