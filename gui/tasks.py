"""The studio's one task runner: work on background threads, its results back on the UI thread.

After Anki's `aqt/taskman.py`: a task goes to a `ThreadPoolExecutor`
(`run_in_background`); when it ends, a closure that calls `on_done(future)` is
put in a list and one queued signal (`_closures_pending`) tells the UI thread to
drain that list. Everything that crosses from a worker thread to a widget goes
this way (`run_on_main`): a run's console feed, a pack job's progress, the
catalog discovery, a secret prompt. Widgets are therefore only ever touched on the
UI thread, and nothing here is a QThread, so no thread object can be destroyed
while it runs (which aborts the process).

Pools, one per kind of work, in this one manager:

* `"run"` (4 threads): Code node runs. A run must start at once even while a
  pack install downloads, so runs never queue behind other work. A window runs
  one node at a time (`RunController`); four lets four windows run side by
  side, each pinning one thread (the engine is CPU-bound, and the machine rarely
  has more cores to give; a fifth window's run waits for a free thread, and Esc
  in any window frees its thread at once).
* `"work"` (2 threads): pack jobs (lookups, downloads, installs, rediscovery),
  the start-up catalog discovery and the guest API probe. Two lets the start-up
  pair (~1 s each) run side by side; the pack manager runs one job at a time.

An `owner` (the window or widget a result is for) makes the result conditional:
once the owner or one of its parents was `drop`ped (`MainWindow.closeEvent` drops
the window) or its C++ object deleted, its pending and future results are
dropped instead of delivered. A task that is already running is left to finish
on its thread (a run is cancelled through its `CancelHandle` first); only its
result is discarded. When the application quits, `shutdown` calls every
unfinished task's `cancel`, so no endless run holds the interpreter's exit.

    tasks = task_manager()
    tasks.run_in_background(lambda: slow(x), lambda future: show(future.result()), owner=self)
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Literal, TypeVar

import shiboken6
from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import QApplication

logger = logging.getLogger(__name__)

T = TypeVar("T")
Kind = Literal["run", "work"]

#: Threads per kind of work (see the module docstring for why each size).
POOL_SIZES: dict[Kind, int] = {"run": 4, "work": 2}


class TaskManager(QObject):
    """Background tasks on per-kind pools; `on_done` and `run_on_main` closures run on the UI thread."""

    _closures_pending = Signal()

    def __init__(self) -> None:
        super().__init__()  # lives in the thread that created it: the UI thread
        self._executors = {
            kind: ThreadPoolExecutor(max_workers=size, thread_name_prefix=f"cordon-{kind}")
            for kind, size in POOL_SIZES.items()
        }
        self._lock = threading.Lock()
        self._closures: list[tuple[QObject | None, Callable[[], None]]] = []
        #: How to stop each unfinished task that can be stopped (called when the application quits).
        self._cancels: dict[Future[Any], Callable[[], None]] = {}
        self._dropped: weakref.WeakSet[QObject] = weakref.WeakSet()
        self._closed = False
        self._closures_pending.connect(self._drain, Qt.ConnectionType.QueuedConnection)

    def run_in_background(
        self,
        task: Callable[[], T],
        on_done: Callable[[Future[T]], None] | None = None,
        *,
        kind: Kind = "work",
        owner: QObject | None = None,
        cancel: Callable[[], None] | None = None,
    ) -> Future[T]:
        """Start `task` on the `kind` pool; `on_done(future)` runs later on the UI thread (never inside this call).

        The future carries the task's value or its exception (`future.result()` re-raises it).
        `cancel` (thread-safe) makes the task end soon; `shutdown` calls it, so a quitting
        application never waits on an endless run or a stalled download.
        """
        future = self._executors[kind].submit(task)
        if cancel is not None:
            with self._lock:
                self._cancels[future] = cancel
            future.add_done_callback(self._forget_cancel)
        if on_done is not None:
            future.add_done_callback(lambda done: self.run_on_main(lambda: on_done(done), owner=owner))
        return future

    def run_on_main(self, closure: Callable[[], None], *, owner: QObject | None = None) -> None:
        """Thread-safe: run `closure` on the UI thread soon (after the closures queued before it).

        At most one wake-up is queued however many closures arrive before the UI drains them.
        """
        with self._lock:
            if self._closed:
                return
            self._closures.append((owner, closure))
            first = len(self._closures) == 1
        if first:
            self._closures_pending.emit()

    def drop(self, owner: QObject) -> None:
        """`owner` is going away (a window closing drops itself): the pending and future results of it and
        of every object below it (its panels, its catalog holder) are dropped."""
        self._dropped.add(owner)

    def wanted(self, owner: QObject | None) -> bool:
        """Whether a result for `owner` is still delivered: it and its parents exist and none was dropped."""
        node = owner
        while node is not None:
            if not shiboken6.isValid(node) or node in self._dropped:
                return False
            node = node.parent()
        return True

    @Slot()
    def _drain(self) -> None:
        with self._lock:
            closures, self._closures = self._closures, []
        for owner, closure in closures:
            if not self.wanted(owner):
                logger.debug("dropped a result for a closed window")
                continue
            try:
                closure()
            except Exception:  # one failing handler must not lose the results queued behind it
                logger.exception("a background task's result handler failed")

    def _forget_cancel(self, future: Future[Any]) -> None:
        with self._lock:
            self._cancels.pop(future, None)

    def shutdown(self) -> None:
        """The application is quitting: deliver nothing more, start nothing queued, stop what can be stopped.

        The pools' threads are joined when the interpreter exits, so a running task that could not be
        stopped would hold the exit: every run and pack job passes its `cancel`.
        """
        with self._lock:
            self._closed = True
            self._closures.clear()
            cancels = list(self._cancels.values())
        for executor in self._executors.values():
            executor.shutdown(wait=False, cancel_futures=True)
        for stop in cancels:
            stop()


_manager: TaskManager | None = None


def task_manager() -> TaskManager:
    """The process's task manager (created on first use, on the UI thread; replaced after a quit)."""
    global _manager
    if _manager is None:
        app = QApplication.instance()
        if app is not None and QThread.currentThread() is not app.thread():
            # Its queued signal would be delivered to a thread with no event loop: results would never land.
            raise RuntimeError("the task manager is created on the UI thread (take it there, use it anywhere)")
        _manager = TaskManager()
        if app is not None:
            app.aboutToQuit.connect(_quit)
    return _manager


def _quit() -> None:
    global _manager
    manager, _manager = _manager, None
    if manager is not None:
        manager.shutdown()
