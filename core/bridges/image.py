"""image.*: the guest surface. The implementation (Pillow, with the decompression-bomb
checks) is `core/bridges/image_ops.py`, imported on the first call."""

from __future__ import annotations

from core.bridges.base import Surface, lazy_op

GUEST_JS = r"""
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
"""

SURFACE = Surface(
    "image",
    {
        "image.info": lazy_op("core.bridges.image_ops", "info_op"),
        "image.stats": lazy_op("core.bridges.image_ops", "stats_op"),
        "image.decode": lazy_op("core.bridges.image_ops", "decode_op"),
        "image.bytes": lazy_op("core.bridges.image_ops", "bytes_op"),
        "image.toAsset": lazy_op("core.bridges.image_ops", "to_asset_op"),
        "image.blank": lazy_op("core.bridges.image_ops", "blank_op"),
        "image.pad": lazy_op("core.bridges.image_ops", "pad_op"),
        "image.grid": lazy_op("core.bridges.image_ops", "grid_op"),
        "image.resize": lazy_op("core.bridges.image_ops", "resize_op"),
        "image.crop": lazy_op("core.bridges.image_ops", "crop_op"),
        "image.rotate": lazy_op("core.bridges.image_ops", "rotate_op"),
        "image.flip": lazy_op("core.bridges.image_ops", "flip_op"),
        "image.adjust": lazy_op("core.bridges.image_ops", "adjust_op"),
        "image.composite": lazy_op("core.bridges.image_ops", "composite_op"),
        "image.convert": lazy_op("core.bridges.image_ops", "convert_op"),
    },
    GUEST_JS,
    ("image",),
)
