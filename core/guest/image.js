// The guest half of core/bridges/image.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  function opts(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" || Array.isArray(o)) throw new TypeError("image." + what + ": options must be an object");
    return o;
  }
  const call = (op) => (input, options) => C.call("image." + op, input, opts(options, op));
  const image = {
    info: (input) => C.call("image.info", input),
    stats: (input) => C.call("image.stats", input),
    decode: (input) => C.call("image.decode", input),
    bytes: (input) => C.call("image.bytes", input),
    toAsset: (input, options) => C.call("image.toAsset", input, opts(options, "toAsset")),
    // blank({width, height, color}) or blank(width, height, {color})
    blank(a, b, c) {
      const o = typeof a === "object" && a !== null ? a : Object.assign({}, opts(c, "blank"), { width: a, height: b });
      return C.call("image.blank", o);
    },
    pad: call("pad"),
    grid(images, options) {
      if (!Array.isArray(images)) throw new TypeError("image.grid: pass an array of images");
      return C.call("image.grid", images, opts(options, "grid"));
    },
    resize: call("resize"),
    crop: call("crop"),
    // rotate(img, {degrees}) or rotate(img, degrees, options)
    rotate(input, a, b) {
      const o = typeof a === "number" ? Object.assign({}, opts(b, "rotate"), { degrees: a }) : opts(a, "rotate");
      return C.call("image.rotate", input, o);
    },
    flip: call("flip"),
    adjust: call("adjust"),
    // composite(base, overlay, {x, y, opacity}) or composite(base, [{image, x, y, opacity}, ...], options)
    composite(base, overlay, options) {
      const o = opts(options, "composite");
      const layers = Array.isArray(overlay) ? overlay
        : [{ image: overlay, x: o.x, y: o.y, opacity: o.opacity }];
      const rest = Object.assign({}, o);
      if (!Array.isArray(overlay)) { delete rest.x; delete rest.y; delete rest.opacity; }
      return C.call("image.composite", base, layers, rest);
    },
    convert: call("convert"),
  };
  C.define("image", Object.freeze(image));
