"""Cache entries Cordon loads only when they are byte for byte what it wrote.

A cache entry becomes code once loaded (the precompiled engine module is native
code; a compiled npm bundle is admitted pack code that skips the scan and the
probes), yet the cache folder is the "safe to delete" one that may sit where
other programs write (a shared or synced XDG_CACHE_HOME). So the sha256 of
every entry is recorded when Cordon writes it, under
`data_dir()/cache-digests/`: beside the installed packs and trust decisions,
so it adds no new thing to trust, and no workspace may overlap it
(`paths.check_workspace`). An entry is read once into memory and served only
if those bytes match the record; a missing record, a changed byte or a file
planted before Cordon wrote one is a miss, and the caller rebuilds and writes
again. Callers get bytes, never a path, so nothing maps a file that can still
change after it was checked. See docs/security.md.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import stat
from pathlib import Path, PurePosixPath

from core import paths
from core.atomic import write_atomic

logger = logging.getLogger(__name__)

DIGESTS = "cache-digests"
#: The cache folder's size past which `write` removes the least recently used entries. Entries
#: are keyed by content (a new guest build, prelude or pack version writes new ones), so without
#: a bound the folder only grows: ~3.7 MB per compiled guest image, up to 1 MB per npm bundle.
MAX_CACHE_BYTES = 512 << 20
#: Larger than any entry Cordon writes (the engine module is ~2.5 MB, an npm bundle at most 1 MB).
MAX_ENTRY_BYTES = 64 << 20
#: An entry is opened without following a link or waiting on a FIFO: a cache folder in a shared
#: place may hold anything, and a miss must stay a miss, never a hang or a huge read.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def _files(name: str) -> tuple[Path, Path]:
    """(the entry under cache_dir(), its digest record under data_dir()) for a name of Cordon's
    choosing: a relative posix path built from hex digests, never from user input."""
    parts = PurePosixPath(name).parts
    return paths.cache_dir().joinpath(*parts), paths.data_dir().joinpath(DIGESTS, *parts[:-1], parts[-1] + ".sha256")


def read(name: str, *, max_bytes: int = MAX_ENTRY_BYTES) -> bytes | None:
    """The entry's bytes if they are exactly what `write` stored under `name`, else None (and None
    past `max_bytes`: only a caller that writes larger entries asks for more)."""
    entry, record = _files(name)
    try:
        want = record.read_bytes().strip()
        fd = os.open(entry, _OPEN_FLAGS)
    except OSError:
        logger.debug("cache entry %s is missing or unreadable", name)
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > max_bytes:
            return None
        try:
            data = handle.read(max_bytes + 1)
        except OSError:
            return None
        if hashlib.sha256(data).hexdigest().encode() != want:
            return None
        # The eviction order, most recently used last (a read-only cache folder still serves and
        # evicts by write time). On the open descriptor: the path may be swapped since.
        with contextlib.suppress(OSError, NotImplementedError):
            os.utime(fd)
    return data


def write(name: str, data: bytes) -> None:
    """Store `data` under `name`, then record its digest (a reader in between sees a miss)."""
    entry, record = _files(name)
    entry.parent.mkdir(parents=True, exist_ok=True)
    record.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(entry, data)
    write_atomic(record, hashlib.sha256(data).hexdigest().encode())
    # The folder is walked on this process's first write and whenever the count since passes the
    # bound, not on every write: a first run writes one entry per module, and a walk per write made
    # a burst of writes quadratic in the folder's size (2,000 small writes: 15 s against 0.6 s).
    root = paths.cache_dir()
    held = _held.get(root)
    _held[root] = evict(MAX_CACHE_BYTES) if held is None or held + len(data) > MAX_CACHE_BYTES else held + len(data)


#: Per cache folder, its size when this process last walked it plus what it wrote since: an
#: overcount only walks sooner, and another process's writes are counted at its own first write.
_held: dict[Path, int] = {}


def evict(limit: int) -> int:
    """Remove the least recently used entries (and their records) until the cache folder holds at
    most `limit` bytes. Callers hold what they read as bytes, so removing an entry never pulls it
    from under a run; the next reader misses and rebuilds. Returns the bytes left."""
    root = paths.cache_dir()
    entries: list[tuple[float, int, Path]] = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = Path(folder, name)
            try:
                info = path.lstat()
            except OSError:
                continue
            entries.append((info.st_mtime, info.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries, key=lambda e: e[0]):
        if total <= limit:
            break
        relative = path.relative_to(root).as_posix()
        _, record = _files(relative)
        for doomed in (path, record):
            try:
                doomed.unlink()
            except OSError:
                logger.debug("cache eviction could not remove %s", doomed)
        total -= size
        logger.info("cache: evicted %s (%d bytes) to stay under %d bytes", relative, size, limit)
    return total
