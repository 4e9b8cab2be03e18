"""The run's inputs: a form built from the document's declared inputs, or one raw JSON object.

Values are written the way `cordon node run --inputs` takes them (docs/design.md's
public tags: bytes as `{"$bytes": "<base64>"}`, dates as `{"$date": ...}`), so a
value copied from the CLI works here and back. A handle the body reads with
`stream("name")` takes a JSON array: its items are fed as that input's stream.
A field left empty is not passed (the declared default, or `undefined`).
Validation names the handle and says what is wrong; the run does not start
until every field is valid.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core.bridges.media import data_ref
from core.codenode import InputHandle
from core.codenode.document import value_matches
from core.transport import from_public, to_public

#: Bytes of a file picked into an input (a bigger file belongs in the workspace).
MAX_FILE_BYTES = 32 * 1024 * 1024


class InputsError(ValueError):
    """A field that cannot become an input value; the message names the handle."""


def _article(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def check_value(handle: InputHandle, value: Any, *, streamed: bool = False) -> Any:
    """`value` if it fits the declaration (a streamed handle takes a list of fitting items)."""
    kind = handle.type
    if streamed:
        if not isinstance(value, list):
            raise InputsError(f"{handle.name}: a streamed input takes a JSON array of items, "
                              f"got {type(value).__name__}")
        for i, item in enumerate(value):
            if item is not None and not value_matches(kind, item):
                raise InputsError(f"{handle.name}: item {i} must be {_article(kind)}, got {type(item).__name__}")
    elif value is not None and not value_matches(kind, value):
        raise InputsError(f"{handle.name}: must be {_article(kind)}, got {type(value).__name__}")
    return value


def parse_value(handle: InputHandle, text: str, *, streamed: bool = False) -> Any:
    """One field's text -> the value passed to the run (raises InputsError naming the handle)."""
    kind = handle.type
    if kind == "string" and not streamed:
        return text
    stripped = text.strip()
    if kind in ("number", "integer") and not streamed:
        try:
            number = float(stripped) if any(c in stripped.lower() for c in ".en") else int(stripped)
        except ValueError:
            raise InputsError(f"{handle.name}: {stripped!r} is not a number") from None
        if kind == "integer" and isinstance(number, float):
            if not number.is_integer():
                raise InputsError(f"{handle.name}: {stripped} is not a whole number")
            number = int(number)
        return number
    try:
        value = from_public(json.loads(stripped))
    except json.JSONDecodeError as exc:
        raise InputsError(f"{handle.name}: not valid JSON ({exc.msg} at column {exc.colno})") from None
    except ValueError as exc:  # a malformed $bytes/$date tag
        raise InputsError(f"{handle.name}: {exc}") from None
    return check_value(handle, value, streamed=streamed)


def format_value(handle: InputHandle, value: Any) -> str:
    """The field text for a value (the inverse of `parse_value`)."""
    if value is None:
        return ""
    if handle.type == "string" and isinstance(value, str):
        return value
    if handle.type in ("number", "integer") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return repr(value)
    return json.dumps(to_public(value), ensure_ascii=False)


