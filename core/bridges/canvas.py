"""canvas.measureText and createCanvas(w, h): the guest surface.

A canvas is recorded in the guest: every Canvas 2D call on `surface.getContext("2d")` appends
one op to a list, properties are tracked (with save/restore) so reading one back works, and
nothing reaches the host until `await surface.toBytes()` (or `toImage()`), which replays the
list on a real 2D context (Skia, `core/bridges/canvas_ops.py`, imported on the first render).
Recording stops one op past the reference's 10,000-op cap, so the list the host receives is
bounded and the host refuses it by name. Gradients are recorded as ops too; images drawn
(`drawImage` of an image handle, a media ref or bytes) travel beside the list once each.
"""

from __future__ import annotations

from core.bridges import CANVAS_MAX_OPS, declared
from core.bridges.base import lazy_op

#: The reference's `renderCanvas` cap: Canvas 2D calls one render replays (its guest half is filled
#: with it through the declaration, core/bridges/__init__.py).
MAX_OPS = CANVAS_MAX_OPS

_IMPL = "core.bridges.canvas_ops"
SURFACE = declared("canvas").surface(
    {
        "canvas.render": lazy_op(_IMPL, "render_op"),
        "canvas.measureText": lazy_op(_IMPL, "measure_text_op"),
    }
)
