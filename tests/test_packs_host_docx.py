"""@nodetool-ai/sandbox-docx: the documented build on the real engine, read back by python-docx and by the
mammoth pack; a bad element refused by index."""

from __future__ import annotations

import io

from PIL import Image

from tests.conftest import ok
from tests.hostpacks import refused, run_body

DOCX = "@nodetool-ai/sandbox-docx"


def png(width: int = 40, height: int = 20) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), "#3b82f6").save(out, "PNG")
    return out.getvalue()


def test_the_documented_build_writes_a_docx_word_reads(tmp_path):
    import docx

    code = f'''import {{ build }} from "{DOCX}";
const bytes = await build({{ properties: {{ title: "Q3 Report" }}, elements: [{{ type: "heading", text: "Q3 Report", level: 1 }}, {{ type: "table", rows: [["Month", "Revenue"], ["Jul", "120k"]] }}] }});
await workspace.writeBytes("report.docx", bytes);
return bytes instanceof Uint8Array;'''
    assert ok(run_body(code, host=_workspace(tmp_path))) is True
    document = docx.Document(str(tmp_path / "report.docx"))
    assert document.core_properties.title == "Q3 Report"
    assert [(p.style.name, p.text) for p in document.paragraphs] == [("Heading 1", "Q3 Report")]
    table = document.tables[0]
    assert [[c.text for c in row.cells] for row in table.rows] == [["Month", "Revenue"], ["Jul", "120k"]]
    assert table.rows[0].cells[0].paragraphs[0].runs[0].bold is True


def _workspace(path):
    from core import HostServices

    return HostServices(workspace=path)


def test_every_element_type_round_trips_through_mammoth():
    code = f'''import {{ build }} from "{DOCX}";
import {{ extractRawText, convertToHtml }} from "@nodetool-ai/sandbox-mammoth";
const bytes = await build({{ elements: [
  {{ type: "heading", text: "Title", level: 2 }},
  {{ type: "paragraph", runs: [{{ text: "bold", bold: true }}, {{ text: " and " }}, {{ text: "italic", italic: true }}], alignment: "center" }},
  {{ type: "paragraph", text: "point", bullet: true }},
  {{ type: "image", data: inputs.png, width: 80 }},
  {{ type: "pageBreak" }},
  {{ type: "paragraph", text: "after the break" }},
] }});
return [await extractRawText(bytes), await convertToHtml(bytes)];'''
    text, html = ok(run_body(code, inputs={"png": png()}))
    assert text.split() == ["Title", "bold", "and", "italic", "point", "after", "the", "break"]
    assert "<h2>Title</h2>" in html and "<strong>bold</strong>" in html and "<em>italic</em>" in html
    assert '<img src="data:image/png;base64,' in html and "<li>point</li>" in html


def test_a_bad_element_is_refused_by_index():
    code = f'import {{ build }} from "{DOCX}";\nreturn await build({{ elements: inputs.elements }});'
    refused(
        run_body(code, inputs={"elements": [{"type": "heading", "text": "x"}, {"type": "chart"}]}),
        "docx-bad-element",
        "sandbox-docx.build",
        "element 1",
        "'chart'",
    )
    refused(
        run_body(code, inputs={"elements": [{"type": "image", "data": b"not an image"}]}),
        "docx-bad-element",
        "element 0",
        "not a PNG",
    )
    refused(
        run_body(code, inputs={"elements": [{"type": "heading", "text": "x", "level": 9}]}),
        "docx-bad-element",
        "'level'",
    )
