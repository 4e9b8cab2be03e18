// The guest half of core/bridges/canvas.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  const MAX_OPS = /*@MAX_OPS@*/;
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
