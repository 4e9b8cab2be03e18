"""Editor habits people expect, on the real window and the real Scintilla widget."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QTableWidget

from gui.dialogs.help import SandboxApiView
from tests.gui_support import home, run_and_wait, set_body, window

__all__ = ["home", "window"]

CTRL = Qt.KeyboardModifier.ControlModifier


def test_ctrl_slash_toggles_comments_on_the_selected_lines(qtbot, window):
    set_body(window, "const a = 1;\n  const b = 2;\n\nreturn a;\n")
    sci = window.editor.sci
    sci.setSel(0, sci.positionFromLine(2))  # lines 1-2 (ends at line 3's start)
    qtbot.keyClick(sci, Qt.Key.Key_Slash, CTRL)
    assert window.editor.text() == "// const a = 1;\n//   const b = 2;\n\nreturn a;\n"
    qtbot.keyClick(sci, Qt.Key.Key_Slash, CTRL)
    assert window.editor.text() == "const a = 1;\n  const b = 2;\n\nreturn a;\n"
    window.editor.goto(4)
    qtbot.keyClick(sci, Qt.Key.Key_Slash, CTRL)  # no selection: the caret's line
    assert window.editor.text().splitlines()[3] == "// return a;"
    sci.undo()  # one undo step
    assert window.editor.text().splitlines()[3] == "return a;"


def test_brackets_and_quotes_close_and_are_typed_over(qtbot, window):
    set_body(window, "")
    sci = window.editor.sci
    qtbot.keyClicks(sci, "f(")
    assert window.editor.text() == "f()"
    qtbot.keyClicks(sci, '"a')
    assert window.editor.text() == 'f("a")'
    qtbot.keyClicks(sci, '")[')
    sci.autoCCancel()
    assert window.editor.text() == 'f("a")[]'
    set_body(window, "")
    qtbot.keyClicks(sci, "it's")  # an apostrophe in a word adds no closer
    assert window.editor.text() == "it's"


def test_undo_redo_enabled_only_when_possible(qtbot, window):
    window.new_document(ask=False)
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    set_body(window, "return 1;")
    qtbot.waitUntil(window.undo_action.isEnabled, timeout=2000)
    assert not window.redo_action.isEnabled()
    window.editor.sci.undo()
    qtbot.waitUntil(window.redo_action.isEnabled, timeout=2000)


def test_help_sandbox_api_opens_finds_text_and_inserts_a_selection(qtbot, window):
    set_body(window, "")
    window.api_help_action.trigger()
    dialog = window.api_help
    view = dialog.findChild(SandboxApiView)
    assert dialog.isVisible() and "Sandbox API" in view.browser.toPlainText()
    qtbot.keyClicks(view.find_edit, "parallelMap")
    selected = view.browser.textCursor().selectedText()
    assert selected == "parallelMap" and view.not_found.text() == ""
    assert view.insert_button.isEnabled()
    qtbot.mouseClick(view.insert_button, Qt.MouseButton.LeftButton)
    assert window.editor.text() == "parallelMap"
    view.find_edit.setText("no such words anywhere")
    assert view.not_found.text() == "Not found"
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()


PARALLEL_EXAMPLE = (
    "const statuses = await parallelMap(inputs.urls, async (url) => (await fetch(url)).status, 4);\n"
    'await output("statuses", statuses);\n'
)


def test_help_sandbox_api_inserts_a_found_example_at_the_caret_in_one_step(qtbot, window):
    set_body(window, "// before\n\nconsole.log(statuses);\n")
    window.editor.goto(2)  # the empty line
    window.api_help_action.trigger()
    view = window.api_help.findChild(SandboxApiView)
    qtbot.keyClicks(view.find_edit, "parallelMap(inputs.urls")
    assert view.current_example() is not None  # the find landed in an example block
    assert view.insert_button.isEnabled() and view.insert_button.text() == "Insert example"
    qtbot.mouseClick(view.insert_button, Qt.MouseButton.LeftButton)
    assert window.editor.text() == "// before\n" + PARALLEL_EXAMPLE + "console.log(statuses);\n"
    window.editor.sci.undo()  # the whole example was one step
    assert window.editor.text() == "// before\n\nconsole.log(statuses);\n"

    window.editor.goto(1, 10)  # inside a line: the example goes on its own lines
    stream = next(e for e in view.examples if "stream(" in e.text)
    rect = view.browser.cursorRect(_cursor_at(view, stream.start + 4))
    view.browser.ensureCursorVisible()
    qtbot.mouseDClick(view.browser.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.editor.text() == "// before\n" + stream.text + "\nconsole.log(statuses);\n"
    window.api_help.close()


def _cursor_at(view: SandboxApiView, position: int):
    cursor = view.browser.textCursor()
    cursor.setPosition(position)
    view.browser.setTextCursor(cursor)
    return cursor


def test_every_example_in_the_reference_is_javascript_the_editor_accepts(qtbot, window):
    view = SandboxApiView(insert=window.editor.insert_snippet)
    qtbot.addWidget(view)
    assert len(view.examples) >= 5 and not any(e.text.startswith("$ ") for e in view.examples)  # no shell
    for example in view.examples:
        set_body(window, "")
        assert view.insert_example_at(example.start)
        window.refresh_diagnostics()
        assert window.editor.text() == example.text.rstrip("\n")
        assert not [d for d in window.editor.diagnostics() if d.rule == "syntax-error"], example.text


def _close_modal_then(check):
    def step() -> None:
        modal = QApplication.activeModalWidget()
        if modal is None:  # still being built (the pack manager reads the catalog first)
            QTimer.singleShot(50, step)
            return
        assert isinstance(modal, QDialog)
        check(modal)
        modal.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close).click()

    return step


def test_keyboard_shortcuts_list_and_tool_windows_have_close_buttons(qtbot, window):
    seen: dict[str, object] = {}

    def shortcuts(modal: QDialog) -> None:
        table = modal.findChild(QTableWidget)
        seen["rows"] = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}

    QTimer.singleShot(200, _close_modal_then(shortcuts))
    window.shortcuts_action.trigger()
    assert seen["rows"]["Toggle Comment"] == "Ctrl+/" and "Run" in seen["rows"]
    QTimer.singleShot(200, _close_modal_then(lambda modal: seen.update(secrets=modal.windowTitle())))
    window.secrets_action.trigger()
    assert seen["secrets"] == "Secrets"
    QTimer.singleShot(200, _close_modal_then(lambda modal: seen.update(packs=modal.windowTitle())))
    window.pack_manager_action.trigger()
    assert seen["packs"] == "Pack Manager"


def test_problems_show_one_syntax_message_the_engines_at_its_column(qtbot, window):
    set_body(window, "const a = 1;\nlet x = ;\n")
    syntax = [d for d in window.editor.diagnostics() if d.rule == "syntax-error"]
    assert [(d.line, d.column, d.message) for d in syntax] == [
        (2, 9, "SyntaxError: unexpected token in expression: ';'")
    ]
    outcome = run_and_wait(qtbot, window)  # the run says the same words
    assert outcome.result.error.name == "SyntaxError" and outcome.result.error.message in syntax[0].message


def test_enter_in_the_find_box_finds_and_never_inserts_into_the_document(qtbot, window):
    set_body(window, "// mine\n")
    window.api_help_action.trigger()
    view = window.api_help.findChild(SandboxApiView)
    qtbot.keyClicks(view.find_edit, "parallelMap")
    assert view.insert_button.isEnabled()  # the find landed where Insert would insert something
    first = view.browser.textCursor().selectionStart()
    qtbot.keyClick(view.find_edit, Qt.Key.Key_Return)
    assert view.browser.textCursor().selectionStart() != first  # Enter went to the next match
    qtbot.keyClick(view.find_edit, Qt.Key.Key_Enter)  # the keypad's Enter too
    assert window.editor.text() == "// mine\n"  # nothing landed at the caret
    assert window.api_help.isVisible()
    window.api_help.close()
