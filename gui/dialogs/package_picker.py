"""The package picker: choose an installed pack module, insert its import, record the consent.

The list shows the catalog's one-line tier (`Catalog.summaries()`: specifier,
pack, version and a description derived from manifest fields under strict
limits) — never SKILL.md text, which is third-party prompt content. Typing
filters it. Picking a module a document has not allowed yet opens the consent
dialog first; a yes is stamped into the document's `packages` declarations
(specifier, resolvedPackVersion, contentDigest), which is where a document
remembers its consent, and a no inserts nothing.

    picked = pick_package(window, catalog, doc)
    if picked: editor.insert(picked.import_line); doc = picked.document

Before a run, the run plan asks about every pack the body imports without consent
(core/codenode/plan.py, answered by gui/dialog_prompter.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from core.codenode import CodeNodeDocument, import_line, is_declared, stamp_declaration
from core.packs import Catalog
from gui.completion import PackIndex
from gui.dialogs.common import plain_label
from gui.dialogs.consent import ConsentFacts, ask_consent

ALLOWED_MARK = "  ✓ allowed in this document"


class _FilterField(QLineEdit):
    """Up/Down move through the list while the caret stays in the filter."""

    def __init__(self, target: QListWidget) -> None:
        super().__init__()
        self._target = target

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt's name
        if event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up):
            visible = [self._target.item(i) for i in range(self._target.count()) if not self._target.item(i).isHidden()]
            if visible:
                current = self._target.currentItem()
                index = visible.index(current) if current in visible else -1
                step = 1 if event.key() == Qt.Key.Key_Down else -1
                self._target.setCurrentItem(visible[max(0, min(len(visible) - 1, index + step))])
            return
        super().keyPressEvent(event)


class PackagePicker(QDialog):
    """Choose one installed module. `specifier()` is the choice after `exec()` returns Accepted."""

    def __init__(
        self, catalog: Catalog, document: CodeNodeDocument | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Insert a pack import")
        self.catalog = catalog
        layout = QVBoxLayout(self)
        layout.addWidget(
            plain_label(
                "Importing a pack runs its code inside this node with the node's capabilities: "
                "network via fetch, the workspace, the secrets the node may read. A pack not "
                "yet allowed in this document asks first."
            )
        )
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setSpacing(2)
        self.filter = _FilterField(self.list)
        self.filter.setPlaceholderText("Filter by name or description")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._apply_filter)
        layout.addWidget(self.filter)
        for summary in catalog.summaries():
            mark = ALLOWED_MARK if is_declared(document, summary.specifier) else ""
            item = QListWidgetItem(
                f"{summary.specifier}   ({summary.pack} {summary.version}){mark}\n    {summary.description}"
            )
            item.setData(Qt.ItemDataRole.UserRole, summary.specifier)
            item.setData(Qt.ItemDataRole.UserRole + 1, f"{summary.specifier} {summary.description}".lower())
            self.list.addItem(item)
        self.list.itemDoubleClicked.connect(self.accept)
        self.list.currentItemChanged.connect(self._update_ok)
        layout.addWidget(self.list)
        self.empty = plain_label("No installed pack matches. Install packs in the pack manager.")
        self.empty.hide()
        layout.addWidget(self.empty)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Insert import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.filter.setFocus()
        self._apply_filter("")
        self.resize(680, 420)

    def visible_specifiers(self) -> list[str]:
        return [
            self.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.list.count())
            if not self.list.item(i).isHidden()
        ]

    def specifier(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None and not item.isHidden() else None

    @Slot(str)
    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        first = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            hidden = not all(w in item.data(Qt.ItemDataRole.UserRole + 1) for w in words)
            item.setHidden(hidden)
            if not hidden and first is None:
                first = item
        current = self.list.currentItem()
        if current is None or current.isHidden():
            self.list.setCurrentItem(first)
        self.empty.setVisible(first is None)
        self._update_ok()

    @Slot()
    def _update_ok(self) -> None:
        self.ok_button.setEnabled(self.specifier() is not None)

    def accept(self) -> None:
        if self.specifier() is not None:
            super().accept()


@dataclass(frozen=True)
class PickedPackage:
    specifier: str
    import_line: str
    #: The document with the pack's declaration stamped (the consent remembered).
    document: CodeNodeDocument


def allow_in_document(
    parent: QWidget | None, catalog: Catalog, document: CodeNodeDocument, specifier: str
) -> CodeNodeDocument | None:
    """The document with `specifier` allowed: as is when already declared, else after a yes. None: refused."""
    if is_declared(document, specifier):
        return document
    module = catalog.module(specifier)
    pack = catalog.pack(module.pack) if module is not None else None
    if module is None or pack is None:
        return None
    if not ask_consent(parent, ConsentFacts.from_pack(pack, (specifier,))):
        return None
    return stamp_declaration(document, module)


def pick_package(parent: QWidget | None, catalog: Catalog, document: CodeNodeDocument) -> PickedPackage | None:
    """Run the picker, then the consent dialog when needed. None when cancelled or refused."""
    picker = PackagePicker(catalog, document, parent)
    if picker.exec() != QDialog.DialogCode.Accepted:
        return None
    specifier = picker.specifier()
    assert specifier is not None
    allowed = allow_in_document(parent, catalog, document, specifier)
    if allowed is None:
        return None
    return PickedPackage(specifier, import_line(specifier, PackIndex(catalog).exports(specifier)), allowed)
