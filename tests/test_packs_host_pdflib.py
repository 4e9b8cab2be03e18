"""@nodetool-ai/sandbox-pdflib: the documented build and merge on the real engine, read back by pypdf and by
the pdf pack; bad items and bad sources refused."""

from __future__ import annotations

import io

from PIL import Image
from pypdf import PdfReader

from tests.conftest import ok
from tests.hostpacks import refused, run_body

PDFLIB = "@nodetool-ai/sandbox-pdflib"


def test_documented_build_and_merge_read_back_by_the_pdf_pack():
    code = f'''import {{ build, merge }} from "{PDFLIB}";
import {{ extractPages }} from "@nodetool-ai/sandbox-pdf";
const first = await build({{ pages: [{{ width: 612, height: 792, items: [{{ type: "text", x: 72, y: 72, text: "Hello", size: 24 }}] }}] }});
const second = await build({{ title: "Second", pages: [
  {{ width: 300, height: 200, items: [{{ type: "rect", x: 10, y: 10, width: 50, height: 20, color: "#3b82f6" }},
    {{ type: "line", x1: 0, y1: 0, x2: 300, y2: 200 }}, {{ type: "text", x: 10, y: 40, text: "Grüße, Ωmega", size: 12 }},
    {{ type: "image", data: inputs.png, x: 100, y: 100, width: 40 }}] }},
  {{ items: [{{ type: "text", x: 72, y: 72, text: "Page three", font: "times", bold: true }}] }}] }});
const inputsMerged = {{ first, second }};
const bytes = await merge([inputsMerged.first, inputsMerged.second]);
return [bytes, await extractPages(bytes)];'''
    image = io.BytesIO()
    Image.new("RGB", (8, 8), "#ef4444").save(image, "PNG")
    data, pages = ok(run_body(code, inputs={"png": image.getvalue()}))
    assert data[:5] == b"%PDF-"
    reader = PdfReader(io.BytesIO(data))
    assert [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages] == [
        (612, 792),
        (300, 200),
        (612, 792),
    ]
    assert [(p["index"], p["pageNumber"], p["text"]) for p in pages] == [
        (0, 1, "Hello"),
        (1, 2, "Grüße, Ωmega"),
        (2, 3, "Page three"),
    ]
    assert len(reader.pages[1].images) == 1


def test_text_is_placed_from_the_top_left():
    code = f'''import {{ build }} from "{PDFLIB}";
return await build({{ pages: [{{ width: 612, height: 792, items: [{{ type: "text", x: 72, y: 72, text: "Hello", size: 24 }}] }}] }});'''
    page = PdfReader(io.BytesIO(ok(run_body(code)))).pages[0]
    seen: list[tuple[float, float]] = []
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: text.strip() and seen.append((tm[4], tm[5])))
    assert seen == [(72.0, 792 - 72 - 24)]  # PDF space is bottom-up: the baseline is `size` below y


def test_bad_items_and_sources_are_refused():
    build = f'import {{ build }} from "{PDFLIB}";\nreturn await build(inputs.doc);'
    refused(
        run_body(build, inputs={"doc": {"pages": [{"items": [{"type": "circle"}]}]}}),
        "pdf-bad-item",
        "sandbox-pdflib.build",
        "page 0 item 0",
    )
    refused(
        run_body(
            build,
            inputs={
                "doc": {
                    "pages": [{"items": [{"type": "rect", "x": 0, "y": 0, "width": 1, "height": 1, "color": "blue"}]}]
                }
            },
        ),
        "pdf-bad-item",
        "'color'",
    )
    refused(run_body(build, inputs={"doc": {"pages": [{}] * 201}}), "pdf-too-large", "200 pages")
    merge = f'import {{ merge }} from "{PDFLIB}";\nreturn await merge(inputs.sources);'
    refused(
        run_body(merge, inputs={"sources": [b"%PDF-1.4 broken"]}), "pdf-invalid", "sandbox-pdflib.merge", "source 0"
    )
