"""Open, save, recent files and crash recovery for Code node documents.

Reading and writing a document is `core.codenode` (strict schema, atomic save
keeping the file's mode, no `.bak`); this module adds what a desktop tool owes its user on top:

* `RecentFiles`: the last documents opened or saved, kept in
  `config_dir()/recent-files.json` (a missing or damaged file is an empty list).
* `Recovery`: unsaved work written every ~30 s to `data_dir()/recovery/`, one
  file per window, held with a `QLockFile` while its process lives. On the
  next start, files whose lock is free (their process is gone: a crash, a
  kill, a power cut) are offered back; a clean close deletes its own.
"""

from __future__ import annotations

import contextlib
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import orjson
from PySide6.QtCore import QLockFile

from core import paths, write_atomic
from core.codenode import SUFFIX, CodeNodeDocument, DocumentError, parse_document

RECENT_FILE = "recent-files.json"
MAX_RECENT = 10
RECOVERY_DIR = "recovery"
RECOVERY_VERSION = 1
AUTOSAVE_MS = 30_000
FILE_FILTER = f"Code node documents (*{SUFFIX});;JSON files (*.json);;All files (*)"


def display_name(path: Path | None, doc: CodeNodeDocument | None = None) -> str:
    """What the title bar calls a document: its file name, else its node name, else Untitled."""
    if path is not None:
        return path.name
    return (doc.name if doc is not None and doc.name else "Untitled") + SUFFIX


class RecentFiles:
    """Most recent first, at most MAX_RECENT, no duplicates (by resolved path)."""

    def __init__(self, file: Path | None = None) -> None:
        self.file = file if file is not None else paths.config_dir() / RECENT_FILE

    def paths(self) -> list[Path]:
        try:
            data = orjson.loads(self.file.read_bytes())
        except (OSError, orjson.JSONDecodeError):
            return []
        items = data.get("files") if isinstance(data, dict) else None
        if not isinstance(items, list):
            return []
        return [Path(p) for p in items if isinstance(p, str)][:MAX_RECENT]

    def add(self, path: Path) -> None:
        resolved = path.resolve()
        self._store([resolved, *[p for p in self.paths() if p != resolved]])

    def remove(self, path: Path) -> None:
        resolved = path.resolve()
        self._store([p for p in self.paths() if p != resolved])

    def clear(self) -> None:
        self._store([])

    def _store(self, items: list[Path]) -> None:
        payload = orjson.dumps({"files": [str(p) for p in items[:MAX_RECENT]]}, option=orjson.OPT_INDENT_2)
        with contextlib.suppress(OSError):  # a read-only config dir must not break opening a file
            write_atomic(self.file, payload)


@dataclass
class RecoveredWork:
    """An orphaned recovery file (its lock is now held by us until `discard`)."""

    file: Path
    document: CodeNodeDocument
    #: The file the work belonged to (None: it was never saved).
    original: Path | None
    saved_at: str
    lock: QLockFile

    def discard(self) -> None:
        self.file.unlink(missing_ok=True)
        self.lock.unlock()
        Path(self.lock.fileName()).unlink(missing_ok=True)


def recovery_dir() -> Path:
    folder = paths.data_dir() / RECOVERY_DIR
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Recovery:
    """This window's recovery file."""

    def __init__(self) -> None:
        self.file = recovery_dir() / f"{uuid.uuid4().hex}.json"
        self._lock = QLockFile(str(self.file) + ".lock")
        self._lock.setStaleLockTime(0)  # only a dead process's lock is stale, never an old one
        self._lock.tryLock(0)

    def write(self, doc: CodeNodeDocument, original: Path | None) -> None:
        payload = orjson.dumps(
            {
                "version": RECOVERY_VERSION,
                "savedAt": datetime.now(UTC).isoformat(timespec="seconds"),
                "path": str(original) if original is not None else None,
                "document": doc.to_json(),
            },
            option=orjson.OPT_INDENT_2,
        )
        write_atomic(self.file, payload)

    def clear(self) -> None:
        """The work is saved (or deliberately dropped): nothing to recover."""
        self.file.unlink(missing_ok=True)

    def close(self) -> None:
        """A clean close: remove the file and the lock."""
        self.clear()
        self._lock.unlock()
        Path(self._lock.fileName()).unlink(missing_ok=True)

    @staticmethod
    def orphans() -> list[RecoveredWork]:
        """Recovery files no running Cordon holds, oldest first; unreadable ones are dropped."""
        found = []
        for file in sorted(recovery_dir().glob("*.json"), key=lambda f: f.stat().st_mtime):
            lock = QLockFile(str(file) + ".lock")
            lock.setStaleLockTime(0)
            if not lock.tryLock(0):
                continue  # another window of a live process owns it
            try:
                data = orjson.loads(file.read_bytes())
                if not isinstance(data, dict) or data.get("version") != RECOVERY_VERSION:
                    raise DocumentError(f"{file.name}: not a recovery file of this Cordon")
                doc = parse_document(data.get("document"), source=file.name)
            except (OSError, orjson.JSONDecodeError, DocumentError):
                file.unlink(missing_ok=True)
                lock.unlock()
                continue
            original = data.get("path")
            found.append(
                RecoveredWork(
                    file, doc, Path(original) if isinstance(original, str) else None, str(data.get("savedAt", "")), lock
                )
            )
        return found
