"""@nodetool-ai/sandbox-xlsx on the host: sheets to rows, formula results, ISO dates, and its refusals."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

import openpyxl

from tests.conftest import ok
from tests.hostpacks import refused, run_body

XLSX = "@nodetool-ai/sandbox-xlsx"


def workbook() -> bytes:
    """Two sheets; E2 holds a formula whose result is saved in the file, as Excel saves it."""
    book = openpyxl.Workbook()
    costs = book.active
    costs.title = "Costs"
    costs.append(["item", "cost", "when", "ok", "double"])
    costs.append(["a", 1.5, dt.datetime(2024, 3, 1, 12, 30), True, "=B2*2"])
    costs.append(["b", 2, dt.date(2024, 3, 2), None])
    book.create_sheet("Other")["B3"] = "x"
    raw = io.BytesIO()
    book.save(raw)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw.getvalue())) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"<f>B2*2</f><v></v>", b"<f>B2*2</f><v>3</v>")
            dst.writestr(info, data)
    return out.getvalue()


def test_parse_gives_each_sheet_and_one_sheet_by_name():
    code = f'''import {{ parse }} from "{XLSX}";
const bytes = inputs.bytes;
const sheets = await parse(bytes);            // {{ "Sheet1": [...], ... }}
const rows = await parse(bytes, {{ sheet: "Costs" }});
return {{ sheets, rows, grid: await parse(bytes, {{ sheet: "Other", header: false }}) }};'''
    result = ok(run_body(code, inputs={"bytes": workbook()}))
    costs = [
        {"item": "a", "cost": 1.5, "when": "2024-03-01T12:30:00.000Z", "ok": True, "double": 3},
        {"item": "b", "cost": 2, "when": "2024-03-02T00:00:00.000Z", "ok": None, "double": None},
    ]
    assert result["sheets"] == {"Costs": costs, "Other": []}
    assert result["rows"] == costs
    assert result["grid"] == [[None, "x"]]


def test_a_missing_sheet_throws_listing_the_sheets():
    code = f'import {{ parse }} from "{XLSX}";\nreturn await parse(inputs.bytes, {{ sheet: "Nope" }});'
    refused(run_body(code, inputs={"bytes": workbook()}), "xlsx-sheet-not-found", "sandbox-xlsx.parse", "Costs, Other")


def test_not_a_workbook_and_a_bomb_are_refused():
    code = f'import {{ parse }} from "{XLSX}";\nreturn await parse(inputs.bytes);'
    refused(run_body(code, inputs={"bytes": b"plain bytes"}), "zip-invalid", "sandbox-xlsx.parse")
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", bytes(30 * 1024 * 1024))
    refused(run_body(code, inputs={"bytes": bomb.getvalue()}), "zip-bomb", "the workbook")
    notbook = io.BytesIO()
    with zipfile.ZipFile(notbook, "w") as z:
        z.writestr("hello.txt", "hi")
    refused(run_body(code, inputs={"bytes": notbook.getvalue()}), "xlsx-invalid")
