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

from core.bridges.base import Surface, lazy_op

#: The reference's `renderCanvas` cap: Canvas 2D calls one render replays.
MAX_OPS = 10_000

GUEST_JS = r"""
  const MAX_OPS = @MAX_OPS@;
  const DEFAULTS = {
    fillStyle: "#000000", strokeStyle: "#000000", lineWidth: 1, lineCap: "butt", lineJoin: "miter",
    miterLimit: 10, lineDashOffset: 0, font: "10px sans-serif", textAlign: "start",
    textBaseline: "alphabetic", globalAlpha: 1, globalCompositeOperation: "source-over",
    imageSmoothingEnabled: true,
  };
  const METHODS = [
    "fillRect", "strokeRect", "clearRect", "beginPath", "closePath", "moveTo", "lineTo", "bezierCurveTo",
    "quadraticCurveTo", "arc", "arcTo", "ellipse", "rect", "roundRect", "fill", "stroke", "clip",
    "fillText", "strokeText", "save", "restore", "translate", "rotate", "scale", "transform",
    "setTransform", "resetTransform", "setLineDash",
  ];
  function opts(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" || Array.isArray(o)) throw new TypeError(what + ": options must be an object");
    return o;
  }
  function createCanvas(width, height) {
    const ops = [];
    const images = [];
    let gradients = 0;
    let state = Object.assign({}, DEFAULTS);
    let dash = [];
    const stack = [];
    const record = (op) => { if (ops.length <= MAX_OPS) ops.push(op); };
    const ctx = {};
    for (const name of Object.keys(DEFAULTS)) {
      Object.defineProperty(ctx, name, {
        enumerable: true,
        get: () => state[name],
        set: (value) => {
          state[name] = value;
          record(["set", name, value !== null && typeof value === "object" && "__gradient" in value
            ? { gradient: value.__gradient } : value]);
        },
      });
    }
    for (const name of METHODS) {
      ctx[name] = (...args) => {
        if (name === "save") stack.push([Object.assign({}, state), dash.slice()]);
        if (name === "restore" && stack.length) [state, dash] = stack.pop();
        if (name === "setLineDash") { dash = Array.from(args[0] || []); args = [dash]; }
        record([name, ...args]);
      };
    }
    ctx.getLineDash = () => dash.slice();
    function gradient(kind, coords) {
      const id = gradients++;
      record(["gradient", id, kind, ...coords]);
      return Object.freeze({ __gradient: id, addColorStop: (offset, color) => record(["stop", id, offset, color]) });
    }
    ctx.createLinearGradient = (...c) => gradient("linear", c);
    ctx.createRadialGradient = (...c) => gradient("radial", c);
    ctx.drawImage = (img, ...args) => {
      let index = images.indexOf(img);
      if (index < 0) { index = images.length; images.push(img); }
      record(["drawImage", index, ...args]);
    };
    ctx.measureText = (text) => C.call("canvas.measureText", String(text), state.font);
    const render = (options, handle) =>
      C.call("canvas.render", width, height, ops, images, Object.assign({}, opts(options, "toBytes"), { handle }));
    const surface = {
      width, height,
      getContext(kind) {
        if (kind !== "2d") throw new TypeError("createCanvas: only the \"2d\" context is available");
        return ctx;
      },
      toBytes: (options) => render(options, false),
      toImage: (options) => render(options, true),
    };
    ctx.canvas = surface;
    return Object.freeze(surface);
  }
  const canvas = {
    measureText: (text, font) => C.call("canvas.measureText", String(text), font === undefined ? DEFAULTS.font : font),
  };
  C.define("canvas", Object.freeze(canvas));
  C.define("createCanvas", createCanvas);
""".replace("@MAX_OPS@", str(MAX_OPS))

_IMPL = "core.bridges.canvas_ops"
SURFACE = Surface(
    "canvas",
    {
        "canvas.render": lazy_op(_IMPL, "render_op"),
        "canvas.measureText": lazy_op(_IMPL, "measure_text_op"),
    },
    GUEST_JS,
    ("canvas", "createCanvas"),
)
