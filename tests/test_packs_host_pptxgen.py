"""@nodetool-ai/sandbox-pptxgen: the documented build on the real engine, read back by python-pptx and by the
pptx pack; a bad item refused by slide and index."""

from __future__ import annotations

import io

from PIL import Image
from pptx import Presentation
from pptx.util import Inches

from core import HostServices
from tests.conftest import ok
from tests.hostpacks import refused, run_body

PPTXGEN = "@nodetool-ai/sandbox-pptxgen"


def test_the_documented_build_writes_a_deck_powerpoint_reads(tmp_path):
    code = f'''import {{ build }} from "{PPTXGEN}";
const bytes = await build({{ title: "Q3 Review", slides: [{{ background: "#0f172a", items: [{{ type: "text", x: 0.5, y: 0.4, w: 12, h: 1, text: "Q3 Review" }}] }}] }});
await workspace.writeBytes("deck.pptx", bytes);
return bytes.length > 0;'''
    assert ok(run_body(code, host=HostServices(workspace=tmp_path))) is True
    deck = Presentation(str(tmp_path / "deck.pptx"))
    assert deck.core_properties.title == "Q3 Review" and deck.slide_width == Inches(13.333)
    slide = deck.slides[0]
    assert str(slide.background.fill.fore_color.rgb) == "0F172A"
    (box,) = slide.shapes
    assert (box.left, box.top, box.width, box.height) == (Inches(0.5), Inches(0.4), Inches(12), Inches(1))
    assert box.text_frame.text == "Q3 Review"


def test_every_item_type_read_back_by_the_pptx_pack():
    code = f'''import {{ build }} from "{PPTXGEN}";
import {{ extractSlides }} from "@nodetool-ai/sandbox-pptx";
const bytes = await build({{ layout: "16x9", slides: [
  {{ items: [{{ type: "text", x: 1, y: 1, w: 8, h: 2, text: "Line one\\nLine two", fontSize: 24, color: "#ef4444", bold: true, align: "center" }},
            {{ type: "image", data: inputs.png, x: 1, y: 3, w: 1 }},
            {{ type: "rect", x: 5, y: 3, w: 1, h: 1, fill: "#3b82f6" }},
            {{ type: "ellipse", x: 7, y: 3, w: 1, h: 1, line: "#000000" }}], notes: "Say hello" }},
  {{ items: [{{ type: "table", x: 1, y: 1, w: 6, rows: [["Month", "Revenue"], ["Jul", "120k"]] }}] }},
] }});
return await extractSlides(bytes);'''
    image = io.BytesIO()
    Image.new("RGB", (20, 10), "#22c55e").save(image, "PNG")
    slides = ok(run_body(code, inputs={"png": image.getvalue()}))
    assert slides == [
        {"index": 0, "slideNumber": 1, "title": None, "text": "Line one\nLine two", "notes": "Say hello"},
        {"index": 1, "slideNumber": 2, "title": None, "text": "Month\nRevenue\nJul\n120k", "notes": ""},
    ]


def test_a_bad_item_is_refused_by_slide_and_index():
    code = f'import {{ build }} from "{PPTXGEN}";\nreturn await build(inputs.deck);'
    refused(
        run_body(code, inputs={"deck": {"slides": [{"items": [{"type": "chart"}]}]}}),
        "pptx-bad-item",
        "sandbox-pptxgen.build",
        "slide 0 item 0",
    )
    refused(run_body(code, inputs={"deck": {"slides": [{"background": "navy"}]}}), "pptx-bad-item", "'background'")
    refused(run_body(code, inputs={"deck": {"slides": [{}] * 201}}), "pptx-too-large", "200 slides")
