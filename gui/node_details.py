"""The node's own fields beside its body: name, description, declared inputs and outputs, limits and grants.

Handles are a form — one row per input (name, type, default) and per output
(name, type) — checked by the document schema itself
(`core.codenode.document.parse_document`), so the studio accepts exactly what
`cordon node run` accepts and the error names the field. The document's limits
and grants (timeout, response size, the secrets it may read, the two host-only
switches) are edited here too, with the same editor Settings uses for the
defaults of new documents (`gui.settings.LimitsEditor`): a person looks for a
node's settings on the node, as VS Code shows a file's settings beside it.
The packs it may import are granted by consent and listed
here; the Problems quick fixes add rows.
"""

from __future__ import annotations

import json
from typing import Any, get_args

from PySide6.QtCore import QSignalBlocker, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core import CordonError
from core.codenode import CodeNodeDocument, DocumentError, HandleType, parse_document
from gui.settings import LimitsEditor

TYPES: tuple[str, ...] = get_args(HandleType)


class HandleRow(QWidget):
    """One declared handle: name, type and (for an input) its default as JSON."""

    edited = Signal()
    removeRequested = Signal(object)

    def __init__(self, kind: str, name: str = "", type_: str = "any", default: Any = None) -> None:
        super().__init__()
        self.kind = kind
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.name_edit = QLineEdit(name)
        self.name_edit.setPlaceholderText(f"{kind} name")
        self.type_box = QComboBox()
        self.type_box.addItems(TYPES)
        self.type_box.setCurrentText(type_)
        row.addWidget(self.name_edit, 2)
        row.addWidget(self.type_box, 1)
        self.default_edit: QLineEdit | None = None
        if kind == "input":
            self.default_edit = QLineEdit("" if default is None else json.dumps(default, ensure_ascii=False))
            self.default_edit.setPlaceholderText("default (JSON; empty: none)")
            self.default_edit.setToolTip(
                "The value used when nothing is connected, as JSON (a string input also takes plain text)"
            )
            self.default_edit.textChanged.connect(self.edited)
            row.addWidget(self.default_edit, 2)
        remove = QToolButton(text="✕", toolTip=f"Remove this {kind}")
        remove.clicked.connect(lambda: self.removeRequested.emit(self))
        row.addWidget(remove)
        self.name_edit.textChanged.connect(self.edited)
        self.type_box.currentTextChanged.connect(self.edited)

    def to_json(self) -> dict[str, Any]:
        """The handle as the document stores it (raises DocumentError for a default that is not JSON)."""
        name = self.name_edit.text().strip()
        data: dict[str, Any] = {"name": name, "type": self.type_box.currentText()}
        text = self.default_edit.text().strip() if self.default_edit is not None else ""
        if text:
            try:
                data["default"] = json.loads(text)
            except json.JSONDecodeError as exc:
                if data["type"] != "string":
                    raise DocumentError(
                        f"input '{name}': the default is not valid JSON ({exc.msg}, column {exc.colno})"
                    ) from None
                data["default"] = text  # plain text for a string input
        return data


class _HandleList(QWidget):
    """The rows of one kind of handle, with an Add button."""

    edited = Signal()

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind
        self.rows: list[HandleRow] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.rows_layout = QVBoxLayout()
        layout.addLayout(self.rows_layout)
        self.add_button = QPushButton(f"Add {kind}")
        self.add_button.clicked.connect(lambda: self.add())
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_button)
        add_row.addStretch(1)
        layout.addLayout(add_row)

    def add(self, name: str = "", type_: str = "any", default: Any = None) -> HandleRow:
        row = HandleRow(self.kind, name, type_, default)
        row.edited.connect(self.edited)
        row.removeRequested.connect(self._remove)
        self.rows.append(row)
        self.rows_layout.addWidget(row)
        if not name:
            row.name_edit.setFocus()
        self.edited.emit()
        return row

    @Slot(object)
    def _remove(self, row: HandleRow) -> None:
        self.rows.remove(row)
        row.hide()
        row.deleteLater()
        self.edited.emit()

    def set_handles(self, handles: list[dict[str, Any]]) -> None:
        for row in self.rows:
            row.hide()
            row.deleteLater()
        self.rows = []
        with QSignalBlocker(self):
            for h in handles:
                self.add(h["name"], h.get("type", "any"), h.get("default"))

    def to_json(self) -> list[dict[str, Any]]:
        return [row.to_json() for row in self.rows]


