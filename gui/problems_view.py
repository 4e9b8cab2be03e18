"""The problems list under the editor: every diagnostic, worst first; a click goes to its line.

A finding that has a one-click fix ("Declare input 'rows'", "Allow secret
'API_KEY'") shows it as a button in its row; the window applies it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtWidgets import QHeaderView, QPushButton, QTreeWidget, QTreeWidgetItem

from core.codenode import ALLOW_PACK, CONVERT_LEGACY
from core.validate import INSTALL_NPM, Fix
from gui.diagnostics import Diagnostic
from gui.theme import icon

_ORDER = {"error": 0, "warning": 1, "info": 2}


class ProblemsView(QTreeWidget):
    #: 1-based line and column of the problem the person picked.
    activated = Signal(int, int)
    #: The person clicked a finding's quick fix (a `core.validate.Fix`).
    fixRequested = Signal(object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(4)
        self.setHeaderLabels(["Line", "Problem", "Rule", "Fix"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        header = self.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
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
            if diag.fix is not None:
                self.setItemWidget(item, 3, self._fix_button(diag.fix))
        buttons = self.fix_buttons()
        if buttons:  # every row as tall as a button (rows are uniform), so no fix is cut off at the bottom
            height = max(b.sizeHint().height() for b in buttons)
            for i in range(self.topLevelItemCount()):
                item = self.topLevelItem(i)
                button = self.itemWidget(item, 3)
                item.setSizeHint(3, QSize(button.sizeHint().width() if button is not None else 0, height))

    def _fix_button(self, fix: Fix) -> QPushButton:
        button = QPushButton(fix.label)
        button.setObjectName("quickFix")
        if fix.kind == INSTALL_NPM:
            tip = f"{fix.label} as a sandbox pack (the Pack Manager shows what it is and asks first)"
        elif fix.kind == "decide-grants":  # gui.main_window.DECIDE_GRANTS (this view cannot import the window)
            tip = "Asks again about the grants you refused (Trust, Run without these grants, Cancel)"
        elif fix.kind == ALLOW_PACK:
            tip = "Shows what the pack is and what it can reach, then allows it in this document if you say yes"
        elif fix.kind == CONVERT_LEGACY:
            tip = "Rewrite the final return as await output(name, value) calls and declare those outputs (undo: Ctrl+Z)"
        else:
            tip = f"{fix.label} in the node's declarations (Node tab)"
        button.setToolTip(tip)
        button.clicked.connect(lambda: self.fixRequested.emit(fix))
        return button

    def fix_buttons(self) -> list[QPushButton]:
        """The quick-fix buttons shown, in row order."""
        found = []
        for i in range(self.topLevelItemCount()):
            widget = self.itemWidget(self.topLevelItem(i), 3)
            if isinstance(widget, QPushButton):
                found.append(widget)
        return found

    @Slot(QTreeWidgetItem, int)
    def _on_item(self, item: QTreeWidgetItem, _column: int) -> None:
        line, column = item.data(0, Qt.ItemDataRole.UserRole)
        if line:
            self.activated.emit(line, column)
