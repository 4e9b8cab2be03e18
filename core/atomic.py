"""Atomic file replacement: the one way Cordon writes a file another reader may open.

A temp file in the same folder, then one rename: a reader (or the next start
after a crash) sees the old content or the new, never a torn file.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes, *, durable: bool = False, keep_mode: bool = False) -> None:
    """Replace `path` with `data`.

    `durable` also fsyncs the file before the rename and the folder after it, so
    the change survives a power cut (documents, the install journal); caches and
    indexes that can be rebuilt skip that cost.

    The temp file is private (0600, `mkstemp`), so by default the new file is too:
    right for Cordon's own state. `keep_mode` is for a file the person owns (a
    document): the new file keeps the old one's permission bits, and a new file
    gets what the umask gives any file the person creates (644 stays 644).
    """
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            if keep_mode:
                os.fchmod(out.fileno(), _mode_for(path))
            out.write(data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        fsync_dir(path.parent)


def _mode_for(path: Path) -> int:
    """The permission bits `path` has now, or (a new file) 0666 less the process's umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without setting it where Linux says it (`os.umask` is racy across threads)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def fsync_dir(folder: Path) -> None:
    """Make a rename in `folder` durable (a no-op where folders cannot be opened: Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
