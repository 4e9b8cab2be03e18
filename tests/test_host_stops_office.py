"""The office packs' long library calls stop with their run (its host worker is killed), as html's and pdf's do.

Each input below is at its pack's cap and keeps a host worker busy for many seconds in one pure-Python
library call (openpyxl, python-pptx, python-docx, pypdf) when nothing stops it. The run times out (or is
cancelled), and the next run's ordinary call of the same pack must finish within its own deadline, which
it cannot while the abandoned calls still run. The helpers and the bounds (the runs' own `run_ms`
against `timeoutMs`) are test_host_stops's.
"""

from __future__ import annotations

import io
import random
import zipfile

import openpyxl
from pptx import Presentation

from core.packs.host.docx import MAX_CELLS as DOCX_MAX_CELLS
from core.packs.host.pptxgen import MAX_CELLS as PPTX_MAX_CELLS
from core.packs.host.xlsx import MAX_CELLS as XLSX_MAX_CELLS
from tests.hostpacks import next_run_is_served, pdf_of, refused, run_body, stopped_by_cancel, stopped_by_deadline
from tests.test_packs_host_pdf import report as small_pdf
from tests.test_packs_host_pptx import deck as small_deck
from tests.test_packs_host_xlsx import workbook as small_workbook

XLSX = "@cordon/sandbox-xlsx"
PPTX = "@cordon/sandbox-pptx"
DOCX = "@cordon/sandbox-docx"
PPTXGEN = "@cordon/sandbox-pptxgen"
PDFLIB = "@cordon/sandbox-pdflib"


