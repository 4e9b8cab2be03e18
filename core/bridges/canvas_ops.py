"""Replaying a recorded canvas on a real 2D context (Skia) and measuring text.

Skia is the library Chrome's own Canvas 2D draws with, so the calls map one to one:
paths, arcs, transforms, clipping, gradients, dashes, blend modes and text. Text is
drawn with the system's real fonts (DejaVu from `fonts-dejavu-core`; CSS generic
families map to its three faces); where the system has neither the family asked for nor
DejaVu (macOS, Windows), with the DejaVu Sans Cordon ships (resources/fonts).

Canvas semantics kept where Skia differs:
* a path's points are fixed by the transform in force when they are added, so the path is
  kept in device space and mapped back through the current transform when filled or
  stroked (a `lineWidth` still scales with the transform, as in a browser);
* a call with a non-finite number is ignored, as the spec says.

The surface is checked against the image bridge's pixel caps before it is allocated, the
op count against the reference's 10,000 per render, images drawn go through the image
bridge (its input and decoding caps), and the replay runs in a host worker that checks
the run's deadline and cancel before every drawing call.

One call can cost seconds, so each is bounded too: a dashed stroke may cut its path into
at most MAX_DASHES dashes (`canvas-dash-too-many`; ~920,000 round-capped dashes, just under
Skia's own limit, took 2.3 s) from a pattern of at most MAX_DASH_SEGMENTS numbers
(`canvas-dash-too-long`), and a fill, stroke or clip may do at most MAX_PATH_WORK of scan
conversion, counted as the path's points times the surface rows it spans
(`canvas-path-too-large`; 10,000 full-canvas ellipses in one path took 3.8 s to fill on a
1000 px canvas and 2 s for a tenth of them on a 16,000 px tall one).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import skia

from core.bridges.base import RunScope, worker_check_alive
from core.bridges.canvas import MAX_OPS
from core.bridges.hostcalls import in_host_worker
from core.bridges.image_ops import MAX_PIXELS, _color, _layers, check_surface, decode, open_header
from core.bridges.media import bad_argument, byte_cap, only_options
from core.errors import SandboxRefusal
from core.media_store import MediaItem, run_store, too_large
from core.paths import resources_dir

MAX_TEXT = 100_000
#: Dashes one stroke may draw: ~0.1 s of round-capped dashes (Skia's own limit is 1,000,000).
MAX_DASHES = 50_000
#: Numbers in one `setLineDash` pattern.
MAX_DASH_SEGMENTS = 1_000
#: Scan conversion one fill, stroke or clip may do, in path points times surface rows the path spans:
#: 10,000 points across a 1,000-row canvas, ~0.2 s to fill and up to ~0.5 s to stroke with round joins.
MAX_PATH_WORK = 10_000_000
#: A glyph's outline is at most this many times the font size long (a dashed strokeText's dashes).
_GLYPH_OUTLINE_EMS = 8
_FORMATS = {
    "png": (skia.EncodedImageFormat.kPNG, "image/png"),
    "jpeg": (skia.EncodedImageFormat.kJPEG, "image/jpeg"),
    "jpg": (skia.EncodedImageFormat.kJPEG, "image/jpeg"),
    "webp": (skia.EncodedImageFormat.kWEBP, "image/webp"),
}
#: The family CSS's sans-serif maps to, which Cordon also ships (resources/fonts/DejaVuSans.ttf).
SANS = "DejaVu Sans"
_FAMILIES = {"serif": "DejaVu Serif", "monospace": "DejaVu Sans Mono", "sans-serif": SANS}
_FONT = re.compile(
    r"^\s*(?P<pre>(?:[\w-]+\s+)*?)(?P<size>\d+(?:\.\d+)?|\.\d+)(?P<unit>px|pt|em|rem|%)"
    r"(?:\s*/\s*\S+)?\s+(?P<family>.+?)\s*$",
    re.IGNORECASE,
)
_WEIGHTS = {"normal": 400, "bold": 700, "bolder": 700, "lighter": 300}
_CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
_JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
_BLEND = {
    "source-over": skia.BlendMode.kSrcOver,
    "source-in": skia.BlendMode.kSrcIn,
    "source-out": skia.BlendMode.kSrcOut,
    "source-atop": skia.BlendMode.kSrcATop,
    "destination-over": skia.BlendMode.kDstOver,
    "destination-in": skia.BlendMode.kDstIn,
    "destination-out": skia.BlendMode.kDstOut,
    "destination-atop": skia.BlendMode.kDstATop,
    "lighter": skia.BlendMode.kPlus,
    "copy": skia.BlendMode.kSrc,
    "xor": skia.BlendMode.kXor,
    "multiply": skia.BlendMode.kMultiply,
    "screen": skia.BlendMode.kScreen,
    "overlay": skia.BlendMode.kOverlay,
    "darken": skia.BlendMode.kDarken,
    "lighten": skia.BlendMode.kLighten,
    "color-dodge": skia.BlendMode.kColorDodge,
    "color-burn": skia.BlendMode.kColorBurn,
    "hard-light": skia.BlendMode.kHardLight,
    "soft-light": skia.BlendMode.kSoftLight,
    "difference": skia.BlendMode.kDifference,
    "exclusion": skia.BlendMode.kExclusion,
    "hue": skia.BlendMode.kHue,
    "saturation": skia.BlendMode.kSaturation,
    "color": skia.BlendMode.kColor,
    "luminosity": skia.BlendMode.kLuminosity,
}


def _length(path: skia.Path) -> float:
    """The length of all of `path`'s contours."""
    measure = skia.PathMeasure(path, False)
    total = measure.getLength()
    while measure.nextContour():
        total += measure.getLength()
    return total


