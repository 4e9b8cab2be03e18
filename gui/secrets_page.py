"""The secrets page: the names Cordon keeps in the system keyring, with add and delete.

Values are never read here: the list comes from `secrets_store.list_names()`
(names only), "Add" opens the secret prompt (which writes the value straight
to the keyring) and "Delete" asks first. When no secure keyring is available
the page says so, with the store's own advice, instead of offering buttons
that cannot work.

    page = SecretsPage()      # a QWidget: put it in a tab or a dialog
    page.refresh()            # after something else changed the keyring
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QListWidget,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core import secrets_store
from core.errors import CordonError
from gui.dialogs.common import styled_label
from gui.dialogs.secret_prompt import SecretPromptDialog


class SecretsPage(QWidget):
    #: Emitted after a secret was added or deleted (its name).
    changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(styled_label("Secrets Cordon keeps in your system keyring. Only names are shown; a node "
                                     "reads a value with getSecret when its secret scope lists the name.", role="hint"))
        self.names = QListWidget()
        self.names.itemSelectionChanged.connect(self._update_buttons)
        layout.addWidget(self.names)
        self.problem = styled_label(role="fieldError")
        self.problem.hide()
        layout.addWidget(self.problem)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add…")
        self.add_button.clicked.connect(self.add_secret)
        self.delete_button = QPushButton("Delete…")
        self.delete_button.clicked.connect(self.delete_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.delete_button)
        buttons.addStretch()
        layout.addLayout(buttons)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        self.names.clear()
        try:
            names = secrets_store.list_names()
        except CordonError as exc:
            self.problem.setText(exc.message)
            self.problem.show()
            self.add_button.setEnabled(False)
        else:
            self.problem.hide()
            self.add_button.setEnabled(True)
            self.names.addItems(names)
        self._update_buttons()

    @Slot()
    def _update_buttons(self) -> None:
        self.delete_button.setEnabled(bool(self.names.selectedItems()))

    def selected_name(self) -> str | None:
        items = self.names.selectedItems()
        return items[0].text() if items else None

    @Slot()
    def add_secret(self) -> None:
        dialog = SecretPromptDialog(None, parent=self)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.stored:
            self.refresh()
            self.changed.emit(dialog.name)

    @Slot()
    def delete_selected(self) -> None:
        name = self.selected_name()
        if name is None:
            return
        confirm = QMessageBox(QMessageBox.Icon.Question, "Delete secret",
                              f"Delete the secret “{name}” from the system keyring?",
                              QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        confirm.setTextFormat(Qt.TextFormat.PlainText)
        confirm.setInformativeText("Nodes that read it will fail until it is set again.")
        confirm.button(QMessageBox.StandardButton.Yes).setText("Delete")
        confirm.setDefaultButton(QMessageBox.StandardButton.No)
        if confirm.exec() != QMessageBox.StandardButton.Yes:
            return
        try:
            secrets_store.delete_secret(name)
        except CordonError as exc:
            self.problem.setText(exc.message)
            self.problem.show()
            return
        self.refresh()
        self.changed.emit(name)
