"""image.*: the guest surface. The implementation (Pillow, with the decompression-bomb
checks) is `core/bridges/image_ops.py`, imported on the first call."""

from __future__ import annotations

from core.bridges import declared
from core.bridges.base import lazy_op

SURFACE = declared("image").surface(
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
    }
)
