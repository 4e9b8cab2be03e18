"""audio.*: the guest surface. The implementation (PyAV for decoding, numpy for the samples,
with the container-header caps) is `core/bridges/audio_ops.py`, imported on the first call."""

from __future__ import annotations

from core.bridges.base import Surface, lazy_op

GUEST_JS = r"""
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
"""

_IMPL = "core.bridges.audio_ops"
SURFACE = Surface(
    "audio",
    {
        "audio.info": lazy_op(_IMPL, "info_op"),
        "audio.bytes": lazy_op(_IMPL, "bytes_op"),
        "audio.toAsset": lazy_op(_IMPL, "to_asset_op"),
        "audio.normalize": lazy_op(_IMPL, "normalize_op"),
        "audio.trim": lazy_op(_IMPL, "trim_op"),
        "audio.concat": lazy_op(_IMPL, "concat_op"),
        "audio.mix": lazy_op(_IMPL, "mix_op"),
        "audio.reverse": lazy_op(_IMPL, "reverse_op"),
        "audio.fadeIn": lazy_op(_IMPL, "fade_in_op"),
        "audio.fadeOut": lazy_op(_IMPL, "fade_out_op"),
        "audio.repeat": lazy_op(_IMPL, "repeat_op"),
    },
    GUEST_JS,
    ("audio",),
)
