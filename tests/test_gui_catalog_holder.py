"""The studio's catalog holder (gui/catalog_holder.py): a run or a dialog that needs the catalog while its
first discovery is still running waits for it with the window alive; discovery never runs on the UI thread."""

from __future__ import annotations

import threading

from PySide6.QtCore import QTimer

import core.packs
from core.packs.catalog import Catalog
from gui import catalog_holder
from gui.catalog_holder import CatalogHolder
from tests.install_support import home

__all__ = ["home"]


def test_wait_during_the_first_discovery_waits_for_it_off_the_ui_thread(qtbot, monkeypatch):
    monkeypatch.setattr(core.packs, "_default", None)  # this process has not discovered its packs yet
    monkeypatch.setattr(CatalogHolder, "_discovered", threading.Event())
    discovered_on: list[threading.Thread] = []
    reload = Catalog.reload

    def recording_reload(self: Catalog) -> None:
        discovered_on.append(threading.current_thread())
        reload(self)

    monkeypatch.setattr(Catalog, "reload", recording_reload)
    gate = threading.Event()
    discover = catalog_holder._discover

    def slow_discover() -> None:  # the background discovery has not begun when the run asks
        assert gate.wait(30)
        discover()

    monkeypatch.setattr(catalog_holder, "_discover", slow_discover)
    holder = CatalogHolder()
    ticks: list[int] = []
    timer = QTimer(interval=5)
    timer.timeout.connect(lambda: ticks.append(1))  # the UI thread's event loop keeps turning meanwhile
    timer.start()
    QTimer.singleShot(50, gate.set)
    catalog = holder.wait()
    timer.stop()
    assert catalog is core.packs._default and catalog.module("@cordon/sandbox-csv") is not None
    assert discovered_on and threading.main_thread() not in discovered_on
    assert ticks  # the window was painted and answered while the packs were discovered
