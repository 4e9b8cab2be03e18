"""The engine's `SecretPrompter` for the studio: `requestSecret` opens the secret prompt.

The secrets bridge calls `request_secret(name, reason)` from a worker thread
(with the run's clock suspended) and needs a yes/no back. Widgets live in the
GUI thread, so the call is marshalled: the worker hands the request to the
studio's task manager (`gui.tasks.run_on_main`, its one queued signal), which
calls this object on the GUI thread; it opens the dialog
non-modally-blocking (`open()`, no nested event loop), and the worker waits
on a `threading.Event` the dialog's `finished` sets. Requests from several
runs queue up and are shown one at a time.

The value never passes through here: the dialog stores it in the keyring
itself, and the worker gets only True/False. A secret the person did not ask
to remember is deleted by `forget_session_secrets()` (call it when the run
ends; it also runs when the application quits). `cancel_pending()` answers
every open or queued request with False (call it when a run is cancelled or
the window closes, so no worker waits on a dialog nobody will answer); a
prompter destroyed without that call is noticed by the waiting worker, which
then answers False itself.

    prompter = GuiSecretPrompter(main_window)   # create in the GUI thread
    services = HostServices(prompter=prompter)  # hand to the run
    prompter.prompt_opened.connect(...)         # the SecretPromptDialog, e.g. to raise the window
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from dataclasses import dataclass, field

import shiboken6
from PySide6.QtCore import QObject, QThread, Signal, Slot
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from core import CordonError, secrets_store
from gui.dialogs.secret_prompt import SecretPromptDialog
from gui.tasks import task_manager

#: How often a waiting worker checks that the prompter (and so the dialog that would answer) still exists.
WATCH_INTERVAL_S = 0.5


@dataclass(eq=False)
class _Request:
    name: str
    reason: str
    done: threading.Event = field(default_factory=threading.Event)
    stored: bool = False


class GuiSecretPrompter(QObject):
    """Implements `core.bridges.base.SecretPrompter` with `SecretPromptDialog`."""

    #: Emitted in the GUI thread with the dialog just opened.
    prompt_opened = Signal(object)

    def __init__(self, parent_widget: QWidget | None = None) -> None:
        super().__init__()
        self._parent_widget = parent_widget
        self._queue: deque[_Request] = deque()
        self._current: tuple[_Request, SecretPromptDialog] | None = None
        self._session_only: set[str] = set()
        self._session_lock = threading.Lock()
        #: Seconds runs spent waiting for a person at this prompter (the run panel leaves them out of run time).
        self.waited_s = 0.0
        self._tasks = task_manager()  # taken here, on the GUI thread, for the workers to use
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._shutdown)

    @property
    def dialog(self) -> SecretPromptDialog | None:
        """The prompt on screen, if any."""
        return self._current[1] if self._current else None

    @property
    def pending(self) -> int:
        """Requests waiting behind the open prompt."""
        return len(self._queue)

    def request_secret(self, name: str, reason: str) -> bool:
        """Ask a person; True once the value is in the keyring. Blocks the calling (worker) thread."""
        started = time.monotonic()
        try:
            return self._ask(name, reason)
        finally:
            with self._session_lock:
                self.waited_s += time.monotonic() - started

    def _ask(self, name: str, reason: str) -> bool:
        request = _Request(name, reason)
        if QThread.currentThread() is self.thread():
            # Called on the GUI thread itself (a synchronous caller): a modal dialog, no marshalling.
            dialog = SecretPromptDialog(name, reason, self._parent_widget)
            self.prompt_opened.emit(dialog)
            self._settle(request, dialog, dialog.exec())
            return request.stored
        self._tasks.run_on_main(lambda: self._enqueue(request), owner=self)
        while not request.done.wait(WATCH_INTERVAL_S):
            if not shiboken6.isValid(self):  # the window that would answer is gone: nobody will
                return False
        return request.stored

    def _enqueue(self, request: _Request) -> None:
        self._queue.append(request)
        if self._current is None:
            self._show_next()

    def _show_next(self) -> None:
        if not self._queue:
            return
        request = self._queue.popleft()
        dialog = SecretPromptDialog(request.name, request.reason, self._parent_widget)
        self._current = (request, dialog)
        dialog.finished.connect(self._on_finished)
        dialog.open()
        self.prompt_opened.emit(dialog)

    @Slot(int)
    def _on_finished(self, code: int) -> None:
        assert self._current is not None
        request, dialog = self._current
        self._current = None
        self._settle(request, dialog, code)
        dialog.deleteLater()
        self._show_next()

    def _settle(self, request: _Request, dialog: SecretPromptDialog, code: int) -> None:
        request.stored = code == QDialog.DialogCode.Accepted and dialog.stored
        if request.stored and not dialog.remember.isChecked():
            with self._session_lock:
                self._session_only.add(request.name)
        request.done.set()

    @Slot()
    def cancel_pending(self) -> None:
        """Answer every queued and open request with False (a cancelled run, a closing window)."""
        while self._queue:
            self._queue.popleft().done.set()
        if self._current is not None:
            self._current[1].reject()

    def forget_session_secrets(self) -> list[str]:
        """Delete from the keyring the secrets stored for this run only; returns their names."""
        with self._session_lock:
            names, self._session_only = sorted(self._session_only), set()
        for name in names:
            with contextlib.suppress(CordonError):  # the keyring went away: nothing left to delete
                secrets_store.delete_secret(name)
        return names

    @Slot()
    def _shutdown(self) -> None:
        self.cancel_pending()
        self.forget_session_secrets()
