"""Pack folders that change under a running host: a cheap signature to notice it.

`cordon packs link DIR` points discovery at an author's folder, which the
author keeps editing, and another process (`cordon packs install` in a
terminal) may install or remove a pack while the studio or an embedder runs.
The catalog takes this signature with each discovery and compares it before
serving a run (`Catalog.refresh_if_changed`), so a long-running host follows
the folders without a manual reload.

The signature is `stat` results, never content: for every non-shipped root,
each pack folder's name, whether it is a link and where it points, and its
package.json; for a linked folder also every file and folder under it
outside `node_modules` and dot-folders (package.json, SKILL.md, modules,
internal helpers, WASM binaries), plus each dependency's package.json in
`node_modules` (an `npm install` there rewrites it). A stat is (size, mtime,
inode, ctime): an edit in place moves mtime and ctime, an editor's
save-by-rename moves the inode. A typical pack is a few dozen stats. A linked
folder holding more than `MAX_FILES` files is followed through its first
`MAX_FILES` (in walk order) only; edits beyond them need a reload. Shipped
packs are part of the program and are not watched. `watched_paths` lists the
same folders and files for a UI that wants to be told of a change at once
rather than at the next run.
"""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from core.packs.discovery import pack_dirs
from core.packs.roots import PackRoot

logger = logging.getLogger(__name__)

#: Files and folders stat'ed per linked folder (a pack is a few dozen; a monorepo linked by mistake is not).
MAX_FILES = 2000

Signature = tuple[tuple[object, ...], ...]


def _stat(path: str) -> tuple[int, int, int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns)


def linked_paths(folder: Path) -> list[str]:
    """The folders and files of a linked pack folder that its signature stats (and a GUI may watch)."""
    found = [os.fspath(folder)]
    stack = [os.fspath(folder)]
    while stack and len(found) < MAX_FILES:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                listed = sorted(entries, key=lambda e: e.name)
        except OSError:
            continue
        for entry in listed:
            if entry.name.startswith("."):
                continue
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                continue
            if entry.name == "node_modules" and current == os.fspath(folder):
                found.append(entry.path)
                found.extend(_dependency_manifests(entry.path))
            elif stat.S_ISDIR(mode):
                found.append(entry.path)
                stack.append(entry.path)
            elif stat.S_ISREG(mode):
                found.append(entry.path)
            if len(found) >= MAX_FILES:
                logger.info("linked pack folder %s has over %d files: only the first are followed", folder, MAX_FILES)
                break
    return found


def _dependency_manifests(node_modules: str) -> list[str]:
    """`node_modules/<name>/package.json` and `node_modules/@scope/<name>/package.json`."""
    out: list[str] = []
    try:
        names = sorted(os.listdir(node_modules))
    except OSError:
        return out
    for name in names:
        if name.startswith("@"):
            try:
                scoped = sorted(os.listdir(os.path.join(node_modules, name)))
            except OSError:
                continue
            out.extend(os.path.join(node_modules, name, sub, "package.json") for sub in scoped)
        elif not name.startswith("."):
            out.append(os.path.join(node_modules, name, "package.json"))
    return out


def signature(roots: Iterable[PackRoot]) -> Signature:
    """What the catalog compares before a run: equal signatures mean no pack folder it reads changed."""
    out: list[tuple[object, ...]] = []
    for root in roots:
        if root.origin == "shipped":
            continue
        for folder, _ in pack_dirs(root):
            if folder.is_symlink():
                try:
                    target = os.readlink(folder)
                except OSError:
                    target = ""
                out.append(("link", os.fspath(folder), target))
                out.extend(("file", path, _stat(path)) for path in linked_paths(folder))
            else:
                out.append(("pack", os.fspath(folder), _stat(os.path.join(folder, "package.json"))))
    return tuple(out)


def watched_paths(roots: Iterable[PackRoot]) -> list[str]:
    """Folders and files a UI may watch (a `QFileSystemWatcher`) to know when to check the signature:
    each non-shipped root and its scope folders (a pack linked, installed or removed) and every path
    of each linked folder (an edit)."""
    out: list[str] = []
    for root in roots:
        if root.origin == "shipped" or not root.path.is_dir():
            continue
        out.append(os.fspath(root.path))
        out.extend(os.fspath(p) for p in root.path.iterdir() if p.name.startswith("@") and p.is_dir())
        for folder, _ in pack_dirs(root):
            if folder.is_symlink():
                out.extend(linked_paths(folder))
    return out
