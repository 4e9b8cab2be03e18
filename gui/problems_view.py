"""The problems list under the editor: every diagnostic, worst first; a click goes to its line."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QHeaderView, QTreeWidget, QTreeWidgetItem

from gui.diagnostics import Diagnostic
from gui.theme import icon

_ORDER = {"error": 0, "warning": 1, "info": 2}


class ProblemsView(QTreeWidget):
    #: 1-based line and column of the problem the person picked.
    activated = Signal(int, int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Line", "Problem", "Rule"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.itemClicked.connect(self._on_item)
        self.itemActivated.connect(self._on_item)

    def set_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.clear()
        ordered = sorted(diagnostics, key=lambda d: (_ORDER.get(d.severity, 3), d.line or 0, d.column or 0))
        for diag in ordered:
            where = f"{diag.line}:{diag.column}" if diag.line is not None else "node"
            item = QTreeWidgetItem([where, diag.message, diag.rule])
            item.setIcon(0, icon(diag.severity))
            item.setToolTip(1, diag.message)
            item.setData(0, Qt.ItemDataRole.UserRole, (diag.line or 0, diag.column or 1))
            self.addTopLevelItem(item)

    @Slot(QTreeWidgetItem, int)
    def _on_item(self, item: QTreeWidgetItem, _column: int) -> None:
        line, column = item.data(0, Qt.ItemDataRole.UserRole)
        if line:
            self.activated.emit(line, column)
