"""The process's pack catalog (`core.packs.default_catalog()`), discovered off the UI thread.

Discovering the shipped and installed packs reads and digests every module
(~0.8 s here), too long to freeze the window for at start-up or after an
install. The holder discovers on a plain thread and lands the news in the UI
thread through a queued signal to its own slot; until then editors check
imports by form only. Runs, validation, completion and the pack manager all
use that one catalog, as the CLI does (the pack manager reloads it itself).
"""

from __future__ import annotations

import contextlib
import threading

from PySide6.QtCore import QObject, Signal, Slot

from core.packs import Catalog, default_catalog


class CatalogHolder(QObject):
    #: The catalog was discovered.
    ready = Signal()
    _landed = Signal()

    _discovered = threading.Event()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._landed.connect(self._on_landed)
        if not CatalogHolder._discovered.is_set():
            threading.Thread(target=self._discover, name="cordon-catalog", daemon=True).start()

    def get(self) -> Catalog | None:
        """The catalog, or None while it is first being discovered."""
        return default_catalog() if CatalogHolder._discovered.is_set() else None

    def wait(self) -> Catalog:
        """The catalog, discovering it here if needed (a run or a dialog needs it now)."""
        catalog = default_catalog()
        CatalogHolder._discovered.set()
        return catalog

    def _discover(self) -> None:
        default_catalog()
        CatalogHolder._discovered.set()
        with contextlib.suppress(RuntimeError):  # the window closed meanwhile: nobody to tell
            self._landed.emit()

    @Slot()
    def _on_landed(self) -> None:
        self.ready.emit()
