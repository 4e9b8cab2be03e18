"""Python's cyclic garbage collector, run on the GUI thread only.

CPython collects cycles in whichever thread happens to allocate past the threshold: in the studio
that is as often a run's thread, the TypeScript checker's or the task pool's as the GUI thread. When
such a collection frees a cycle that holds a Qt object (a closed window, its file watcher), the
object is destroyed on that thread, and Qt objects may only be destroyed on their own: a
`QFileSystemWatcher`'s socket notifier disabled from another thread left the GUI thread's event loop
spinning on a closed descriptor ("QSocketNotifier: Invalid socket", millions of times a second), so a
window's run never reported its end. This is the same trap Anki and other PyQt applications avoid
the same way: the automatic collector is off, and a timer on the GUI thread collects with the
thresholds CPython would have used.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

#: How often the GUI thread looks at the allocation counts (a collection of the young generation is
#: sub-millisecond; the old ones run only as often as CPython would run them).
CHECK_MS = 250


class GuiThreadCollector(QObject):
    """Collects cycles on the thread it was created on (create it on the GUI thread, once)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._thresholds = gc.get_threshold()
        self._timer = QTimer(self, interval=CHECK_MS)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    def collect_due(self) -> int:
        """Collect the oldest generation whose count passed its threshold (as CPython would); the
        number of objects found unreachable."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self._thresholds[generation]:
                return gc.collect(generation)
        return 0


def collect_on_gui_thread(app: QObject) -> GuiThreadCollector:
    """Turn the automatic collector off for the process and collect on `app`'s thread instead (one
    collector per application; calling again turns the automatic collector off again)."""
    gc.disable()
    existing = app.findChild(GuiThreadCollector)
    return existing if existing is not None else GuiThreadCollector(app)
