"""audio.*: the guest surface. The implementation (PyAV for decoding, numpy for the samples,
with the container-header caps) is `core/bridges/audio_ops.py`, imported on the first call."""

from __future__ import annotations

from core.bridges import declared
from core.bridges.base import lazy_op

_IMPL = "core.bridges.audio_ops"
SURFACE = declared("audio").surface(
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
    }
)
