"""Help → Sandbox API and Help → Keyboard shortcuts: the reference a body is written against, and the keys.

The API reference is `docs/sandbox-api.md` itself (one text, read by people on the web and in the studio),
rendered as markdown with a find field; a selected example goes into the editor with one click.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from core import paths
from gui.dialogs.common import closable_window

API_DOC = "sandbox-api.md"


class SandboxApiView(QWidget):
    """The sandbox API reference, searchable; `insert` receives a selected example."""

    def __init__(self, insert: Callable[[str], None] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._insert = insert
        self.find_edit = QLineEdit(placeholderText="Find in the reference (Enter: next)")
        self.find_edit.setClearButtonEnabled(True)
        self.not_found = QLabel()
        self.not_found.setObjectName("hint")
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setMarkdown((paths.docs_dir() / API_DOC).read_text(encoding="utf-8"))
        self.insert_button = QPushButton("Insert selection into the editor")
        self.insert_button.setToolTip("Select an example in the reference, then insert it at the caret")
        self.insert_button.setEnabled(False)
        self.insert_button.setVisible(insert is not None)
        row = QHBoxLayout()
        row.addWidget(self.find_edit, 1)
        row.addWidget(self.not_found)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.browser, 1)
        layout.addWidget(self.insert_button)
        self.find_edit.returnPressed.connect(self.find_next)
        self.find_edit.textChanged.connect(self._find_from_start)
        self.browser.copyAvailable.connect(self.insert_button.setEnabled)
        self.insert_button.clicked.connect(self._insert_selection)

    def find_next(self) -> bool:
        """Select the next match of the find field (wrapping to the top); False when there is none."""
        text = self.find_edit.text()
        if not text:
            self.not_found.clear()
            return False
        found = self.browser.find(text)
        if not found:
            self.browser.moveCursor(self.browser.textCursor().MoveOperation.Start)
            found = self.browser.find(text)
        self.not_found.setText("" if found else "Not found")
        return found

    def _find_from_start(self) -> None:
        self.browser.moveCursor(self.browser.textCursor().MoveOperation.Start)
        self.find_next()

    def _insert_selection(self) -> None:
        text = self.browser.textCursor().selection().toPlainText()
        if text and self._insert is not None:
            self._insert(text)


def sandbox_api_window(parent: QWidget | None, insert: Callable[[str], None] | None = None) -> QDialog:
    return closable_window(parent, "Sandbox API", SandboxApiView(insert), 820, 640)


def shortcuts_window(parent: QWidget | None, keys: Sequence[tuple[str, QKeySequence | str]]) -> QDialog:
    """The keyboard shortcuts, one (what, keys) row each."""
    table = QTableWidget(len(keys), 2)
    table.setHorizontalHeaderLabels(["Action", "Keys"])
    table.verticalHeader().hide()
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    for row, (what, key) in enumerate(keys):
        shown = key.toString(QKeySequence.SequenceFormat.NativeText) if isinstance(key, QKeySequence) else key
        table.setItem(row, 0, QTableWidgetItem(what))
        table.setItem(row, 1, QTableWidgetItem(shown))
    table.horizontalHeader().setStretchLastSection(True)
    table.resizeColumnToContents(0)
    return closable_window(parent, "Keyboard Shortcuts", table, 480, 520)
