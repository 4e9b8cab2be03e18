"""Helpers shared by the studio's GUI tests: a real main window that closes without prompting."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from gui.main_window import MainWindow
from gui.settings import AppSettings
from tests.install_support import home

__all__ = ["home", "run_and_wait", "set_body", "top_level", "window"]

RUN_TIMEOUT_MS = 30_000


@pytest.fixture
def window(qtbot, home):
    """A real main window in its own CORDON_HOME (recent files, recovery, settings)."""
    win = MainWindow(AppSettings())  # not qtbot.addWidget: its teardown would close before ours
    win.show()
    yield win
    win.run_panel.shutdown()
    win.load(win.current_document(), win.path)  # nothing unsaved: closing must not prompt
    win.close()
    win.deleteLater()


def set_body(win: MainWindow, body: str) -> None:
    """Replace the body as an edit (undoable, marks the document modified)."""
    sci = win.editor.sci
    sci.selectAll()
    sci.replaceSel(body)
    win.refresh_diagnostics()


def run_and_wait(qtbot, win: MainWindow):
    """Press Ctrl+Enter in the editor and wait for the run to end; the RunOutcome."""
    qtbot.keyClick(win.editor.sci, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(
        lambda: win.run_panel.last_outcome is not None and not win.run_panel.running, timeout=RUN_TIMEOUT_MS
    )
    return win.run_panel.last_outcome


def top_level(tree) -> dict[str, str]:
    return {tree.topLevelItem(i).text(0): tree.topLevelItem(i).text(1) for i in range(tree.topLevelItemCount())}