class _Ignored(Exception):
    """A call the spec says to ignore (a non-finite number, a bad value for a property)."""


def _bad(message: str) -> SandboxRefusal:
    return SandboxRefusal(message, rule="canvas-bad-op", name="TypeError")


@functools.cache
def font_installed(family: str) -> bool:
    """Whether the system's font manager has `family` (fontconfig on Linux)."""
    return bool(skia.FontMgr().matchFamily(family).count())


@functools.cache
def _shipped_sans() -> skia.Typeface:
    """DejaVu Sans from resources/fonts: text draws the same where the system has no DejaVu."""
    return skia.Typeface.MakeFromFile(str(resources_dir() / "fonts" / "DejaVuSans.ttf"))


def font_of(spec: Any) -> skia.Font:
    """A CSS `font` shorthand ('bold 24px serif') -> a Skia font on a real face."""
    found = _FONT.match(spec) if isinstance(spec, str) and len(spec) <= 200 else None
    if found is None:
        raise _Ignored
    size = float(found["size"]) * {"px": 1, "pt": 4 / 3, "em": 10, "rem": 10, "%": 0.1}[found["unit"].lower()]
    if not 0 < size <= 1000:
        raise _Ignored
    weight, slant = 400, skia.FontStyle.kUpright_Slant
    for word in found["pre"].lower().split():
        if word in ("italic", "oblique"):
            slant = skia.FontStyle.kItalic_Slant
        elif word in _WEIGHTS:
            weight = _WEIGHTS[word]
        elif word.isdigit():
            weight = int(word)
    family = found["family"].split(",")[0].strip().strip("'\"")
    name = _FAMILIES.get(family.lower(), family)
    if font_installed(name) or font_installed(SANS):
        face = skia.Typeface(name, skia.FontStyle(weight, skia.FontStyle.kNormal_Width, slant))
        font = skia.Font(face, size)
    else:  # no such family here, nor DejaVu (macOS, Windows): the shipped DejaVu Sans, styled by Skia
        font = skia.Font(_shipped_sans(), size)
        font.setEmbolden(weight >= 600)
        font.setSkewX(-0.25 if slant == skia.FontStyle.kItalic_Slant else 0)
    # Unhinted, fractional advances: the widths a browser's canvas reports.
    font.setSubpixel(True)
    font.setLinearMetrics(True)
    font.setHinting(skia.FontHinting.kNone)
    return font


