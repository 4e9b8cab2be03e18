"""Help → Sandbox API and Help → Keyboard shortcuts: the reference a body is written against, and the keys.

The API reference is `docs/sandbox-api.md` itself (one text, read by people on the web and in the studio),
rendered as markdown with a find field. Its JavaScript code blocks are the examples: one goes into the
editor at the caret in one action (double-click it, Insert example, or its context menu).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtGui import QContextMenuEvent, QKeySequence, QMouseEvent, QTextDocument, QTextFormat
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
#: Fenced code blocks in these languages are examples a body can take (a `console` block is a shell session).
EXAMPLE_LANGUAGES = frozenset({"js", "javascript", "mjs"})


@dataclass(frozen=True)
class Example:
    """One JavaScript code block of the reference: its text and where it sits in the rendered document."""

    start: int
    end: int
    text: str


def examples_in(document: QTextDocument) -> list[Example]:
    """The JavaScript code blocks of a document rendered from markdown, in order.

    Qt's markdown reader marks each line of a fenced block with the fence's language; consecutive lines
    of one language are one block (the reference separates its blocks with prose).
    """
    found: list[Example] = []
    lines: list[str] = []
    start = end = 0
    block = document.begin()
    while True:
        language = block.blockFormat().property(QTextFormat.Property.BlockCodeLanguage) if block.isValid() else None
        if block.isValid() and language in EXAMPLE_LANGUAGES:
            if not lines:
                start = block.position()
            lines.append(block.text())
            end = block.position() + block.length() - 1
        elif lines:
            found.append(Example(start, end, "\n".join(lines) + "\n"))
            lines = []
        if not block.isValid():
            return found
        block = block.next()


class _ReferenceBrowser(QTextBrowser):
    """The rendered reference; a double-click or the context menu on an example asks to insert it."""

    exampleActivated = Signal(int)

    def __init__(self, example_at: Callable[[int], Example | None]) -> None:
        super().__init__()
        self._example_at = example_at
        self.insertable = False

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        position = self.cursorForPosition(event.position().toPoint()).position()
        if self.insertable and self._example_at(position) is not None:
            self.exampleActivated.emit(position)
            return
        super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.createStandardContextMenu(event.pos())
        position = self.cursorForPosition(event.pos()).position()
        if self.insertable and self._example_at(position) is not None:
            insert = menu.addAction("Insert Example into the Editor")
            insert.triggered.connect(lambda: self.exampleActivated.emit(position))
            menu.insertAction(menu.actions()[0], insert)
            menu.insertSeparator(menu.actions()[1])
        menu.exec(event.globalPos())


class SandboxApiView(QWidget):
    """The sandbox API reference, searchable; `insert` receives an example (or a selection) for the editor."""

    def __init__(self, insert: Callable[[str], None] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._insert = insert
        self.find_edit = QLineEdit(placeholderText="Find in the reference (Enter: next)")
        self.find_edit.setClearButtonEnabled(True)
        self.not_found = QLabel()
        self.not_found.setObjectName("hint")
        self.browser = _ReferenceBrowser(self.example_at)
        self.browser.setOpenExternalLinks(True)
        self.browser.setMarkdown((paths.docs_dir() / API_DOC).read_text(encoding="utf-8"))
        self.browser.insertable = insert is not None
        self.examples = examples_in(self.browser.document())
        self.insert_button = QPushButton("Insert example")
        self.insert_button.setEnabled(False)
        # Not the window's default button: Enter in the find box finds the next match, and must never also
        # insert into the person's document (a dialog's buttons are auto-default unless told otherwise).
        self.insert_button.setAutoDefault(False)
        hint = QLabel("Double-click an example (or put the caret in it) to insert it at the editor's caret")
        hint.setObjectName("hint")
        for widget in (self.insert_button, hint):
            widget.setVisible(insert is not None)
        row = QHBoxLayout()
        row.addWidget(self.find_edit, 1)
        row.addWidget(self.not_found)
        bottom = QHBoxLayout()
        bottom.addWidget(hint, 1)
        bottom.addWidget(self.insert_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.browser, 1)
        layout.addLayout(bottom)
        self.find_edit.returnPressed.connect(self.find_next)
        self.find_edit.textChanged.connect(self._find_from_start)
        self.browser.cursorPositionChanged.connect(self._update_insert_button)
        self.browser.selectionChanged.connect(self._update_insert_button)
        self.browser.exampleActivated.connect(self.insert_example_at)
        self.insert_button.clicked.connect(self._insert_current)

    def example_at(self, position: int) -> Example | None:
        """The example whose text holds document `position`, if any."""
        return next((e for e in self.examples if e.start <= position <= e.end), None)

    def current_example(self) -> Example | None:
        """The example the caret (or the found text) is in."""
        return self.example_at(self.browser.textCursor().selectionStart())

    def insert_example_at(self, position: int) -> bool:
        """Send the example at `position` to the editor; False when there is none there."""
        example = self.example_at(position)
        if example is None or self._insert is None:
            return False
        self._insert(example.text)
        return True

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

    def _update_insert_button(self) -> None:
        """Insert example when the caret is in one, Insert selection for other selected text."""
        in_example = self.current_example() is not None
        selected = self.browser.textCursor().hasSelection()
        self.insert_button.setText("Insert example" if in_example or not selected else "Insert selection")
        self.insert_button.setEnabled(in_example or selected)

    def _insert_current(self) -> None:
        cursor = self.browser.textCursor()
        if self.insert_example_at(cursor.selectionStart()):
            return
        text = cursor.selection().toPlainText()
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