class _Field(QWidget):
    """One row's editor: a line edit (or a check box for booleans), plus a file button for bytes."""

    edited = Signal()

    def __init__(self, handle: InputHandle, streamed: bool) -> None:
        super().__init__()
        self.handle = handle
        self.streamed = streamed
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.check: QCheckBox | None = None
        self.edit: QLineEdit | None = None
        if handle.type == "boolean" and not streamed:
            self.check = QCheckBox()
            self.check.toggled.connect(self.edited)
            row.addWidget(self.check)
            row.addStretch(1)
            return
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(self._placeholder())
        self.edit.textChanged.connect(self.edited)
        row.addWidget(self.edit, 1)
        if handle.type in ("bytes", "array", "any"):
            pick = QToolButton(text="Files…", toolTip="Add file contents as bytes")
            pick.clicked.connect(self._pick_files)
            row.addWidget(pick)

    def _placeholder(self) -> str:
        if self.streamed:
            return f"JSON array of {self.handle.type} items, fed as the stream"
        return {"string": "text", "number": "number", "integer": "whole number", "bytes": '{"$bytes": "<base64>"}',
                "object": "JSON object", "array": "JSON array"}.get(self.handle.type, "JSON value")

    def text(self) -> str:
        if self.check is not None:
            return "true" if self.check.isChecked() else "false"
        assert self.edit is not None
        return self.edit.text()

    def value(self) -> Any:
        if self.check is not None:
            return self.check.isChecked()
        return parse_value(self.handle, self.text(), streamed=self.streamed)

    def is_empty(self) -> bool:
        return self.edit is not None and not self.edit.text().strip() and \
            (self.handle.type != "string" or self.streamed)

    def set_value(self, value: Any) -> None:
        if self.check is not None:
            self.check.setChecked(bool(value))
        else:
            assert self.edit is not None
            self.edit.setText(json.dumps(to_public(value), ensure_ascii=False) if self.streamed and value is not None
                              else format_value(self.handle, value))

    def mark(self, invalid: bool) -> None:
        widget = self.edit or self.check
        assert widget is not None
        widget.setProperty("invalid", invalid)
        widget.style().unpolish(widget)
        widget.style().polish(widget)

    @Slot()
    def _pick_files(self) -> None:
        names, _ = QFileDialog.getOpenFileNames(self, f"Files for {self.handle.name}")
        if names:
            self.add_files([Path(n) for n in names])

    def add_files(self, paths: Iterable[Path]) -> None:
        """Put file contents in the field: one file as bytes for a `bytes` handle, else media refs
        (a Code node's values are JSON copies, so raw bytes would arrive as an index object)."""
        blobs = []
        for path in paths:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise InputsError(f"{self.handle.name}: {path.name} is larger than {MAX_FILE_BYTES} bytes")
            data = path.read_bytes()
            blobs.append({"$bytes": base64.b64encode(data).decode()} if self.handle.type == "bytes"
                         else data_ref(data, path.name))
        assert self.edit is not None
        if self.handle.type == "bytes" and not self.streamed and len(blobs) == 1:
            self.edit.setText(json.dumps(blobs[0]))
            return
        try:
            current = json.loads(self.edit.text()) if self.edit.text().strip() else []
        except json.JSONDecodeError:
            current = []
        self.edit.setText(json.dumps([*(current if isinstance(current, list) else [current]), *blobs]))


