"""Cycles are collected on the GUI thread only: a Qt object freed by a collection on a run's or the
checker's thread broke the event loop (installer/screenshots.py spun forever on "QSocketNotifier:
Invalid socket" after a closed window's file watcher was destroyed off the GUI thread)."""

from __future__ import annotations

import gc
import threading
from typing import ClassVar

import pytest
from PySide6.QtWidgets import QApplication

from gui.garbage import GuiThreadCollector, collect_on_gui_thread


class _Cycle:
    """Garbage only the cyclic collector frees; says on which thread it was freed."""

    freed_on: ClassVar[list[str]] = []

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        _Cycle.freed_on.append(threading.current_thread().name)


@pytest.fixture
def collector(qapp):
    found = collect_on_gui_thread(qapp)
    yield found
    found.deleteLater()  # the other tests keep Python's own collector, with no timer of this one left over
    gc.enable()


def test_a_cycle_made_on_another_thread_is_freed_on_the_gui_thread(qtbot, collector):
    assert not gc.isenabled()
    _Cycle.freed_on.clear()

    kept: list[list[int]] = []

    def churn() -> None:  # what a run's thread does: allocates far past every threshold
        _Cycle()
        kept.extend([] for _ in range(200_000))

    worker = threading.Thread(target=churn, name="a-run")
    worker.start()
    worker.join()
    assert _Cycle.freed_on == []  # nothing was collected on the run's thread
    qtbot.waitUntil(lambda: _Cycle.freed_on != [], timeout=5000)
    assert _Cycle.freed_on == [threading.main_thread().name]


def test_one_collector_per_application(qapp, collector):
    assert collect_on_gui_thread(qapp) is collector
    assert len(qapp.findChildren(GuiThreadCollector)) == 1
    assert isinstance(QApplication.instance(), QApplication)
