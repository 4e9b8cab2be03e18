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
import math
import re
from collections.abc import Mapping
from html import escape
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule, option, options_arg

MAX_SIDE = 8192
MAX_OBJECTS = 5_000
MAX_DEPTH = 20
_FORMATS = {"png": "image/png", "jpeg": "image/jpeg", "jpg": "image/jpeg", "webp": "image/webp"}
_ORIGIN_X = {"left": 0.0, "center": 0.5, "right": 1.0}
_ORIGIN_Y = {"top": 0.0, "center": 0.5, "bottom": 1.0}
_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}
_DATA_URL = re.compile(r"^data:image/[\w.+-]+;base64,(?P<data>[A-Za-z0-9+/=\s]+)$")


def _bad(where: str, what: str) -> SandboxRefusal:
    return SandboxRefusal(f"{where}: {what}", rule="fabric-bad-object", name="TypeError")


def _num(obj: Mapping[str, Any], name: str, default: float, where: str) -> float:
    value = obj.get(name, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _bad(where, f"'{name}' must be a number")
    return float(value)


# -- paths -----------------------------------------------------------------------------


def path_commands(path: Any, where: str) -> list[list[Any]]:
    """An SVG path string or Fabric's `[["M", x, y], ...]` -> absolute commands M L C Q A Z."""
    if isinstance(path, list):
        flat: list[Any] = []
        for command in path:
            if not isinstance(command, list) or not command or not isinstance(command[0], str):
                raise _bad(where, "'path' commands must be arrays like ['M', 0, 0]")
            flat.extend(command)
        tokens = [str(t) for t in flat]
    elif isinstance(path, str):
        tokens = _PATH_TOKEN.findall(path)
    else:
        raise _bad(where, "'path' must be an SVG path string or an array of commands")
    out: list[list[Any]] = []
    x = y = sx = sy = 0.0
    last_control: tuple[float, float] | None = None
    last_kind = ""
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise _bad(where, "the path does not start with a command")
        kind = command.lower()
        n = _ARGS.get(kind)
        if n is None:
            raise _bad(where, f"unknown path command {command!r}")
        try:
            args = [float(t) for t in tokens[i : i + n]]
        except ValueError:
            raise _bad(where, "a path command is missing numbers") from None
        if len(args) < n:
            raise _bad(where, f"path command {command!r} needs {n} numbers")
        i += n
        rel = command.islower()
        dx, dy = (x, y) if rel else (0.0, 0.0)
        control = None
        if kind == "z":
            out.append(["Z"])
            x, y = sx, sy
        elif kind == "m":
            x, y = args[0] + dx, args[1] + dy
            sx, sy = x, y
            out.append(["M", x, y])
            command = "l" if rel else "L"  # further pairs are lines
        elif kind in ("l", "h", "v"):
            if kind == "h":
                x = args[0] + dx
            elif kind == "v":
                y = args[0] + dy
            else:
                x, y = args[0] + dx, args[1] + dy
            out.append(["L", x, y])
        elif kind in ("c", "s"):
            if kind == "s":
                c1 = (
                    (2 * x - last_control[0], 2 * y - last_control[1]) if last_control and last_kind in "cs" else (x, y)
                )
                c2, end = (args[0] + dx, args[1] + dy), (args[2] + dx, args[3] + dy)
            else:
                c1, c2, end = (args[0] + dx, args[1] + dy), (args[2] + dx, args[3] + dy), (args[4] + dx, args[5] + dy)
            out.append(["C", *c1, *c2, *end])
            control, (x, y) = c2, end
        elif kind in ("q", "t"):
            if kind == "t":
                c = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control and last_kind in "qt" else (x, y)
                end = (args[0] + dx, args[1] + dy)
            else:
                c, end = (args[0] + dx, args[1] + dy), (args[2] + dx, args[3] + dy)
            out.append(["Q", *c, *end])
            control, (x, y) = c, end
        else:  # arc
            end = (args[5] + dx, args[6] + dy)
            out.append(["A", x, y, *args[:5], *end])
            x, y = end
        last_control, last_kind = control, kind
    return out


def _arc_ops(
    x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: float, sweep: float, x2: float, y2: float
) -> list[list[Any]]:
    """An SVG elliptical arc as one canvas `ellipse` call (SVG 1.1 appendix F.6)."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        return [["lineTo", x2, y2]]
    rx, ry, phi = abs(rx), abs(ry), math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    xp = cos * (x1 - x2) / 2 + sin * (y1 - y2) / 2
    yp = -sin * (x1 - x2) / 2 + cos * (y1 - y2) / 2
    scale = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    factor = math.sqrt(max(0.0, num / (rx * rx * yp * yp + ry * ry * xp * xp)))
    if bool(large) == bool(sweep):
        factor = -factor
    cxp, cyp = factor * rx * yp / ry, -factor * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    start = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    end = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx)
    return [["ellipse", cx, cy, rx, ry, phi, start, end, not sweep]]


def _path_ops(commands: list[list[Any]], dx: float, dy: float) -> list[list[Any]]:
    ops: list[list[Any]] = [["beginPath"]]
    for c in commands:
        if c[0] == "Z":
            ops.append(["closePath"])
        elif c[0] == "M":
            ops.append(["moveTo", c[1] - dx, c[2] - dy])
        elif c[0] == "L":
            ops.append(["lineTo", c[1] - dx, c[2] - dy])
        elif c[0] == "C":
            ops.append(["bezierCurveTo", *(v - (dx if k % 2 == 0 else dy) for k, v in enumerate(c[1:]))])
        elif c[0] == "Q":
            ops.append(["quadraticCurveTo", *(v - (dx if k % 2 == 0 else dy) for k, v in enumerate(c[1:]))])
        else:
            _, x1, y1, rx, ry, phi, large, sweep, x2, y2 = c
            ops += _arc_ops(x1 - dx, y1 - dy, rx, ry, phi, large, sweep, x2 - dx, y2 - dy)
    return ops


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points] or [0.0], [p[1] for p in points] or [0.0]
    return min(xs), min(ys), max(xs), max(ys)


def _points(obj: Mapping[str, Any], where: str) -> list[tuple[float, float]]:
    points = obj.get("points")
    if not isinstance(points, list) or not all(isinstance(p, dict) for p in points):
        raise _bad(where, "'points' must be an array of {x, y}")
    return [(_num(p, "x", 0, where), _num(p, "y", 0, where)) for p in points]


# -- the scene as Fabric sees it --------------------------------------------------------


class _Shape:
    """One object's geometry in its own space (centred on 0, 0), and how to place it."""

    def __init__(self, obj: Mapping[str, Any], where: str, images: list[bytes]) -> None:
        self.obj, self.where = obj, where
        self.kind = str(obj.get("type", "")).lower()
        self.ops: list[list[Any]] = []  # the outline (beginPath ... ) in local space
        self.image: int | None = None
        self.text: list[str] = []
        # Where the object's own coordinates put its centre when left/top are absent (lines, paths, points).
        self.natural_center: tuple[float, float] | None = None
        w, h = _num(obj, "width", 0, where), _num(obj, "height", 0, where)
        if self.kind == "rect":
            rx = _num(obj, "rx", 0, where)
            outline = ["roundRect", -w / 2, -h / 2, w, h, rx] if rx else ["rect", -w / 2, -h / 2, w, h]
            self.ops = [["beginPath"], outline]
        elif self.kind == "circle":
            r = _num(obj, "radius", 0, where)
            w = h = 2 * r
            self.ops = [["beginPath"], ["arc", 0, 0, r, 0, 2 * math.pi]]
        elif self.kind == "ellipse":
            rx, ry = _num(obj, "rx", 0, where), _num(obj, "ry", 0, where)
            w, h = 2 * rx, 2 * ry
            self.ops = [["beginPath"], ["ellipse", 0, 0, rx, ry, 0, 0, 2 * math.pi]]
        elif self.kind == "triangle":
            self.ops = [
                ["beginPath"],
                ["moveTo", -w / 2, h / 2],
                ["lineTo", 0, -h / 2],
                ["lineTo", w / 2, h / 2],
                ["closePath"],
            ]
        elif self.kind == "line":
            x1, y1, x2, y2 = (_num(obj, k, 0, where) for k in ("x1", "y1", "x2", "y2"))
            w, h = abs(x2 - x1), abs(y2 - y1)
            cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
            self.natural_center = (cx, cy)
            self.ops = [["beginPath"], ["moveTo", x1 - cx, y1 - cy], ["lineTo", x2 - cx, y2 - cy]]
        elif self.kind in ("polygon", "polyline"):
            points = _points(obj, where)
            x0, y0, x1, y1 = _bounds(points)
            w, h = x1 - x0, y1 - y0
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            self.natural_center = (cx, cy)
            self.ops = [["beginPath"]] + [
                ["moveTo" if i == 0 else "lineTo", px - cx, py - cy] for i, (px, py) in enumerate(points)
            ]
            if self.kind == "polygon":
                self.ops.append(["closePath"])
        elif self.kind == "path":
            commands = path_commands(obj.get("path"), where)
            coords = [(c[k], c[k + 1]) for c in commands for k in range(1, len(c) - 1, 2) if c[0] != "A"]
            coords += [(c[8], c[9]) for c in commands if c[0] == "A"]
            x0, y0, x1, y1 = _bounds(coords)
            w, h = x1 - x0, y1 - y0
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            self.natural_center = (cx, cy)
            self.ops = _path_ops(commands, cx, cy)
        elif self.kind in ("text", "textbox", "i-text"):
            text = obj.get("text", "")
            if not isinstance(text, str):
                raise _bad(where, "'text' must be a string")
            self.text = text.split("\n")
            size = _num(obj, "fontSize", 40, where)
            from core.bridges.canvas_ops import font_of

            face = font_of(self.font())
            widths = [face.measureText(line) for line in self.text]
            w = max([*widths, w if self.kind == "textbox" else 0.0])
            h = size * _num(obj, "lineHeight", 1.16, where) * (len(self.text) - 1) + size
        elif self.kind == "image":
            data = _image_bytes(obj.get("src"), where)
            from core.bridges.image_ops import open_header

            natural = open_header(data, f"{where}: src").size
            w, h = (w or natural[0]), (h or natural[1])
            self.image = len(images)
            images.append(data)
        elif self.kind != "group":
            raise _bad(
                where,
                f"unknown type {self.kind[:40]!r} (rect, circle, ellipse, triangle, line, polygon, "
                "polyline, path, text, textbox, image, group)",
            )
        self.width, self.height = w, h

    def font(self) -> str:
        obj = self.obj
        family = obj.get("fontFamily", "Times New Roman")
        weight, style = obj.get("fontWeight", "normal"), obj.get("fontStyle", "normal")
        return f"{style} {weight} {_num(obj, 'fontSize', 40, self.where)}px {family}"

    def placement(self) -> tuple[float, float, float, float, float]:
        """(centre x, centre y, angle in radians, scale x, scale y), as Fabric places the object."""
        obj, where = self.obj, self.where
        sx = _num(obj, "scaleX", 1, where) * (-1 if obj.get("flipX") else 1)
        sy = _num(obj, "scaleY", 1, where) * (-1 if obj.get("flipY") else 1)
        angle = math.radians(_num(obj, "angle", 0, where))
        if self.natural_center is not None and obj.get("left") is None and obj.get("top") is None:
            return (*self.natural_center, angle, sx, sy)
        ox = _ORIGIN_X.get(str(obj.get("originX", "center")), 0.5)
        oy = _ORIGIN_Y.get(str(obj.get("originY", "center")), 0.5)
        stroke = _num(obj, "strokeWidth", 1, where) if obj.get("stroke") else 0.0
        # The origin point is (left, top); the centre sits from it along the object's rotated axes.
        dx, dy = (0.5 - ox) * (self.width + stroke) * abs(sx), (0.5 - oy) * (self.height + stroke) * abs(sy)
        cos, sin = math.cos(angle), math.sin(angle)
        return (
            _num(obj, "left", 0, where) + dx * cos - dy * sin,
            _num(obj, "top", 0, where) + dx * sin + dy * cos,
            angle,
            sx,
            sy,
        )


def _image_bytes(src: Any, where: str) -> bytes:
    if isinstance(src, bytes):
        return src
    match = _DATA_URL.match(src) if isinstance(src, str) and len(src) < 20_000_000 else None
    if match is None:
        raise _bad(where, "an image's 'src' must be its bytes (Uint8Array) or a base64 data: URL (nothing is fetched)")
    return base64.b64decode(match.group("data"))


def _scene(scene: Any) -> tuple[int, int, list[Any]]:
    if not isinstance(scene, dict):
        raise SandboxRefusal(
            "the scene must be an object {width, height, objects}", rule="host-argument-invalid", name="TypeError"
        )
    sides = []
    for name, default in (("width", 300), ("height", 150)):
        value = _num(scene, name, default, "the scene")
        sides.append(max(1, min(MAX_SIDE, round(value))))  # the reference clamps canvas sides to 8192
    objects = scene.get("objects", [])
    if not isinstance(objects, list):
        raise SandboxRefusal("the scene's 'objects' must be an array", rule="host-argument-invalid", name="TypeError")
    return sides[0], sides[1], objects


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


# -- SVG out ---------------------------------------------------------------------------


def _svg_paint(value: Any, defs: list[str], shape: _Shape) -> str:
    if value is None or value == "":
        return "none"
    if not isinstance(value, dict):
        return escape(str(value))
    gid = f"g{len(defs)}"
    coords = value.get("coords") or {}
    stops = "".join(
        f'<stop offset="{_num(s, "offset", 0, shape.where)}" stop-color="{escape(str(s.get("color")))}"/>'
        for s in value.get("colorStops") or []
        if isinstance(s, dict)
    )
    ox, oy = -shape.width / 2, -shape.height / 2
    c = {k: _num(coords, k, 0, shape.where) for k in ("x1", "y1", "x2", "y2", "r1", "r2")}
    if value.get("type") == "radial":
        defs.append(
            f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" fx="{c["x1"] + ox}" '
            f'fy="{c["y1"] + oy}" fr="{c["r1"]}" cx="{c["x2"] + ox}" cy="{c["y2"] + oy}" r="{c["r2"]}">'
            f"{stops}</radialGradient>"
        )
    else:
        defs.append(
            f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="{c["x1"] + ox}" '
            f'y1="{c["y1"] + oy}" x2="{c["x2"] + ox}" y2="{c["y2"] + oy}">{stops}</linearGradient>'
        )
    return f"url(#{gid})"


def _svg_object(obj: Any, where: str, defs: list[str], images: list[bytes], depth: int) -> str:
    if depth > MAX_DEPTH or not isinstance(obj, dict):
        raise _bad(where, "must be an object with a type (groups nest at most 20 deep)")
    if obj.get("visible") is False:
        return ""
    shape = _Shape(obj, where, images)
    cx, cy, angle, sx, sy = shape.placement()
    attrs = f'transform="translate({cx:g} {cy:g}) rotate({math.degrees(angle):g}) scale({sx:g} {sy:g})"'
    if obj.get("opacity") is not None:
        attrs += f' opacity="{_num(obj, "opacity", 1, where):g}"'
    fill = (
        "none"
        if shape.kind in ("line", "polyline") and obj.get("fill") is None
        else _svg_paint(obj.get("fill", "rgb(0,0,0)"), defs, shape)
    )
    paint = f'fill="{fill}" stroke="{_svg_paint(obj.get("stroke"), defs, shape)}"'
    if obj.get("stroke"):
        paint += f' stroke-width="{_num(obj, "strokeWidth", 1, where):g}"'
        if isinstance(obj.get("strokeDashArray"), list):
            paint += f' stroke-dasharray="{" ".join(str(float(v)) for v in obj["strokeDashArray"])}"'
    w, h = shape.width, shape.height
    kind = shape.kind
    if kind == "group":
        body = "".join(
            _svg_object(child, f"{where}.objects[{i}]", defs, images, depth + 1)
            for i, child in enumerate(obj.get("objects") or [])
        )
        return f"<g {attrs}>{body}</g>"
    if kind == "rect":
        rx = _num(obj, "rx", 0, where)
        element = f'<rect x="{-w / 2:g}" y="{-h / 2:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" {paint}/>'
    elif kind == "circle":
        element = f'<circle cx="0" cy="0" r="{w / 2:g}" {paint}/>'
    elif kind == "ellipse":
        element = f'<ellipse cx="0" cy="0" rx="{w / 2:g}" ry="{h / 2:g}" {paint}/>'
    elif kind == "image":
        data = images[shape.image or 0]
        element = (
            f'<image x="{-w / 2:g}" y="{-h / 2:g}" width="{w:g}" height="{h:g}" '
            f'href="data:image/png;base64,{base64.b64encode(data).decode("ascii")}"/>'
        )
    elif shape.text:
        size = _num(obj, "fontSize", 40, where)
        step = size * _num(obj, "lineHeight", 1.16, where)
        anchor = {"center": "middle", "right": "end"}.get(str(obj.get("textAlign")), "start")
        x = {"middle": 0.0, "end": w / 2}.get(anchor, -w / 2)
        spans = "".join(
            f'<tspan x="{x:g}" y="{-h / 2 + i * step + size * 0.8:g}">{escape(line)}</tspan>'
            for i, line in enumerate(shape.text)
        )
        element = (
            f'<text x="{x:g}" y="{-h / 2 + size * 0.8:g}" '
            f'font-family="{escape(str(obj.get("fontFamily", "Times New Roman")))}" '
            f'font-size="{size:g}" font-weight="{escape(str(obj.get("fontWeight", "normal")))}" '
            f'font-style="{escape(str(obj.get("fontStyle", "normal")))}" text-anchor="{anchor}" '
            f"{paint}>{spans}</text>"
        )
    else:  # triangle, line, polygon, polyline, path: the outline's own calls
        element = f'<path d="{_svg_path(shape.ops)}" {paint}/>'
    return f"<g {attrs}>{element}</g>"


def _svg_path(ops: list[list[Any]]) -> str:
    out = []
    for op in ops:
        name, args = op[0], op[1:]
        if name == "moveTo":
            out.append(f"M {args[0]:g} {args[1]:g}")
        elif name == "lineTo":
            out.append(f"L {args[0]:g} {args[1]:g}")
        elif name == "bezierCurveTo":
            out.append("C " + " ".join(f"{v:g}" for v in args))
        elif name == "quadraticCurveTo":
            out.append("Q " + " ".join(f"{v:g}" for v in args))
        elif name == "closePath":
            out.append("Z")
        elif name == "ellipse":  # an SVG arc, back: from its start point to its end point
            cx, cy, rx, ry, phi, start, end, ccw = args
            cos, sin = math.cos(phi), math.sin(phi)
            ex, ey = rx * math.cos(end), ry * math.sin(end)
            sweep_angle = (start - end) % (2 * math.pi) if ccw else (end - start) % (2 * math.pi)
            out.append(
                f"A {rx:g} {ry:g} {math.degrees(phi):g} {int(sweep_angle > math.pi)} {int(not ccw)} "
                f"{cx + ex * cos - ey * sin:g} {cy + ex * sin + ey * cos:g}"
            )
    return " ".join(out)


def render_svg(scene: Any) -> str:
    width, height, objects = _scene(scene)
    defs: list[str] = []
    images: list[bytes] = []
    body = "".join(_svg_object(obj, f"objects[{i}]", defs, images, 0) for i, obj in enumerate(objects))
    background = scene.get("background", scene.get("backgroundColor"))
    back = f'<rect width="{width}" height="{height}" fill="{escape(str(background))}"/>' if background else ""
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="no" ?>\n<svg xmlns="http://www.w3.org/2000/svg" '
        f'version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
        f"<defs>{''.join(defs)}</defs>{back}{body}</svg>"
    )