def measure(text: str, font: skia.Font) -> dict[str, float]:
    """The TextMetrics fields a browser gives (at the default alignment and baseline)."""
    bounds = skia.Rect()
    width = font.measureText(text, skia.TextEncoding.kUTF8, bounds)
    metrics = font.getMetrics()
    return {
        "width": width,
        "actualBoundingBoxLeft": -bounds.left(),
        "actualBoundingBoxRight": bounds.right(),
        "actualBoundingBoxAscent": -bounds.top(),
        "actualBoundingBoxDescent": bounds.bottom(),
        "fontBoundingBoxAscent": -metrics.fAscent,
        "fontBoundingBoxDescent": metrics.fDescent,
    }


@dataclass
class _State:
    fill: Any = (0, 0, 0, 255)
    stroke: Any = (0, 0, 0, 255)
    line_width: float = 1.0
    cap: Any = skia.Paint.kButt_Cap
    join: Any = skia.Paint.kMiter_Join
    miter: float = 10.0
    dash: list[float] = field(default_factory=list)
    dash_offset: float = 0.0
    font: skia.Font | None = None
    align: str = "start"
    baseline: str = "alphabetic"
    alpha: float = 1.0
    blend: Any = skia.BlendMode.kSrcOver
    smoothing: bool = True


class Replay:
    """One render: a Skia surface and the Canvas 2D state machine over it."""

    def __init__(self, width: int, height: int, images: list[skia.Image]) -> None:
        self.surface = skia.Surface(width, height)
        self.canvas = self.surface.getCanvas()
        self.images = images
        self.state = _State(font=font_of("10px sans-serif"))
        self.stack: list[_State] = []
        self.path = skia.Path()
        self.gradients: dict[int, tuple[str, list[float], list[tuple[float, tuple[int, int, int, int]]]]] = {}
        self.calls: dict[str, Callable[..., None]] = {
            "set": self.set,
            "fillRect": self.fill_rect,
            "strokeRect": self.stroke_rect,
            "clearRect": self.clear_rect,
            "beginPath": self.begin_path,
            "closePath": self.close_path,
            "moveTo": self.move_to,
            "lineTo": self.line_to,
            "bezierCurveTo": self.bezier_curve_to,
            "quadraticCurveTo": self.quadratic_curve_to,
            "arc": self.arc,
            "arcTo": self.arc_to,
            "ellipse": self.ellipse,
            "rect": self.rect,
            "roundRect": self.round_rect,
            "fill": self.fill,
            "stroke": self.stroke,
            "clip": self.clip,
            "fillText": self.fill_text,
            "strokeText": self.stroke_text,
            "save": self.save,
            "restore": self.restore,
            "translate": self.translate,
            "rotate": self.rotate,
            "scale": self.scale,
            "transform": self.transform,
            "setTransform": self.set_transform,
            "resetTransform": self.reset_transform,
            "setLineDash": self.set_line_dash,
            "gradient": self.gradient,
            "stop": self.stop,
            "drawImage": self.draw_image,
        }

    # -- the replay ------------------------------------------------------------------
    def run(self, ops: list[Any]) -> skia.Image:
        for i, op in enumerate(ops):
            worker_check_alive()
            if not isinstance(op, list) or not op or op[0] not in self.calls:
                name = op[0] if isinstance(op, list) and op else op
                raise _bad(f"canvas op {i}: {str(name)[:40]!r} is not a Canvas 2D call this canvas replays")
            try:
                self.calls[op[0]](*op[1:])
            except _Ignored:
                continue
            except (TypeError, ValueError) as exc:
                raise _bad(f"canvas op {i} ({op[0]}): bad arguments ({str(exc)[:120]})") from None
        return self.surface.makeImageSnapshot()

    # -- helpers ---------------------------------------------------------------------
    @staticmethod
    def nums(*values: Any) -> list[float]:
        out = []
        for v in values:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError(f"expected a number, got {str(v)[:30]!r}")
            if not math.isfinite(v):
                raise _Ignored
            out.append(float(v))
        return out

    def paint(self, style: Any, stroke: bool) -> skia.Paint:
        st = self.state
        paint = skia.Paint(AntiAlias=True)
        paint.setBlendMode(st.blend)
        if isinstance(style, tuple):
            paint.setColor(skia.Color(style[0], style[1], style[2], round(style[3] * st.alpha)))
        else:
            paint.setShader(self.shader(style))
            paint.setAlphaf(st.alpha)
        if stroke:
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(st.line_width)
            paint.setStrokeCap(st.cap)
            paint.setStrokeJoin(st.join)
            paint.setStrokeMiter(st.miter)
            if st.dash:
                paint.setPathEffect(skia.DashPathEffect.Make(st.dash, st.dash_offset))
        return paint

    def shader(self, gradient_id: int) -> skia.Shader:
        kind, coords, stops = self.gradients[gradient_id]
        stops = sorted(stops, key=lambda s: s[0]) or [(0.0, (0, 0, 0, 0))]
        colors = [skia.Color(*c) for _, c in stops]
        positions = [p for p, _ in stops]
        if kind == "linear":
            x0, y0, x1, y1 = coords
            return skia.GradientShader.MakeLinear([skia.Point(x0, y0), skia.Point(x1, y1)], colors, positions)
        x0, y0, r0, x1, y1, r1 = coords
        return skia.GradientShader.MakeTwoPointConical(
            skia.Point(x0, y0), r0, skia.Point(x1, y1), r1, colors, positions
        )

    def device(self, x: float, y: float) -> skia.Point:
        return self.canvas.getTotalMatrix().mapXY(x, y)

    def append(self, user_path: skia.Path, connect: bool) -> None:
        """Add a shape built in user space, fixed by the current transform (canvas semantics)."""
        user_path.transform(self.canvas.getTotalMatrix())
        self.path.addPath(user_path, skia.Path.kExtend_AddPathMode if connect else skia.Path.kAppend_AddPathMode)

    def user_path(self, rule: Any = "nonzero") -> skia.Path | None:
        inverse = skia.Matrix()
        if not self.canvas.getTotalMatrix().invert(inverse):
            return None
        path = skia.Path(self.path)
        path.transform(inverse)
        path.setFillType(skia.PathFillType.kEvenOdd if rule == "evenodd" else skia.PathFillType.kWinding)
        return path

    def check_dashes(self, length: float, what: str) -> None:
        """Refuse a dashed stroke of `length` (user space, where the pattern applies) that would draw
        more than MAX_DASHES dashes; an all-zero pattern draws a solid line, as Skia does."""
        period = sum(self.state.dash)
        if self.state.dash and period > 0 and length / period * (len(self.state.dash) / 2) > MAX_DASHES:
            raise SandboxRefusal(
                f"canvas {what}: the line dash cuts this stroke into more than {MAX_DASHES} dashes; "
                "use a longer dash pattern or a shorter path",
                rule="canvas-dash-too-many",
                name="RangeError",
            )

    def check_path(self, what: str, stroke: bool) -> None:
        """Refuse a fill, stroke or clip of the current path past MAX_PATH_WORK (points x rows)."""
        bounds = self.path.getBounds()
        pad = self.state.line_width * self.canvas.getTotalMatrix().getMaxScale() / 2 if stroke else 0.0
        rows = min(bounds.bottom() + pad, self.surface.height()) - max(bounds.top() - pad, 0.0)
        work = self.path.countPoints() * max(rows, 1.0)
        if work > MAX_PATH_WORK:
            raise SandboxRefusal(
                f"canvas {what}: the path has {self.path.countPoints()} points over {rows:.0f} rows, more "
                f"than one call draws ({MAX_PATH_WORK} points x rows); draw it in several paths",
                rule="canvas-path-too-large",
                name="RangeError",
            )

    # -- properties ------------------------------------------------------------------
    def set(self, name: str, value: Any) -> None:
        st = self.state
        if name in ("fillStyle", "strokeStyle"):
            style: Any
            if isinstance(value, dict) and value.get("gradient") in self.gradients:
                style = value["gradient"]
            else:
                try:
                    style = _color(value, "canvas")
                except SandboxRefusal:
                    raise _Ignored from None
            if name == "fillStyle":
                st.fill = style
            else:
                st.stroke = style
        elif name == "lineWidth":
            (width,) = self.nums(value)
            if width <= 0:
                raise _Ignored
            st.line_width = width
        elif name == "lineCap" and value in _CAPS:
            st.cap = _CAPS[value]
        elif name == "lineJoin" and value in _JOINS:
            st.join = _JOINS[value]
        elif name == "miterLimit":
            st.miter = self.nums(value)[0]
        elif name == "lineDashOffset":
            st.dash_offset = self.nums(value)[0]
        elif name == "font":
            st.font = font_of(value)
        elif name == "textAlign" and value in ("start", "end", "left", "right", "center"):
            st.align = value
        elif name == "textBaseline" and value in ("alphabetic", "top", "hanging", "middle", "ideographic", "bottom"):
            st.baseline = value
        elif name == "globalAlpha":
            (alpha,) = self.nums(value)
            if 0 <= alpha <= 1:
                st.alpha = alpha
        elif name == "globalCompositeOperation" and value in _BLEND:
            st.blend = _BLEND[value]
        elif name == "imageSmoothingEnabled":
            st.smoothing = bool(value)

    def set_line_dash(self, segments: Any) -> None:
        if not isinstance(segments, list):
            raise TypeError("setLineDash takes an array of numbers")
        if len(segments) > MAX_DASH_SEGMENTS:
            raise SandboxRefusal(
                f"canvas setLineDash: the pattern has {len(segments)} numbers, at most {MAX_DASH_SEGMENTS}",
                rule="canvas-dash-too-long",
                name="RangeError",
            )
        values = self.nums(*segments)
        if any(v < 0 for v in values):
            raise _Ignored
        self.state.dash = values * 2 if len(values) % 2 else values

    def save(self) -> None:
        self.stack.append(replace(self.state, dash=list(self.state.dash)))
        self.canvas.save()

    def restore(self) -> None:
        if self.stack:
            self.state = self.stack.pop()
            self.canvas.restore()

    # -- transforms ------------------------------------------------------------------
    def translate(self, *args: Any) -> None:
        self.canvas.translate(*self.nums(*args[:2]))

    def rotate(self, *args: Any) -> None:
        self.canvas.rotate(math.degrees(self.nums(*args[:1])[0]))

    def scale(self, *args: Any) -> None:
        self.canvas.scale(*self.nums(*args[:2]))

    def transform(self, *args: Any) -> None:
        a, b, c, d, e, f = self.nums(*args[:6])
        self.canvas.concat(skia.Matrix.MakeAll(a, c, e, b, d, f, 0, 0, 1))

    def set_transform(self, *args: Any) -> None:
        a, b, c, d, e, f = self.nums(*args[:6])
        self.canvas.setMatrix(skia.Matrix.MakeAll(a, c, e, b, d, f, 0, 0, 1))

    def reset_transform(self) -> None:
        self.canvas.resetMatrix()

    # -- rectangles ------------------------------------------------------------------
    def fill_rect(self, *args: Any) -> None:
        self.canvas.drawRect(skia.Rect.MakeXYWH(*self.nums(*args[:4])), self.paint(self.state.fill, False))

    def stroke_rect(self, *args: Any) -> None:
        x, y, w, h = self.nums(*args[:4])
        self.check_dashes(2 * (abs(w) + abs(h)), "strokeRect")
        self.canvas.drawRect(skia.Rect.MakeXYWH(x, y, w, h), self.paint(self.state.stroke, True))

    def clear_rect(self, *args: Any) -> None:
        paint = skia.Paint()
        paint.setBlendMode(skia.BlendMode.kClear)
        self.canvas.drawRect(skia.Rect.MakeXYWH(*self.nums(*args[:4])), paint)

    # -- paths -----------------------------------------------------------------------
    def begin_path(self) -> None:
        self.path = skia.Path()

    def close_path(self) -> None:
        self.path.close()

    def move_to(self, *args: Any) -> None:
        self.path.moveTo(self.device(*self.nums(*args[:2])))

    def line_to(self, *args: Any) -> None:
        point = self.device(*self.nums(*args[:2]))
        if self.path.countPoints() == 0:
            self.path.moveTo(point)
        else:
            self.path.lineTo(point)

    def _ensure_start(self, x: float, y: float) -> None:
        if self.path.countPoints() == 0:
            self.path.moveTo(self.device(x, y))

    def bezier_curve_to(self, *args: Any) -> None:
        c1x, c1y, c2x, c2y, x, y = self.nums(*args[:6])
        self._ensure_start(c1x, c1y)
        self.path.cubicTo(self.device(c1x, c1y), self.device(c2x, c2y), self.device(x, y))

    def quadratic_curve_to(self, *args: Any) -> None:
        cx, cy, x, y = self.nums(*args[:4])
        self._ensure_start(cx, cy)
        self.path.quadTo(self.device(cx, cy), self.device(x, y))

    def arc(self, *args: Any) -> None:
        x, y, r, start, end = self.nums(*args[:5])
        self._ellipse(x, y, r, r, 0.0, start, end, bool(args[5]) if len(args) > 5 else False)

    def ellipse(self, *args: Any) -> None:
        x, y, rx, ry, rotation, start, end = self.nums(*args[:7])
        self._ellipse(x, y, rx, ry, rotation, start, end, bool(args[7]) if len(args) > 7 else False)

    def _ellipse(
        self, x: float, y: float, rx: float, ry: float, rotation: float, start: float, end: float, ccw: bool
    ) -> None:
        if rx < 0 or ry < 0:
            raise SandboxRefusal(
                "canvas arc/ellipse: the radius is negative", rule="canvas-bad-op", name="IndexSizeError"
            )
        tau = 2 * math.pi
        if not ccw and end - start >= tau:
            sweep = tau
        elif ccw and start - end >= tau:
            sweep = -tau
        else:
            sweep = (end - start) % tau if not ccw else -((start - end) % tau)
        oval = skia.Rect.MakeLTRB(-rx, -ry, rx, ry)
        part = skia.Path()
        first = math.degrees(start)
        if abs(sweep) >= tau - 1e-9:  # a full turn in two halves (Skia folds a 360 degree arc away)
            half = math.degrees(sweep) / 2
            part.arcTo(oval, first, half, True)
            part.arcTo(oval, first + half, half, False)
        else:
            part.arcTo(oval, first, math.degrees(sweep), True)
        part.transform(skia.Matrix.Translate(x, y).preRotate(math.degrees(rotation)))
        self.append(part, connect=self.path.countPoints() > 0)

    def arc_to(self, *args: Any) -> None:
        x1, y1, x2, y2, r = self.nums(*args[:5])
        if r < 0:
            raise SandboxRefusal("canvas arcTo: the radius is negative", rule="canvas-bad-op", name="IndexSizeError")
        self._ensure_start(x1, y1)
        inverse = skia.Matrix()
        if not self.canvas.getTotalMatrix().invert(inverse):
            return
        current = self.path.getPoint(self.path.countPoints() - 1)
        last = inverse.mapXY(current.x(), current.y())
        part = skia.Path()
        part.moveTo(last)
        part.arcTo(x1, y1, x2, y2, r)
        self.append(part, connect=True)

    def rect(self, *args: Any) -> None:
        part = skia.Path()
        part.addRect(skia.Rect.MakeXYWH(*self.nums(*args[:4])))
        self.append(part, connect=False)

    def round_rect(self, *args: Any) -> None:
        x, y, w, h = self.nums(*args[:4])
        radii = args[4] if len(args) > 4 else 0
        r = self.nums(*(radii if isinstance(radii, list) else [radii]))[0] if radii != [] else 0.0
        part = skia.Path()
        part.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(x, y, w, h), r, r))
        self.append(part, connect=False)

    def fill(self, rule: Any = "nonzero", *_: Any) -> None:
        self.check_path("fill", stroke=False)
        path = self.user_path(rule)
        if path is not None:
            self.canvas.drawPath(path, self.paint(self.state.fill, False))

    def stroke(self, *_: Any) -> None:
        self.check_path("stroke", stroke=True)
        path = self.user_path()
        if path is not None:
            if self.state.dash:
                self.check_dashes(_length(path), "stroke")
            self.canvas.drawPath(path, self.paint(self.state.stroke, True))

    def clip(self, rule: Any = "nonzero", *_: Any) -> None:
        self.check_path("clip", stroke=False)
        path = self.user_path(rule)
        if path is not None:
            self.canvas.clipPath(path, skia.ClipOp.kIntersect, True)

    # -- text ------------------------------------------------------------------------
    def _text(self, text: Any, x: Any, y: Any, max_width: Any, style: Any, stroke: bool) -> None:
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise TypeError(f"text must be a string of at most {MAX_TEXT} characters")
        x, y = self.nums(x, y)
        st = self.state
        font = st.font
        assert font is not None
        width = font.measureText(text)
        squeeze = 1.0
        if max_width is not None:
            (limit,) = self.nums(max_width)
            if limit <= 0:
                raise _Ignored
            squeeze = min(1.0, limit / width) if width else 1.0
        shown = width * squeeze
        if st.align in ("center",):
            x -= shown / 2
        elif st.align in ("right", "end"):
            x -= shown
        metrics = font.getMetrics()
        ascent, descent = -metrics.fAscent, metrics.fDescent
        y += {
            "alphabetic": 0.0,
            "top": ascent,
            "hanging": ascent * 0.8,
            "middle": (ascent - descent) / 2,
            "ideographic": -descent,
            "bottom": -descent,
        }[st.baseline]
        if stroke:
            self.check_dashes(len(text) * font.getSize() * _GLYPH_OUTLINE_EMS * squeeze, "strokeText")
        self.canvas.save()
        self.canvas.translate(x, y)
        self.canvas.scale(squeeze, 1.0)
        self.canvas.drawString(text, 0, 0, font, self.paint(style, stroke))
        self.canvas.restore()

    def fill_text(self, text: Any, x: Any, y: Any, max_width: Any = None, *_: Any) -> None:
        self._text(text, x, y, max_width, self.state.fill, False)

    def stroke_text(self, text: Any, x: Any, y: Any, max_width: Any = None, *_: Any) -> None:
        self._text(text, x, y, max_width, self.state.stroke, True)

    # -- gradients and images --------------------------------------------------------
    def gradient(self, gradient_id: Any, kind: Any, *coords: Any) -> None:
        want = 4 if kind == "linear" else 6
        if kind not in ("linear", "radial") or len(coords) < want or not isinstance(gradient_id, int):
            raise TypeError(f"create{'Linear' if kind == 'linear' else 'Radial'}Gradient takes {want} numbers")
        self.gradients[gradient_id] = (kind, self.nums(*coords[:want]), [])

    def stop(self, gradient_id: Any, offset: Any, color: Any) -> None:
        (where,) = self.nums(offset)
        if gradient_id not in self.gradients or not 0 <= where <= 1:
            raise SandboxRefusal(
                "addColorStop: the offset must be between 0 and 1", rule="canvas-bad-op", name="IndexSizeError"
            )
        self.gradients[gradient_id][2].append((where, _color(color, "addColorStop")))

    def draw_image(self, index: Any, *args: Any) -> None:
        image = self.images[index]
        numbers = self.nums(*args)
        w, h = float(image.width()), float(image.height())
        src: list[float]
        dst: list[float]
        if len(numbers) == 2:
            src, dst = [0, 0, w, h], [*numbers, w, h]
        elif len(numbers) == 4:
            src, dst = [0, 0, w, h], numbers
        elif len(numbers) == 8:
            src, dst = numbers[:4], numbers[4:]
        else:
            raise TypeError("drawImage takes (image, dx, dy), (image, dx, dy, dw, dh) or 9 arguments")
        paint = self.paint((0, 0, 0, 255), False)
        sampling = (
            skia.SamplingOptions(skia.FilterMode.kLinear)
            if self.state.smoothing
            else skia.SamplingOptions(skia.FilterMode.kNearest)
        )
        self.canvas.drawImageRect(image, skia.Rect.MakeXYWH(*src), skia.Rect.MakeXYWH(*dst), sampling, paint)


