"""The studio's editor on the TypeScript service: a typed completion popup, hover
tooltips, signature help and type-error squiggles, on the real widget and the real guest, off the
UI thread (gui/tasks.py)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from core.codenode import CodeNodeDocument
from gui.editor import CodeEditor

TIMEOUT_MS = 120_000


@pytest.fixture
def editor(qtbot):
    ed = CodeEditor()
    qtbot.addWidget(ed)
    ed.resize(800, 400)
    ed.show()
    return ed


def current(editor: CodeEditor) -> str:
    """The popup's selected row (Scintilla hands it back as bytes or text)."""
    text = editor.sci.autoCCurrentText()
    return text if isinstance(text, str) else bytes(text).decode("utf-8")


def node(body: str, language: str = "typescript") -> CodeNodeDocument:
    return CodeNodeDocument(
        body=body,
        language=language,
        inputs=({"name": "city", "type": "string"}, {"name": "days", "type": "integer"}),
    )


def test_the_completion_popup_lists_inputs_with_their_types(qtbot, editor):
    doc = node("")
    editor.set_text(doc.body)
    editor.set_document(doc)
    qtbot.keyClicks(editor.sci, "const d = inputs.")
    qtbot.waitUntil(lambda: editor.sci.autoCActive() and "  " in current(editor), timeout=TIMEOUT_MS)
    assert current(editor) == "city  string"
    qtbot.keyClick(editor.sci, Qt.Key.Key_Down)
    assert current(editor) == "days  number"
    qtbot.keyClick(editor.sci, Qt.Key.Key_Return)
    assert editor.text() == "const d = inputs.days", "choosing a typed row inserts the name only"


def test_hover_shows_a_sandbox_globals_doc(qtbot, editor):
    doc = node("await sleep(100);\n")
    editor.set_text(doc.body)
    editor.set_document(doc)
    sci = editor.sci
    pos = doc.body.index("sleep") + 2
    editor._on_dwell_start(sci.pointXFromPosition(pos), sci.pointYFromPosition(pos) + 2)
    qtbot.waitUntil(lambda: sci.callTipActive(), timeout=TIMEOUT_MS)
    assert editor.tip_text.startswith("function sleep(ms: number): Promise<void>")
    assert "the only timer" in editor.tip_text


def test_signature_help_opens_on_a_call(qtbot, editor):
    doc = node("")
    editor.set_text("")
    editor.set_document(doc)
    qtbot.keyClicks(editor.sci, "await parallelMap([1], ")
    qtbot.waitUntil(lambda: editor.sci.callTipActive() and "parallelMap" in editor.tip_text, timeout=TIMEOUT_MS)
    assert editor.tip_text.startswith("parallelMap(items: readonly number[], fn: (item: number, index: number) =>")


def test_a_type_error_is_squiggled_on_its_place(qtbot, editor):
    doc = node("const n: number = inputs.city;\nreturn n;\n")
    editor.set_text(doc.body)
    editor.set_document(doc)
    qtbot.waitUntil(lambda: bool(editor.type_diagnostics()), timeout=TIMEOUT_MS)
    [found] = editor.type_diagnostics()
    assert (found.line, found.column, found.severity, found.rule) == (1, 7, "error", "ts2322")
    assert "'string' is not assignable to type 'number'" in found.message
    assert editor.squiggled(1, 7, "error") and 1 in editor.marker_lines("error")
    qtbot.keyClicks(editor.sci, "x")  # the body changes: checked again after the pause
    editor.set_text("const n: number = inputs.days;\nreturn n;\n")
    qtbot.waitUntil(lambda: not editor.type_diagnostics(), timeout=TIMEOUT_MS)
    assert not editor.squiggled(1, 7, "error")
