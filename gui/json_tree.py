"""A run's values as a tree: key, value, type; media previewed in place.

Children are built when a branch is first expanded, and at most
`MAX_CHILDREN` per branch, so a 100,000-row output costs what is looked at,
not what was produced. A media ref (`{"type": "image"|"audio"|"video", "uri":
"asset://…"}`, what `toAsset` returns) and encoded media bytes (a canvas's
`toBytes()`) open with a preview row (`gui.media_preview`): the picture, or a
player with its poster; the media is read and checked by `core.load_preview`
only when the row is first shown.
"""

from __future__ import annotations

import json
import math
from concurrent.futures import Future
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QHeaderView, QMenu, QTreeWidget, QTreeWidgetItem

from core import UNDEFINED, CordonError, media_kind, media_suffix, problem_line, save_media, to_public
from gui.dialogs.common import plural
from gui.media_preview import MediaPreviewWidget
from gui.tasks import task_manager

MAX_CHILDREN = 1000
_VALUE = Qt.ItemDataRole.UserRole
_PENDING = Qt.ItemDataRole.UserRole + 1


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if value is UNDEFINED:
        return "undefined"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "bytes"
    if isinstance(value, datetime):
        return "Date"
    if isinstance(value, dict):
        return media_kind(value) or "object"
    if isinstance(value, (list, tuple)):
        return "array"
    return type(value).__name__


