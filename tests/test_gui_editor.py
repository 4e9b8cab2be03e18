"""The Scintilla editor adapter on the real widget: colours, folding, find/replace, completion, markers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from core.packs import Catalog
from gui.completion import CompletionSource, GuestApiProbe, PackIndex, context_at, export_names, import_bindings
from gui.editor import CodeEditor
from gui.find_bar import FindBar

BODY = """// totals
import { distance } from "cordon-geometry/wasm";
const rows = inputs.items;
for (const row of rows) {
  await emit("running", `row ${row}`);
}
await output("total", 42);
"""


@pytest.fixture
def editor(qtbot):
    ed = CodeEditor()
    qtbot.addWidget(ed)
    ed.resize(700, 400)
    ed.show()
    ed.set_text(BODY)
    return ed


@pytest.fixture(scope="module")
def catalog():
    return Catalog()


def style_at(ed: CodeEditor, needle: str) -> int:
    ed.sci.colourise(0, -1)
    return ed.sci.styleAt(BODY.encode().index(needle.encode()))


def test_javascript_colours_line_numbers_and_folding(editor):
    assert editor.text() == BODY
    assert style_at(editor, "const") == 5  # keyword
    assert style_at(editor, '"running"') == 6  # string
    assert style_at(editor, "`row") == 20  # template literal
    assert style_at(editor, "// totals") == 2  # line comment
    assert style_at(editor, "42") == 4  # number
    assert editor.sci.marginWidthN(0) > 10  # line numbers are shown
    header = 0x2000  # SC_FOLDLEVELHEADERFLAG
    assert editor.sci.foldLevel(3) & header  # `for (...) {` folds
    editor.sci.toggleFold(3)
    assert not editor.sci.lineVisible(4)
    editor.sci.toggleFold(3)
    assert editor.sci.lineVisible(4)


def test_text_round_trip_is_unicode_safe_and_resets_undo(editor):
    editor.set_text("const s = 'é — ✓';\n")
    assert editor.text() == "const s = 'é — ✓';\n"
    assert not editor.sci.canUndo()
    editor.goto(1, 14)
    assert editor.caret() == (1, 14)


def test_diagnostic_marks_its_line_and_range(editor):
    from gui.diagnostics import Diagnostic

    editor.set_diagnostics(
        [
            Diagnostic(2, 26, "error", "pack-not-installed", "no pack serves it"),
            Diagnostic(3, 14, "warning", "some-rule", "careful"),
            Diagnostic(None, None, "warning", "declaration-unused", "about the node"),
        ]
    )
    assert editor.marker_lines("error") == [2]
    assert editor.marker_lines("warning") == [3]
    assert editor.squiggled(2, 30, "error")  # inside the specifier string
    assert not editor.squiggled(1, 3, "error")
    editor.set_diagnostics([])
    assert editor.marker_lines("error") == []


def test_find_bar_counts_steps_and_replaces_in_one_undo(qtbot, editor):
    editor.show_find()
    bar: FindBar = editor.find_bar
    assert bar.isVisible()
    qtbot.keyClicks(bar.find_edit, "row")
    assert bar.status.text() == "5 found"
    qtbot.keyClick(bar.find_edit, Qt.Key.Key_Return)
    assert bar.status.text() == "1 of 5"
    start, end = editor.selection()
    assert editor.text()[start:end] == "row"
    bar.word_box.setChecked(True)  # `rows` no longer matches
    assert bar.status.text() == "3 found"
    editor.show_replace()
    qtbot.keyClicks(bar.replace_edit, "item")
    qtbot.mouseClick(bar.replace_all_button, Qt.MouseButton.LeftButton)
    assert "const item of rows" in editor.text() and "`item ${item}`" in editor.text()
    editor.sci.undo()
    assert editor.text() == BODY
    bar.regex_box.setChecked(True)
    bar.find_edit.setText("(")
    assert bar.status.text().startswith("Bad regex")
    qtbot.keyClick(bar.find_edit, Qt.Key.Key_Escape)
    assert not bar.isVisible()


def test_completion_offers_the_real_guest_api(qtbot, editor):
    api = GuestApiProbe.wait(60)
    assert {"console", "fetch", "emit", "output", "stream", "inputs", "state", "progress"} <= set(api.globals)
    assert "log" in api.members["console"] and "first" in api.members["stream"]
    assert "eval" not in api.globals and "Function" not in api.globals  # removed by the hardening
    editor.set_text("")
    qtbot.keyClicks(editor.sci, "conso")
    assert editor.sci.autoCActive()
    assert editor.sci.autoCCurrentText() == "console"
    editor.sci.autoCComplete()
    qtbot.keyClicks(editor.sci, ".l")
    assert editor.sci.autoCActive() and editor.sci.autoCCurrentText() == "log"
    editor.sci.autoCCancel()
    editor.input_names = ("items", "limit")  # the document's declared inputs
    qtbot.keyClicks(editor.sci, "; inputs.li")
    assert editor.sci.autoCActive() and editor.sci.autoCCurrentText() == "limit"


def test_completion_of_pack_specifiers_and_exports(catalog):
    source = CompletionSource(packs=lambda: PackIndex(catalog))
    assert "cordon-geometry/wasm" in source.candidates(context_at('import { x } from "cordon-g'), "")
    names = source.candidates(context_at("import { di", '} from "cordon-geometry/wasm";'), "")
    assert names == ["distance"]
    body = 'import * as geo from "cordon-geometry";\n'
    assert "polygonArea" in source.candidates(context_at("geo."), body)
    assert [b.name for b in import_bindings(body)] == ["geo"]
    assert export_names(
        "export const a = 1, b = 2;\nexport function f() {}\nexport { a as c };\nexport default 3;\n"
    ) == ("a", "b", "f", "c", "default")


def test_ctrl_space_completes_except_inside_comments(qtbot, editor):
    editor.set_text("let n = 1;\nc")
    editor.goto(2, 2)
    qtbot.keyClick(editor.sci, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    assert editor.sci.autoCActive()  # even a one-letter prefix, when asked
    editor.sci.autoCCancel()
    editor.set_text("// cons")
    editor.goto(1, 8)
    qtbot.keyClick(editor.sci, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    assert not editor.sci.autoCActive()


def test_run_error_highlight_clears_on_edit(qtbot, editor):
    editor.show_run_error(5, "TypeError: boom")
    assert editor.run_error_line() == 5
    qtbot.keyClicks(editor.sci, "x")
    assert editor.run_error_line() is None
