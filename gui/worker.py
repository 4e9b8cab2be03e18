"""Running a Code node off the UI thread, the way `cordon node run` runs it.

`RunController` (lives in the UI thread) starts one `RunWorker` per run on a
QThread. The worker calls `core.codenode.run_node` (blocking, the public
runner) and collects what the run reports into a `RunFeed`.

Two rules from docs/design.md ("Desktop") shape this file:

* Worker signals are connected only to `@Slot` methods of the controller, a
  UI-thread QObject, so they are queued into the UI thread. A lambda or plain
  function connected to a worker signal would run in the worker thread.
* A run can report faster than a person can read (an `emit` loop, a console
  flood): the feed is a lock-protected buffer and the worker signals `ready`
  only when it goes from empty to non-empty, so at most one wake-up is queued
  however fast the guest is; the UI drains everything at once.

A guest's `requestSecret` reaches the request's `prompter`
(`gui.prompter.GuiSecretPrompter`), which marshals it to the UI thread itself.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from core import CancelHandle, HostServices, RunError, RunResult
from core.bridges.base import SecretPrompter
from core.codenode import CodeNodeDocument, Emission, NodeRunResult, run_node

logger = logging.getLogger(__name__)


@dataclass
class FeedBatch:
    """Everything a run reported since the last drain."""

    logs: list[str] = field(default_factory=list)
    emitted: list[Emission] = field(default_factory=list)
    outputs: list[dict[str, Any]] = field(default_factory=list)
    #: The latest progress report only (percent, message); older ones are superseded.
    progress: tuple[float, str | None] | None = None


class RunFeed:
    """Written by the run's threads, drained by the UI thread."""

    def __init__(self, wake: Callable[[], None]) -> None:
        self._lock = threading.Lock()
        self._batch = FeedBatch()
        self._pending = False
        self._wake = wake

    def _push(self, apply: Callable[[FeedBatch], None]) -> None:
        with self._lock:
            apply(self._batch)
            first = not self._pending
            self._pending = True
        if first:
            self._wake()

    def log(self, line: str) -> None:
        self._push(lambda b: b.logs.append(line))

    def emit(self, emission: Emission) -> None:
        self._push(lambda b: b.emitted.append(emission))

    def outputs(self, bag: dict[str, Any]) -> None:
        self._push(lambda b: b.outputs.append(dict(bag)))

    def progress(self, percent: float, message: str | None) -> None:
        def apply(b: FeedBatch) -> None:
            b.progress = (percent, message)

        self._push(apply)

    def drain(self) -> FeedBatch:
        with self._lock:
            batch, self._batch, self._pending = self._batch, FeedBatch(), False
        return batch


@dataclass
class RunOutcome:
    result: NodeRunResult
    #: Wall-clock time of the whole run as the studio saw it (resolution, every invocation).
    wall_ms: float
    cancelled: bool


@dataclass(frozen=True)
class RunRequest:
    doc: CodeNodeDocument
    inputs: Mapping[str, Any] = field(default_factory=dict)
    streams: Mapping[str, Sequence[Any]] | None = None
    workspace: Path | None = None
    prompter: SecretPrompter | None = None


class RunWorker(QObject):
    """One run. Created in the UI thread, moved to its QThread, never reused."""

    ready = Signal()
    finished = Signal(object)

    def __init__(self, request: RunRequest) -> None:
        super().__init__()  # no parent: it is moved to another thread
        self.request = request
        self.cancel_handle = CancelHandle()
        self.feed = RunFeed(self.ready.emit)

    def cancel(self) -> None:
        """Thread-safe: stops a CPU loop within milliseconds, or the host call the guest awaits."""
        self.cancel_handle.cancel()

    @Slot()
    def run(self) -> None:
        request = self.request
        start = time.perf_counter()
        try:
            result = run_node(
                request.doc,
                inputs=dict(request.inputs),
                input_streams=request.streams,
                cancel=self.cancel_handle,
                on_emit=self.feed.emit,
                on_outputs=self.feed.outputs,
                on_log=self.feed.log,
                on_progress=self.feed.progress,
                services=HostServices(workspace=request.workspace, prompter=request.prompter),
            )
        except Exception as exc:  # a studio bug must end the run visibly, never hang the panel
            logger.exception("the run worker failed")
            error = RunError("InternalError", f"{type(exc).__name__}: {exc}", None, "internal-error")
            result = NodeRunResult(RunResult(ok=False, error=error, timings={"setup_ms": 0.0, "run_ms": 0.0}))
        wall_ms = (time.perf_counter() - start) * 1000
        self.finished.emit(RunOutcome(result, wall_ms, self.cancel_handle.cancelled))


class RunController(QObject):
    """Starts and cancels runs; re-emits what they report, in the UI thread."""

    #: A FeedBatch to show.
    reported = Signal(object)
    #: The run ended: a RunOutcome (after the last `reported`).
    finished = Signal(object)
    runningChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._worker: RunWorker | None = None
        #: Every thread not yet ended, with its worker. Python holds both until the thread has
        #: ended and then lets them go: deleting either earlier (a dropped reference, a parent
        #: destroyed, `deleteLater` racing the garbage collector) crashes the process.
        self._threads: dict[QThread, RunWorker] = {}

    @property
    def running(self) -> bool:
        return self._worker is not None

    def start(self, request: RunRequest) -> None:
        if self.running:
            raise RuntimeError("a run is already in progress")
        worker = RunWorker(request)
        thread = QThread()
        thread.setObjectName("cordon-run")
        worker.moveToThread(thread)
        worker.ready.connect(self._on_ready)
        worker.finished.connect(self._on_finished)
        thread.started.connect(worker.run)
        # QThread.quit is thread-safe: end the thread's loop at once, not when the UI gets to it.
        worker.finished.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.finished.connect(self._on_thread_finished)
        self._worker = worker
        self._threads[thread] = worker
        thread.start()
        self.runningChanged.emit(True)

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel any run and wait for its thread to end (the window is closing). True when all ended.

        A thread outlives its run by a moment (its loop quits after `finished`), and a QThread
        destroyed while running aborts the process: this waits for the threads, not the run.
        """
        self.cancel()
        return all(thread.wait(timeout_ms) for thread in list(self._threads))

    @Slot()
    def _on_thread_finished(self) -> None:
        thread = self.sender()
        if isinstance(thread, QThread) and thread.wait(1000):
            self._threads.pop(thread, None)  # ended: safe to let Python delete thread and worker

    @Slot()
    def _on_ready(self) -> None:
        if self._worker is not None:
            self.reported.emit(self._worker.feed.drain())

    @Slot(object)
    def _on_finished(self, outcome: RunOutcome) -> None:
        worker = self._worker
        if worker is not None:
            batch = worker.feed.drain()
            if batch.logs or batch.emitted or batch.outputs or batch.progress:
                self.reported.emit(batch)
        self._worker = None
        self.runningChanged.emit(False)
        self.finished.emit(outcome)
