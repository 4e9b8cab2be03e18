"""@nodetool-ai/sandbox-mammoth: the documented calls on a .docx the test writes with python-docx; a corrupt
file, a zip bomb and an XML entity bomb refused by rule."""

from __future__ import annotations

import io
import zipfile

import docx

from tests.conftest import ok
from tests.hostpacks import refused, run_body

MAMMOTH = "@nodetool-ai/sandbox-mammoth"


def report() -> bytes:
    document = docx.Document()
    document.add_heading("Quarterly report", 1)
    document.add_paragraph("Revenue grew ").add_run("fast").bold = True
    table = document.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text, table.rows[0].cells[1].text = "Jul", "120k"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def test_documented_examples_on_a_real_docx(tmp_path):
    from core import HostServices

    (tmp_path / "report.docx").write_bytes(report())
    code = f'''import {{ extractRawText, convertToHtml }} from "{MAMMOTH}";
const text = await extractRawText(await workspace.readBytes("report.docx"));
const bytes = await workspace.readBytes("report.docx");
const html = await convertToHtml(bytes);
return {{ text, html }};'''
    got = ok(run_body(code, host=HostServices(workspace=tmp_path)))
    assert got["text"] == "Quarterly report\n\nRevenue grew fast\n\nJul\n\n120k\n\n"
    assert got["html"] == (
        "<h1>Quarterly report</h1><p>Revenue grew <strong>fast</strong></p>"
        "<table><tr><td><p>Jul</p></td><td><p>120k</p></td></tr></table>"
    )


def _rezip(data: bytes, name: str, replace: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, replace if info.filename == name else src.read(info))
    return out.getvalue()


def test_corrupt_files_and_bombs_are_refused():
    code = f'import {{ extractRawText }} from "{MAMMOTH}";\nreturn await extractRawText(inputs.doc);'
    refused(run_body(code, inputs={"doc": b"PK\x03\x04 not really"}), "zip-invalid", "sandbox-mammoth.extractRawText")
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
        b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
        b"<w:body><w:p><w:r><w:t>&b;</w:t></w:r></w:p></w:body></w:document>"
    )
    refused(
        run_body(code, inputs={"doc": _rezip(report(), "word/document.xml", laughs)}),
        "document-entities-forbidden",
        "word/document.xml",
    )
    refused(
        run_body(code, inputs={"doc": _rezip(report(), "word/document.xml", bytes(30 * 1024 * 1024))}),
        "zip-bomb",
        "200:1",
    )
    no_body = _rezip(report(), "word/document.xml", b"<nothing/>")
    refused(run_body(code, inputs={"doc": no_body}), "docx-invalid", "not a Word")
