"""The run's inputs: an editor per declared input, by its type, or one raw JSON object.

Text is multi-line and monospace (a CSV or YAML input keeps its lines), JSON
is validated as typed, and files are picked, previewed (thumbnail, or name
and size) and held as values — bytes for a `bytes` input, media refs for
others — never pasted as base64 into a text field. What a person typed is
saved with the document (`testInputs`) and survives edits to the declarations.

Values are written the way `cordon node run --inputs` takes them (docs/design.md's
public tags: bytes as `{"$bytes": "<base64>"}`, dates as `{"$date": ...}`), so a
value copied from the CLI works here and back. A handle the body reads with
`stream("name")` takes a JSON array: its items are fed as that input's stream.
A field left empty is not passed (the declared default, or `undefined`).
Validation names the handle and says what is wrong; the run does not start
until every field is valid.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFontDatabase, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from core import data_ref, from_public, to_public
from core.codenode import InputHandle, value_matches
from gui.dialogs.common import human_size
from gui.json_tree import type_name

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
            raise InputsError(
                f"{handle.name}: a streamed input takes a JSON array of items, got {type(value).__name__}"
            )
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


def _label(handle: InputHandle, streamed: bool, given: str | None = None) -> str:
    """An input's label: its name and declared type; for `any`, the type of the value given."""
    kind = f"any: {_article(given)} given" if given and handle.type == "any" else handle.type
    return f"{handle.name}  ({'stream of ' if streamed else ''}{kind})"


def _monospace(edit: QPlainTextEdit, lines: int) -> None:
    """A code-like text field: fixed-width font, Tab moves focus, room for `lines` lines."""
    edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    edit.setTabChangesFocus(True)
    edit.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    height = edit.fontMetrics().lineSpacing() * lines + 2 * edit.frameWidth() + 8
    edit.setMinimumHeight(height)
    edit.setMaximumHeight(height * 2)


@dataclass(frozen=True)
class PickedFile:
    """A file picked into an input: the value it becomes (bytes or a media ref) and what the preview shows."""

    name: str
    size: int
    value: Any
    thumbnail: QPixmap | None


def _is_media_ref(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("uri"), str) and value["uri"].startswith("data:")


