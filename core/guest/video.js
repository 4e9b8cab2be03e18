// The guest half of core/bridges/video.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  function opts(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" || Array.isArray(o)) throw new TypeError("video." + what + ": options must be an object");
    return o;
  }
  const call = (op) => (input, options) => C.call("video." + op, input, opts(options, op));
  const video = {
    info: (input) => C.call("video.info", input),
    bytes: (input) => C.call("video.bytes", input),
    toAsset: (input, options) => C.call("video.toAsset", input, opts(options, "toAsset")),
    trim: call("trim"),
    resize: call("resize"),
    // rotate(v, degrees) or rotate(v, {degrees})
    rotate: (input, a) => C.call("video.rotate", input, typeof a === "number" ? { degrees: a } : opts(a, "rotate")),
    addAudio: (input, track, options) => C.call("video.addAudio", input, track, opts(options, "addAudio")),
    extractAudio: call("extractAudio"),
    // extractFrame(v, seconds) or extractFrame(v, {time, format, quality})
    extractFrame: (input, a) =>
      C.call("video.extractFrame", input, typeof a === "number" ? { time: a } : opts(a, "extractFrame")),
  };
  C.define("video", Object.freeze(video));
