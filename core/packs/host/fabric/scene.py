"""The scene of `@cordon/sandbox-fabric`: Fabric 7's JSON object model read and checked.

A scene is `{width, height, background, objects}`; each object (`rect`, `circle`, `path`,
`text`, `image`, `group`, ...) is read here into a `_Shape` with its placement, paint and
geometry, its numbers checked (finite, typed) and its size bounded (`MAX_SIDE`, `MAX_OBJECTS`,
`MAX_DEPTH`), and SVG path data is parsed into commands. The raster (`fabric/__init__.py`) and the SVG
conversions (`fabric/svg.py`) both draw from this one reading, so they cannot disagree on what
an object means.
"""

from __future__ import annotations

import base64
import math
import re
from collections.abc import Mapping
from typing import Any

from core.errors import SandboxRefusal

MAX_SIDE = 8192
MAX_OBJECTS = 5_000
MAX_DEPTH = 20
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
