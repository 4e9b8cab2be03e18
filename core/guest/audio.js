// The guest half of core/bridges/audio.py: run in the prelude as `(function (C, G) { ... })(C, G)` (core/engine/prelude.py).

  function opts(o, what) {
    if (o === undefined || o === null) return {};
    if (typeof o !== "object" || Array.isArray(o)) throw new TypeError("audio." + what + ": options must be an object");
    return o;
  }
  const call = (op) => (input, options) => C.call("audio." + op, input, opts(options, op));
  // fadeIn(a, seconds) / fadeIn(a, {duration}); repeat(a, times) / repeat(a, {times})
  const shorthand = (op, key) => (input, a) =>
    C.call("audio." + op, input, typeof a === "number" ? { [key]: a } : opts(a, op));
  const many = (op) => (inputs, ...rest) => {
    // mix([a, b], options) or mix(a, b, ..., options?)
    if (Array.isArray(inputs)) return C.call("audio." + op, inputs, opts(rest[0], op));
    const list = [inputs];
    let options;
    for (const r of rest) {
      if (r !== null && typeof r === "object" && !(r instanceof Uint8Array) && typeof r.uri !== "string") options = r;
      else list.push(r);
    }
    return C.call("audio." + op, list, opts(options, op));
  };
  const audio = {
    info: (input) => C.call("audio.info", input),
    bytes: (input) => C.call("audio.bytes", input),
    toAsset: (input, options) => C.call("audio.toAsset", input, opts(options, "toAsset")),
    normalize: call("normalize"),
    trim: call("trim"),
    concat: many("concat"),
    mix: many("mix"),
    reverse: call("reverse"),
    fadeIn: shorthand("fadeIn", "duration"),
    fadeOut: shorthand("fadeOut", "duration"),
    repeat: shorthand("repeat", "times"),
  };
  C.define("audio", Object.freeze(audio));
