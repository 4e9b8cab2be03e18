"""Settings: document limits clamp to the engine's ceilings, host-only switches need a yes, and persistence."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from core.codenode.document import CodeNodeDocument, NodeProps, limits_for
from core.limits import CEILINGS
from gui.settings import (
    HOST_ONLY_WARNINGS,
    AppSettings,
    LimitsEditor,
    SettingsDialog,
    load_settings,
    save_settings,
    settings_path,
)
from tests import install_support

home = install_support.home
pytestmark = pytest.mark.usefixtures("home")


def answer_warning(qtbot, button: QMessageBox.StandardButton | None, seen: list[str]):
    """Answer the host-only warning when it opens (None: press Esc)."""

    def act():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append(box.text())
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)  # the safe choice is the default
        if button is None:
            qtbot.keyClick(box, Qt.Key.Key_Escape)
        else:
            box.button(button).click()

    QTimer.singleShot(0, act)


def test_limits_clamp_to_the_engine_ceilings(qtbot):
    editor = LimitsEditor(NodeProps(timeout=5, max_response_mb=500))  # a document asking past the ceiling
    qtbot.addWidget(editor)
    ceiling_mb = CEILINGS["fetchMaxBodyBytes"] / (1024 * 1024)
    assert editor.max_response.maximum() == ceiling_mb
    assert editor.props().max_response_mb == ceiling_mb
    editor.max_response.lineEdit().selectAll()
    qtbot.keyClicks(editor.max_response.lineEdit(), "9999")  # typing past the ceiling cannot get past it
    editor.max_response.interpretText()
    assert editor.props().max_response_mb <= ceiling_mb
    doc = CodeNodeDocument(body="return 1;", props=editor.props())
    assert limits_for(doc).fetchMaxBodyBytes <= CEILINGS["fetchMaxBodyBytes"]
    editor.timeout.setValue(0)
    assert editor.timeout.text() == "no timeout" and editor.props().timeout == 0
    assert limits_for(CodeNodeDocument(body="", props=editor.props())).timeoutMs == 0


@pytest.mark.parametrize("prop", ["allow_local_network", "allow_host_filesystem"])
def test_a_host_only_switch_needs_the_confirmation(qtbot, prop):
    editor = LimitsEditor()
    qtbot.addWidget(editor)
    box = editor.switches[prop]
    seen: list[str] = []

    answer_warning(qtbot, QMessageBox.StandardButton.No, seen)
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert seen == [HOST_ONLY_WARNINGS[prop][0]] and not box.isChecked()
    assert getattr(editor.props(), prop) is False

    answer_warning(qtbot, None, seen)  # Esc is a no too
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert len(seen) == 2 and not box.isChecked()

    answer_warning(qtbot, QMessageBox.StandardButton.Yes, seen)
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert len(seen) == 3 and box.isChecked() and getattr(editor.props(), prop) is True

    qtbot.keyClick(box, Qt.Key.Key_Space)  # turning it off asks nothing
    assert len(seen) == 3 and getattr(editor.props(), prop) is False


def test_loading_a_document_with_a_switch_on_does_not_ask(qtbot):
    editor = LimitsEditor(NodeProps(allow_local_network=True))
    qtbot.addWidget(editor)
    assert editor.props().allow_local_network is True
    doc = CodeNodeDocument(body="", props=editor.props())
    assert limits_for(doc).allowPrivateNetwork is True


def test_secret_scope_names_are_checked(qtbot):
    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.keyClicks(dialog.limits.secrets, "API_TOKEN, bad name")
    assert not ok.isEnabled() and "is not a secret name" in dialog.limits.secrets_error.text()
    dialog.limits.secrets.setText("API_TOKEN, GITHUB_TOKEN, API_TOKEN")
    assert ok.isEnabled() and dialog.settings().default_props.secrets == ("API_TOKEN", "GITHUB_TOKEN")


def test_settings_dialog_edits_the_defaults_and_appearance(qtbot):
    # A document's own limits are on its Node tab (tests/test_gui_node_tab.py); Settings holds the defaults.
    dialog = SettingsDialog(AppSettings(default_props=NodeProps(timeout=12)))
    qtbot.addWidget(dialog)
    assert dialog.tabs.tabText(0) == "New documents" and dialog.limits.timeout.value() == 12
    dialog.appearance.theme.setCurrentIndex(dialog.appearance.theme.findData("dark"))
    dialog.appearance.font_size.setValue(14)
    dialog.limits.timeout.setValue(7)
    settings = dialog.settings()
    assert settings.theme == "dark" and settings.editor_font_size == 14
    assert settings.default_props.timeout == 7


def test_settings_persist_in_the_config_dir_and_survive_damage():
    assert load_settings() == AppSettings()  # nothing saved yet
    chosen = AppSettings(theme="dark", editor_font_size=15, default_props=NodeProps(timeout=9))
    save_settings(chosen)
    assert settings_path().parent.name == "config" and load_settings() == chosen
    settings_path().write_text("{not json", encoding="utf-8")
    assert load_settings() == AppSettings()
    settings_path().write_text('{"theme": "neon", "editor_font_size": 400}', encoding="utf-8")
    assert load_settings() == AppSettings()
