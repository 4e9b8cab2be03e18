"""Unpacking a pack without trusting the archive: streamed, capped, link-free.

`tarfile.extractall` trusts the archive's paths and types; this does not. The
gzip stream is inflated by hand so bytes are counted *as they inflate* (a
kilobyte that inflates to gigabytes stops at the cap, never on disk or in
memory), and every entry is checked before a byte of it is written:
absolute paths, `..`, backslashes and drive letters, symlinks and hard links,
devices and FIFOs, duplicates (case- and Unicode-insensitively, because the
user's file system may be), and caps on entries, total bytes and the
inflation ratio. The entry cap fits real packages (date-fns 4 ships 5,137
files); the byte and ratio caps are what stop a bomb. npm's leading
`package/` folder is stripped. Files are created with O_EXCL|O_NOFOLLOW in a
fresh staging folder, so nothing outside it can be reached.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tarfile
import unicodedata
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from core.packs.install.errors import InstallError
from core.packs.install.integrity import to_sri
from core.packs.install.registry import CHUNK, Progress

MAX_UNPACKED_BYTES = 64 * 1024 * 1024
MAX_ENTRIES = 20_000
#: Inflated bytes per compressed byte, checked once past `RATIO_FLOOR`: npm tarballs (text plus
#: tar's zero-padded headers) inflate 3-30x; a gzip bomb of zeros inflates ~1000x.
MAX_RATIO = 200
RATIO_FLOOR = 1024 * 1024
#: Skipped when installing from a local folder: VCS data and an npm-installed tree (scripts may have built it).
FOLDER_SKIP = frozenset({".git", ".hg", ".svn", "node_modules"})
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
#: A tarball's checked members are written in batches (this many files or BATCH_BYTES, whichever
#: comes first) by WRITERS threads while the inflater waits. Creating a file is a wait on the file
#: system's journal (2-4 ms each on a busy disk: date-fns' 5,136 files took 12 s one by one, npm writes
#: in parallel); the inflater waiting means the writers never pass the GIL back and forth with it, which
#: doubled the CPU when both ran at once.
WRITERS = 4
BATCH_FILES = 512
BATCH_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class ArchiveLimits:
    max_unpacked_bytes: int = MAX_UNPACKED_BYTES
    max_entries: int = MAX_ENTRIES


@dataclass(frozen=True)
class Unpacked:
    files: int
    size: int
    #: For a local folder, a sha512 SRI over its sorted (path, content) list; empty for tarballs.
    integrity: str = ""


class _Inflater:
    """A file-like `read()` over a gzip stream that refuses to inflate past `cap` bytes."""

    def __init__(self, raw: BinaryIO, cap: int, what: str) -> None:
        self._raw = raw
        self._cap = cap
        self._what = what
        self._inflater = zlib.decompressobj(wbits=31)
        self._tail = b""
        self.inflated = 0
        self.compressed = 0

    def read(self, size: int = -1) -> bytes:
        want = CHUNK if size is None or size < 0 else max(1, size)
        while True:
            if self._tail:
                data, self._tail = self._tail, b""
            elif self._inflater.eof:
                rest = self._inflater.unused_data
                if not rest.strip(b"\0"):
                    return b""  # end of stream (npm pads nothing, tar pads with zeros)
                self._inflater = zlib.decompressobj(wbits=31)  # a concatenated gzip member
                data = rest
            else:
                data = self._raw.read(CHUNK)
                self.compressed += len(data)
                if not data:
                    if not self._inflater.eof:
                        raise InstallError(
                            f"{self._what}: the archive ends in the middle of its data", rule="archive-corrupt"
                        )
                    return b""
            try:
                out = self._inflater.decompress(data, want)
            except zlib.error as exc:
                raise InstallError(
                    f"{self._what}: the archive is not valid gzip ({exc})", rule="archive-corrupt"
                ) from None
            self._tail = self._inflater.unconsumed_tail
            if out:
                self.inflated += len(out)
                if self.inflated > self._cap:
                    raise InstallError(
                        f"{self._what}: the archive inflates past {self._cap} bytes (zip bomb guard)",
                        rule="archive-too-large",
                    )
                if self.inflated > RATIO_FLOOR and self.inflated > MAX_RATIO * self.compressed:
                    raise InstallError(
                        f"{self._what}: the archive inflates more than {MAX_RATIO}x (zip bomb guard)",
                        rule="archive-too-large",
                    )
                return out


def _canonical(path: str) -> str:
    return unicodedata.normalize("NFC", path).casefold()


#: Longest file name (bytes) and deepest path (components) placed: past them the file system
#: refuses the name (NAME_MAX 255) or the placing recursion overflows, and no npm package needs them.
MAX_NAME_BYTES = 255
MAX_DEPTH = 64


def _check_component(part: str, raw: str, what: str) -> None:
    if part in ("", ".", ".."):
        raise InstallError(f"{what}: archive entry {raw!r} escapes the package folder", rule="archive-unsafe-path")
    if len(part.encode("utf-8", "surrogateescape")) > MAX_NAME_BYTES:
        raise InstallError(
            f"{what}: archive entry {raw[:80]!r}... has a name longer than {MAX_NAME_BYTES} bytes",
            rule="archive-unsafe-path",
        )
    if any(ord(ch) < 0x20 or ch in '\\:*?"<>|' for ch in part) or part.endswith((" ", ".")):
        raise InstallError(
            f"{what}: archive entry {raw!r} has a name that is unsafe on some file systems", rule="archive-unsafe-path"
        )


class _Placement:
    """Tracks every path placed so far: caps, duplicates and file/folder clashes."""

    def __init__(self, dest: Path, limits: ArchiveLimits, what: str) -> None:
        self.dest = dest
        self.limits = limits
        self.what = what
        self.files: set[str] = set()
        self.dirs: set[str] = set()
        self.entries = 0
        self.size = 0
        #: Folders known to exist, so each is made once rather than once per file in it.
        self.made: set[Path] = set()

    def claim(self, parts: list[str], raw: str, *, is_dir: bool, size: int) -> Path:
        if len(parts) > MAX_DEPTH:
            raise InstallError(
                f"{self.what}: archive entry {raw[:80]!r}... is nested more than {MAX_DEPTH} folders deep",
                rule="archive-unsafe-path",
            )
        for part in parts:
            _check_component(part, raw, self.what)
        self.entries += 1
        if self.entries > self.limits.max_entries:
            raise InstallError(
                f"{self.what}: more than {self.limits.max_entries} entries in the archive",
                rule="archive-too-many-entries",
            )
        if self.size + size > self.limits.max_unpacked_bytes:
            raise InstallError(
                f"{self.what}: unpacked content exceeds {self.limits.max_unpacked_bytes} bytes",
                rule="archive-too-large",
            )
        key = _canonical("/".join(parts))
        prefixes = ["/".join(_canonical(p) for p in parts[:i]) for i in range(1, len(parts))]
        if any(p in self.files for p in prefixes) or key in self.files or (not is_dir and key in self.dirs):
            raise InstallError(
                f"{self.what}: archive entry {raw!r} appears twice (or clashes with another "
                "entry on a case-insensitive file system)",
                rule="archive-duplicate-entry",
            )
        (self.dirs if is_dir else self.files).add(key)
        self.dirs.update(prefixes)
        target = self.dest.joinpath(*parts)
        self.make_folder(target.parent)
        return target

    def make_folder(self, folder: Path) -> None:
        if folder not in self.made:
            folder.mkdir(parents=True, exist_ok=True)
            self.made.update(p for p in (folder, *folder.parents) if p.is_relative_to(self.dest))

    def count(self, chunk: bytes, on_progress: Progress | None) -> None:
        """Add `chunk` to the unpacked total, refusing past the cap before it is written."""
        self.size += len(chunk)
        if self.size > self.limits.max_unpacked_bytes:
            raise InstallError(
                f"{self.what}: unpacked content exceeds {self.limits.max_unpacked_bytes} bytes",
                rule="archive-too-large",
            )
        if on_progress is not None:
            on_progress("extract", self.size, None)

    def write(self, target: Path, chunks: Iterator[bytes], on_progress: Progress | None) -> None:
        fd = os.open(target, _FLAGS, 0o644)
        with os.fdopen(fd, "wb") as out:
            for chunk in chunks:
                self.count(chunk, on_progress)
                out.write(chunk)


def _write_file(item: tuple[Path, bytes]) -> None:
    target, data = item
    fd = os.open(target, _FLAGS, 0o644)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


class _Batch:
    """Checked members' bytes, written together on WRITERS threads once the batch is full (`add`) or the
    archive ends (`flush`); `flush` returns only when every file is written, raising the first error."""

    def __init__(self, pool: ThreadPoolExecutor) -> None:
        self._pool = pool
        self._items: list[tuple[Path, bytes]] = []
        self._bytes = 0

    def add(self, target: Path, data: bytes) -> None:
        self._items.append((target, data))
        self._bytes += len(data)
        if len(self._items) >= BATCH_FILES or self._bytes >= BATCH_BYTES:
            self.flush()

    def flush(self) -> None:
        items, self._items, self._bytes = self._items, [], 0
        for _ in self._pool.map(_write_file, items):
            pass


def _member_parts(member: tarfile.TarInfo, what: str) -> list[str] | None:
    """Path components below npm's top folder; None for the top folder itself."""
    raw = member.name
    if raw.startswith(("/", "\\")) or (len(raw) > 1 and raw[1] == ":"):
        raise InstallError(f"{what}: archive entry {raw!r} is an absolute path", rule="archive-unsafe-path")
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise InstallError(f"{what}: archive entry {raw!r} escapes the package folder", rule="archive-unsafe-path")
    if len(parts) <= 1:
        if member.isdir():
            return None
        raise InstallError(f"{what}: archive entry {raw!r} lies outside the package folder", rule="archive-unsafe-path")
    return parts[1:]