# -- SVG in ----------------------------------------------------------------------------

_STYLE_PROPS = {
    "fill": "fill",
    "stroke": "stroke",
    "stroke-width": "strokeWidth",
    "opacity": "opacity",
    "font-size": "fontSize",
    "font-family": "fontFamily",
    "font-weight": "fontWeight",
}
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)")
Matrix = tuple[float, float, float, float, float, float]
_IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    return (
        a * n[0] + c * n[1],
        b * n[0] + d * n[1],
        a * n[2] + c * n[3],
        b * n[2] + d * n[3],
        a * n[4] + c * n[5] + e,
        b * n[4] + d * n[5] + f,
    )


def _transform(text: str | None) -> Matrix:
    """An SVG `transform` attribute as one matrix (a b c d e f)."""
    out = _IDENTITY
    for name, args in _TRANSFORM.findall(text or ""):
        v = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", args)] or [0.0]
        if name == "matrix" and len(v) == 6:
            step: Matrix = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate":
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            t = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) > 2 else (0.0, 0.0)
            step = _multiply(
                _multiply((1, 0, 0, 1, cx, cy), (math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)),
                (1, 0, 0, 1, -cx, -cy),
            )
        elif name == "skewX":
            step = (1, 0, math.tan(math.radians(v[0])), 1, 0, 0)
        elif name == "skewY":
            step = (1, math.tan(math.radians(v[0])), 0, 1, 0, 0)
        else:
            continue
        out = _multiply(out, step)
    return out


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _placed(m: Matrix, cx: float, cy: float) -> dict[str, Any]:
    """Fabric placement of a shape centred on (cx, cy) in its own space under `m` (skew dropped)."""
    x, y = _apply(m, cx, cy)
    a, b, c, d = m[:4]
    scale_x = math.hypot(a, b)
    return {
        "originX": "center",
        "originY": "center",
        "left": x,
        "top": y,
        "angle": math.degrees(math.atan2(b, a)),
        "scaleX": scale_x,
        "scaleY": (a * d - c * b) / scale_x if scale_x else 0.0,
    }


