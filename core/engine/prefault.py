"""Copying in, before a run starts, the image pages its guest is going to write (Linux).

A run from a baked image (core/engine/image.py) starts with every page shared copy-on-write,
and its guest takes a page fault the first time it writes each one: ~60 pages for `return 1+1`,
~3-4 us each on this machine, a sixth of a fresh run. The pages a run writes are nearly the same
run after run (the runtime's own structures, the allocator's free lists), so the driver reads
which pages its first run from an image copied (`written_pages`, from /proc/self/pagemap) and has
every later run's memory copy them in one madvise(MADV_POPULATE_WRITE) per range (`populate`),
which costs the kernel a fraction of a fault each. Nothing is shared by it: the kernel copies
the image's pages into the new instance's own memory, as the faults would have.
"""

from __future__ import annotations

import ctypes
import logging
import struct
import sys

logger = logging.getLogger(__name__)

PAGE = 4096
#: Linux 5.14+: populate (prefault) writable pages, breaking copy-on-write as a write would.
_MADV_POPULATE_WRITE = 23
#: A first run that wrote more than this is no template for the others (a heap bomb, a big input).
MAX_PAGES = 256
_PRESENT, _FILE_OR_SHARED = 1 << 63, 1 << 61

Ranges = tuple[tuple[int, int], ...]

_madvise = None
if sys.platform == "linux":
    _libc = ctypes.CDLL(None, use_errno=True)
    _madvise = _libc.madvise
    _madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    _madvise.restype = ctypes.c_int


def written_pages(base: int, size: int) -> Ranges | None:
    """The page ranges (offset, length) of [base, base + size) this process holds a private copy
    of, or None when they cannot be read or are more than MAX_PAGES."""
    if _madvise is None:
        return None
    first, count = base // PAGE, size // PAGE
    try:
        with open("/proc/self/pagemap", "rb") as pagemap:
            pagemap.seek(first * 8)
            entries = struct.unpack(f"<{count}Q", pagemap.read(count * 8))
    except (OSError, struct.error):
        logger.debug("pagemap unreadable: no prefault", exc_info=True)
        return None
    pages = [i for i, entry in enumerate(entries) if entry & _PRESENT and not entry & _FILE_OR_SHARED]
    if len(pages) > MAX_PAGES:
        return None
    ranges: list[list[int]] = []
    for page in pages:
        if ranges and ranges[-1][0] + ranges[-1][1] == page:
            ranges[-1][1] += 1
        else:
            ranges.append([page, 1])
    return tuple((start * PAGE, length * PAGE) for start, length in ranges)


def populate(base: int, ranges: Ranges) -> None:
    """Copy in the pages of `ranges` (from `written_pages`) at `base`; silently nothing where the
    kernel refuses (before 5.14: EINVAL), which only leaves the faults to the guest."""
    global _madvise
    if _madvise is None:
        return
    for offset, length in ranges:
        if _madvise(base + offset, length, _MADV_POPULATE_WRITE) != 0:
            logger.debug("madvise(MADV_POPULATE_WRITE) failed (errno %d): no prefault", ctypes.get_errno())
            _madvise = None
            return
