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

import hashlib
import logging
import os
import stat
from pathlib import Path, PurePosixPath

from core import paths
from core.atomic import write_atomic

logger = logging.getLogger(__name__)

DIGESTS = "cache-digests"
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


def read(name: str) -> bytes | None:
    """The entry's bytes if they are exactly what `write` stored under `name`, else None."""
    entry, record = _files(name)
    try:
        want = record.read_bytes().strip()
        fd = os.open(entry, _OPEN_FLAGS)
    except OSError:
        logger.debug("cache entry %s is missing or unreadable", name)
        return None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_ENTRY_BYTES:
            return None
        try:
            data = handle.read(MAX_ENTRY_BYTES + 1)
        except OSError:
            return None
    return data if hashlib.sha256(data).hexdigest().encode() == want else None


def write(name: str, data: bytes) -> None:
    """Store `data` under `name`, then record its digest (a reader in between sees a miss)."""
    entry, record = _files(name)
    entry.parent.mkdir(parents=True, exist_ok=True)
    record.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(entry, data)
    write_atomic(record, hashlib.sha256(data).hexdigest().encode())
