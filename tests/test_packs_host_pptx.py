"""@nodetool-ai/sandbox-pptx: the documented calls on a deck the test writes with python-pptx; corrupt input
refused."""

from __future__ import annotations

import io

from pptx import Presentation
from pptx.util import Inches

from core import HostServices
from tests.conftest import ok
from tests.hostpacks import refused, run_body

PPTX = "@nodetool-ai/sandbox-pptx"


def deck() -> bytes:
    made = Presentation()
    first = made.slides.add_slide(made.slide_layouts[1])  # title and content
    first.shapes.title.text = "Q3 Review"
    first.placeholders[1].text_frame.text = "Revenue up\nCosts down"
    first.notes_slide.notes_text_frame.text = "Mention the team"
    second = made.slides.add_slide(made.slide_layouts[6])  # blank
    group = second.shapes.add_group_shape()
    group.shapes.add_textbox(Inches(1), Inches(1), Inches(3), Inches(1)).text_frame.text = "Grouped"
    out = io.BytesIO()
    made.save(out)
    return out.getvalue()


def test_documented_examples(tmp_path):
    (tmp_path / "deck.pptx").write_bytes(deck())
    code = f'''import {{ extractText, extractSlides }} from "{PPTX}";
const text = await extractText(await workspace.readBytes("deck.pptx"));
const bytes = await workspace.readBytes("deck.pptx");
const slides = await extractSlides(bytes);
return {{ text, slides }};'''
    got = ok(run_body(code, host=HostServices(workspace=tmp_path)))
    assert got["text"] == "Q3 Review\nRevenue up\nCosts down\n\nGrouped"
    assert got["slides"] == [
        {
            "index": 0,
            "slideNumber": 1,
            "title": "Q3 Review",
            "text": "Q3 Review\nRevenue up\nCosts down",
            "notes": "Mention the team",
        },
        {"index": 1, "slideNumber": 2, "title": None, "text": "Grouped", "notes": ""},
    ]


def test_corrupt_input_is_refused():
    code = f'import {{ extractText }} from "{PPTX}";\nreturn await extractText(inputs.deck);'
    refused(run_body(code, inputs={"deck": b"not a deck"}), "zip-invalid", "sandbox-pptx.extractText")
    import zipfile

    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("hello.txt", "hi")
    refused(run_body(code, inputs={"deck": empty.getvalue()}), "pptx-invalid", "not a PowerPoint")