class NodeDetails(QWidget):
    #: The fields changed and are valid (debounced).
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("node name")
        self.description_edit = QLineEdit()
        self.description_edit.setPlaceholderText("what the node does, in one line")
        self.inputs = _HandleList("input")
        self.outputs = _HandleList("output")
        self.error_label = QLabel()
        self.error_label.setObjectName("fieldError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        hint = QLabel(
            'The body reads an input as inputs.<name> and writes an output with output("<name>", value). '
            'A problem "not declared" has a quick fix in Problems.'
        )
        hint.setObjectName("hint")
        hint.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Description", self.description_edit)
        #: This document's limits and grants (saved with it); Settings holds only the defaults of new ones.
        self.limits = LimitsEditor()
        self.limits_note = QLabel(
            "Saved with this document. Tools → Settings… holds the defaults new documents start with."
        )
        self.limits_note.setObjectName("hint")
        self.limits_note.setWordWrap(True)
        self.packs_label = QLabel()
        self.packs_label.setObjectName("hint")
        self.packs_label.setWordWrap(True)
        content = QWidget()  # scrolls: a node may declare more handles than the tab is tall
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(form)
        for title, handles in (("Inputs", self.inputs), ("Outputs", self.outputs)):
            label = QLabel(title)
            label.setObjectName("sectionTitle")
            layout.addWidget(label)
            layout.addWidget(handles)
        layout.addWidget(hint)
        limits_title = QLabel("Limits and grants")
        limits_title.setObjectName("sectionTitle")
        layout.addWidget(limits_title)
        layout.addWidget(self.limits_note)
        layout.addWidget(self.limits)
        layout.addWidget(self.packs_label)
        layout.addWidget(self.error_label)
        layout.addStretch(1)
        self._base: CodeNodeDocument | None = None
        self._debounce = QTimer(self, singleShot=True, interval=300)
        self._debounce.timeout.connect(self._on_settled)
        for edit in (self.name_edit, self.description_edit):
            edit.textChanged.connect(self._debounce.start)
        self.inputs.edited.connect(self._debounce.start)
        self.outputs.edited.connect(self._debounce.start)
        for spin in (self.limits.timeout, self.limits.max_response):
            spin.valueChanged.connect(self._debounce.start)
        self.limits.secrets.textChanged.connect(self._debounce.start)
        for box in self.limits.switches.values():
            box.toggled.connect(self._debounce.start)

    def load(self, doc: CodeNodeDocument) -> None:
        """Show `doc`'s fields (no `changed` signal: nothing was edited)."""
        self._base = doc
        blockers = [QSignalBlocker(w) for w in (self.name_edit, self.description_edit)]
        self.name_edit.setText(doc.name)
        self.description_edit.setText(doc.description)
        data = doc.to_json()
        self.inputs.set_handles(data["inputs"])
        self.outputs.set_handles(data["outputs"])
        self.set_props(doc)
        del blockers
        self._debounce.stop()
        self._show(None)

    def set_props(self, doc: CodeNodeDocument) -> None:
        """Show `doc`'s limits, grants and allowed packs (no `changed` signal, no host-only question:
        the document arrived with them; the trust question before its first run is about them)."""
        self._base = doc
        blockers = [QSignalBlocker(w) for w in (self.limits.timeout, self.limits.max_response, self.limits.secrets)]
        self.limits.set_props(doc.props)
        self.limits.secrets_error.setText("")
        self.limits.secrets_error.hide()
        del blockers
        packs = ", ".join(p.specifier for p in doc.packages)
        self.packs_label.setText(
            f"Packs this document may import: {packs}. Packs → Revoke a Pack's Consent… takes one back."
            if packs
            else "Packs this document may import: none yet (the first run that imports one asks)."
        )

    def sync(self, doc: CodeNodeDocument) -> None:
        """Show `doc`'s limits and grants when something else changed them (a grant left out at the trust
        question, a quick fix, consent), so a later edit here never puts back what was taken away; a no-op
        while they are what the tab shows (typing is not interrupted)."""
        try:
            shown = self.limits.props()
        except CordonError:
            return  # the person is typing a secret name: their text stays
        if shown != doc.props or self._base is None or self._base.packages != doc.packages:
            self.set_props(doc)

    def apply_to(self, doc: CodeNodeDocument) -> CodeNodeDocument:
        """`doc` with these fields. Raises DocumentError naming the first problem."""
        data = doc.to_json()
        try:
            props = self.limits.props()
        except CordonError as exc:  # a secret name that is not one
            raise DocumentError(f"secrets the node may read: {exc.message}") from None
        data.update(
            name=self.name_edit.text(),
            description=self.description_edit.text(),
            inputs=self.inputs.to_json(),
            outputs=self.outputs.to_json(),
            props=props.model_dump(mode="json"),
        )
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
