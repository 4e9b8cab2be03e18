"""The process's pack catalog (`core.packs.default_catalog()`), discovered off the UI thread.

Discovering the shipped and installed packs reads and digests every module
(~0.8 s here), too long to freeze the window for at start-up or after an
install. The holder discovers on the task manager's work pool (`gui.tasks`) and
says `ready` on the UI thread when it lands; until then editors check imports by
form only. Runs, validation, completion and the pack manager all use that one
catalog, as the CLI does (the pack manager reloads it itself; `refresh` is for
anything else that changed the packs on disk).
"""

from __future__ import annotations

import threading
from concurrent.futures import Future

from PySide6.QtCore import QObject, Signal

from core.packs import Catalog, default_catalog
from gui.tasks import task_manager


class CatalogHolder(QObject):
    #: The catalog was discovered (first time) or rediscovered (`refresh`).
    ready = Signal()

    _discovered = threading.Event()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        if not CatalogHolder._discovered.is_set():
            task_manager().run_in_background(_discover, self._landed, owner=self)

    def get(self) -> Catalog | None:
        """The catalog, or None while it is first being discovered."""
        return default_catalog() if CatalogHolder._discovered.is_set() else None

    def wait(self) -> Catalog:
        """The catalog, discovering it here if needed (a run or a dialog needs it now)."""
        catalog = default_catalog()
        CatalogHolder._discovered.set()
        return catalog

    def refresh(self) -> Future[None]:
        """Rediscover the packs in the background (files changed on disk); `ready` when done."""
        return task_manager().run_in_background(_rediscover, self._landed, owner=self)

    def _landed(self, future: Future[None]) -> None:
        future.result()  # a discovery failure is the handler's exception: the task manager logs it
        self.ready.emit()


def _discover() -> None:
    default_catalog()
    CatalogHolder._discovered.set()


def _rediscover() -> None:
    """Worker thread: `reload` swaps the snapshot in one assignment, so runs in flight keep theirs."""
    catalog = default_catalog()
    CatalogHolder._discovered.set()
    catalog.reload()
