"""The secrets page: the names Cordon keeps in the system keyring, with add and delete.

Values are never read here: the list comes from `secrets_store.list_names()`
(names only), "Add" opens the secret prompt (which writes the value straight
to the keyring) and "Delete" asks first. When no secure keyring is available
the page says so and offers "Set up…": a short guided dialog
(`SecretsSetupDialog`) that creates Cordon's encrypted secrets file under a
passphrase the person sets (or unlocks it), or says how to start the
platform's keyring. `ensure_secret_store()` opens it before a run that needs
secrets on such a machine.

    page = SecretsPage()      # a QWidget: put it in a tab or a dialog
    page.refresh()            # after something else changed the keyring
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core import CordonError, secrets_store
from gui.dialogs.common import confirm, fit_to_width, refit, styled_label
from gui.dialogs.secret_prompt import SecretPromptDialog


class SecretsPage(QWidget):
    #: Emitted after a secret was added or deleted (its name).
    changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(
            styled_label(
                "Secrets Cordon keeps in your system keyring. Only names are shown; a node "
                "reads a value with getSecret when its secret scope lists the name.",
                role="hint",
            )
        )
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
        self.setup_button = QPushButton("Set up…")
        self.setup_button.setToolTip("No keyring here: create or unlock Cordon's encrypted secrets file")
        self.setup_button.clicked.connect(self.set_up)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(self.setup_button)
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
            self.setup_button.setVisible(exc.rule in ("keyring-unavailable", "keyring-locked"))
        else:
            self.problem.hide()
            self.add_button.setEnabled(True)
            self.setup_button.hide()
            self.names.addItems(names)
        self._update_buttons()

    @Slot()
    def set_up(self) -> None:
        if ensure_secret_store(self):
            self.refresh()

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
        if not confirm(
            self,
            "Delete secret",
            f"Delete the secret “{name}” from the system keyring?",
            "Nodes that read it will fail until it is set again.",
            "Delete",
        ):
            return
        try:
            secrets_store.delete_secret(name)
        except CordonError as exc:
            self.problem.setText(exc.message)
            self.problem.show()
            return
        self.refresh()
        self.changed.emit(name)


class SecretsSetupDialog(QDialog):
    """No keyring to keep secrets in: create (or unlock) Cordon's encrypted file, or start the keyring.

    The passphrase is the person's: it is never stored, and without it the
    file's values cannot be read. A wrong or short one is said in the dialog,
    which stays as it was.
    """

    def __init__(self, state: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.creating = state == "missing"
        self.setWindowTitle("Set up secrets" if self.creating else "Unlock secrets")
        layout = QVBoxLayout(self)
        path = secrets_store.encrypted_store_path()
        if self.creating:
            layout.addWidget(
                styled_label(
                    "No system keyring is running on this machine, so secrets cannot be kept there.",
                    role="sectionTitle",
                )
            )
            layout.addWidget(
                styled_label(
                    f"Create an encrypted secrets file: values are encrypted (AES-GCM, "
                    f"Argon2) with a passphrase you set, never stored in plain text. File: "
                    f"{path}",
                    role="hint",
                )
            )
        else:
            layout.addWidget(
                styled_label(
                    f"Your secrets are in Cordon's encrypted file ({path}). Enter its "
                    "passphrase to use them in this session.",
                    role="hint",
                )
            )
        form = QFormLayout()
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Passphrase", self.passphrase)
        self.again: QLineEdit | None = None
        if self.creating:
            self.again = QLineEdit()
            self.again.setEchoMode(QLineEdit.EchoMode.Password)
            form.addRow("Again", self.again)
        layout.addLayout(form)
        self.problem = styled_label(role="fieldError")
        self.problem.hide()
        layout.addWidget(self.problem)
        if self.creating:
            layout.addWidget(
                styled_label(
                    f"Or start your platform's keyring, then reopen Cordon: {secrets_store.HOW_TO_START_KEYRING}",
                    role="hint",
                )
            )
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Create encrypted file" if self.creating else "Unlock")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_to_width(self, 520)  # sized for its wrapped texts at this width: no gaps between the rows

    def accept(self) -> None:
        if self.again is not None and self.again.text() != self.passphrase.text():
            return self._say("The two passphrases differ.")
        try:
            secrets_store.unlock(self.passphrase.text())
        except CordonError as exc:
            return self._say(exc.message)
        super().accept()

    def _say(self, message: str) -> None:
        self.problem.setText(message)
        self.problem.show()
        refit(self)  # the message gets its own room; the fields keep theirs
        self.passphrase.selectAll()
        self.passphrase.setFocus()


def ensure_secret_store(parent: QWidget | None = None) -> bool:
    """True when secrets can be kept now; else the guided dialog, and whether it made that so."""
    state = secrets_store.keyring_state()
    if state == "ready":
        return True
    return SecretsSetupDialog(state, parent).exec() == QDialog.DialogCode.Accepted