class _Field(QWidget):
    """One input's editor, by declared type.

    boolean: a check box. number/integer: a line. string: a multi-line monospace
    editor (a CSV keeps its lines). object/array/any and streamed inputs: JSON in
    a monospace editor, validated as typed. bytes: a picked file, kept as bytes.
    Files picked for array/any become media refs, held here, never as base64 text.
    Picked files show as a preview (image thumbnail, or name and size).
    """

    edited = Signal()

    def __init__(self, handle: InputHandle, streamed: bool) -> None:
        super().__init__()
        self.handle = handle
        self.streamed = streamed
        self.files: list[PickedFile] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.check: QCheckBox | None = None
        self.line: QLineEdit | None = None
        self.text_edit: QPlainTextEdit | None = None
        kind = handle.type
        if kind == "boolean" and not streamed:
            self.check = QCheckBox()
            self.check.toggled.connect(self.edited)
            layout.addWidget(self.check)
            return
        self.takes_files = kind in ("bytes", "array", "any")
        if kind in ("number", "integer") and not streamed:
            self.line = QLineEdit()
            self.line.setPlaceholderText({"number": "number", "integer": "whole number"}[kind])
            self.line.textChanged.connect(self.edited)
            layout.addWidget(self.line)
        elif kind != "bytes" or streamed:
            self.text_edit = QPlainTextEdit()
            self.text_edit.setPlaceholderText(self._placeholder())
            _monospace(self.text_edit, 3)
            self.text_edit.textChanged.connect(self.edited)
            layout.addWidget(self.text_edit)
        self.preview = QWidget()
        self.preview_layout = QVBoxLayout(self.preview)
        self.preview_layout.setContentsMargins(0, 0, 0, 0)
        self.preview.hide()
        layout.addWidget(self.preview)
        if self.takes_files:
            buttons = QHBoxLayout()
            one = kind == "bytes" and not streamed
            self.pick_button = QToolButton(
                text="File…" if one else "Files…",
                toolTip="Use the file's bytes"
                if kind == "bytes"
                else "Add files (as media refs: a Code node's values are JSON)",
            )
            self.pick_button.clicked.connect(self._pick_files)
            self.clear_button = QToolButton(text="Clear", toolTip="Remove the picked files")
            self.clear_button.clicked.connect(self.clear_files)
            self.clear_button.hide()
            buttons.addWidget(self.pick_button)
            buttons.addWidget(self.clear_button)
            if one:
                self.empty_hint = QLabel("no file")
                self.empty_hint.setObjectName("hint")
                buttons.addWidget(self.empty_hint)
            buttons.addStretch(1)
            layout.addLayout(buttons)

    def _placeholder(self) -> str:
        if self.streamed:
            return f"JSON array of {self.handle.type} items, fed as the stream"
        return {"string": "text (Enter adds a line)", "object": "JSON object", "array": "JSON array"}.get(
            self.handle.type, "JSON value"
        )

    # -- the text ------------------------------------------------------------------------------
    def text(self) -> str:
        if self.check is not None:
            return "true" if self.check.isChecked() else "false"
        if self.line is not None:
            return self.line.text()
        return self.text_edit.toPlainText() if self.text_edit is not None else ""

    def set_text(self, text: str) -> None:
        """Type `text` into the field (picked files are dropped: the text is the value again)."""
        self._set_files([])
        if self.line is not None:
            self.line.setText(text)
        elif self.text_edit is not None:
            self.text_edit.setPlainText(text)

    # -- the value -----------------------------------------------------------------------------
    def value(self) -> Any:
        if self.check is not None:
            return self.check.isChecked()
        if self.files:
            values = [f.value for f in self.files]
            one = (self.handle.type == "bytes" or self.handle.type == "any") and len(values) == 1
            return values[0] if one and not self.streamed else values
        return parse_value(self.handle, self.text(), streamed=self.streamed)

    def is_empty(self) -> bool:
        if self.check is not None or self.files:
            return False
        if self.text_edit is None and self.line is None:
            return True  # a bytes field without a file
        return not self.text().strip() and (self.handle.type != "string" or self.streamed)

    def set_value(self, value: Any) -> None:
        if self.check is not None:
            self.check.setChecked(bool(value))
            return
        picked = self._as_files(value)
        if picked is not None:
            self._set_files(picked)
            return
        self.set_text(
            json.dumps(to_public(value), ensure_ascii=False)
            if self.streamed and value is not None
            else format_value(self.handle, value)
        )

    def _as_files(self, value: Any) -> list[PickedFile] | None:
        """A saved value that is picked files (bytes, media refs), as the files that show it; else None."""
        if not self.takes_files:
            return None
        items = (
            value if isinstance(value, list) and value and (self.streamed or self.handle.type != "bytes") else [value]
        )
        if self.handle.type == "bytes" and all(isinstance(v, (bytes, bytearray)) for v in items):
            return [PickedFile("bytes", len(v), bytes(v), _thumbnail(bytes(v))) for v in items]
        if all(_is_media_ref(v) for v in items):
            return [
                PickedFile(
                    str(v.get("filename") or v.get("mimeType") or "file"),
                    (len(v["uri"].partition(",")[2]) * 3) // 4,
                    v,
                    None,
                )
                for v in items
            ]
        return None

    def mark(self, invalid: bool) -> None:
        widget = self.text_edit or self.line or self.check or self.preview
        widget.setProperty("invalid", invalid)
        widget.style().unpolish(widget)
        widget.style().polish(widget)

    # -- files -----------------------------------------------------------------------------------
    @Slot()
    def _pick_files(self) -> None:
        if self.handle.type == "bytes" and not self.streamed:
            name, _ = QFileDialog.getOpenFileName(self, f"File for {self.handle.name}")
            names = [name] if name else []
        else:
            names, _ = QFileDialog.getOpenFileNames(self, f"Files for {self.handle.name}")
        if names:
            try:
                self.add_files([Path(n) for n in names])
            except InputsError as exc:
                QMessageBox.warning(self, "File not added", str(exc))

    def add_files(self, paths: Iterable[Path]) -> None:
        """Add files: as bytes for a `bytes` handle (one replaces the last), else as media refs
        (a Code node's values are JSON copies, so raw bytes would arrive as an index object)."""
        picked = []
        for path in paths:
            size = path.stat().st_size
            if size > MAX_FILE_BYTES:
                raise InputsError(
                    f"{self.handle.name}: {path.name} is {human_size(size)}, larger than the "
                    f"{human_size(MAX_FILE_BYTES)} an input takes (put it in the workspace)"
                )
            data = path.read_bytes()
            value = data if self.handle.type == "bytes" else data_ref(data, path.name)
            picked.append(PickedFile(path.name, len(data), value, _thumbnail(data)))
        if self.handle.type == "bytes" and not self.streamed:
            self._set_files(picked[-1:])
        else:
            self._set_files([*self.files, *picked])

    @Slot()
    def clear_files(self) -> None:
        self._set_files([])

    def _set_files(self, files: list[PickedFile]) -> None:
        if not self.takes_files or (not files and not self.files):
            return
        self.files = files
        while self.preview_layout.count():
            item = self.preview_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        for f in files:
            row = QLabel(f"{f.name} — {human_size(f.size)}")
            row.setToolTip(f.name)
            if f.thumbnail is not None:
                row = QLabel()
                row.setPixmap(f.thumbnail)
                row.setToolTip(f"{f.name} — {human_size(f.size)}")
                box = QWidget()
                line = QHBoxLayout(box)
                line.setContentsMargins(0, 0, 0, 0)
                line.addWidget(row)
                line.addWidget(QLabel(f"{f.name} — {human_size(f.size)}"), 1)
                row = box
            self.preview_layout.addWidget(row)
        self.preview.setVisible(bool(files))
        self.clear_button.setVisible(bool(files))
        if self.text_edit is not None:
            self.text_edit.setVisible(not files)
        if hasattr(self, "empty_hint"):
            self.empty_hint.setVisible(not files)
        self.edited.emit()

    def preview_labels(self) -> list[str]:
        """The preview's lines ("name — size"), as shown."""
        return [f"{f.name} — {human_size(f.size)}" for f in self.files]