def readable_time(moment: datetime) -> str:
    """A moment in this computer's time zone, as a person reads it ("3 Dec 2026, 13:30:05"); the exact ISO
    form goes in a tooltip. A naive moment is taken as UTC (what the transport and Cordon's files mean)."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    local = aware.astimezone()
    return f"{local.day} {local:%b %Y, %H:%M:%S}" + (f".{local.microsecond // 1000:03d}" if local.microsecond else "")


def summary(value: Any, limit: int = 200) -> str:
    """One line for the value column."""
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, float) and not math.isfinite(value):
        text = "NaN" if value != value else ("Infinity" if value > 0 else "-Infinity")
    elif isinstance(value, (int, float)):
        text = repr(value)
    elif value is None:
        text = "null"
    elif value is UNDEFINED:
        text = "undefined"
    elif isinstance(value, (bytes, bytearray, memoryview)):
        kind = media_kind(value)
        text = f"{len(value):,} bytes" + (f" ({kind})" if kind else "")
    elif isinstance(value, datetime):
        text = readable_time(value)
    elif isinstance(value, dict):
        kind = media_kind(value)
        if kind:
            size = f" {value.get('width')}×{value.get('height')}" if "width" in value else ""
            text = f"{value.get('mimeType', kind)}{size}  {value['uri']}"
        else:
            text = f"{{{plural(len(value), 'key')}}}"
    elif isinstance(value, (list, tuple)):
        text = f"[{plural(len(value), 'item')}]"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class JsonTree(QTreeWidget):
    #: "Save image/audio/video as…" ended: True and where it wrote, or False and why not.
    mediaSaved = Signal(bool, str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setColumnCount(3)
        self.setHeaderLabels(["Key", "Value", "Type"])
        self.setUniformRowHeights(False)
        self.setAlternatingRowColors(True)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.resizeSection(0, 150)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._on_menu)
        self.itemExpanded.connect(self._on_expanded)
        # Values stay Python objects here: item data would turn bytes and dicts into Qt types.
        self._values: list[Any] = []

    def clear(self) -> None:
        super().clear()
        self._values = []

    def add_entry(self, key: str, value: Any, parent: QTreeWidgetItem | None = None) -> QTreeWidgetItem:
        item = QTreeWidgetItem([key, summary(value), type_name(value)])
        item.setData(0, _VALUE, len(self._values))
        self._values.append(value)
        item.setToolTip(1, value.isoformat() if isinstance(value, datetime) else summary(value, 2000))
        if parent is None:
            self.addTopLevelItem(item)
        else:
            parent.addChild(item)
        media = media_kind(value) is not None
        if (isinstance(value, dict) and value) or (isinstance(value, (list, tuple)) and value) or media:
            item.setData(0, _PENDING, True)
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            if media and parent is None:
                # A top-level output's preview opens at once: it is what a person looks for. Media inside
                # an array or object opens when its row does, so an array of 1,000 clips reads none of them.
                item.setExpanded(True)
        return item

    def value_of(self, item: QTreeWidgetItem) -> Any:
        index = item.data(0, _VALUE)
        return self._values[index] if isinstance(index, int) else None

    @Slot(QTreeWidgetItem)
    def _on_expanded(self, item: QTreeWidgetItem) -> None:
        if not item.data(0, _PENDING):
            return
        item.setData(0, _PENDING, False)
        value = self.value_of(item)
        if media_kind(value) is not None:
            self._add_preview(item, value)
        if isinstance(value, dict):
            pairs = list(value.items())
        elif isinstance(value, (list, tuple)):
            pairs = [(f"[{i}]", v) for i, v in enumerate(value)]
        else:
            pairs = []
        for key, child in pairs[:MAX_CHILDREN]:
            self.add_entry(str(key), child, item)
        if len(pairs) > MAX_CHILDREN:
            more = QTreeWidgetItem(["…", f"{len(pairs) - MAX_CHILDREN:,} more not shown", ""])
            more.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.addChild(more)

    def _add_preview(self, item: QTreeWidgetItem, value: Any) -> None:
        row = QTreeWidgetItem(["preview", "", ""])
        row.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.insertChild(0, row)
        preview = MediaPreviewWidget(value)
        preview.resized.connect(self.doItemsLayout)  # the row grows from one line to the picture or player
        self.setItemWidget(row, 1, preview)

    def previews(self) -> list[MediaPreviewWidget]:
        """The media previews currently shown, in tree order (for tests and screenshots)."""
        return self.findChildren(MediaPreviewWidget)

    @Slot(QPoint)
    def _on_menu(self, point: QPoint) -> None:
        item = self.itemAt(point)
        if item is None:
            return
        self.context_menu(item).exec(self.viewport().mapToGlobal(point))

    def context_menu(self, item: QTreeWidgetItem) -> QMenu:
        """The row's actions: copy its value; for media, save it to a file the person picks."""
        menu = QMenu(self)
        value = self.value_of(item)
        menu.addAction("Copy value as JSON", lambda: QGuiApplication.clipboard().setText(as_json(value)))
        kind = media_kind(value)
        if kind is not None:
            menu.addAction(f"Save {kind} as…", partial(self.save_media_as, item))
        return menu

    def save_media_as(self, item: QTreeWidgetItem) -> None:
        """Write the row's media to a file the person picks (never anywhere they did not choose)."""
        value = self.value_of(item)
        kind = media_kind(value)
        if kind is None:
            return
        suggested = Path.home() / f"{item.text(0).strip('[]') or kind}{media_suffix(value)}"
        path = self.ask_media_path(kind, suggested)
        if path is None:
            return
        task_manager().run_in_background(partial(save_media, value, path), partial(self._media_saved, path), owner=self)

    def ask_media_path(self, kind: str, suggested: Path) -> Path | None:
        """The save dialog (a method, like the main window's, so tests and embedding apps can answer it)."""
        name, _ = QFileDialog.getSaveFileName(self, f"Save {kind} as", str(suggested))
        return Path(name) if name else None

    def _media_saved(self, path: Path, future: Future[int]) -> None:
        try:
            size = future.result()
        except CordonError as exc:
            self.mediaSaved.emit(False, problem_line(f"Not saved: {exc.message}", exc.rule))
        except OSError as exc:
            self.mediaSaved.emit(False, f"Not saved: {exc.strerror or exc}")
        else:
            self.mediaSaved.emit(True, f"Saved {plural(size, 'byte')} to {path}")


def as_json(value: Any) -> str:
    """A value as the machine interface writes it (public tags for bytes, dates, NaN)."""
    return json.dumps(to_public(value), indent=2, ensure_ascii=False)
