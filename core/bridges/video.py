"""video.*: the guest surface. The implementation (PyAV: decode, edit frame by frame, H.264/AAC
MP4 out, with the container-header caps) is `core/bridges/video_ops.py`, imported on the first call."""

from __future__ import annotations

from core.bridges.base import Surface, lazy_op

GUEST_JS = r"""
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
"""

_IMPL = "core.bridges.video_ops"
SURFACE = Surface(
    "video",
    {
        "video.info": lazy_op(_IMPL, "info_op"),
        "video.bytes": lazy_op(_IMPL, "bytes_op"),
        "video.toAsset": lazy_op(_IMPL, "to_asset_op"),
        "video.trim": lazy_op(_IMPL, "trim_op"),
        "video.resize": lazy_op(_IMPL, "resize_op"),
        "video.rotate": lazy_op(_IMPL, "rotate_op"),
        "video.addAudio": lazy_op(_IMPL, "add_audio_op"),
        "video.extractAudio": lazy_op(_IMPL, "extract_audio_op"),
        "video.extractFrame": lazy_op(_IMPL, "extract_frame_op"),
    },
    GUEST_JS,
    ("video",),
)
