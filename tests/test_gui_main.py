"""The main window: documents, unsaved work, recovery, live diagnostics, packs and menus (real widgets)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from core.codenode import CodeNodeDocument, InputHandle, OutputHandle, load_document, save_document
from gui.dialogs.consent import ConsentDialog
from gui.documents import RecentFiles, Recovery
from gui.main_window import MainWindow
from gui.settings import AppSettings, SettingsDialog
from tests.gui_support import home, run_and_wait, set_body, window

__all__ = ["home", "window"]

DOC = CodeNodeDocument(
    name="adder",
    body='await output("sum", inputs.a + inputs.b);\n',
    inputs=(InputHandle(name="a", type="number", default=1), InputHandle(name="b", type="number", default=2)),
    outputs=(OutputHandle(name="sum", type="number"),),
)


def answer_modal(qtbot, act) -> list[str]:
    """Run `act(dialog)` on the next modal dialog as soon as it opens; returns its window titles."""
    seen: list[str] = []

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(10, poll)
            return
        seen.append(dialog.windowTitle())
        act(dialog)

    QTimer.singleShot(0, poll)
    return seen


def click_button(button: QMessageBox.StandardButton):
    def act(box) -> None:
        box.button(button).click()

    return act


def test_open_edit_save_round_trip_with_title_and_recent_files(qtbot, window, tmp_path):
    path = tmp_path / "adder.node.json"
    save_document(DOC, path)
    path.chmod(0o644)
    assert window.open_path(path)
    assert window.editor.text() == DOC.body and not window.dirty
    assert window.windowTitle().startswith("adder.node.json") and not window.isWindowModified()
    assert window.run_panel.inputs.values() == ({"a": 1, "b": 2}, {})
    set_body(window, 'await output("sum", inputs.a * inputs.b);\n')
    assert window.dirty and window.isWindowModified()
    qtbot.keyClick(window.editor.sci, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()
    saved = load_document(path)
    assert saved.body == 'await output("sum", inputs.a * inputs.b);\n' and saved.inputs == DOC.inputs
    # Saving keeps the file's mode and leaves nothing beside it
    assert not path.with_name(path.name + ".bak").exists() and stat.S_IMODE(path.stat().st_mode) == 0o644
    assert RecentFiles().paths()[0] == path.resolve()
    assert run_and_wait(qtbot, window).result.outputs == {"sum": 2}


def test_save_as_for_an_untitled_document(qtbot, window, tmp_path, monkeypatch):
    target = tmp_path / "fresh.node.json"
    monkeypatch.setattr(window, "ask_save_path", lambda suggested: target)
    set_body(window, 'await output("total", 5);\n')
    assert window.save() and window.path == target and not window.dirty
    assert load_document(target).body == 'await output("total", 5);\n'
    assert window.windowTitle().startswith("fresh.node.json")


def test_unsaved_changes_prompt_guards_new_open_and_close(qtbot, window, tmp_path, monkeypatch):
    set_body(window, "// precious work\n")
    seen = answer_modal(qtbot, click_button(QMessageBox.StandardButton.Cancel))
    window.new_action.trigger()
    assert seen == ["Unsaved changes"] and window.editor.text() == "// precious work\n"
    answer_modal(qtbot, click_button(QMessageBox.StandardButton.Cancel))
    assert not window.close() and window.isVisible()  # closing is refused too
    other = tmp_path / "other.node.json"
    save_document(DOC, other)
    monkeypatch.setattr(window, "ask_open_path", lambda: other)
    answer_modal(qtbot, click_button(QMessageBox.StandardButton.Discard))
    window.open_action.trigger()
    assert window.path == other and window.editor.text() == DOC.body
    set_body(window, "// more work\n")
    answer_modal(qtbot, click_button(QMessageBox.StandardButton.Save))  # Save writes, then goes on
    window.new_action.trigger()
    assert load_document(other).body == "// more work\n" and window.path is None


def test_autosave_and_recovery_after_a_crash(qtbot, window, tmp_path):
    set_body(window, "// unsaved, then the power went out\n")
    window.autosave()
    assert window.recovery.file.exists()
    assert Recovery.orphans() == []  # a live window's file is not offered
    window.recovery._lock.unlock()  # the process "dies": its lock is gone
    second = MainWindow(AppSettings())
    try:
        monkey_answers = []
        second.ask_recover = lambda work: monkey_answers.append(work.document.body) or True
        recovered = second.offer_recovery()
        assert monkey_answers == ["// unsaved, then the power went out\n"]
        assert recovered == [second] and second.editor.text() == monkey_answers[0] and second.dirty
        assert Recovery.orphans() == []  # offered once, then gone
    finally:
        second.load(second.current_document(), second.path)
        second.close()
        second.deleteLater()


def test_live_diagnostic_marks_a_bad_import_and_the_list_jumps_to_it(qtbot, window):
    set_body(window, '// header\nconst x = 1;\nimport { nope } from "no-such-pack";\nawait output("total", x);\n')
    window.catalogs.wait()
    qtbot.waitUntil(lambda: window.editor.marker_lines("error") == [3], timeout=5000)
    assert window.editor.squiggled(3, 1) and window.editor.squiggled(3, 25)
    problems = window.problems
    rows = [problems.topLevelItem(i) for i in range(problems.topLevelItemCount())]
    row = next(r for r in rows if r.text(0).startswith("3:"))
    assert "no-such-pack" in row.text(1) and row.text(2) == "pack-not-installed"
    assert "error" in window.problems_label.text()
    window.editor.goto(1)
    rect = problems.visualItemRect(row)
    qtbot.mouseClick(problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.editor.caret()[0] == 3
    set_body(window, 'await output("total", 1);\n')  # fixed: the marker goes away
    qtbot.waitUntil(lambda: window.editor.marker_lines("error") == [], timeout=5000)


def test_node_fields_edit_the_declared_inputs(qtbot, window):
    """The Node tab is a form: a row per handle (name, type, default); the schema checks it."""
    details = window.details
    for row in list(details.inputs.rows):
        row.removeRequested.emit(row)
    row = details.inputs.add("n", "integer")
    row.default_edit.setText("4.5")
    qtbot.waitUntil(lambda: details.error_label.text() != "", timeout=3000)
    assert "default of input 'n' is not a integer" in details.error_label.text()
    row.default_edit.setText("4")
    bad = details.outputs.add("1st")
    qtbot.waitUntil(lambda: "outputs" in details.error_label.text(), timeout=3000)
    bad.name_edit.setText("total2")
    qtbot.waitUntil(lambda: window.current_document().input_names == ("n",), timeout=3000)
    assert window.current_document().inputs[0].default == 4
    assert window.current_document().output_names[-1] == "total2"
    window.refresh_diagnostics()
    assert window.run_panel.inputs.values() == ({"n": 4}, {}) and window.dirty


def test_an_undeclared_pack_import_asks_for_consent_before_the_run(qtbot, window):
    set_body(
        window, 'import { distance } from "cordon-geometry/wasm";\nawait output("total", await distance(0, 0, 3, 4));\n'
    )
    window.catalogs.wait()
    seen = answer_modal(qtbot, lambda dialog: dialog.refuse.click())
    window.run()
    assert seen == ["Allow a pack in this document?"]
    refusal = window.run_panel.error_banner.text()  # names the pack said no to
    assert not window.run_panel.running and "'cordon-geometry/wasm' (pack cordon-geometry)" in refusal
    assert window.current_document().packages == ()
    answer_modal(qtbot, lambda dialog: isinstance(dialog, ConsentDialog) and dialog.allow.click())
    window.run()
    qtbot.waitUntil(lambda: not window.run_panel.running and window.run_panel.last_outcome is not None, timeout=30_000)
    assert window.run_panel.last_outcome.result.outputs == {"total": 5}
    declared = window.current_document().packages
    assert [p.specifier for p in declared] == ["cordon-geometry/wasm"] and declared[0].contentDigest
    assert window.dirty  # the consent lives in the document


def test_menus_open_the_settings_pack_manager_and_secrets(qtbot, window):
    for action, title in (
        (window.settings_action, "Settings"),
        (window.pack_manager_action, "Pack Manager"),
        (window.secrets_action, "Secrets"),
    ):
        seen = answer_modal(qtbot, lambda dialog: dialog.reject())
        action.trigger()
        assert seen == [title]


def test_settings_change_the_defaults_not_the_document(qtbot, window):
    # The document's own limits are on its Node tab (tests/test_gui_node_tab.py).
    def set_timeout(dialog: QDialog) -> None:
        assert isinstance(dialog, SettingsDialog)
        dialog.limits.timeout.setValue(5)
        dialog.accept()

    answer_modal(qtbot, set_timeout)
    window.settings_action.trigger()
    assert window.settings.default_props.timeout == 5 and not window.dirty


def test_insert_pack_import_asks_consent_then_inserts_below_the_comments(qtbot, window):
    set_body(window, '// my node\n// does things\nawait output("total", 1);\n')
    window.catalogs.wait()

    def pick(dialog) -> None:
        qtbot.keyClicks(dialog.filter, "cordon-geometry/wasm")
        dialog.ok_button.click()
        answer_modal(qtbot, lambda consent: consent.allow.click())  # the consent dialog comes next

    answer_modal(qtbot, pick)
    window.insert_pack_action.trigger()
    lines = window.editor.text().split("\n")
    assert lines[2].startswith("import ") and lines[2].endswith('from "cordon-geometry/wasm";')
    assert [p.specifier for p in window.current_document().packages] == ["cordon-geometry/wasm"]


def test_cordon_studio_entry_point_opens_the_files_it_is_given(home, tmp_path):
    """`gui.app:main` in its own process (a QApplication runs `exec()` once; this one belongs to pytest-qt)."""
    path = tmp_path / "adder.node.json"
    save_document(DOC, path)
    probe = textwrap.dedent("""
        import json, sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        app = QApplication(sys.argv[:1])
        from gui.app import main
        from gui.main_window import MainWindow

        def look_then_quit():
            shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()]
            print(json.dumps([[str(w.path), w.editor.text(), w.windowTitle()] for w in shown]))
            app.quit()

        QTimer.singleShot(300, look_then_quit)
        sys.exit(main(["cordon-studio", sys.argv[1]]))
    """)
    done = subprocess.run(
        [sys.executable, "-c", probe, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown == [[str(path), DOC.body, "adder.node.json[*] — Cordon Studio"]]


def test_new_resets_the_run_state_and_the_unsaved_question_has_mnemonics(qtbot, window):
    """The status bar does not keep the last document's "Failed" after New; the
    unsaved-changes buttons have Alt mnemonics."""
    set_body(window, 'throw new Error("boom");\n')
    assert not run_and_wait(qtbot, window).result.ok
    assert window.run_state_label.text() == "Failed"
    texts: list[list[str]] = []

    def discard(box) -> None:
        texts.append([b.text() for b in box.buttons()])
        box.button(QMessageBox.StandardButton.Discard).click()

    answer_modal(qtbot, discard)
    window.new_action.trigger()
    assert sorted(texts[0]) == ["&Cancel", "&Save", "Do&n't Save"]
    assert window.run_state_label.text() == "Ready" and not window.dirty
