"""Staging folders and the atomic swap that places an installed pack.

Everything an install writes goes to a staging folder inside the data dir
(same file system, so placing is a rename). Placing replaces an existing
version through a journal:

    write journal -> rename old into trash -> rename staged into place -> delete journal

The journal's deletion is the commit point. A process killed anywhere before
it leaves a journal behind, and `recover()` (run before every install,
removal and discovery) rolls the swap back, so an interrupted install leaves
the previous state exactly as it was. Staging folders are owned through a
lock file held open by the process that prepared them: a folder whose lock
can be taken belongs to a dead process and is swept.

Layout under `data_dir()/packs/` (discovery ignores dot-folders):
    .install/lock                   one transaction at a time, across processes
    .install/staging/<id>/          a prepared install (owner.lock, download, pack/)
    .install/trash/<id>/            a replaced or removed version awaiting deletion
    .install/journal/<id>.json      a swap in progress
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import orjson

from core.atomic import fsync_dir, write_atomic
from core.packs.roots import installed_dir

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(handle: IO[bytes], blocking: bool) -> bool:
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK if blocking else msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _try_lock(handle: IO[bytes], blocking: bool) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def packs_dir() -> Path:
    """Where installed packs live (discovery's `installed_dir()`), created on first use."""
    path = installed_dir()
    path.mkdir(parents=True, exist_ok=True)
    return path


def _area(name: str) -> Path:
    path = packs_dir() / ".install" / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def pack_dir(name: str) -> Path:
    """Install location of a validated package name (see `names.validate_name`)."""
    return packs_dir().joinpath(*name.split("/"))


@contextlib.contextmanager
def transaction_lock() -> Iterator[None]:
    """Serialise swaps and recovery across threads and processes (GUI and CLI at once)."""
    with open(_area("") / "lock", "a+b") as handle:
        _try_lock(handle, blocking=True)
        try:
            yield
        finally:
            _unlock(handle)


@dataclass
class Staging:
    """A private folder for one prepared install; held until committed or discarded."""

    root: Path
    _owner: IO[bytes] | None

    @classmethod
    def create(cls) -> Staging:
        root = _area("staging") / secrets.token_hex(8)
        root.mkdir()
        owner = open(root / "owner.lock", "a+b")  # noqa: SIM115 - held for the staging's lifetime
        _try_lock(owner, blocking=True)
        return cls(root, owner)

    @property
    def pack(self) -> Path:
        return self.root / "pack"

    @property
    def alive(self) -> bool:
        return self._owner is not None and self.root.is_dir()

    def tarball(self, label: str) -> Path:
        return self.root / f"{label}.tgz"

    def release(self) -> None:
        """Delete the staging folder (whatever is left in it) and let go of its lock."""
        owner, self._owner = self._owner, None
        if owner is not None:
            owner.close()
        shutil.rmtree(self.root, ignore_errors=True)


def _write_journal(path: Path, record: dict[str, object]) -> None:
    write_atomic(path, orjson.dumps(record), durable=True)


def place(staged: Path, dest: Path) -> None:
    """Move `staged` to `dest` atomically, replacing (and deleting) any previous version.

    Call under `transaction_lock()`.
    """
    token = secrets.token_hex(8)
    journal = _area("journal") / f"{token}.json"
    trash = _area("trash") / token
    had_previous = dest.exists()
    _write_journal(journal, {"dest": str(dest.relative_to(packs_dir())), "trash": token, "had_previous": had_previous})
    dest.parent.mkdir(parents=True, exist_ok=True)
    if had_previous:
        os.replace(dest, trash)
    os.replace(staged, dest)
    fsync_dir(dest.parent)
    journal.unlink()  # the commit point
    fsync_dir(journal.parent)
    shutil.rmtree(trash, ignore_errors=True)


def discard_installed(dest: Path) -> bool:
    """Remove an installed pack: one rename out of place, then deletion. Call under the lock."""
    if not dest.exists():
        return False
    trash = _area("trash") / secrets.token_hex(8)
    os.replace(dest, trash)
    fsync_dir(dest.parent)
    shutil.rmtree(trash, ignore_errors=True)
    with contextlib.suppress(OSError):
        if dest.parent != packs_dir() and dest.parent.name.startswith("@"):
            dest.parent.rmdir()  # an emptied scope folder
    return True


def recover() -> None:
    """Roll back interrupted swaps; sweep trash and staging folders of dead processes."""
    with transaction_lock():
        root = packs_dir()
        for journal in sorted(_area("journal").glob("*.json")):
            _roll_back(root, journal)
        for leftover in _area("journal").glob("*.tmp"):
            leftover.unlink()
        for trash in _area("trash").iterdir():
            shutil.rmtree(trash, ignore_errors=True)
        for staging in _area("staging").iterdir():
            if _abandoned(staging):
                shutil.rmtree(staging, ignore_errors=True)


def _roll_back(root: Path, journal: Path) -> None:
    record = orjson.loads(journal.read_bytes())
    dest = root / str(record["dest"])
    trash = _area("trash") / str(record["trash"])
    if root.resolve() not in dest.resolve().parents:
        journal.unlink()  # a journal naming a place outside the packs dir is not ours to act on
        return
    if record.get("had_previous"):
        if trash.exists():
            if dest.exists():  # the new version was placed: take it out again
                os.replace(dest, _area("trash") / secrets.token_hex(8))
            os.replace(trash, dest)
    elif dest.exists():
        os.replace(dest, _area("trash") / secrets.token_hex(8))
    fsync_dir(dest.parent)
    journal.unlink()


def _abandoned(staging: Path) -> bool:
    lock = staging / "owner.lock"
    if not lock.exists():
        return True  # killed between mkdir and taking the lock
    with open(lock, "a+b") as handle:
        if not _try_lock(handle, blocking=False):
            return False  # its owner is alive (this process or another)
        _unlock(handle)
        return True