def _thumbnail(data: bytes) -> QPixmap | None:
    """A 64-pixel preview when `data` is an image Qt can read."""
    pixmap = QPixmap()
    if not pixmap.loadFromData(data):
        return None
    return pixmap.scaled(64, 64, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)


class InputsForm(QWidget):
    """Form or raw JSON; `values()` gives (inputs, streams) or raises InputsError."""

    changed = Signal()
    #: The fields were rebuilt, or the form and raw JSON swapped: the height the inputs need changed.
    reshaped = Signal()

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
        self._page_policies = {page: page.sizePolicy() for page in (self.form_page, self.raw_edit)}
        self.stack.currentChanged.connect(self._size_to_page)
        self._size_to_page()
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
    def set_handles(
        self,
        handles: Sequence[InputHandle],
        streamed: Iterable[str] = (),
        saved: Mapping[str, Any] | None = None,
        *,
        reset: bool = False,
    ) -> None:
        """Rebuild for these declarations. What was typed (or picked) for an input whose name, type and
        streaming stay the same is kept; other inputs start from `saved` (the document's test inputs,
        public JSON) when that value fits, else from the declared default. `reset` (another document
        opened) keeps nothing."""
        handles, streamed = tuple(handles), frozenset(streamed)
        if handles == self._handles and streamed == self._streamed and not reset:
            return
        kept = (
            {}
            if reset
            else {
                name: f
                for name, f in self._fields.items()
                if (name in streamed) == f.streamed and any(h.name == name and h.type == f.handle.type for h in handles)
            }
        )
        if self._raw:  # new declarations: back to the form (what was typed raw is dropped)
            self._raw = False
            self.raw_toggle.blockSignals(True)
            self.raw_toggle.setChecked(False)
            self.raw_toggle.blockSignals(False)
            self.stack.setCurrentWidget(self.form_page)
        while self.form.rowCount():
            row_widgets = self.form.takeRow(0)
            field = row_widgets.fieldItem.widget() if row_widgets.fieldItem is not None else None
            label = row_widgets.labelItem.widget() if row_widgets.labelItem is not None else None
            for widget in (label, field if field not in kept.values() else None):
                if widget is not None:  # hidden now, deleted when control returns to the event loop
                    widget.hide()
                    widget.deleteLater()
        self._fields = {}
        self._handles, self._streamed = handles, streamed
        for handle in handles:
            is_stream = handle.name in streamed
            row = kept.get(handle.name)
            if row is not None:
                row.handle = handle
            else:
                row = _Field(handle, is_stream)
                if not self._restore(row, (saved or {}).get(handle.name)) and not is_stream:
                    row.set_value(handle.default)
                row.edited.connect(self._on_edited)  # after the first value: showing it is no edit
            self.form.addRow(_label(handle, is_stream), row)
            self._fields[handle.name] = row
        self.empty_label.setVisible(not handles)
        self.stack.setVisible(bool(handles))
        self.raw_toggle.setEnabled(bool(handles))
        self.validate()
        self.reshaped.emit()

    @staticmethod
    def _restore(row: _Field, public: Any) -> bool:
        """Put a saved test input in `row` if it still fits the declaration; whether it did."""
        if public is None:
            return False
        try:
            row.set_value(check_value(row.handle, from_public(public), streamed=row.streamed))
        except (InputsError, ValueError):
            return False
        return True

    def test_inputs(self) -> dict[str, Any] | None:
        """The values as public JSON (bytes tagged `$bytes`), to save with the document; None while invalid."""
        try:
            inputs, streams = self.values()
        except InputsError:
            return None
        return to_public({**inputs, **streams})

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
                given = None
                try:
                    if row.files:  # picked files arrive as media refs or bytes: say what the person did
                        given = "picked file" if len(row.files) == 1 else "array"
                    elif not row.is_empty():
                        given = type_name(row.value())
                    row.mark(False)
                except InputsError as exc:
                    row.mark(True)
                    problem = problem or str(exc)
                self._show_given(row, given)
        self.error_label.setText(problem or "")
        self.error_label.setVisible(problem is not None)
        return problem

    def _show_given(self, row: _Field, given: str | None) -> None:
        """An input declared `any` says what the value typed is, so a person sees what the body will get
        (and can declare that type on the Node tab, which checks it) instead of "any" alone."""
        label = self.form.labelForField(row)
        if row.handle.type != "any" or row.streamed or not isinstance(label, QLabel):
            return
        label.setText(_label(row.handle, False, given))
        label.setToolTip(
            f"Declared as any: the body gets {_article(given)} as typed. Declare its type on the Node "
            "tab to have values checked."
            if given
            else "Declared as any: any JSON value. Declare its type on the Node tab to have values checked."
        )

    @Slot()
    def _size_to_page(self) -> None:
        """Ask for the shown page's height only (a stack asks for its tallest page's): a form of one short
        field must not keep the raw editor's height as an empty band."""
        for page, policy in self._page_policies.items():
            shown = page is self.stack.currentWidget()
            ignored = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
            page.setSizePolicy(policy if shown else ignored)
        self.stack.updateGeometry()
        self.reshaped.emit()

    # -- raw mode ---------------------------------------------------------------------------
    @Slot(bool)
    def _on_raw_toggled(self, raw: bool) -> None:
        """Carry the values across; refuse the switch (naming the problem) while they are invalid, or while
        files are picked (raw JSON would show them as base64 text)."""
        try:
            if raw:
                picked = [name for name, row in self._fields.items() if row.files]
                if picked:
                    raise InputsError(
                        f"{picked[0]}: raw JSON would show the picked files as base64; clear them "
                        "first (or keep the form)"
                    )
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
