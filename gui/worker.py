"""Running a Code node off the UI thread, the way `cordon node run` runs it.

`RunController` (lives in the UI thread) hands each run to the studio's task
manager (`gui.tasks`, the `"run"` pool, so a pack install never delays it). The
task calls `core.codenode.run_node` (blocking, the public runner) and collects
what the run reports into a `RunFeed`.

Two rules shape this file:

* Nothing on the run's thread touches a widget: the feed wakes the UI through
  the task manager's `run_on_main`, and the outcome arrives through `on_done`,
  both on the UI thread.
* A run can report faster than a person can read (an `emit` loop, a console
  flood): the feed is a lock-protected buffer that wakes the UI only when it
  goes from empty to non-empty, so at most one wake-up is queued however fast
  the guest is; the UI drains everything at once.

A guest's `requestSecret` reaches the request's `prompter`
(`gui.prompter.GuiSecretPrompter`), which marshals it to the UI thread itself.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from core import WORKSPACE_HINT, CancelHandle, HostServices, RunError, RunHooks, RunResult, SecretPrompter
from core.codenode import CodeNodeDocument, Emission, NodeRunRequest, NodeRunResult, RunSinks, run_node
from core.packs import Catalog
from gui.tasks import task_manager

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
    #: The catalog the run plan resolved the body's packs against (None: the body imports none).
    catalog: Catalog | None = None


def _execute(request: RunRequest, cancel: CancelHandle, feed: RunFeed) -> RunOutcome:
    """One run, on a thread of the task manager's run pool."""
    start = time.perf_counter()
    try:
        result = run_node(
            NodeRunRequest(
                request.doc,
                inputs=dict(request.inputs),
                streams=request.streams,
                hooks=RunHooks(cancel=cancel, on_log=feed.log, on_progress=feed.progress),
                host=HostServices(workspace=request.workspace, prompter=request.prompter).provide(
                    WORKSPACE_HINT, "Choose… beside Workspace in the Run tab"
                ),
                sinks=RunSinks(on_emit=feed.emit, on_outputs=feed.outputs),
                catalog=request.catalog,
            )
        )
    except Exception as exc:  # a studio bug must end the run visibly, never hang the panel
        logger.exception("the run failed inside the studio")
        error = RunError("InternalError", f"{type(exc).__name__}: {exc}", None, "internal-error")
        result = NodeRunResult(RunResult(ok=False, error=error, timings={"setup_ms": 0.0, "run_ms": 0.0}))
    wall_ms = (time.perf_counter() - start) * 1000
    return RunOutcome(result, wall_ms, cancel.cancelled)


@dataclass(eq=False)
class _Run:
    cancel: CancelHandle
    feed: RunFeed
    future: Future[RunOutcome] | None = None


class RunController(QObject):
    """Starts and cancels runs; re-emits what they report, in the UI thread."""

    #: A FeedBatch to show.
    reported = Signal(object)
    #: The run ended: a RunOutcome (after the last `reported`).
    finished = Signal(object)
    runningChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tasks = task_manager()
        self._run: _Run | None = None

    @property
    def running(self) -> bool:
        return self._run is not None

    def start(self, request: RunRequest) -> None:
        if self.running:
            raise RuntimeError("a run is already in progress")
        cancel = CancelHandle()
        # The feed wakes the UI through the task manager's one queued signal, bound to this run.
        run = _Run(cancel, RunFeed(lambda: self._tasks.run_on_main(lambda: self._report(run), owner=self)))
        self._run = run
        run.future = self._tasks.run_in_background(
            lambda: _execute(request, cancel, run.feed),
            lambda future: self._on_finished(run, future),
            kind="run",
            owner=self,
            cancel=cancel.cancel,
        )
        self.runningChanged.emit(True)

    def cancel(self) -> None:
        """Stops a CPU loop within milliseconds, or the host call the guest awaits."""
        if self._run is not None:
            self._run.cancel.cancel()

    def shutdown(self, timeout_s: float = 5.0) -> bool:
        """The window is closing: cancel any run, wait for it to stop, drop what it would still report.

        True when no run is left running. Nothing here can crash the process if the run outlives
        the wait: it is a plain pool thread, and its result is dropped.
        """
        run, self._run = self._run, None  # no longer the current run: what it still reports is dropped
        if run is None or run.future is None:
            return True
        run.cancel.cancel()
        done, _ = wait([run.future], timeout=timeout_s)
        return bool(done)

    def _report(self, run: _Run) -> None:
        if run is self._run:
            self.reported.emit(run.feed.drain())

    def _on_finished(self, run: _Run, future: Future[RunOutcome]) -> None:
        if run is not self._run:
            return
        batch = run.feed.drain()
        if batch.logs or batch.emitted or batch.outputs or batch.progress:
            self.reported.emit(batch)
        self._run = None
        self.runningChanged.emit(False)
        self.finished.emit(future.result())  # _execute turns every failure into an outcome
