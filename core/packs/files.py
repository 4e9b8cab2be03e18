"""Reading a pack's files: containment, symlink checks and size caps.

Every path a manifest names is pack-relative and untrusted. It is normalised
without touching the filesystem, then walked by folder descriptors the way
`workspace.*` paths are (links followed by Cordon, never outside the pack), and
read through a descriptor that refuses anything but a regular file, never more
than its cap.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from core.bridges.fsguard import CONTAINED, FsGuard, read_capped
from core.errors import SandboxRefusal
from core.packs.status import DiscoveryError

_DRIVE = re.compile(r"^[A-Za-z]:")
#: Windows' FILE_ATTRIBUTE_REPARSE_POINT (junctions, symbolic links, mount points).
_REPARSE_POINT = 0x400


def normalize_relpath(rel: str) -> str:
    """`a/./b/../c.js` -> `a/c.js`; refuses absolute, encoded, backslashed and escaping paths."""
    if not rel or any(c in rel for c in "\\%\x00") or any(ord(c) < 0x20 for c in rel):
        raise DiscoveryError(
            f"path {rel!r} is not a plain pack-relative path (no '\\', '%' or control characters)",
            rule="module-outside-pack",
            path=rel[:200],
        )
    if rel.startswith("/") or _DRIVE.match(rel):
        raise DiscoveryError(
            f"path {rel!r} is absolute; paths are relative to the pack folder",
            rule="module-outside-pack",
            path=rel[:200],
        )
    parts: list[str] = []
    for segment in rel.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if not parts:
                raise DiscoveryError(f"path {rel!r} leaves the pack folder", rule="module-outside-pack", path=rel[:200])
            parts.pop()
        else:
            parts.append(segment)
    if not parts:
        raise DiscoveryError(f"path {rel!r} names no file", rule="module-missing-file", path=rel[:200])
    return "/".join(parts)


def read_contained(root: Path, rel: str, cap: int, *, too_large: str = "module-too-large") -> bytes:
    """The bytes of pack file `rel` (already normalised), refusing escapes, non-files and oversize.

    The path is walked by folder descriptors (`core.bridges.fsguard`, the workspace's walker):
    a link inside the pack that points inside is followed by Cordon, one that leads out is
    refused, and a name swapped for a link between the check and the open is never followed
    (checking the realpath first and then opening by path would follow it).
    """
    if not CONTAINED:
        return _read_by_path(root, rel, cap, too_large)
    try:
        with FsGuard(root, host=False).locate(rel) as loc:
            if loc.seen is None:
                raise DiscoveryError(f"{rel} does not exist in the pack", rule="module-missing-file", path=rel)
            fd = loc.open(os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except SandboxRefusal as exc:
        if exc.rule in ("workspace-symlink", "workspace-escape"):
            raise DiscoveryError(
                f"{rel} resolves outside the pack folder through a symlink", rule="module-symlink-escape", path=rel
            ) from None
        raise DiscoveryError(f"{rel} cannot be read: {exc.message}", rule="module-missing-file", path=rel) from None
    return _read_fd(fd, rel, cap, too_large)


def _read_by_path(root: Path, rel: str, cap: int, too_large: str) -> bytes:
    """`read_contained` where the descriptor walk is unavailable (Windows): no component may be a link
    or reparse point (a junction), checked by `lstat` one component at a time, then the file is opened
    by path. Between the check and the open a component could be swapped for a link; a pack folder is
    Cordon's own or one the user linked, and the workspace (guest-writable) is refused on such
    platforms, so no run can make that swap (docs/security.md, Workspace)."""
    path = root
    for part in rel.split("/"):
        path = path / part
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            raise DiscoveryError(f"{rel} does not exist in the pack", rule="module-missing-file", path=rel) from None
        except OSError as exc:
            why = f"{rel} cannot be read: {exc.strerror}"
            raise DiscoveryError(why, rule="module-missing-file", path=rel) from None
        if stat.S_ISLNK(info.st_mode) or getattr(info, "st_file_attributes", 0) & _REPARSE_POINT:
            raise DiscoveryError(
                f"{rel} passes through a link; on this platform pack files are read only along plain folders",
                rule="module-symlink-escape",
                path=rel,
            )
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise DiscoveryError(f"{rel} cannot be read: {exc.strerror}", rule="module-missing-file", path=rel) from None
    return _read_fd(fd, rel, cap, too_large)


def _read_fd(fd: int, rel: str, cap: int, too_large: str) -> bytes:
    """The bytes behind `fd` (closed here): a regular file of at most `cap` bytes."""
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DiscoveryError(f"{rel} is not a regular file", rule="module-missing-file", path=rel)
        if info.st_size > cap:
            raise DiscoveryError(f"{rel} is {info.st_size} bytes; the cap is {cap} bytes", rule=too_large, path=rel)
        data = read_capped(fd, cap)
    finally:
        os.close(fd)
    if data is None:
        raise DiscoveryError(f"{rel} is larger than {cap} bytes", rule=too_large, path=rel)
    return data


def read_text(root: Path, rel: str, cap: int, *, too_large: str = "module-too-large") -> str:
    """`read_contained` decoded as UTF-8 (a BOM is dropped)."""
    data = read_contained(root, rel, cap, too_large=too_large)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DiscoveryError(f"{rel} is not UTF-8 text", rule="module-not-utf8", path=rel) from None
