"""@nodetool-ai/sandbox-fabric: the documented calls on the real engine, drawn by the same Skia replay as
createCanvas(); SVG out and back in; bad objects and hostile SVG refused."""

from __future__ import annotations

import base64
import io

import numpy as np
from PIL import Image, ImageChops

from tests.conftest import ok
from tests.hostpacks import refused, run_body

FABRIC = "@nodetool-ai/sandbox-fabric"


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def test_render_as_documented_matches_the_canvas_global():
    code = f'''import {{ render }} from "{FABRIC}";
const imageBytes = await render({{ width: 800, height: 600, objects: [{{ type: "rect", left: 100, top: 100, width: 200, height: 120, fill: "#3b82f6" }}] }}, {{ format: "png", multiplier: 1 }});
const surface = createCanvas(800, 600);
const ctx = surface.getContext("2d");
ctx.fillStyle = "#3b82f6";
ctx.fillRect(0, 40, 200, 120);   // Fabric 7 places an object by its centre
return [imageBytes, await surface.toBytes()];'''
    fabric, canvas = (image(b) for b in ok(run_body(code)))
    assert fabric.size == (800, 600) and fabric.getpixel((100, 100)) == (59, 130, 246, 255)
    assert fabric.getpixel((5, 5)) == (0, 0, 0, 0) and fabric.getpixel((250, 100)) == (0, 0, 0, 0)
    assert ImageChops.difference(fabric, canvas).getbbox() is None


def test_render_svg_and_load_svg_as_documented_round_trip():
    code = f'''import {{ render, renderSVG, loadSVG }} from "{FABRIC}";
const svgString = await renderSVG({{ width: 500, height: 500, objects: [{{ type: "circle", left: 250, top: 250, radius: 100, fill: "#ef4444" }}] }});
const parsed = await loadSVG(svgString);
return [svgString, parsed, await render(parsed)];'''
    svg, parsed, png = ok(run_body(code))
    assert svg.startswith("<?xml") and 'width="500" height="500"' in svg
    assert '<circle cx="0" cy="0" r="100" fill="#ef4444"' in svg and "translate(250 250)" in svg
    assert parsed["width"] == 500 and [o["type"] for o in parsed["objects"]] == ["circle"]
    circle = parsed["objects"][0]
    assert (circle["left"], circle["top"], circle["radius"], circle["fill"]) == (250, 250, 100, "#ef4444")
    drawn = image(png)
    assert drawn.getpixel((250, 250)) == (239, 68, 68, 255) and drawn.getpixel((10, 10)) == (0, 0, 0, 0)


def test_to_data_url_and_multiplier():
    code = f'''import {{ toDataURL, render }} from "{FABRIC}";
const dataUrl = await toDataURL({{ width: 400, height: 300, objects: [] }}, {{ format: "png" }});
const big = await render({{ width: 40, height: 30, background: "#ffffff", objects: [] }}, {{ format: "jpeg", multiplier: 2 }});
return [dataUrl, big];'''
    url, big = ok(run_body(code))
    assert url.startswith("data:image/png;base64,")
    assert image(base64.b64decode(url.split(",", 1)[1])).size == (400, 300)
    assert image(big).format == "JPEG" and image(big).size == (80, 60)


def test_every_object_type_survives_svg_and_back():
    scene = {
        "width": 300,
        "height": 200,
        "background": "#ffffff",
        "objects": [
            {
                "type": "rect",
                "left": 20,
                "top": 20,
                "originX": "left",
                "originY": "top",
                "width": 100,
                "height": 50,
                "fill": "#3b82f6",
                "angle": 15,
                "stroke": "#000000",
                "strokeWidth": 3,
            },
            {"type": "circle", "left": 200, "top": 100, "radius": 40, "fill": "#ef4444", "opacity": 0.8},
            {"type": "ellipse", "left": 150, "top": 160, "rx": 50, "ry": 20, "fill": "#22c55e"},
            {"type": "triangle", "left": 60, "top": 140, "width": 60, "height": 50, "fill": "#f59e0b"},
            {"type": "line", "x1": 10, "y1": 190, "x2": 290, "y2": 190, "stroke": "#111111", "strokeWidth": 2},
            {
                "type": "polygon",
                "points": [{"x": 250, "y": 10}, {"x": 290, "y": 10}, {"x": 270, "y": 40}],
                "fill": "#a855f7",
            },
            {"type": "path", "path": "M 130 30 Q 160 0 190 30 A 20 20 0 0 1 150 40 Z", "fill": "#0ea5e9"},
            {"type": "text", "left": 150, "top": 100, "text": "Hi", "fontSize": 30, "fontFamily": "sans-serif"},
            {
                "type": "group",
                "left": 60,
                "top": 90,
                "angle": 45,
                "objects": [{"type": "rect", "left": 0, "top": 0, "width": 20, "height": 20, "fill": "#000000"}],
            },
        ],
    }
    code = f'''import {{ render, renderSVG, loadSVG }} from "{FABRIC}";
return [await render(inputs.scene), await render(await loadSVG(await renderSVG(inputs.scene)))];'''
    direct, again = (
        np.asarray(image(b).convert("RGB"), dtype=int) for b in ok(run_body(code, inputs={"scene": scene}))
    )
    assert (direct != 255).any(axis=2).sum() > 15_000  # the shapes really are there
    assert (np.abs(direct - again).sum(axis=2) > 60).mean() < 0.02  # the same picture, edges aside


def test_bad_objects_hostile_svg_and_huge_canvases():
    render = f'import {{ render }} from "{FABRIC}";\nreturn await render(inputs.scene);'
    refused(
        run_body(render, inputs={"scene": {"objects": [{"type": "rect"}, {"type": "star"}]}}),
        "fabric-bad-object",
        "sandbox-fabric.render",
        "objects[1]",
        "'star'",
    )
    refused(
        run_body(render, inputs={"scene": {"objects": [{"type": "image", "src": "https://example.com/a.png"}]}}),
        "fabric-bad-object",
        "nothing is fetched",
    )
    wide = ok(run_body(render, inputs={"scene": {"width": 100_000, "height": 2, "objects": []}}))
    assert image(wide).size == (8192, 2)  # the reference clamps canvas sides to 8192
    load = f'import {{ loadSVG }} from "{FABRIC}";\nreturn await loadSVG(inputs.svg);'
    laughs = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'
    refused(run_body(load, inputs={"svg": laughs}), "xml-entities-forbidden", "sandbox-fabric.loadSVG")
    refused(run_body(load, inputs={"svg": "<svg><rect"}), "fabric-bad-svg")
