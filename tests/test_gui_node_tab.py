"""Settings and paths easy to find.

A document's limits and grants are on its Node tab, Settings keeps only app-wide choices and the
defaults of new documents, About shows the version and every folder with a Copy button, Open Log
Folder says where the logs are when no file manager opens them, and every menu path the examples,
the help and the docs name is a real menu item.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from core import installation, paths
from core.codenode import NodeProps
from gui.dialogs.about import AboutPanel, about_window
from gui.settings import AppSettings, SettingsDialog
from tests.gui_support import home, set_body, window  # noqa: F401 (fixtures)

ROOT = Path(__file__).resolve().parents[1]


def settle(qtbot, win) -> None:
    """Let the Node tab's debounce deliver its edit to the document."""
    qtbot.waitUntil(lambda: not win.details._debounce.isActive(), timeout=2000)


def test_the_node_tab_edits_this_documents_limits_and_grants(qtbot, window):  # noqa: F811
    tab = window.details
    assert "Saved with this document" in tab.limits_note.text() and "Tools → Settings" in tab.limits_note.text()
    assert tab.limits.timeout.value() == window.current_document().props.timeout
    tab.limits.timeout.setValue(5)
    tab.limits.secrets.setText("API_TOKEN")
    settle(qtbot, window)
    props = window.current_document().props
    assert (props.timeout, props.secrets) == (5, ("API_TOKEN",)) and window.dirty
    assert window.settings.default_props == NodeProps()  # a document's limits are not the defaults

    tab.limits.secrets.setText("bad name")  # a bad secret name is a field problem, as a bad handle is
    settle(qtbot, window)
    assert "is not a secret name" in (tab.problem() or "")
    assert window.current_document().props.secrets == ("API_TOKEN",)


def test_a_host_only_switch_on_the_node_tab_asks_first(qtbot, window):  # noqa: F811
    def allow() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox) and "local network" in box.text()
        box.button(QMessageBox.StandardButton.Yes).click()

    QTimer.singleShot(0, allow)
    window.details.limits.switches["allow_local_network"].setChecked(True)
    settle(qtbot, window)
    assert window.current_document().props.allow_local_network is True


def test_grants_taken_away_elsewhere_show_on_the_node_tab(qtbot, window):  # noqa: F811
    window.details.limits.secrets.setText("API_TOKEN")
    settle(qtbot, window)
    # What "Run without these grants" and a quick fix do: the document changes outside the tab.
    window._doc = window._doc.model_copy(update={"props": NodeProps()})
    window._update_title()
    assert window.details.limits.secrets.text() == ""
    window.details.name_edit.setText("renamed")  # a later edit on the tab does not put the grant back
    settle(qtbot, window)
    assert window.current_document().props.secrets == ()


def test_settings_hold_only_the_defaults_of_new_documents(qtbot, window):  # noqa: F811
    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == ["New documents", "Appearance"]
    assert "Node tab" in dialog.defaults_note.text()

    def set_default(dialog: QDialog) -> None:
        assert isinstance(dialog, SettingsDialog)
        dialog.limits.timeout.setValue(7)
        dialog.accept()

    QTimer.singleShot(0, lambda: set_default(QApplication.activeModalWidget()))
    window.settings_action.trigger()
    assert window.settings.default_props.timeout == 7
    assert window.current_document().props.timeout == NodeProps().timeout and not window.dirty
    window.new_document(ask=False)
    assert window.current_document().props.timeout == 7 and window.details.limits.timeout.value() == 7


def test_about_shows_the_version_and_each_folder_with_a_copy_button(qtbot):
    facts = installation()
    panel = AboutPanel("Cordon Studio", facts, "Host workers are confined.")
    qtbot.addWidget(panel)
    assert facts["version"] in panel.version.text()
    assert set(panel.copy_buttons) == {"data", "config", "cache", "logs"}
    for name, button in panel.copy_buttons.items():
        button.click()
        assert QApplication.clipboard().text() == facts["folders"][name]
    panel.copy_all.click()
    copied = QApplication.clipboard().text()
    assert facts["version"] in copied and str(paths.log_dir()) in copied
    dialog = about_window(None, "Cordon Studio", facts, "")
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "About Cordon Studio"


def test_open_log_folder_says_where_the_logs_are_when_nothing_opens_them(qtbot, window):  # noqa: F811
    window.open_folder = lambda folder: False  # no file manager (a bare window manager, a container)
    QApplication.clipboard().setText("")
    window.log_folder_action.trigger()
    folder = str(paths.log_dir())
    assert folder in window.statusBar().currentMessage() and "copied" in window.statusBar().currentMessage()
    assert QApplication.clipboard().text() == folder
    window.open_folder = lambda folder: True
    window.log_folder_action.trigger()
    assert window.statusBar().currentMessage() == f"Opened the log folder {folder}"


#: "Tools → Secrets", "Settings > Secrets": a menu path as a person reads it in a text.
MENU_PATH = re.compile(
    r"\b(File|Edit|Run|Packs|Tools|Help|Settings|Preferences|View)\s*(?:→|->|>)\s*([A-Z][^→>\n\"`]*)"
)


def _texts() -> dict[str, str]:
    """Every text a person reads a menu path in: the examples, the help, the docs, the studio's and the
    core's own words."""
    files = [
        *(ROOT / "resources" / "examples").glob("*.node.json"),
        *(ROOT / "resources").rglob("*.md"),
        *(ROOT / "docs").glob("*.md"),
        ROOT / "README.md",
        *(ROOT / "gui").rglob("*.py"),
        *(ROOT / "core").rglob("*.py"),
    ]
    return {str(f.relative_to(ROOT)): f.read_text(encoding="utf-8") for f in files if "__pycache__" not in f.parts}


def test_every_menu_path_named_in_examples_help_and_docs_exists(window):  # noqa: F811
    menus = {
        action.text().replace("&", ""): [a.text().replace("&", "").rstrip("…") for a in action.menu().actions()]
        for action in window.menuBar().actions()
        if action.menu() is not None
    }
    found, stale = 0, []
    for name, text in _texts().items():
        for match in MENU_PATH.finditer(text):
            menu, item = match.group(1), match.group(2)
            found += 1
            items = [i for i in menus.get(menu, []) if i]
            if not any(item.startswith(i) for i in items):
                stale.append(f"{name}: {match.group(0).strip()!r}")
    assert found > 10  # the scan reads what it should
    assert stale == [], "menu paths that are not in the menus:\n" + "\n".join(stale)