def _chunks(stream: BinaryIO) -> Iterator[bytes]:
    while chunk := stream.read(CHUNK):
        yield chunk


def extract_tarball(
    tgz: Path, dest: Path, *, what: str, limits: ArchiveLimits = ArchiveLimits(), on_progress: Progress | None = None
) -> Unpacked:
    """Unpack an npm tarball into the empty folder `dest` (refusing anything unsafe)."""
    placement = _Placement(dest, limits, what)
    # Headers and padding ride on top of content: allow them, bounded by the entry cap.
    stream_cap = limits.max_unpacked_bytes + (limits.max_entries * 3 + 16) * tarfile.BLOCKSIZE
    try:
        with ThreadPoolExecutor(WRITERS, thread_name_prefix="cordon-unpack") as pool, open(tgz, "rb") as raw:
            batch = _Batch(pool)
            inflater = _Inflater(raw, stream_cap, what)
            with tarfile.open(fileobj=inflater, mode="r|") as archive:  # type: ignore[call-overload]
                for member in archive:
                    _extract_member(archive, member, placement, batch, what, on_progress)
            batch.flush()
    except (tarfile.TarError, EOFError) as exc:
        raise InstallError(f"{what}: the archive is corrupt ({exc})", rule="archive-corrupt") from None
    except OSError as exc:  # the file system refused what the checks let through (full disk, odd names)
        raise InstallError(f"{what}: cannot unpack: {exc.strerror or exc}", rule="archive-io") from None
    return Unpacked(files=len(placement.files), size=placement.size)


