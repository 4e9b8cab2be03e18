"""A hover and a completion asked in the studio while the TypeScript checker's guest is still starting
are answered once it is ready, not lost (issue 34): the person does not have to ask again.

The process's checker is made fresh for the test (a new shared guest, whose start takes a second or
more, longer than the 400 ms a mouse rests before the hover is asked), so the questions are asked
before it is ready; the hover comes from a real mouse resting on the word (Scintilla's dwell)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

import core.typescript.guest as typescript_guest
from core.codenode import CodeNodeDocument
from core.typescript import shared_guest
from gui.main_window import MainWindow
from gui.settings import AppSettings
from tests.gui_support import home

__all__ = ["home"]

TIMEOUT_MS = 90_000  # a failure is a clean failure inside pytest-timeout's 120 s
BODY = "await sleep(100);\nconst where = inputs.\n"


@pytest.fixture
def fresh_checker(monkeypatch):
    """The process's TypeScript guest, not started yet (other tests may have warmed theirs)."""
    monkeypatch.setattr(typescript_guest, "_shared", None)
    return shared_guest()


@pytest.fixture
def window(qtbot, home, fresh_checker):
    """A real main window on a TypeScript document, opened with the checker not started."""
    win = MainWindow(AppSettings())
    win.show()
    win.load(CodeNodeDocument(body=BODY, language="typescript", inputs=({"name": "city", "type": "string"},)), None)
    yield win
    win.run_panel.shutdown()
    win.load(win.current_document(), win.path)
    win.close()
    win.deleteLater()


def test_a_hover_asked_while_the_checker_starts_is_answered(qtbot, window):
    editor, sci = window.editor, window.editor.sci
    pos = BODY.index("sleep") + 2
    qtbot.mouseMove(sci, QPoint(sci.pointXFromPosition(pos), sci.pointYFromPosition(pos) + 4))
    qtbot.waitUntil(lambda: sci.callTipActive(), timeout=TIMEOUT_MS)
    assert editor.tip_text.startswith("function sleep(ms: number): Promise<void>")


def test_a_completion_asked_while_the_checker_starts_is_answered(qtbot, window):
    editor, sci = window.editor, window.editor.sci
    editor.goto(2, len("const where = inputs.") + 1)
    editor.complete()
    qtbot.waitUntil(lambda: sci.autoCActive() and b"  " in bytes(sci.autoCCurrentText()), timeout=TIMEOUT_MS)
    assert bytes(sci.autoCCurrentText()).decode() == "city  string"
