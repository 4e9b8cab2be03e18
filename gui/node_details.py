"""The node's own fields beside its body: name, description, declared inputs and outputs.

Handles are edited as the JSON they are saved as (`{"inputs": [...],
"outputs": [...]}`) and checked by the document schema itself
(`core.codenode.document.parse_document`), so the studio accepts exactly what
`cordon node run` accepts and the error names the field. The sandbox props
are edited in Settings (`gui.settings`), the pack declarations by consent.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QSignalBlocker, QTimer, Signal, Slot
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QPlainTextEdit, QVBoxLayout, QWidget

from core.codenode import CodeNodeDocument, DocumentError
from core.codenode.document import parse_document


class NodeDetails(QWidget):
    #: The fields changed and are valid (debounced).
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("node name")
        self.description_edit = QLineEdit()
        self.description_edit.setPlaceholderText("what the node does, in one line")
        self.handles_edit = QPlainTextEdit()
        self.handles_edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.handles_edit.setTabChangesFocus(True)
        self.error_label = QLabel()
        self.error_label.setObjectName("fieldError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        hint = QLabel('Handles: {"inputs": [{"name", "type", "default"}], "outputs": [{"name", "type"}]}; '
                      "types: any, string, number, integer, boolean, object, array, bytes.")
        hint.setObjectName("hint")
        hint.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Description", self.description_edit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(form)
        layout.addWidget(QLabel("Inputs and outputs"))
        layout.addWidget(self.handles_edit, 1)
        layout.addWidget(hint)
        layout.addWidget(self.error_label)
        self._base: CodeNodeDocument | None = None
        self._debounce = QTimer(self, singleShot=True, interval=300)
        self._debounce.timeout.connect(self._on_settled)
        for edit in (self.name_edit, self.description_edit):
            edit.textChanged.connect(self._debounce.start)
        self.handles_edit.textChanged.connect(self._debounce.start)

    def load(self, doc: CodeNodeDocument) -> None:
        """Show `doc`'s fields (no `changed` signal: nothing was edited)."""
        self._base = doc
        blockers = [QSignalBlocker(w) for w in (self.name_edit, self.description_edit, self.handles_edit)]
        self.name_edit.setText(doc.name)
        self.description_edit.setText(doc.description)
        data = doc.to_json()
        self.handles_edit.setPlainText(json.dumps({"inputs": data["inputs"], "outputs": data["outputs"]}, indent=2,
                                                  ensure_ascii=False))
        del blockers
        self._debounce.stop()
        self._show(None)

    def apply_to(self, doc: CodeNodeDocument) -> CodeNodeDocument:
        """`doc` with these fields. Raises DocumentError naming the first problem."""
        try:
            handles = json.loads(self.handles_edit.toPlainText() or "{}")
        except json.JSONDecodeError as exc:
            raise DocumentError(f"inputs and outputs: not valid JSON ({exc.msg}, line {exc.lineno}, "
                                f"column {exc.colno})") from None
        if not isinstance(handles, dict) or set(handles) - {"inputs", "outputs"}:
            raise DocumentError('inputs and outputs: one JSON object with only "inputs" and "outputs"')
        data = doc.to_json()
        data.update(name=self.name_edit.text(), description=self.description_edit.text(),
                    inputs=handles.get("inputs", []), outputs=handles.get("outputs", []))
        return parse_document(data, source="this node")

    def problem(self) -> str | None:
        """What is wrong with the fields now (None when they are valid)."""
        if self._base is None:
            return None
        try:
            self.apply_to(self._base)
        except DocumentError as exc:
            return exc.message
        return None

    @Slot()
    def _on_settled(self) -> None:
        problem = self.problem()
        self._show(problem)
        if problem is None:
            self.changed.emit()

    def _show(self, problem: str | None) -> None:
        self.error_label.setText(problem or "")
        self.error_label.setVisible(problem is not None)
        self.handles_edit.setProperty("invalid", problem is not None)
        self.handles_edit.style().unpolish(self.handles_edit)
        self.handles_edit.style().polish(self.handles_edit)
