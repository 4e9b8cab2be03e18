"""A run's values as a tree: key, value, type; images shown as images.

Children are built when a branch is first expanded, and at most
`MAX_CHILDREN` per branch, so a 100,000-row output costs what is looked at,
not what was produced. An image ref (`{"type": "image", "uri": "asset://…"}`,
what `image.toAsset` returns) is read from the local asset store (verified
against its id, size-capped) and shown; so are PNG/JPEG/GIF/WebP bytes.
"""

from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Any

from PySide6.QtCore import QPoint, Qt, Slot
from PySide6.QtGui import QGuiApplication, QPixmap
from PySide6.QtWidgets import QHeaderView, QLabel, QMenu, QTreeWidget, QTreeWidgetItem

from core.errors import SandboxRefusal
from core.media_store import ASSET_PREFIX, AssetStore, Cap
from core.transport import UNDEFINED, to_public
from gui.dialogs.common import plural

MAX_CHILDREN = 1000
PREVIEW_PX = 160
#: Bytes of an image the tree will decode for a preview.
MAX_PREVIEW_BYTES = 16 * 1024 * 1024
_IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")
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
        return "image" if image_ref(value) else "object"
    if isinstance(value, (list, tuple)):
        return "array"
    return type(value).__name__


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
        text = f"{len(value):,} bytes" + (" (image)" if _is_image_bytes(bytes(value[:8])) else "")
    elif isinstance(value, datetime):
        text = value.isoformat()
    elif isinstance(value, dict):
        ref = image_ref(value)
        if ref:
            size = f" {value.get('width')}×{value.get('height')}" if "width" in value else ""
            text = f"{value.get('mimeType', 'image')}{size}  {ref}"
        else:
            text = f"{{{plural(len(value), 'key')}}}"
    elif isinstance(value, (list, tuple)):
        text = f"[{plural(len(value), 'item')}]"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def image_ref(value: dict[str, Any]) -> str | None:
    """The asset uri of an image ref, or None."""
    uri = value.get("uri")
    if value.get("type") == "image" and isinstance(uri, str) and uri.startswith(ASSET_PREFIX):
        return uri
    return None


def _is_image_bytes(head: bytes) -> bool:
    return head.startswith(_IMAGE_MAGIC) or (head[:4] == b"RIFF")


def image_bytes(value: Any) -> bytes | None:
    """The encoded image behind a value (bytes or an asset image ref), or None."""
    if isinstance(value, (bytes, bytearray, memoryview)) and _is_image_bytes(bytes(value[:12])):
        return bytes(value)
    if isinstance(value, dict) and (uri := image_ref(value)):
        try:
            return AssetStore().read(uri, Cap(MAX_PREVIEW_BYTES, "preview", "preview-too-large"))
        except SandboxRefusal:
            return None
    return None


class JsonTree(QTreeWidget):
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
        item.setToolTip(1, summary(value, 2000))
        if parent is None:
            self.addTopLevelItem(item)
        else:
            parent.addChild(item)
        if (
            (isinstance(value, dict) and value)
            or (isinstance(value, (list, tuple)) and value)
            or image_bytes_hint(value)
        ):
            item.setData(0, _PENDING, True)
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            if image_bytes_hint(value):
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
        pixels = image_bytes(value)
        if pixels is not None:
            self._add_preview(item, pixels)
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

    def _add_preview(self, item: QTreeWidgetItem, data: bytes) -> None:
        pixmap = QPixmap()
        if not pixmap.loadFromData(data):
            return
        if pixmap.width() > PREVIEW_PX or pixmap.height() > PREVIEW_PX:
            pixmap = pixmap.scaled(
                PREVIEW_PX, PREVIEW_PX, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        row = QTreeWidgetItem(["preview", "", ""])
        row.setFlags(Qt.ItemFlag.ItemIsEnabled)
        item.insertChild(0, row)
        label = QLabel()
        label.setObjectName("imagePreview")
        label.setPixmap(pixmap)
        label.setFixedSize(pixmap.size())
        self.setItemWidget(row, 1, label)

    def previews(self) -> list[QLabel]:
        """The image previews currently shown (for tests and screenshots)."""
        return self.findChildren(QLabel, "imagePreview")

    @Slot(QPoint)
    def _on_menu(self, point: QPoint) -> None:
        item = self.itemAt(point)
        if item is None:
            return
        menu = QMenu(self)
        copy = menu.addAction("Copy value as JSON")
        if menu.exec(self.viewport().mapToGlobal(point)) is copy:
            QGuiApplication.clipboard().setText(as_json(self.value_of(item)))


def image_bytes_hint(value: Any) -> bool:
    """Cheap check (no file read) that a value is shown as an image."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return _is_image_bytes(bytes(value[:12]))
    return isinstance(value, dict) and image_ref(value) is not None


def as_json(value: Any) -> str:
    """A value as the machine interface writes it (public tags for bytes, dates, NaN)."""
    return json.dumps(to_public(value), indent=2, ensure_ascii=False)
