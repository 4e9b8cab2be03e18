"""`@cordon/sandbox-fabric`: render Fabric.js scenes on the host canvas the `canvas` global uses.

The reference loads a scene into fabric 7 (a DOM canvas) and rasterizes it. Here a scene
`{width, height, background, objects}` in Fabric's JSON object model is turned into the
Canvas 2D calls Fabric would make, and those are replayed by the same Skia replay as
`createCanvas()` (`core.bridges.canvas_ops.Replay`): one renderer, one set of caps (the
10,000-op cap, the image pixel caps, deadline and cancel every few hundred ops).

* `render(scene, {format = "png", multiplier = 1, quality})` -> image bytes (png / jpeg / webp);
* `toDataURL(scene, options)` -> the same as a `data:` URL;
* `renderSVG(scene)` -> an SVG document string of the scene;
* `loadSVG(svg)` -> `{width, height, objects}`: the SVG's shapes as Fabric objects
  (positioned from their top-left), a scene `render` takes as is.

Objects, as Fabric 7 serializes them: `rect` (rx, ry), `circle` (radius), `ellipse` (rx, ry),
`triangle`, `line` (x1, y1, x2, y2), `polygon` / `polyline` (points), `path` (an SVG path
string or Fabric's command arrays), `text` / `textbox` / `i-text` (text, fontSize = 40,
fontFamily, fontWeight, fontStyle, textAlign, lineHeight = 1.16), `image` (src: a
Uint8Array or a data URL), `group` (objects, relative to its centre). Common properties:
left, top, originX / originY (Fabric 7's default: center), angle (degrees), scaleX, scaleY,
flipX, flipY, opacity, visible, fill (a colour or a linear / radial gradient), stroke,
strokeWidth, strokeDashArray, strokeLineCap, strokeLineJoin. Canvas sides are clamped to
`MAX_SIDE` (8192) as the reference does; the output (sides times multiplier) is capped too.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.fabric.scene import MAX_DEPTH, MAX_OBJECTS, MAX_SIDE, _bad, _num, _scene, _Shape
from core.packs.host.fabric.svg import load_svg, render_svg
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

_FORMATS = {"png": "image/png", "jpeg": "image/jpeg", "jpg": "image/jpeg", "webp": "image/webp"}


class _Painter:
    """A scene -> the Canvas 2D calls Fabric makes for it."""

    def __init__(self) -> None:
        self.ops: list[list[Any]] = []
        self.images: list[bytes] = []
        self.count = 0
        self.gradients = 0

    def style(self, value: Any, prop: str, shape: _Shape) -> bool:
        """Set fillStyle / strokeStyle; False when there is nothing to paint."""
        if value is None or value == "" or value == "transparent":
            return False
        if isinstance(value, dict):
            gid = self.gradients
            self.gradients += 1
            coords = value.get("coords") or {}
            kind = "radial" if value.get("type") == "radial" else "linear"
            keys = ("x1", "y1", "r1", "x2", "y2", "r2") if kind == "radial" else ("x1", "y1", "x2", "y2")
            values = [_num(coords, k, 0, shape.where) for k in keys]
            # Fabric's gradient coordinates are from the object's top-left corner.
            for k in range(len(keys)):
                if keys[k].startswith("x"):
                    values[k] -= shape.width / 2
                elif keys[k].startswith("y"):
                    values[k] -= shape.height / 2
            self.ops.append(["gradient", gid, kind, *values])
            for stop in value.get("colorStops") or []:
                if isinstance(stop, dict):
                    self.ops.append(["stop", gid, _num(stop, "offset", 0, shape.where), stop.get("color", "#000")])
            self.ops.append(["set", prop, {"gradient": gid}])
            return True
        self.ops.append(["set", prop, value])
        return True

    def draw(self, obj: Any, where: str, alpha: float, depth: int) -> None:
        self.count += 1
        if self.count % 200 == 0:
            worker_check_alive()
        if self.count > MAX_OBJECTS or depth > MAX_DEPTH:
            raise SandboxRefusal(
                f"the scene has more than {MAX_OBJECTS} objects or nests deeper than {MAX_DEPTH}",
                rule="fabric-too-large",
                name="RangeError",
            )
        if not isinstance(obj, dict):
            raise _bad(where, "must be an object with a type")
        if obj.get("visible") is False:
            return
        shape = _Shape(obj, where, self.images)
        cx, cy, angle, sx, sy = shape.placement()
        ops = self.ops
        ops += [["save"], ["translate", cx, cy], ["rotate", angle], ["scale", sx, sy]]
        opacity = alpha * _num(obj, "opacity", 1, where)
        ops.append(["set", "globalAlpha", opacity])
        if shape.kind == "group":
            children = obj.get("objects", [])
            if not isinstance(children, list):
                raise _bad(where, "a group's 'objects' must be an array")
            for i, child in enumerate(children):
                self.draw(child, f"{where}.objects[{i}]", opacity, depth + 1)
        elif shape.kind == "image":
            ops.append(["drawImage", shape.image, -shape.width / 2, -shape.height / 2, shape.width, shape.height])
        elif shape.text:
            self.text(shape)
        else:
            ops += shape.ops
            if shape.kind not in ("line", "polyline") and self.style(obj.get("fill", "rgb(0,0,0)"), "fillStyle", shape):
                ops.append(["fill"])
            if shape.kind == "polyline" and self.style(obj.get("fill"), "fillStyle", shape):
                ops.append(["fill"])
            self.stroke(obj, shape)
        ops.append(["restore"])

    def stroke(self, obj: Mapping[str, Any], shape: _Shape) -> bool:
        if not self.style(obj.get("stroke"), "strokeStyle", shape):
            return False
        self.ops.append(["set", "lineWidth", _num(obj, "strokeWidth", 1, shape.where)])
        for prop, name in (("lineCap", "strokeLineCap"), ("lineJoin", "strokeLineJoin")):
            if obj.get(name) is not None:
                self.ops.append(["set", prop, obj[name]])
        dash = obj.get("strokeDashArray")
        if isinstance(dash, list):
            self.ops.append(["setLineDash", dash])
        self.ops.append(["stroke"])
        return True

    def text(self, shape: _Shape) -> None:
        obj, ops = shape.obj, self.ops
        size = _num(obj, "fontSize", 40, shape.where)
        step = size * _num(obj, "lineHeight", 1.16, shape.where)
        align = obj.get("textAlign", "left")
        x = {"center": 0.0, "right": shape.width / 2}.get(str(align), -shape.width / 2)
        ops += [
            ["set", "font", shape.font()],
            ["set", "textBaseline", "top"],
            ["set", "textAlign", align if align in ("center", "right") else "left"],
        ]
        fill = self.style(obj.get("fill", "rgb(0,0,0)"), "fillStyle", shape)
        for i, line in enumerate(shape.text):
            if fill:
                ops.append(["fillText", line, x, -shape.height / 2 + i * step])
        if self.style(obj.get("stroke"), "strokeStyle", shape):
            ops.append(["set", "lineWidth", _num(obj, "strokeWidth", 1, shape.where)])
            for i, line in enumerate(shape.text):
                ops.append(["strokeText", line, x, -shape.height / 2 + i * step])


def _paint(scene: Any, multiplier: float) -> tuple[int, int, list[list[Any]], list[bytes]]:
    width, height, objects = _scene(scene)
    painter = _Painter()
    out_w, out_h = max(1, round(width * multiplier)), max(1, round(height * multiplier))
    painter.ops.append(["scale", multiplier, multiplier])
    background = scene.get("background", scene.get("backgroundColor"))
    if background:
        painter.ops += [["set", "fillStyle", background], ["fillRect", 0, 0, width, height]]
    for i, obj in enumerate(objects):
        painter.draw(obj, f"objects[{i}]", 1.0, 0)
    return out_w, out_h, painter.ops, painter.images


def _raster(scene: Any, options: Mapping[str, Any] | None) -> tuple[bytes, str]:
    import numpy as np
    import skia

    from core.bridges.canvas import MAX_OPS
    from core.bridges.canvas_ops import Replay
    from core.bridges.image_ops import check_surface, decode

    name = option(options, "format", str, "png").lower()
    if name not in _FORMATS:
        raise SandboxRefusal("option 'format' must be png, jpeg or webp", rule="host-option-invalid", name="TypeError")
    multiplier = float(option(options, "multiplier", (int, float), 1))
    quality = float(option(options, "quality", (int, float), 0.92))
    if not 0 < multiplier <= 8 or not 0 <= quality <= 1:
        raise SandboxRefusal(
            "option 'multiplier' must be above 0 and at most 8, 'quality' 0 to 1",
            rule="host-option-invalid",
            name="RangeError",
        )
    width, height, ops, images = _paint(scene, multiplier)
    if width > MAX_SIDE or height > MAX_SIDE:
        raise SandboxRefusal(
            f"the output is {width}x{height}; sides times multiplier stay within {MAX_SIDE}",
            rule="fabric-too-large",
            name="RangeError",
        )
    check_surface(width, height, "the scene")
    if len(ops) > MAX_OPS:
        raise SandboxRefusal(
            f"the scene takes {len(ops)} canvas calls, more than the canvas's {MAX_OPS} per render",
            rule="canvas-too-many-ops",
            name="RangeError",
        )
    pictures = [
        skia.Image.fromarray(np.asarray(decode(data, f"image {i}")), colorType=skia.ColorType.kRGBA_8888_ColorType)
        for i, data in enumerate(images)
    ]
    picture = Replay(width, height, pictures).run(ops)
    fmt = {
        "png": skia.EncodedImageFormat.kPNG,
        "jpeg": skia.EncodedImageFormat.kJPEG,
        "jpg": skia.EncodedImageFormat.kJPEG,
        "webp": skia.EncodedImageFormat.kWEBP,
    }[name]
    encoded = picture.encodeToData(fmt, round(quality * 100))
    if encoded is None:
        raise SandboxRefusal(f"the {name} encoder failed", rule="canvas-encode")
    return bytes(encoded), _FORMATS[name]


def render(scene: Any, options: Mapping[str, Any] | None = None) -> bytes:
    return _raster(scene, options)[0]


def to_data_url(scene: Any, options: Mapping[str, Any] | None = None) -> str:
    data, mime = _raster(scene, options)
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"


_SCENE = Arg("scene", ("json", "bytes"))
MODULE = HostModule(
    "cordon.fabric",
    "@cordon/sandbox-fabric",
    "1",
    {
        "render": HostExport(render, (_SCENE, options_arg())),
        "renderSVG": HostExport(render_svg, (_SCENE,)),
        "loadSVG": HostExport(load_svg, (Arg("svg", ("string", "bytes")),)),
        "toDataURL": HostExport(to_data_url, (_SCENE, options_arg())),
    },
)