class InputsForm(QWidget):
    """Form or raw JSON; `values()` gives (inputs, streams) or raises InputsError."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._handles: tuple[InputHandle, ...] = ()
        self._streamed: frozenset[str] = frozenset()
        self._fields: dict[str, _Field] = {}
        self._raw = False
        self.raw_toggle = QCheckBox("Raw JSON")
        self.raw_toggle.toggled.connect(self._on_raw_toggled)
        self.error_label = QLabel()
        self.error_label.setObjectName("fieldError")
        self.error_label.setWordWrap(True)
        self.error_label.hide()
        self.empty_label = QLabel("This node declares no inputs.")
        self.empty_label.setObjectName("hint")
        self.form_page = QWidget()
        self.form = QFormLayout(self.form_page)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.raw_edit = QPlainTextEdit()
        self.raw_edit.setPlaceholderText('{"name": value, ...}  (streamed inputs take an array of items)')
        self.raw_edit.textChanged.connect(self._on_edited)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.form_page)
        self.stack.addWidget(self.raw_edit)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        title = QLabel("Inputs")
        title.setObjectName("sectionTitle")
        header.addWidget(title)
        header.addStretch(1)
        header.addWidget(self.raw_toggle)
        layout.addLayout(header)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.stack)
        layout.addWidget(self.error_label)

    # -- building -----------------------------------------------------------------------
    def set_handles(self, handles: Sequence[InputHandle], streamed: Iterable[str] = ()) -> None:
        """Rebuild for these declarations, keeping what was typed for handles that stay the same."""
        handles, streamed = tuple(handles), frozenset(streamed)
        if handles == self._handles and streamed == self._streamed:
            return
        kept = {name: f.text() for name, f in self._fields.items()
                if any(h == f.handle for h in handles) and (name in streamed) == f.streamed}
        if self._raw:  # new declarations: back to the form (what was typed raw is dropped)
            self._raw = False
            self.raw_toggle.blockSignals(True)
            self.raw_toggle.setChecked(False)
            self.raw_toggle.blockSignals(False)
            self.stack.setCurrentWidget(self.form_page)
        while self.form.rowCount():
            self.form.removeRow(0)
        self._fields = {}
        self._handles, self._streamed = handles, streamed
        for handle in handles:
            is_stream = handle.name in streamed
            row = _Field(handle, is_stream)
            if handle.name in kept:
                if row.check is not None:
                    row.check.setChecked(kept[handle.name] == "true")
                elif row.edit is not None:
                    row.edit.setText(kept[handle.name])
            elif not is_stream:
                row.set_value(handle.default)
            row.edited.connect(self._on_edited)
            label = f"{handle.name}  ({'stream of ' if is_stream else ''}{handle.type})"
            self.form.addRow(label, row)
            self._fields[handle.name] = row
        self.empty_label.setVisible(not handles)
        self.stack.setVisible(bool(handles))
        self.raw_toggle.setEnabled(bool(handles))
        self.validate()

    def field(self, name: str) -> _Field:
        return self._fields[name]

    # -- reading --------------------------------------------------------------------------
    def values(self) -> tuple[dict[str, Any], dict[str, list[Any]]]:
        """(inputs, input streams) for the run. Raises InputsError naming the first bad handle."""
        inputs: dict[str, Any] = {}
        streams: dict[str, list[Any]] = {}
        if self._raw:
            items = self._raw_items()
            for handle in self._handles:
                if handle.name in items:
                    is_stream = handle.name in self._streamed
                    value = check_value(handle, items[handle.name], streamed=is_stream)
                    (streams if is_stream else inputs)[handle.name] = value
            return inputs, streams
        for name, row in self._fields.items():
            if row.is_empty():
                continue
            (streams if row.streamed else inputs)[name] = row.value()
        return inputs, streams

    def _raw_items(self) -> dict[str, Any]:
        text = self.raw_edit.toPlainText().strip()
        if not text:
            return {}
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputsError(f"raw JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
        if not isinstance(data, dict):
            raise InputsError(f"raw JSON: inputs are one JSON object {{name: value}}, got {type(data).__name__}")
        declared = {h.name for h in self._handles}
        for name in data:
            if name not in declared:
                known = ", ".join(sorted(declared)) or "none"
                raise InputsError(f"raw JSON: '{name}' is not a declared input of this node (declared: {known})")
        return {k: from_public(v) for k, v in data.items()}

    def validate(self) -> str | None:
        """Check every field now; show and return the first problem (None when all are valid)."""
        problem = None
        if self._raw:
            try:
                self.values()
            except InputsError as exc:
                problem = str(exc)
            self.raw_edit.setProperty("invalid", problem is not None)
            self.raw_edit.style().unpolish(self.raw_edit)
            self.raw_edit.style().polish(self.raw_edit)
        else:
            for row in self._fields.values():
                try:
                    if not row.is_empty():
                        row.value()
                    row.mark(False)
                except InputsError as exc:
                    row.mark(True)
                    problem = problem or str(exc)
        self.error_label.setText(problem or "")
        self.error_label.setVisible(problem is not None)
        return problem

    # -- raw mode ---------------------------------------------------------------------------
    @Slot(bool)
    def _on_raw_toggled(self, raw: bool) -> None:
        """Carry the values across; refuse the switch (naming the problem) while they are invalid."""
        try:
            if raw:
                inputs, streams = self.values()
                text = json.dumps(to_public({**inputs, **streams}), indent=2, ensure_ascii=False)
            else:
                items = self._raw_items()
        except InputsError as exc:
            self.raw_toggle.blockSignals(True)
            self.raw_toggle.setChecked(not raw)
            self.raw_toggle.blockSignals(False)
            self.error_label.setText(f"Fix this first: {exc}")
            self.error_label.show()
            return
        self._raw = raw
        if raw:
            self.raw_edit.setPlainText(text)
            self.stack.setCurrentWidget(self.raw_edit)
        else:
            for name, row in self._fields.items():
                row.set_value(items.get(name))
            self.stack.setCurrentWidget(self.form_page)
        self.validate()

    @Slot()
    def _on_edited(self) -> None:
        self.validate()
        self.changed.emit()
