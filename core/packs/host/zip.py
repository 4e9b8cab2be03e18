"""`@cordon/sandbox-zip`: ZIP archives in and out on the host, as fflate's unzip / zip.

Python's `zipfile` (stdlib). `unzip(archive)` -> `{ "a/b.txt": Uint8Array }`
(directory entries too, as fflate lists them: `"dir/"` with no bytes);
`zip({ name: Uint8Array | string })` -> the archive (deflated; a string is
stored as UTF-8).

The inflation cap is enforced here, while reading, not from the sizes the
archive declares (they can lie): all entries together inflate to at most
`MAX_INFLATED` (50 MB), each entry is read in chunks against what is left.
Refused before anything is inflated: an entry name that could escape a folder
it is extracted to (zip-slip: absolute, `..`, backslashes, drive letters), a
declared compression ratio above `MAX_RATIO` on an entry over 1 MB (a ratio
bomb), more than `MAX_ENTRIES` entries, encrypted entries. `zip` refuses more than
`MAX_ENTRIES` entries too (`zip-too-many-entries`), so it never writes an archive its own
`unzip` refuses. `open_archive` is
shared with packs whose formats are ZIP containers (xlsx); `check_document`
adds, for office and e-book files read by libraries whose XML parsers expand
internal entities, the refusal of any entity declaration (`document-entities-forbidden`).
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Mapping
from typing import Any

from core.bridges.base import worker_check_alive, worker_checked
from core.errors import SandboxRefusal
from core.packs.caps import MB
from core.packs.host_registry import Arg, HostExport, HostModule

#: Everything one archive may inflate to (the reference's 52428800-byte limit).
MAX_INFLATED = 50 * MB
#: Largest compression ratio an entry over RATIO_FLOOR bytes may declare.
MAX_RATIO = 200
RATIO_FLOOR = 1 * MB
MAX_ENTRIES = 10_000
_CHUNK = 1 * MB
#: Entries `zip` writes between checks that the run is still alive (it writes ~50,000 a second).
_CHECK_EVERY = 1000
_UNSAFE = re.compile(r"(^|/)\.\.(/|$)|^/|\\|^[A-Za-z]:|\x00")


def open_archive(data: bytes, what: str = "the archive") -> zipfile.ZipFile:
    """A ZipFile whose entries were all checked (names, count, declared sizes and ratios)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError, EOFError) as exc:
        raise SandboxRefusal(f"{what} is not a ZIP archive ({exc})", rule="zip-invalid", name="TypeError") from None
    entries = archive.infolist()
    if len(entries) > MAX_ENTRIES:
        raise SandboxRefusal(
            f"{what} has {len(entries)} entries, at most {MAX_ENTRIES}", rule="zip-too-many-entries", name="RangeError"
        )
    declared = 0
    for info in entries:
        if _UNSAFE.search(info.filename):
            raise SandboxRefusal(
                f"{what} has an entry named {info.filename[:200]!r}, which could write outside "
                "the folder it is extracted to (zip-slip)",
                rule="zip-unsafe-path",
                name="TypeError",
            )
        if info.flag_bits & 0x1:
            raise SandboxRefusal(
                f"{what} has an encrypted entry {info.filename[:200]!r}; encryption is not supported",
                rule="zip-invalid",
                name="TypeError",
            )
        if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise SandboxRefusal(
                f"{what}: entry {info.filename[:200]!r} inflates {info.compress_size} bytes to "
                f"{info.file_size} (more than {MAX_RATIO}:1): a compression bomb",
                rule="zip-bomb",
                name="RangeError",
            )
        declared += info.file_size
        if declared > MAX_INFLATED:
            raise _too_large(what)
    return archive


def _too_large(what: str) -> SandboxRefusal:
    return SandboxRefusal(
        f"{what}: the entries exceed the {MAX_INFLATED} byte limit when inflated",
        rule="zip-too-large",
        name="RangeError",
    )


def read_entries(archive: zipfile.ZipFile, what: str = "the archive") -> dict[str, bytes]:
    """Every entry's bytes, counting what is actually inflated against MAX_INFLATED."""
    left = MAX_INFLATED
    out: dict[str, bytes] = {}
    for info in archive.infolist():
        chunks: list[bytes] = []
        try:
            with archive.open(info) as stream:
                while chunk := stream.read(min(_CHUNK, left + 1)):
                    worker_check_alive()  # per MB inflated (at most 50): a stopped run's unzip stops too
                    left -= len(chunk)
                    if left < 0:
                        raise _too_large(what)
                    chunks.append(chunk)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError) as exc:
            raise SandboxRefusal(
                f"{what}: entry {info.filename[:200]!r} cannot be read ({exc})", rule="zip-invalid", name="TypeError"
            ) from None
        out[info.filename] = b"".join(chunks)
    return out


#: An XML entity declaration, in the encodings an XML part may use (UTF-8 and UTF-16).
_ENTITY_MARKS = tuple("<!ENTITY".encode(codec) for codec in ("utf-8", "utf-16-le", "utf-16-be"))


def check_document(data: bytes, what: str) -> None:
    """Refuse a ZIP-based document (docx, pptx, epub) before a library parses it.

    The archive checks above, every entry inflated under the 50 MB cap, and no entity
    declaration in any part: the formats never need one (XHTML's doctype declares none),
    and an entity-expansion bomb needs them.
    """
    with open_archive(data, what) as archive:
        for name, part in read_entries(archive, what).items():
            if any(mark in part for mark in _ENTITY_MARKS):
                raise SandboxRefusal(
                    f"{what}: part {name[:200]!r} declares XML entities, which these documents "
                    "never need (an entity-expansion bomb does)",
                    rule="document-entities-forbidden",
                    name="TypeError",
                )


def unzip(archive: bytes) -> dict[str, bytes]:
    with open_archive(archive) as opened:
        return read_entries(opened)


def zip(files: Mapping[str, Any]) -> bytes:
    if not isinstance(files, dict):
        raise SandboxRefusal(
            "files must be an object of name -> Uint8Array or string", rule="host-argument-invalid", name="TypeError"
        )
    if len(files) > MAX_ENTRIES:  # unzip (this pack's and the office packs') refuses such an archive
        raise SandboxRefusal(
            f"files has {len(files)} entries, at most {MAX_ENTRIES} (the most unzip reads back)",
            rule="zip-too-many-entries",
            name="RangeError",
        )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        # a stopped run's archive does not keep a host worker busy
        for name, value in worker_checked(files.items(), _CHECK_EVERY):
            if not name or _UNSAFE.search(name):
                raise SandboxRefusal(
                    f"entry name {name[:200]!r} is empty or could write outside the folder it is extracted to",
                    rule="zip-unsafe-path",
                    name="TypeError",
                )
            if not isinstance(value, bytes | str):
                raise SandboxRefusal(
                    f"entry {name[:200]!r} must be a Uint8Array or a string",
                    name="TypeError",
                    rule="host-argument-invalid",
                )
            archive.writestr(name, value.encode("utf-8") if isinstance(value, str) else value)
    return out.getvalue()


MODULE = HostModule(
    "cordon.zip",
    "@cordon/sandbox-zip",
    "1",
    {
        "unzip": HostExport(unzip, (Arg("archive", ("bytes",)),)),
        "zip": HostExport(zip, (Arg("files", ("json", "bytes")),)),
    },
)
