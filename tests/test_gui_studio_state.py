"""The studio keeps its state honest: nothing shown belongs to another document."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QPlainTextEdit

from core.codenode import DEPRECATION
from gui.main_window import examples_dir
from tests.gui_support import home, run_and_wait, set_body, top_level, window

__all__ = ["home", "window"]


def test_stale_outputs_console_and_error_are_cleared_on_open_and_new(qtbot, window):
    set_body(window, 'console.log("old");\nawait emit("running", 1);\nnull.boom;\n')
    outcome = run_and_wait(qtbot, window)
    panel = window.run_panel
    assert not outcome.result.ok and panel.emitted.topLevelItemCount() == 1
    assert panel.error_banner.isVisible() and panel.console.toPlainText()
    example: Path = next(examples_dir().glob("*.node.json"))
    window.load(window.current_document(), window.path)  # nothing unsaved: Open must not prompt
    assert window.open_path(example, ask=False)
    assert panel.outputs.topLevelItemCount() == 0 and panel.emitted.topLevelItemCount() == 0
    assert panel.console.toPlainText() == "" and not panel.error_banner.isVisible()
    assert panel.status.text() == "Ready" and panel.last_outcome is None
    window.new_document(ask=False)
    set_body(window, 'await output("total", 2);')
    assert run_and_wait(qtbot, window).result.ok and top_level(panel.outputs) == {"total": "2"}
    window.load(window.current_document(), window.path)
    window.new_document(ask=False)
    assert panel.outputs.topLevelItemCount() == 0 and panel.status.text() == "Ready"


def test_console_wraps_long_lines_and_legacy_warning_is_said_once_per_document(qtbot, window):
    panel = window.run_panel
    assert panel.console.lineWrapMode() == QPlainTextEdit.LineWrapMode.WidgetWidth
    set_body(window, "return {total: 1};")  # the legacy contract: no emit/output
    for _ in range(2):
        assert run_and_wait(qtbot, window).result.ok
        shown = panel.console.toPlainText()
        if _ == 0:
            assert DEPRECATION in shown
    assert DEPRECATION not in shown  # the second run does not repeat it
    assert panel.console.horizontalScrollBar().value() == 0
    window.load(window.current_document(), window.path)
    window.new_document(ask=False)  # a new document hears it again
    set_body(window, "return {total: 1};")
    assert run_and_wait(qtbot, window).result.ok
    assert DEPRECATION in panel.console.toPlainText()
