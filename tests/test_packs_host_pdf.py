"""@nodetool-ai/sandbox-pdf: the documented calls on a PDF the test writes with fpdf2; corrupt input refused."""

from __future__ import annotations

from fpdf import FPDF

from core import HostServices
from tests.conftest import ok
from tests.hostpacks import refused, run_body

PDF = "@nodetool-ai/sandbox-pdf"


def report() -> bytes:
    pdf = FPDF(unit="pt")
    pdf.set_font("helvetica", size=14)
    for line in ("Quarterly report", "Revenue grew"):
        pdf.add_page()
        pdf.text(72, 72, line)
    return bytes(pdf.output())


def test_documented_examples(tmp_path):
    (tmp_path / "report.pdf").write_bytes(report())
    code = f'''import {{ extractText, extractPages }} from "{PDF}";
const text = await extractText(await workspace.readBytes("report.pdf"));
const bytes = await workspace.readBytes("report.pdf");
const pages = await extractPages(bytes); // [{{ index, pageNumber, text }}]
return {{ text, pages }};'''
    got = ok(run_body(code, host=HostServices(workspace=tmp_path)))
    assert got == {
        "text": "Quarterly report\n\nRevenue grew",
        "pages": [
            {"index": 0, "pageNumber": 1, "text": "Quarterly report"},
            {"index": 1, "pageNumber": 2, "text": "Revenue grew"},
        ],
    }


def test_corrupt_and_oversized_input_is_refused():
    code = f'import {{ extractText }} from "{PDF}";\nreturn await extractText(inputs.doc);'
    refused(run_body(code, inputs={"doc": b"%PDF-1.7\nnot really a pdf"}), "pdf-invalid", "sandbox-pdf.extractText")
    refused(run_body(code, inputs={"doc": report()[:200]}), "pdf-invalid")
    refused(run_body(code, inputs={"doc": bytes(10 * 1024 * 1024 + 1)}), "host-argument-too-large")