# -- ops -------------------------------------------------------------------------------


def _dimension(value: Any, what: str) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value != int(value)
    ):
        raise bad_argument(f"{what}: width and height must be whole numbers, got {str(value)[:30]!r}")
    return int(value)


async def render_op(scope: RunScope, width: Any, height: Any, ops: Any, images: Any, options: dict[str, Any]) -> Any:
    what = "canvas.toBytes" if not options.get("handle") else "canvas.toImage"
    only_options(options, {"format", "quality", "handle"}, what)
    w, h = _dimension(width, "createCanvas"), _dimension(height, "createCanvas")
    check_surface(w, h, "createCanvas")
    if not isinstance(ops, list) or not isinstance(images, list):
        raise bad_argument(f"{what}: the recording is damaged")
    if len(ops) > MAX_OPS:
        raise SandboxRefusal(
            f"{what}: the canvas recorded more than {MAX_OPS} drawing calls (cap: canvas ops, "
            f"{MAX_OPS} per render); draw less, or render in parts with drawImage",
            rule="canvas-too-many-ops",
            name="RangeError",
        )
    name = options.get("format", "png")
    if not isinstance(name, str) or name.lower() not in _FORMATS:
        raise bad_argument(f"{what}: format must be one of png, jpeg, webp")
    fmt, mime = _FORMATS[name.lower()]
    quality = options.get("quality", 0.92)
    if isinstance(quality, bool) or not isinstance(quality, (int, float)) or not 0 <= quality <= 1:
        raise bad_argument(f"{what}: quality must be a number from 0 to 1")
    items = await _layers(scope, images, f"{what}: drawImage") if images else []

    def work() -> MediaItem:
        # Decoded, the images stay in memory for the whole replay: together they get one image's pixel cap.
        pixels = sum(
            w * h
            for w, h in (open_header(item.data, f"{what}: drawImage image {i}").size for i, item in enumerate(items))
        )
        if pixels > MAX_PIXELS:
            raise SandboxRefusal(
                f"{what}: the images drawn are {pixels} pixels together, more than {MAX_PIXELS} "
                f"(cap: image pixels, {MAX_PIXELS})",
                rule="image-too-many-pixels",
                name="RangeError",
            )
        pictures = []
        for i, item in enumerate(items):
            rgba = np.asarray(decode(item.data, f"{what}: drawImage image {i}"))
            pictures.append(skia.Image.fromarray(rgba, colorType=skia.ColorType.kRGBA_8888_ColorType))
        picture = Replay(w, h, pictures).run(ops)
        data = picture.encodeToData(fmt, round(quality * 100))
        if data is None:
            raise SandboxRefusal(f"{what}: the {name} encoder failed", rule="canvas-encode")
        return MediaItem("image", mime, bytes(data), w, h)

    item: MediaItem = await in_host_worker(scope, work)
    if options.get("handle"):
        return item.ref(run_store(scope).put(item))
    cap = byte_cap(scope)
    if len(item.data) > cap.size:
        raise too_large(f"{what}: the encoded canvas (use toImage() for a handle)", cap)
    return item.data


async def measure_text_op(scope: RunScope, text: Any, font: Any) -> dict[str, float]:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise bad_argument(f"canvas.measureText: text must be a string of at most {MAX_TEXT} characters")
    try:
        font_of(font)  # a bad font is refused here, before any worker starts
    except _Ignored:
        raise bad_argument(f"canvas.measureText: {str(font)[:60]!r} is not a CSS font ('bold 16px serif')") from None
    return await in_host_worker(scope, lambda: measure(text, font_of(font)))  # a skia.Font does not pickle