def _svg_number(value: str | None, default: float = 0.0) -> float:
    if value is None:
        return default
    match = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", value)
    return float(match.group(1)) if match else default


def _svg_props(element: Any, inherited: dict[str, Any]) -> dict[str, Any]:
    props = dict(inherited)
    declared = {k: element.get(k) for k in _STYLE_PROPS if element.get(k) is not None}
    for part in (element.get("style") or "").split(";"):
        name, _, value = part.partition(":")
        if name.strip() in _STYLE_PROPS and value.strip():
            declared[name.strip()] = value.strip()
    for name, value in declared.items():
        key = _STYLE_PROPS[name]
        props[key] = (
            _svg_number(value)
            if key in ("strokeWidth", "opacity", "fontSize")
            else (None if value == "none" else value)
        )
    return props


def _svg_objects(parent: Any, inherited: dict[str, Any], matrix: Matrix, out: list[dict[str, Any]], depth: int) -> None:
    for element in parent:
        worker_check_alive()
        if len(out) > MAX_OBJECTS or depth > MAX_DEPTH:
            raise SandboxRefusal(
                f"the SVG has more than {MAX_OBJECTS} shapes or nests deeper than {MAX_DEPTH}",
                rule="fabric-too-large",
                name="RangeError",
            )
        tag = element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""
        props = _svg_props(element, inherited)
        m = _multiply(matrix, _transform(element.get("transform")))
        get = element.get
        if tag == "g":
            _svg_objects(element, props, m, out, depth + 1)
        elif tag == "rect":
            x, y, w, h = (_svg_number(get(k)) for k in ("x", "y", "width", "height"))
            out.append(
                {
                    "type": "rect",
                    **props,
                    **_placed(m, x + w / 2, y + h / 2),
                    "width": w,
                    "height": h,
                    "rx": _svg_number(get("rx"), _svg_number(get("ry"))),
                }
            )
        elif tag == "circle":
            out.append(
                {
                    "type": "circle",
                    **props,
                    **_placed(m, _svg_number(get("cx")), _svg_number(get("cy"))),
                    "radius": _svg_number(get("r")),
                }
            )
        elif tag == "ellipse":
            out.append(
                {
                    "type": "ellipse",
                    **props,
                    **_placed(m, _svg_number(get("cx")), _svg_number(get("cy"))),
                    "rx": _svg_number(get("rx")),
                    "ry": _svg_number(get("ry")),
                }
            )
        elif tag == "line":
            (x1, y1), (x2, y2) = (_apply(m, _svg_number(get(f"x{k}")), _svg_number(get(f"y{k}"))) for k in "12")
            out.append({"type": "line", **props, "x1": x1, "y1": y1, "x2": x2, "y2": y2})
        elif tag in ("polygon", "polyline"):
            numbers = [float(n) for n in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", get("points") or "")]
            points = [_apply(m, numbers[k], numbers[k + 1]) for k in range(0, len(numbers) - 1, 2)]
            out.append({"type": tag, **props, "points": [{"x": x, "y": y} for x, y in points]})
        elif tag == "path" and get("d"):
            commands = path_commands(get("d"), "the SVG's path")
            if m != _IDENTITY:  # keep the path in its own space and place it, as for the other shapes
                coords = [(c[k], c[k + 1]) for c in commands for k in range(1, len(c) - 1, 2) if c[0] != "A"]
                x0, y0, x1, y1 = _bounds(coords)
                out.append(
                    {
                        "type": "path",
                        **props,
                        **_placed(m, (x0 + x1) / 2, (y0 + y1) / 2),
                        "path": _fabric_path(commands),
                    }
                )
            else:
                out.append({"type": "path", **props, "path": _fabric_path(commands)})
        elif tag == "text":
            size = props.get("fontSize", 16)
            x, y = _svg_number(get("x")), _svg_number(get("y")) - size * 0.8  # the baseline, back to the line's top
            placed = _placed(m, x, y)
            out.append(
                {
                    "type": "text",
                    **props,
                    **placed,
                    "originX": "left",
                    "originY": "top",
                    "text": "".join(element.itertext()).strip(),
                    "fontSize": size,
                }
            )


def _fabric_path(commands: list[list[Any]]) -> list[list[Any]]:
    """Absolute commands -> Fabric's path arrays (an arc as SVG's `A rx ry phi large sweep x y`)."""
    return [["A", *c[3:]] if c[0] == "A" else list(c) for c in commands]


def load_svg(svg: str | bytes) -> dict[str, Any]:
    import xml.etree.ElementTree as ElementTree

    import defusedxml
    import defusedxml.ElementTree

    try:
        root = defusedxml.ElementTree.fromstring(svg)
    except defusedxml.DefusedXmlException as exc:
        raise SandboxRefusal(
            f"the SVG declares entities or references external ones ({exc}); they are refused",
            rule="xml-entities-forbidden",
            name="SyntaxError",
        ) from None
    except ElementTree.ParseError as exc:
        raise SandboxRefusal(f"invalid SVG: {exc}", rule="fabric-bad-svg", name="SyntaxError") from None
    if root.tag.rsplit("}", 1)[-1] != "svg":
        raise SandboxRefusal("the document's root element is not <svg>", rule="fabric-bad-svg", name="SyntaxError")
    view = [float(v) for v in (root.get("viewBox") or "").replace(",", " ").split()] or [0, 0, 0, 0]
    width = _svg_number(root.get("width"), view[2] if len(view) == 4 else 300)
    height = _svg_number(root.get("height"), view[3] if len(view) == 4 else 150)
    objects: list[dict[str, Any]] = []
    _svg_objects(root, {}, _IDENTITY, objects, 0)
    return {"width": width, "height": height, "objects": objects}


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
