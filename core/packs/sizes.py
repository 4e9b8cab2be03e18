"""A pack's sizes, computed here only and said the same way everywhere.

Three numbers answer three different questions, and each screen used to show
a different one under the same word "size": nanoid's
consent said 393 B (the wrapper's package.json) or 14.8 KB, its page 6.3 KB,
the CLI "download 0 bytes" after 1.1 MB came down, and shipped packs "0 bytes".

- download: the compressed bytes Cordon fetched or read to get the pack: its
  tarball and every dependency's (None when nothing was, e.g. a folder);
- on disk: every file placed, the pack's own and its `node_modules`;
- sandbox bundle: what a Code node loads into the guest (the pack's mounted
  modules: authored JavaScript, compiled npm bundles, WASM). A pack whose
  modules all run on the host through a bridge loads none (None).

`PackSizes.lines()` is the wording of the consent dialog, the pack page and
`cordon packs install|show`; `to_json()` is their `--json` shape.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.packs.pack import Pack

SIZE_LABELS = ("Download", "On disk", "Sandbox bundle")


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else words or word + 's'}"


def human_size(size: int) -> str:
    """Bytes for people: 1 byte, 912 bytes, 14.2 KB, 3.1 MB."""
    if size < 1024:
        return plural(size, "byte")
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


@dataclass(frozen=True)
class PackSizes:
    download: int | None
    disk: int
    files: int
    bundle: int | None
    #: npm packages placed under node_modules (counted in `disk` and `files`): an npm library wrapped
    #: by Cordon is one of them, with each of its dependencies.
    packages: int = 0

    def values(self) -> tuple[str | None, str, str | None]:
        """The three sizes in words, in `SIZE_LABELS` order (None: that size does not apply)."""
        disk = f"{human_size(self.disk)} in {plural(self.files, 'file')}"
        if self.packages:
            disk += f" ({plural(self.packages, 'npm package')})"
        return (
            None if self.download is None else human_size(self.download),
            disk,
            None if self.bundle is None else f"{human_size(self.bundle)} (what a Code node loads)",
        )

    def rows(self) -> list[tuple[str, str]]:
        """(label, words) of each size that applies, for a form."""
        return [(label, value) for label, value in zip(SIZE_LABELS, self.values(), strict=True) if value is not None]

    def lines(self, indent: str = "  ") -> list[str]:
        """The sizes as terminal lines, with the same labels as the dialog and the page."""
        return [f"{indent}{label.lower()}: {value}" for label, value in self.rows()]

    def to_json(self) -> dict[str, Any]:
        return {
            "download": self.download,
            "disk": self.disk,
            "files": self.files,
            "bundle": self.bundle,
            "packages": self.packages,
        }


def on_disk(root: Path) -> tuple[int, int, int]:
    """(files, bytes, npm packages under node_modules) of the folder, links never followed (a linked dev pack's
    own folder is walked, nothing it points at)."""
    files = size = packages = 0
    for folder, dirs, names in os.walk(root):
        here = Path(folder)
        scoped = here.parent.parent.name == "node_modules" and here.parent.name.startswith("@")
        if scoped or (here.parent.name == "node_modules" and not here.name.startswith(("@", "."))):
            packages += 1
        for name in names:
            try:
                info = (here / name).lstat()
            except OSError:
                continue
            if stat.S_ISREG(info.st_mode):
                files += 1
                size += info.st_size
        dirs[:] = [d for d in dirs if not (here / d).is_symlink()]
    return files, size, packages


#: `on_disk` of recent packs, by what changes when their folder does (`_folder_key`): the pack page
#: asks on every selection, and an npm pack's folder can hold thousands of files (date-fns: ~5,000).
_ON_DISK: dict[tuple[object, ...], tuple[int, int, int]] = {}
_ON_DISK_KEPT = 64


def _folder_key(pack: Pack) -> tuple[object, ...]:
    """An install or an update writes a new folder (a new inode and time), and what a linked pack
    mounts is in `pack.size`: the same key is the same folder as far as a person can tell."""
    info = pack.root.stat()
    return (str(pack.root), info.st_ino, info.st_mtime_ns, pack.version, pack.size)


def _on_disk_of(pack: Pack) -> tuple[int, int, int]:
    try:
        key = _folder_key(pack)
    except OSError:
        return on_disk(pack.root)
    found = _ON_DISK.get(key)
    if found is None:
        found = _ON_DISK[key] = on_disk(pack.root)
        while len(_ON_DISK) > _ON_DISK_KEPT:
            _ON_DISK.pop(next(iter(_ON_DISK)), None)
    return found


def pack_sizes(pack: Pack) -> PackSizes:
    """An installed or shipped pack's sizes; its download as its install recorded it (None: a shipped
    pack, or one installed from a file or a folder, which has no install record)."""
    files, size, packages = _on_disk_of(pack)
    guest = any(m.kind != "host" for m in pack.modules.values()) or pack.size > 0
    return PackSizes(_recorded_download(pack), size, files, pack.size if guest else None, packages)


def _recorded_download(pack: Pack) -> int | None:
    if pack.origin != "installed":
        return None
    from core.packs.install.records import records  # the installer, only for a pack it placed

    record = records().get(pack.name)
    return record.download if record is not None and record.version == pack.version and record.download else None