def _replace_part(made: bytes, part: str, old: bytes, new: bytes) -> bytes:
    """`made` (a ZIP written by a library) with `old` replaced by `new` in one part, deflated."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(made)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == part:
                assert old in data, data[:400]
                data = data.replace(old, new, 1)
            dst.writestr(info.filename, data)
    return out.getvalue()


# -- sandbox-xlsx: 1,000 x 1,000 distinct numbers (the cell cap, a 5.6 MB file) take openpyxl ~4.8 s -------------


def hostile_workbook(rows: int = 1000) -> bytes:
    """One sheet of `rows` rows of distinct numbers, `XLSX_MAX_CELLS` cells in all: checked once per 1,000 rows."""
    rnd = random.Random(1)
    width = XLSX_MAX_CELLS // rows
    cells = "".join(
        "<row>" + "".join(f"<c><v>{rnd.getrandbits(30)}</v></c>" for _ in range(width)) + "</row>" for _ in range(rows)
    )
    raw = io.BytesIO()
    openpyxl.Workbook().save(raw)
    return _replace_part(
        raw.getvalue(),
        "xl/worksheets/sheet1.xml",
        b"<sheetData></sheetData>",
        f"<sheetData>{cells}</sheetData>".encode(),
    )


def test_xlsx_parse_at_the_cell_cap_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    big = hostile_workbook()
    small = f'import {{ parse }} from "{XLSX}";\nreturn (await parse(inputs.book, {{ sheet: "Costs" }}))[0].item;'
    stopped_by_deadline(XLSX, "parse(inputs.book)", {"book": big})
    assert next_run_is_served(small, book=small_workbook()) == "a"
    stopped_by_cancel(XLSX, "parse(inputs.book, { header: false })", {"book": big})
    assert next_run_is_served(small, book=small_workbook()) == "a"


# -- sandbox-pptx: one slide of 100,000 text boxes (a 970 KB file) takes python-pptx ~15 s --------------------------


def hostile_deck(shapes: int = 100_000) -> bytes:
    """One slide of many text boxes of distinct words (under the zip checks' 200:1 ratio)."""
    rnd = random.Random(2)
    made = Presentation()
    made.slides.add_slide(made.slide_layouts[6])
    raw = io.BytesIO()
    made.save(raw)
    box = (
        '<p:sp><p:nvSpPr><p:cNvPr id="{id}" name="T"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr/>'
        "<p:txBody><a:bodyPr/><a:p><a:r><a:t>{word:x}</a:t></a:r></a:p></p:txBody></p:sp>"
    )
    boxes = "".join(box.format(id=i + 2, word=rnd.getrandbits(32)) for i in range(shapes))
    return _replace_part(raw.getvalue(), "ppt/slides/slide1.xml", b"<p:grpSpPr/>", b"<p:grpSpPr/>" + boxes.encode())


def test_pptx_text_of_a_crowded_slide_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    big = hostile_deck()
    small = f'import {{ extractText }} from "{PPTX}";\nreturn await extractText(inputs.deck);'
    stopped_by_deadline(PPTX, "extractText(inputs.deck)", {"deck": big})
    assert next_run_is_served(small, deck=small_deck()).startswith("Q3 Review")
    stopped_by_cancel(PPTX, "extractSlides(inputs.deck)", {"deck": big})
    assert next_run_is_served(small, deck=small_deck()).startswith("Q3 Review")


# -- sandbox-docx and sandbox-pptxgen: filling a table at the cell cap takes minutes (quadratic in python-docx) -----

SMALL_DOCX = f'import {{ build }} from "{DOCX}";\nreturn (await build({{ elements: [{{ type: "paragraph", text: "hi" }}] }})).length > 0;'


def test_docx_build_of_a_table_at_the_cell_cap_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    # one row of the cap's 100,000 cells: python-docx takes ~13 s for 1,000 of them, and the run is checked per row
    table = {"elements": [{"type": "table", "rows": [["x"] * DOCX_MAX_CELLS]}]}
    stopped_by_deadline(DOCX, "build(inputs.table)", {"table": table})
    assert next_run_is_served(SMALL_DOCX) is True
    stopped_by_cancel(DOCX, "build(inputs.table)", {"table": table})
    assert next_run_is_served(SMALL_DOCX) is True


SMALL_PPTXGEN = (
    f'import {{ build }} from "{PPTXGEN}";\n'
    'return (await build({ slides: [{ items: [{ type: "text", x: 1, y: 1, w: 3, h: 1, text: "hi" }] }] })).length > 0;'
)


def test_pptxgen_build_of_a_table_at_the_cell_cap_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    # 100 rows of 1,000 cells (the cap) take python-pptx ~53 s, in one item (checked between items)
    rows = [["x"] * (PPTX_MAX_CELLS // 100)] * 100
    deck = {"slides": [{"items": [{"type": "table", "x": 0, "y": 0, "w": 9, "h": 5, "rows": rows}]}]}
    stopped_by_deadline(PPTXGEN, "build(inputs.deck)", {"deck": deck})
    assert next_run_is_served(SMALL_PPTXGEN) is True
    stopped_by_cancel(PPTXGEN, "build(inputs.deck)", {"deck": deck})
    assert next_run_is_served(SMALL_PPTXGEN) is True


# -- sandbox-pdflib: merging one 9 MB page of 4.5 million numbers takes pypdf ~18 s ---------------------------------


def pdf_of_one_page(extra: bytes) -> bytes:
    """A one-page PDF whose page dictionary also holds `extra` (keys and values)."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] %b >>" % extra,
    ]
    return pdf_of(objects)


def hostile_pdf(arrays: int = 50) -> bytes:
    """9 MB (under the 10 MB bytes cap) of arrays of 90,000 numbers, each under pypdf's 100,000-element limit."""
    return pdf_of_one_page(b"/Filler [" + b" ".join([b"[" + b"1 " * 90_000 + b"]"] * arrays) + b"]")


SMALL_MERGE = f'import {{ merge }} from "{PDFLIB}";\nreturn (await merge([inputs.a, inputs.a])).length > 0;'


def test_pdflib_merge_of_a_huge_page_stops_at_the_deadline_and_on_cancel_and_frees_the_workers():
    big = hostile_pdf()
    stopped_by_deadline(PDFLIB, "merge([inputs.doc])", {"doc": big})
    assert next_run_is_served(SMALL_MERGE, a=small_pdf()) is True
    stopped_by_cancel(PDFLIB, "merge([inputs.doc])", {"doc": big})
    assert next_run_is_served(SMALL_MERGE, a=small_pdf()) is True


def test_a_pdf_over_pypdfs_own_limits_is_pdf_invalid():
    # pypdf raises LimitReachedError (not a PdfReadError) past 100,000 elements in one array
    over = pdf_of_one_page(b"/Filler [" + b"1 " * 100_001 + b"]")
    code = f'import {{ merge }} from "{PDFLIB}";\nreturn await merge([inputs.doc]);'
    refused(run_body(code, inputs={"doc": over}), "pdf-invalid", "source 0", "LimitReachedError")
    refused(
        run_body(
            'import { extractText } from "@cordon/sandbox-pdf";\nreturn await extractText(inputs.doc);',
            inputs={"doc": over},
        ),
        "pdf-invalid",
    )


# -- sandbox-chrono: dateparser reads 2,000 characters of dates in ~0.8 s, checked between such chunks -------------


def test_chrono_on_a_megabyte_of_dates_stops_at_the_deadline_and_frees_the_workers():
    # the run is checked between chunks, but four calls share the GIL: one chunk takes each of them seconds
    dates = "January 5 and 2024-01-05, " * 40_000  # 1 MB, the cap
    small = 'import { parseDate } from "@cordon/sandbox-chrono";\nreturn await parseDate("1 March 2024", 0);'
    stopped_by_deadline("@cordon/sandbox-chrono", "parse(inputs.text, 0)", {"text": dates[: 1024 * 1024]})
    assert next_run_is_served(small) == "2024-03-01T00:00:00.000Z"
