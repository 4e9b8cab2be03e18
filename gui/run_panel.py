"""The run panel: inputs, Run/Cancel, progress, and what the run produced as it produced it.

Console lines and emitted items appear while the body runs (the worker's
feed is drained in the UI thread); final outputs land as a JSON tree when the
run completes; an error is one clickable line that takes the editor to the
line it names. The panel never calls the engine itself: `RunController`
does, on its own thread, so the window keeps answering during
`while (true) {}` and Cancel stops it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core import RunError, problem_line
from core.codenode import DEPRECATION
from gui.dialogs.common import plural
from gui.inputs_form import InputsForm
from gui.json_tree import JsonTree
from gui.theme import icon
from gui.worker import FeedBatch, RunController, RunOutcome, RunRequest

#: Emitted items listed one by one; past this the panel counts them only.
MAX_EMITTED_SHOWN = 1000
#: Console lines kept in the view (the engine caps a run's lines too).
MAX_CONSOLE_LINES = 10000
#: Most of the panel's height the inputs take by themselves; past it they scroll (the results stay in view).
INPUTS_MAX_SHARE = 0.5


class _ErrorBanner(QLabel):
    """The run's error; a click asks for its line."""

    clicked = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("errorBanner")
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and not self.hasSelectedText():
            self.clicked.emit()


def describe_error(error: RunError) -> str:
    where = f" (line {error.line})" if error.line else ""
    return problem_line(f"{error.name}: {error.message}{where}", error.rule)


def format_ms(ms: float, *, tenths: bool = False) -> str:
    """`ms` as a person reads it; `tenths` (a ticking clock) shows seconds to a tenth, without jitter."""
    if tenths:
        return f"{ms / 1000:.1f} s"
    return f"{ms:.1f} ms" if ms < 1000 else f"{ms / 1000:.2f} s"


#: How often the elapsed time of a run ticks, and the least time at the secret prompt worth saying.
TICK_MS = 100
WAIT_SHOWN_MS = 50.0


