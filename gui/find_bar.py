"""The editor's find/replace bar (Ctrl+F, Ctrl+H): a thin strip under the text, never a dialog.

It searches the editor's text with Python's `re` (literal text is escaped), so
"match case", "whole word" and "regex" mean exactly what Python means, and it
talks to the editor only in character offsets through `SearchTarget`; the
editor converts to its own byte positions.
"""

from __future__ import annotations

import re
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCheckBox, QFrame, QGridLayout, QLabel, QLineEdit, QPushButton, QToolButton


class SearchTarget(Protocol):
    """What the bar needs from an editor, in character offsets."""

    def text(self) -> str: ...
    def selection(self) -> tuple[int, int]: ...
    def select(self, start: int, end: int) -> None: ...
    def replace_range(self, start: int, end: int, text: str) -> None: ...
    def replace_all_text(self, text: str) -> None: ...
    def set_find_highlights(self, ranges: list[tuple[int, int]]) -> None: ...
    def setFocus(self) -> None: ...


class FindBar(QFrame):
    closed = Signal()

    def __init__(self, target: SearchTarget, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("findBar")
        self.target = target
        self.find_edit = QLineEdit(placeholderText="Find")
        self.replace_edit = QLineEdit(placeholderText="Replace with")
        self.case_box = QCheckBox("Match case")
        self.word_box = QCheckBox("Whole word")
        self.regex_box = QCheckBox("Regex")
        self.status = QLabel()
        self.status.setObjectName("hint")
        self.prev_button = QPushButton("Previous")
        self.next_button = QPushButton("Next")
        self.replace_button = QPushButton("Replace")
        self.replace_all_button = QPushButton("Replace all")
        close = QToolButton(text="✕", toolTip="Close (Esc)", autoRaise=True)

        grid = QGridLayout(self)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(3)
        grid.addWidget(self.find_edit, 0, 0)
        grid.addWidget(self.prev_button, 0, 1)
        grid.addWidget(self.next_button, 0, 2)
        grid.addWidget(self.case_box, 0, 3)
        grid.addWidget(self.word_box, 0, 4)
        grid.addWidget(self.regex_box, 0, 5)
        grid.addWidget(self.status, 0, 6)
        grid.addWidget(close, 0, 7)
        grid.addWidget(self.replace_edit, 1, 0)
        grid.addWidget(self.replace_button, 1, 1)
        grid.addWidget(self.replace_all_button, 1, 2)
        grid.setColumnStretch(0, 1)

        self.find_edit.textChanged.connect(self.refresh)
        for box in (self.case_box, self.word_box, self.regex_box):
            box.toggled.connect(self.refresh)
        self.find_edit.returnPressed.connect(self.find_next)
        self.replace_edit.returnPressed.connect(self.replace_one)
        self.next_button.clicked.connect(self.find_next)
        self.prev_button.clicked.connect(self.find_previous)
        self.replace_button.clicked.connect(self.replace_one)
        self.replace_all_button.clicked.connect(self.replace_all)
        close.clicked.connect(self.close_bar)
        for edit in (self.find_edit, self.replace_edit):
            edit.installEventFilter(self)
        self.hide()

    # -- opening and closing ---------------------------------------------------------
    def open_bar(self, replace: bool) -> None:
        """Show (with the replace row when `replace`), seeded with a one-line selection."""
        start, end = self.target.selection()
        selected = self.target.text()[start:end]
        if selected and "\n" not in selected:
            self.find_edit.setText(re.escape(selected) if self.regex_box.isChecked() else selected)
        for widget in (self.replace_edit, self.replace_button, self.replace_all_button):
            widget.setVisible(replace)
        self.show()
        self.find_edit.setFocus()
        self.find_edit.selectAll()
        self.refresh()

    @Slot()
    def close_bar(self) -> None:
        self.hide()
        self.target.set_find_highlights([])
        self.target.setFocus()
        self.closed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Esc closes the bar even while a window-wide Esc shortcut (Cancel run) exists."""
        if isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape:
            if event.type() == QEvent.Type.ShortcutOverride:
                event.accept()
                return True
            if event.type() == QEvent.Type.KeyPress:
                self.close_bar()
                return True
        if (
            isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and watched is self.find_edit
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.find_previous()
            return True
        return super().eventFilter(watched, event)

    # -- searching -------------------------------------------------------------------
    def pattern(self) -> re.Pattern[str] | None:
        """The compiled search, or None (with the reason in the status) when there is none."""
        needle = self.find_edit.text()
        if not needle:
            return None
        source = needle if self.regex_box.isChecked() else re.escape(needle)
        if self.word_box.isChecked():
            source = rf"\b(?:{source})\b"
        try:
            return re.compile(source, 0 if self.case_box.isChecked() else re.IGNORECASE)
        except re.error as exc:
            self._say(f"Bad regex: {exc.msg}", error=True)
            return None

    def matches(self) -> list[tuple[int, int]]:
        pattern = self.pattern()
        if pattern is None:
            return []
        return [(m.start(), m.end()) for m in pattern.finditer(self.target.text()) if m.end() > m.start()]

    @Slot()
    def refresh(self) -> None:
        found = self.matches()
        self.target.set_find_highlights(found)
        if not self.find_edit.text():
            self._say("")
        elif self.pattern() is not None:
            self._count(found)

    @Slot()
    def find_next(self) -> None:
        self._step(forward=True)

    @Slot()
    def find_previous(self) -> None:
        self._step(forward=False)

    def _step(self, *, forward: bool) -> None:
        found = self.matches()
        if not found:
            self._count(found)
            return
        start, end = self.target.selection()
        if forward:
            nxt = next((m for m in found if m[0] >= end and m != (start, end)), found[0])
        else:
            nxt = next((m for m in reversed(found) if m[1] <= start), found[-1])
        self.target.select(*nxt)
        self._count(found)

    @Slot()
    def replace_one(self) -> None:
        """Replace the selected match (if the selection is one), then go to the next."""
        pattern = self.pattern()
        if pattern is None:
            return
        start, end = self.target.selection()
        text = self.target.text()
        match = pattern.fullmatch(text, start, end) if end > start else None
        if match is not None:
            replacement = (
                match.expand(self.replace_edit.text()) if self.regex_box.isChecked() else self.replace_edit.text()
            )
            self.target.replace_range(start, end, replacement)
            self.target.select(start + len(replacement), start + len(replacement))
        self.find_next()
        self.refresh()

    @Slot()
    def replace_all(self) -> None:
        pattern = self.pattern()
        if pattern is None:
            return
        replacement = self.replace_edit.text()
        if not self.regex_box.isChecked():
            replacement = replacement.replace("\\", "\\\\")
        new_text, count = pattern.subn(replacement, self.target.text())
        if count:
            self.target.replace_all_text(new_text)
        self.refresh()
        self._say(f"Replaced {count}")

    def _count(self, found: list[tuple[int, int]]) -> None:
        if not found:
            self._say("No results", error=True)
            return
        start, end = self.target.selection()
        index = next((i for i, m in enumerate(found) if m == (start, end)), None)
        self._say(f"{index + 1} of {len(found)}" if index is not None else f"{len(found)} found")

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        self.status.setObjectName("fieldError" if error else "hint")
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