def _extract_member(
    archive: tarfile.TarFile,
    member: tarfile.TarInfo,
    placement: _Placement,
    batch: _Batch,
    what: str,
    on_progress: Progress | None,
) -> None:
    if member.issym() or member.islnk():
        raise InstallError(
            f"{what}: archive entry {member.name!r} is a link (links are never installed)", rule="archive-link"
        )
    if not (member.isreg() or member.isdir()) or member.issparse():
        raise InstallError(
            f"{what}: archive entry {member.name!r} is a device, FIFO or other special file",
            rule="archive-special-file",
        )
    parts = _member_parts(member, what)
    if parts is None:
        return
    target = placement.claim(parts, member.name, is_dir=member.isdir(), size=0 if member.isdir() else member.size)
    if member.isdir():
        placement.make_folder(target)
        return
    source = archive.extractfile(member)
    assert source is not None  # regular members always have a data stream
    data = bytearray()
    for chunk in _chunks(source):
        placement.count(chunk, on_progress)
        data += chunk
    batch.add(target, bytes(data))


def _hashed(stream: BinaryIO, content: hashlib._Hash) -> Iterator[bytes]:
    for chunk in _chunks(stream):
        content.update(chunk)
        yield chunk


def copy_folder(
    src: Path, dest: Path, *, what: str, limits: ArchiveLimits = ArchiveLimits(), on_progress: Progress | None = None
) -> Unpacked:
    """Copy a local pack folder under the same rules as a tarball; its digest stands in for integrity."""
    placement = _Placement(dest, limits, what)
    listing = hashlib.sha512()
    for rel, path in _walk(src, what):
        target = placement.claim(rel, "/".join(rel), is_dir=False, size=path.stat().st_size)
        content = hashlib.sha512()
        with open(path, "rb") as stream:
            placement.write(target, _hashed(stream, content), on_progress)
        listing.update("/".join(rel).encode("utf-8") + b"\0" + content.digest())
    return Unpacked(files=len(placement.files), size=placement.size, integrity=to_sri(listing.digest()))


def _walk(root: Path, what: str, rel: tuple[str, ...] = ()) -> Iterator[tuple[list[str], Path]]:
    with os.scandir(root.joinpath(*rel)) as it:
        entries = sorted(it, key=lambda e: e.name)
    for entry in entries:
        if not rel and entry.name in FOLDER_SKIP:
            continue
        mode = entry.stat(follow_symlinks=False).st_mode
        if stat.S_ISLNK(mode):
            raise InstallError(
                f"{what}: {entry.path!r} is a symbolic link (links are never installed)", rule="archive-link"
            )
        if stat.S_ISDIR(mode):
            yield from _walk(root, what, (*rel, entry.name))
        elif stat.S_ISREG(mode):
            yield [*rel, entry.name], Path(entry.path)
        else:
            raise InstallError(f"{what}: {entry.path!r} is a device, FIFO or socket", rule="archive-special-file")
