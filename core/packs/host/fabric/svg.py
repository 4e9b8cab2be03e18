"""`@cordon/sandbox-fabric`'s SVG, both ways: `renderSVG` writes a scene as an SVG document, and
`loadSVG` reads an SVG document's shapes back as Fabric objects (positioned from their top-left),
a scene `render` takes as is. The SVG is parsed by defusedxml (entities refused), its
nesting and object count bounded as a scene's are (`fabric/scene.py`).
"""

from __future__ import annotations

import base64
import math
import re
from html import escape
from typing import Any

from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host.fabric.scene import MAX_DEPTH, MAX_OBJECTS, _bad, _bounds, _num, _scene, _Shape, path_commands

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
