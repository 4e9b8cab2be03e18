"""The process's pack catalog (`core.packs.default_catalog()`), discovered off the UI thread.

Discovering the shipped and installed packs reads and digests every module
(~0.8 s here), too long to freeze the window for at start-up or after an
install. The holder discovers on the task manager's work pool (`gui.tasks`) and
says `ready` on the UI thread when it lands; until then editors check imports by
form only. Runs, validation, completion and the pack manager all use that one
catalog, as the CLI does (the pack manager reloads it itself; `refresh` is for
anything else that changed the packs on disk).

Linked pack folders (`cordon packs link`) are followed: a `QFileSystemWatcher`
on the paths `core.packs.watch` names wakes a background
`Catalog.refresh_if_changed` (the same stat signature every run checks), and
`ready` follows every reload of the catalog, whoever made it, so the editors'
checks and the pack manager's list show an author's edit without a manual reload.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from PySide6.QtCore import QEventLoop, QFileSystemWatcher, QObject, QTimer, Signal

from core.packs import Catalog, default_catalog
from gui.tasks import task_manager

#: An editor's save is several events (write, rename, chmod): check once they settle.
SETTLE_MS = 200


class CatalogHolder(QObject):
    #: The catalog was discovered (first time) or rediscovered (`refresh`).
    ready = Signal()
    #: The first discovery this holder started has ended, discovered or failed (`wait` waits for it).
    landed = Signal()

    _discovered = threading.Event()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unsubscribe: Callable[[], None] | None = None
        self._watcher = QFileSystemWatcher(self)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(SETTLE_MS)
        self._settle.timeout.connect(self._check_folders)
        self._watcher.fileChanged.connect(self._settle.start)
        self._watcher.directoryChanged.connect(self._settle.start)
        #: Whether the first discovery is over (a holder made after another's discovery starts with it over).
        self._first_done = CatalogHolder._discovered.is_set()
        if not self._first_done:
            task_manager().run_in_background(_discover, self._landed, owner=self)
        else:
            self._follow(default_catalog())

    def get(self) -> Catalog | None:
        """The catalog, or None while it is first being discovered."""
        return default_catalog() if CatalogHolder._discovered.is_set() else None

    def wait(self) -> Catalog:
        """The catalog, for a run or a dialog that needs it now. While the first discovery is still running
        on the task manager, the window keeps painting and answering in a local event loop until it lands
        (as a modal dialog's `exec` does): discovery (~0.8 s) never runs here, on the UI thread."""
        if not self._first_done:
            loop = QEventLoop(self)
            self.landed.connect(loop.quit)
            loop.exec()
            self.landed.disconnect(loop.quit)
        catalog = default_catalog()
        self._follow(catalog)
        return catalog

    def refresh(self) -> Future[None]:
        """Rediscover the packs in the background (files changed on disk); `ready` when done."""
        return task_manager().run_in_background(_rediscover, _raise, owner=self)

    def _landed(self, future: Future[None]) -> None:
        self._first_done = True
        try:
            future.result()  # a discovery failure is the handler's exception: the task manager logs it
            self._follow(default_catalog())
            self.ready.emit()
        finally:
            self.landed.emit()

    def _follow(self, catalog: Catalog) -> None:
        """Hear of every reload of `catalog` (on the UI thread) and watch the linked folders."""
        if self._unsubscribe is None:
            tasks = task_manager()  # taken here, on the UI thread: the catalog calls back from worker threads
            self._unsubscribe = catalog.subscribe(lambda: tasks.run_on_main(self._reloaded, owner=self))
            unsubscribe = self._unsubscribe
            self.destroyed.connect(lambda *_: unsubscribe())
            self._watch()

    def _reloaded(self) -> None:
        self._watch()  # a save by rename dropped the old file's watch; links may have come or gone
        self.ready.emit()

    def _watch(self) -> None:
        paths = set(default_catalog().watched_paths())
        stale = [p for p in self._watcher.files() + self._watcher.directories() if p not in paths]
        if stale:
            self._watcher.removePaths(stale)
        fresh = sorted(paths - set(self._watcher.files()) - set(self._watcher.directories()))
        if fresh:
            self._watcher.addPaths(fresh)

    def _check_folders(self) -> None:
        """A watched path changed: compare the signature off the UI thread; a reload says `ready` itself."""
        task_manager().run_in_background(lambda: default_catalog().refresh_if_changed(), _raise, owner=self)


def _raise(future: Future[Any]) -> None:
    future.result()  # a failure is the handler's exception: the task manager logs it


def _discover() -> None:
    default_catalog()
    CatalogHolder._discovered.set()


def _rediscover() -> None:
    """Worker thread: `reload` swaps the snapshot in one assignment, so runs in flight keep theirs."""
    catalog = default_catalog()
    CatalogHolder._discovered.set()
    catalog.reload()
