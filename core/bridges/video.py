"""video.*: the guest surface. The implementation (PyAV: decode, edit frame by frame, H.264/AAC
MP4 out, with the container-header caps) is `core/bridges/video_ops.py`, imported on the first call."""

from __future__ import annotations

from core.bridges import declared
from core.bridges.base import lazy_op

_IMPL = "core.bridges.video_ops"
SURFACE = declared("video").surface(
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
    }
)