class RunPanel(QWidget):
    #: The person pressed Run: the window builds the request (document, consent) and calls `start`.
    runRequested = Signal()
    #: The person clicked the error: go to this 1-based line.
    errorActivated = Signal(int)
    #: A run ended (RunOutcome), after the panel showed it.
    runFinished = Signal(object)
    #: While a run goes on: "Running… 3.2 s", ticking (the window's status bar shows it too).
    elapsedChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = RunController(self)
        self._ticker = QTimer(self, interval=TICK_MS)
        self._ticker.timeout.connect(self._tick)
        self._started = 0.0
        #: The run's secret prompter and how long runs had waited at it before this one started.
        self._prompter: Any = None
        self._waited_before = 0.0
        self.inputs = InputsForm()
        self.run_button = QPushButton("▶  Run")
        self.run_button.setObjectName("runButton")
        self.run_button.setToolTip("Run the body with these inputs (Ctrl+Enter)")
        self.cancel_button = QPushButton(icon("stop"), "Cancel")
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.setToolTip("Stop the run (Esc)")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.progress.setFormat("%p%")
        self.progress_message = QLabel()
        self.progress_message.setObjectName("hint")
        self.status = QLabel("Ready")
        self.status.setObjectName("timings")
        self.error_banner = _ErrorBanner()
        self.outputs = JsonTree()
        self.emitted = JsonTree()
        self.emitted.setHeaderLabels(["#  Handle", "Value", "Type"])
        self.console = QPlainTextEdit()
        self.console.setReadOnly(True)
        self.console.setMaximumBlockCount(MAX_CONSOLE_LINES)
        # Long lines wrap so a run's message is read whole, from its start, without scrolling sideways.
        self.console.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.console.setObjectName("console")
        self.workspace: Path | None = None
        self.host_filesystem = False
        self.workspace_label = QLabel()
        self.workspace_label.setObjectName("hint")
        self.workspace_label.setWordWrap(True)
        self.workspace_button = QToolButton(text="Choose…", toolTip="The folder the body may use through workspace.*")
        self.workspace_clear = QToolButton(text="✕", toolTip="No workspace", autoRaise=True)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.outputs, "Outputs")
        self.tabs.addTab(self.emitted, "Emitted")
        self.tabs.addTab(self.console, "Console")

        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        workspace_row = QHBoxLayout()
        workspace_row.addWidget(QLabel("Workspace:"))
        workspace_row.addWidget(self.workspace_label, 1)
        workspace_row.addWidget(self.workspace_button)
        workspace_row.addWidget(self.workspace_clear)
        inputs_box = QWidget()
        inputs_layout = QVBoxLayout(inputs_box)
        inputs_layout.setContentsMargins(0, 0, 0, 0)
        inputs_layout.addWidget(self.inputs, 1)
        inputs_layout.addLayout(workspace_row)
        # The inputs take the height their fields need (no empty band under a short form), up to
        # INPUTS_MAX_SHARE of the panel, then scroll; the splitter lets a person give them more.
        self.inputs_scroll = QScrollArea()
        self.inputs_scroll.setWidgetResizable(True)
        self.inputs_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.inputs_scroll.setWidget(inputs_box)
        inputs_box.installEventFilter(self)  # its layout requests: the content's height changed
        results = QWidget()
        results_layout = QVBoxLayout(results)
        results_layout.setContentsMargins(0, 0, 0, 0)
        results_layout.addLayout(buttons)
        results_layout.addWidget(self.progress_message)
        results_layout.addWidget(self.error_banner)
        results_layout.addWidget(self.tabs, 1)
        results_layout.addWidget(self.status)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.setChildrenCollapsible(False)
        self.split.addWidget(self.inputs_scroll)
        self.split.addWidget(results)
        self.split.setStretchFactor(0, 0)
        self.split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.split)
        #: Whether the inputs follow their content's height (until a person drags the splitter).
        self._inputs_follow_content = True

        self._emitted_count = 0
        #: The legacy yield the last emitted row shows, and its values: its other handles join that row.
        self._bag: tuple[int, dict[str, Any]] | None = None
        self._console_count = 0
        self._error: RunError | None = None
        self.last_outcome: RunOutcome | None = None
        #: Warnings already shown for this document: a standing one (the legacy contract) is said once, not per run.
        self._warned: set[str] = set()
        self.progress_message.hide()
        self.run_button.clicked.connect(self.runRequested)
        self.cancel_button.clicked.connect(self.cancel)
        self.error_banner.clicked.connect(self._on_error_clicked)
        self.workspace_button.clicked.connect(self._choose_workspace)
        self.workspace_clear.clicked.connect(self.clear_workspace)
        self.set_workspace(None)
        self.inputs.reshaped.connect(self._on_inputs_reshaped)
        self.split.splitterMoved.connect(self._on_splitter_moved)
        self.controller.reported.connect(self._on_reported)
        self.controller.finished.connect(self._on_finished)
        self.controller.runningChanged.connect(self._on_running_changed)

    def set_workspace(self, folder: Path | None) -> None:
        """The folder runs may read and write through `workspace.*` (None: workspace calls are refused)."""
        self.workspace = folder
        self._show_workspace()

    def set_host_filesystem(self, granted: bool) -> None:
        """Whether the document runs with `allow_host_filesystem`: then `workspace.*` reaches every file
        this account can, and the Workspace line says so rather than "refused":
        a trusted document's host access is never invisible."""
        self.host_filesystem = granted
        self._show_workspace()

    def _show_workspace(self) -> None:
        folder = self.workspace
        if self.host_filesystem:
            where = f"{folder} (relative paths)" if folder else "none"
            text = f"{where}; this document may read and write any file on this computer (allow_host_filesystem)"
        else:
            text = str(folder) if folder else "none (workspace.* calls are refused)"
        self.workspace_label.setText(text)
        self.workspace_label.setToolTip(str(folder) if folder else "")
        self.workspace_clear.setVisible(folder is not None)

    @Slot()
    def clear_workspace(self) -> None:
        self.set_workspace(None)

    @Slot()
    def _choose_workspace(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Workspace folder for runs", str(self.workspace or ""))
        if folder:
            self.set_workspace(Path(folder))

    # -- the inputs' height -------------------------------------------------------------------
    def fit_inputs(self) -> None:
        """Size the inputs pane to its content, at most INPUTS_MAX_SHARE of the panel."""
        total = sum(self.split.sizes())
        if total <= 0:
            return  # not laid out yet: the first resize fits
        box = self.inputs_scroll.widget()
        box.layout().activate()
        wanted = box.sizeHint().height() + 2 * self.inputs_scroll.frameWidth()
        height = min(wanted, int(total * INPUTS_MAX_SHARE))
        self.split.setSizes([height, total - height])

    @Slot()
    def _on_inputs_reshaped(self) -> None:
        self._inputs_follow_content = True  # new declarations (or raw JSON): the content decides again
        self.fit_inputs()

    @Slot()
    def _on_splitter_moved(self) -> None:
        self._inputs_follow_content = False

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._inputs_follow_content:
            self.fit_inputs()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.LayoutRequest
            and watched is self.inputs_scroll.widget()
            and self._inputs_follow_content
        ):
            QTimer.singleShot(0, self, self.fit_inputs)  # once the request laid the fields out
        return super().eventFilter(watched, event)

    @property
    def running(self) -> bool:
        return self.controller.running

    # -- starting and stopping --------------------------------------------------------------
    def clear_results(self, *, new_document: bool = False) -> None:
        """Forget the last run's outputs, console, error and status, so nothing shown belongs to another
        run; `new_document` also forgets which standing warnings were already said."""
        self.outputs.clear()
        self.emitted.clear()
        self.console.clear()
        self._emitted_count = self._console_count = 0
        self._bag = None
        self._error = None
        self.last_outcome = None
        self.error_banner.hide()
        self.progress.setValue(0)
        self.progress_message.hide()
        self._retitle()
        self.status.setText("Ready")
        if new_document:
            self._warned.clear()

    def start(self, request: RunRequest) -> None:
        """Clear the last run's results and start this one; the elapsed time ticks until it ends."""
        self.clear_results()
        self._started = time.monotonic()
        self._prompter = request.prompter
        self._waited_before = self._waited_s()
        self._ticker.start()
        self._tick()
        self.controller.start(request)

    def _waited_s(self) -> float:
        """Seconds the runs of this panel spent waiting for a person at the secret prompt (`gui.prompter`)."""
        return float(getattr(self._prompter, "waited_s", 0.0))

    @Slot()
    def _tick(self) -> None:
        waiting = getattr(self._prompter, "dialog", None) is not None
        spent = time.monotonic() - self._started - (self._waited_s() - self._waited_before)
        text = f"Running… {format_ms(spent * 1000, tenths=True)}" + (" (waiting for your answer)" if waiting else "")
        self.status.setText(text)
        self.elapsedChanged.emit(text)

    @Slot()
    def cancel(self) -> None:
        if self.running:
            self._ticker.stop()
            self.status.setText("Cancelling…")
            self.controller.cancel()

    def show_refusal(self, message: str) -> None:
        """A run that could not start (invalid inputs, declined consent): say why, run nothing."""
        self.error_banner.setText(message)
        self.error_banner.setToolTip("")
        self.error_banner.show()
        self._error = None
        self.status.setText("Not run")

    # -- what the worker reports --------------------------------------------------------------
    @Slot(object)
    def _on_reported(self, batch: FeedBatch) -> None:
        if batch.logs:
            self._console_count += len(batch.logs)
            self.console.appendPlainText("\n".join(batch.logs))
        for emission in batch.emitted:
            if self._bag is not None and emission.bag == self._bag[0]:
                self._join_bag(emission.handle, emission.value)
                continue
            self._emitted_count += 1
            self._bag = (emission.bag, {emission.handle: emission.value}) if emission.bag is not None else None
            if self._emitted_count <= MAX_EMITTED_SHOWN:
                self.emitted.add_entry(f"{self._emitted_count}  {emission.handle}", emission.value)
        for bag in batch.outputs:
            for key, value in bag.items():
                self._set_output(key, value)
        if batch.progress is not None:
            percent, message = batch.progress
            self.progress.setValue(round(percent))
            if message:
                self.progress_message.setText(message)
                self.progress_message.show()
        self._retitle()

    def _join_bag(self, handle: str, value: Any) -> None:
        """One legacy `yield({a, b})` is one item, as the reference's bag: its handles share the last row."""
        assert self._bag is not None
        values = self._bag[1]
        values[handle] = value
        if self._emitted_count > MAX_EMITTED_SHOWN:
            return
        self.emitted.takeTopLevelItem(self.emitted.topLevelItemCount() - 1)
        self.emitted.add_entry(f"{self._emitted_count}  {', '.join(values)}", dict(values))

    def _set_output(self, key: str, value: Any) -> None:
        for i in range(self.outputs.topLevelItemCount()):
            if self.outputs.topLevelItem(i).text(0) == key:
                self.outputs.takeTopLevelItem(i)
                break
        self.outputs.add_entry(key, value)

    @Slot(object)
    def _on_finished(self, outcome: RunOutcome) -> None:
        self._ticker.stop()
        result = outcome.result
        self.last_outcome = outcome
        # Time a person spent answering the secret prompt is theirs, not the run's.
        waited_ms = (self._waited_s() - self._waited_before) * 1000
        self.progress_message.hide()  # the run's last word was about a step, not the end
        run = result.run
        for key, value in result.outputs.items():  # the final bag, whatever arrived before
            if not any(self.outputs.topLevelItem(i).text(0) == key for i in range(self.outputs.topLevelItemCount())):
                self.outputs.add_entry(key, value)
        fresh = [w for w in run.warnings if w not in self._warned]
        self._warned.update(w for w in fresh if w == DEPRECATION)  # said once per document, not on every run
        if fresh:
            self.console.appendPlainText("\n".join(f"[warning] {w}" for w in fresh))
            self._console_count += len(fresh)
        timings = run.timings or {}
        run_ms = max(0.0, timings.get("run_ms", 0.0) - waited_ms)
        detail = f"setup {format_ms(timings.get('setup_ms', 0.0))}, run {format_ms(run_ms)}"
        invocations = f" · {plural(result.invocations, 'invocation')}"
        if waited_ms >= WAIT_SHOWN_MS:
            invocations += f" · {format_ms(waited_ms)} waiting for you, not counted"
        wall = format_ms(max(0.0, outcome.wall_ms - waited_ms))
        if outcome.cancelled:
            self.status.setText(f"Cancelled after {wall}")
        elif result.ok:
            self.progress.setValue(100)
            self.status.setText(f"Finished in {wall} ({detail}){invocations}")
        else:
            self.status.setText(f"Failed after {wall} ({detail}){invocations}")
        # A cancel the person asked for is not an error: the status line says it, in neutral words, and the
        # red banner stays for runs that failed.
        if not result.ok and result.error is not None and not outcome.cancelled:
            self._error = result.error
            self.error_banner.setText(describe_error(result.error))
            self.error_banner.setToolTip("Click to go to the line" if result.error.line else "")
            self.error_banner.setCursor(
                Qt.CursorShape.PointingHandCursor if result.error.line else Qt.CursorShape.ArrowCursor
            )
            self.error_banner.show()
        if result.ok and self.outputs.topLevelItemCount():
            self.tabs.setCurrentWidget(self.outputs)
        elif self._emitted_count and not self.outputs.topLevelItemCount():
            self.tabs.setCurrentWidget(self.emitted)
        elif not result.ok and self._console_count:
            self.tabs.setCurrentWidget(self.console)
        self.console.horizontalScrollBar().setValue(0)  # open at the start of the lines
        self._retitle()
        self.runFinished.emit(outcome)

    @Slot(bool)
    def _on_running_changed(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.inputs.setEnabled(not running)
        self.workspace_button.setEnabled(not running)
        self.workspace_clear.setEnabled(not running)

    @Slot()
    def _on_error_clicked(self) -> None:
        if self._error is not None and self._error.line:
            self.errorActivated.emit(self._error.line)

    def _retitle(self) -> None:
        hidden = self._emitted_count - MAX_EMITTED_SHOWN
        self.tabs.setTabText(1, f"Emitted ({self._emitted_count})" if self._emitted_count else "Emitted")
        self.tabs.setTabText(2, f"Console ({self._console_count})" if self._console_count else "Console")
        if hidden > 0:
            self.tabs.setTabToolTip(1, f"The first {MAX_EMITTED_SHOWN} items are listed; {hidden} more arrived")

    def shutdown(self) -> bool:
        """Stop any run and wait for its thread (the window is closing)."""
        self._ticker.stop()
        return self.controller.shutdown()
