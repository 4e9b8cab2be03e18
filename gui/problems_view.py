"""The problems list under the editor: every diagnostic, worst first; a click goes to its line.

Each row says where (line:column), what, the rule, and its source: the checks `cordon validate`
runs, or the TypeScript checker (types of a TypeScript body as errors; a JavaScript body's
inferred findings as warnings, which never stop a run).

A finding that has a one-click fix ("Declare input 'rows'", "Allow secret
'API_KEY'") shows it as a button in its row; the window applies it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtWidgets import QHeaderView, QPushButton, QTreeWidget, QTreeWidgetItem

from core.codenode import ALLOW_PACK, CONVERT_LEGACY
from core.validate import INSTALL_NPM, Fix
from gui.diagnostics import Diagnostic, source
from gui.theme import icon

_ORDER = {"error": 0, "warning": 1, "info": 2}
#: The columns, left to right.
_LINE, _PROBLEM, _RULE, _SOURCE, _FIX = range(5)


class ProblemsView(QTreeWidget):
    #: 1-based line and column of the problem the person picked.
    activated = Signal(int, int)
    #: The person clicked a finding's quick fix (a `core.validate.Fix`).
    fixRequested = Signal(object)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(5)
        self.setHeaderLabels(["Line", "Problem", "Rule", "Source", "Fix"])
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        header = self.header()
        for column in (_LINE, _RULE, _SOURCE, _FIX):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(_PROBLEM, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self.itemClicked.connect(self._on_item)
        self.itemActivated.connect(self._on_item)

    def set_diagnostics(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.clear()
        ordered = sorted(diagnostics, key=lambda d: (_ORDER.get(d.severity, 3), d.line or 0, d.column or 0))
        for diag in ordered:
            where = f"{diag.line}:{diag.column}" if diag.line is not None else "node"
            item = QTreeWidgetItem([where, diag.message, diag.rule, source(diag)])
            item.setIcon(_LINE, icon(diag.severity))
            item.setToolTip(_LINE, diag.severity)
            item.setToolTip(_PROBLEM, diag.message)
            item.setData(_LINE, Qt.ItemDataRole.UserRole, (diag.line or 0, diag.column or 1))
            self.addTopLevelItem(item)
            if diag.fix is not None:
                self.setItemWidget(item, _FIX, self._fix_button(diag.fix))
        buttons = self.fix_buttons()
        if buttons:  # every row as tall as a button (rows are uniform), so no fix is cut off at the bottom
            height = max(b.sizeHint().height() for b in buttons)
            for i in range(self.topLevelItemCount()):
                item = self.topLevelItem(i)
                button = self.itemWidget(item, _FIX)
                item.setSizeHint(_FIX, QSize(button.sizeHint().width() if button is not None else 0, height))

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
            widget = self.itemWidget(self.topLevelItem(i), _FIX)
            if isinstance(widget, QPushButton):
                found.append(widget)
        return found

    @Slot(QTreeWidgetItem, int)
    def _on_item(self, item: QTreeWidgetItem, _column: int) -> None:
        line, column = item.data(_LINE, Qt.ItemDataRole.UserRole)
        if line:
            self.activated.emit(line, column)
