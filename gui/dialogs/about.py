"""Help → About Cordon Studio: the version and where Cordon keeps its state, with a Copy button beside each path.

A person opens About to answer "which version is this?" and "where are my logs?" for a bug report,
so every fact is selectable text and each folder has its own Copy button, and
"Copy all" puts the lot on the clipboard as `cordon doctor` would print it. Values in, nothing out:
the facts come from `core.installation()` (the same `cordon doctor` prints).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QDialog, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gui.dialogs.common import closable_window, plain_label, styled_label

#: How each of `core.installation()`'s folders is named to a person.
FOLDER_NAMES = {
    "data": "State (packs, trust, assets)",
    "config": "Settings",
    "cache": "Cache",
    "logs": "Logs",
}


def copy_text(text: str) -> None:
    """Put `text` on the system clipboard."""
    clipboard = QApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)


def facts_text(facts: dict[str, Any]) -> str:
    """The facts as lines to paste into a bug report."""
    lines = [facts["version"], f"Python {facts['python']} on {facts['platform']}"]
    lines += [f"{FOLDER_NAMES.get(name, name)}: {path}" for name, path in facts["folders"].items()]
    return "\n".join(lines)


class AboutPanel(QWidget):
    """The version line, what protects host work, and one row per folder: its name, its path, Copy."""

    def __init__(self, title: str, facts: dict[str, Any], protection: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        heading = styled_label(title, role="sectionTitle")
        self.version = plain_label(f"{facts['version']} · Python {facts['python']} · {facts['platform']}")
        self.version.setObjectName("aboutVersion")
        what = plain_label(
            "Write JavaScript Code nodes and run them in a hardened QuickJS sandbox. Packs run inside your "
            "nodes with the node's capabilities, and only after you allow them."
        )
        layout.addWidget(heading)
        layout.addWidget(self.version)
        layout.addWidget(what)
        layout.addWidget(plain_label(protection))
        layout.addWidget(styled_label("Where Cordon keeps its files", role="sectionTitle"))
        grid = QGridLayout()
        self.copy_buttons: dict[str, QPushButton] = {}
        for row, (name, path) in enumerate(facts["folders"].items()):
            grid.addWidget(QLabel(FOLDER_NAMES.get(name, name)), row, 0)
            shown = plain_label(path, wrap=False)
            shown.setObjectName(f"aboutPath_{name}")
            grid.addWidget(shown, row, 1)
            button = QPushButton("Copy")
            button.setToolTip(f"Copy {path}")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _checked=False, text=path: copy_text(text))
            grid.addWidget(button, row, 2)
            self.copy_buttons[name] = button
        grid.setColumnStretch(1, 1)
        layout.addLayout(grid)
        self.copy_all = QPushButton("Copy All (for a bug report)")
        self.copy_all.setAutoDefault(False)
        self.copy_all.clicked.connect(lambda: copy_text(facts_text(facts)))
        layout.addWidget(self.copy_all)
        layout.addWidget(styled_label("More for a bug report: cordon doctor --json", role="hint"))
        layout.addStretch(1)


def about_window(parent: QWidget | None, title: str, facts: dict[str, Any], protection: str) -> QDialog:
    """Help → About Cordon Studio as a window with a Close button."""
    dialog = closable_window(parent, f"About {title}", AboutPanel(title, facts, protection), 640, 420)
    dialog.setObjectName("aboutDialog")
    return dialog
