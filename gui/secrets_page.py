"""The secrets page: the names of the secrets Cordon keeps, with add and delete.

Values are never read here: the list comes from `secrets_store.list_names()`
(names only), "Add" opens the secret prompt (which writes the value straight
to the store) and "Delete" asks first. The page names where values go as
`secrets_store.store_info().label` does: a real platform keyring by its name
("Secret Service (GNOME Keyring or KWallet)"), Cordon's file as "encrypted
secrets file (<path>)", never "keyring" for the file: a person must know where
their values actually go.

When no secure keyring is available the page says so and offers "Set up…": a
short guided dialog (`SecretsSetupDialog`) that creates Cordon's encrypted
secrets file under a passphrase the person sets (or unlocks it), or says how
to start the platform's keyring. The key derivation (~0.2 s, once per session)
runs on a background thread (`gui.tasks`) behind a busy indicator, so the
window keeps painting; a wrong passphrase is told after that one derivation.
`ensure_secret_store()` opens the dialog before a run that needs secrets on
such a machine. While the file is unlocked, "Lock" forgets its key (as quitting
does); the page then offers "Unlock…".

    page = SecretsPage()      # a QWidget: put it in a tab or a dialog
    page.refresh()            # after something else changed the keyring
"""

from __future__ import annotations

from concurrent.futures import Future

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QProgressBar,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from core import CordonError, secrets_store
from gui.dialogs.common import confirm, fit_to_width, styled_label
from gui.dialogs.secret_prompt import SecretPromptDialog
from gui.tasks import task_manager

#: Lines of room the setup dialog keeps for a message from the start, so a message never moves its fields.
MESSAGE_LINES = 2


class SecretsPage(QWidget):
    #: Emitted after a secret was added or deleted (its name).
    changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.where = styled_label(role="hint")
        layout.addWidget(self.where)
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
        self.setup_button.clicked.connect(self.set_up)
        self.lock_button = QPushButton("Lock")
        self.lock_button.setToolTip("Forget the encrypted secrets file's key: its passphrase is asked again")
        self.lock_button.clicked.connect(self.lock)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.delete_button)
        buttons.addWidget(self.setup_button)
        buttons.addWidget(self.lock_button)
        buttons.addStretch()
        layout.addLayout(buttons)
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        self.names.clear()
        info = secrets_store.store_info()
        kept = "" if info.kind == "none" else f" in your {info.label}"
        self.where.setText(
            f"Secrets Cordon keeps{kept}. Only names are shown; a node reads a value with getSecret "
            "when its secret scope lists the name."
        )
        try:
            names = secrets_store.list_names()
        except CordonError as exc:
            self.problem.setText(exc.message)
            self.problem.show()
            self.add_button.setEnabled(False)
            locked = exc.rule == "keyring-locked"
            self.setup_button.setText("Unlock…" if locked else "Set up…")
            self.setup_button.setToolTip(
                "Enter the encrypted secrets file's passphrase"
                if locked
                else "No keyring here: create Cordon's encrypted secrets file"
            )
            self.setup_button.setVisible(exc.rule in ("keyring-unavailable", "keyring-locked"))
        else:
            self.problem.hide()
            self.add_button.setEnabled(True)
            self.setup_button.hide()
            self.names.addItems(names)
        now = secrets_store.store_info()  # listing may have unlocked the file (CORDON_SECRETS_PASSPHRASE)
        self.lock_button.setVisible(now.kind == "encrypted-file" and now.state == "ready")
        self._update_buttons()

    @Slot()
    def lock(self) -> None:
        """Forget the key now (it is also forgotten when Cordon quits); the next use asks for the passphrase."""
        secrets_store.lock()
        self.refresh()

    @Slot()
    def set_up(self) -> None:
        dialog = SecretsSetupDialog(secrets_store.keyring_state(), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.refresh()
            if dialog.note:  # an old file was converted: say so where the person looks
                self.problem.setText(dialog.note)
                self.problem.show()

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
            f"Delete the secret “{name}” from your {secrets_store.store_info().label}?",
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
    file's values cannot be read. The key is derived on a background thread
    behind a busy indicator (the fields and buttons wait meanwhile). A wrong or
    short one is said in the dialog, in room kept for it from the start, so the
    dialog never grows or shifts per message. After an
    accepted `exec()`, `note` says what unlocking did beyond unlocking (an old
    file converted), else None.
    """

    def __init__(self, state: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.creating = state == "missing"
        self.note: str | None = None
        self.unlocking = False
        #: An older Cordon's file that unlocking converts (one slower derivation per secret, once).
        self.converting = None if self.creating else secrets_store.old_file_to_convert()
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
                    f"Create an encrypted secrets file: values are encrypted (AES-256-GCM, key "
                    f"from Argon2id) with a passphrase you set, never stored in plain text. File: "
                    f"{path}",
                    role="hint",
                )
            )
        elif self.converting is not None:
            layout.addWidget(
                styled_label(
                    f"Your secrets are in the encrypted file an older Cordon wrote ({self.converting}). Enter "
                    f"its passphrase: Cordon converts it once to its encrypted secrets file ({path}) and uses "
                    "them in this session.",
                    role="hint",
                )
            )
        else:
            layout.addWidget(
                styled_label(
                    f"Your secrets are in Cordon's encrypted secrets file ({path}). Enter its "
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
        # One place, sized from the start, for either a message or the busy indicator: neither moves the fields.
        self.status = QStackedWidget()
        self.problem = styled_label(role="fieldError")
        self.problem.setMinimumHeight(MESSAGE_LINES * self.problem.fontMetrics().lineSpacing())
        self.status.addWidget(self.problem)
        busy_box = QWidget()
        busy_layout = QHBoxLayout(busy_box)  # one row: the message's room holds it
        busy_layout.setContentsMargins(0, 0, 0, 0)
        self.busy_label = styled_label(
            "Creating the encrypted file…"
            if self.creating
            else "Converting, once (a few seconds)…"
            if self.converting
            else "Unlocking (deriving the key)…",
            role="hint",
        )
        self.busy_label.setWordWrap(False)  # its own width; the bar takes the rest of the row
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # no steps to count: one key derivation
        self.busy.setTextVisible(False)
        busy_layout.addWidget(self.busy_label)
        busy_layout.addWidget(self.busy)
        self.status.addWidget(busy_box)
        layout.addWidget(self.status)
        if self.creating:
            layout.addWidget(
                styled_label(
                    f"Or start your platform's keyring, then reopen Cordon: {secrets_store.HOW_TO_START_KEYRING}",
                    role="hint",
                )
            )
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Create encrypted file" if self.creating else "Unlock")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        fit_to_width(self, 520)  # sized for its wrapped texts at this width: no gaps between the rows

    def accept(self) -> None:
        """Check the fields, then derive the key on a background thread; the answer comes to `_unlocked`."""
        if self.unlocking:
            return
        if self.again is not None and self.again.text() != self.passphrase.text():
            return self._say("The two passphrases differ.")
        passphrase = self.passphrase.text()
        self._set_unlocking(True)
        task_manager().run_in_background(lambda: secrets_store.unlock(passphrase), self._unlocked, owner=self)

    def reject(self) -> None:
        if not self.unlocking:  # the derivation is short and cannot be stopped: let it answer
            super().reject()

    def _unlocked(self, future: Future[str | None]) -> None:
        self._set_unlocking(False)
        try:
            self.note = future.result()
        except CordonError as exc:
            return self._say(exc.message)
        for field in (self.passphrase, self.again):  # the key is derived: the typed passphrase is not kept
            if field is not None:
                field.clear()
        super().accept()

    def _set_unlocking(self, unlocking: bool) -> None:
        self.unlocking = unlocking
        self.problem.clear()
        self.status.setCurrentIndex(1 if unlocking else 0)
        for widget in (self.passphrase, self.again, self.buttons):
            if widget is not None:
                widget.setEnabled(not unlocking)

    def _say(self, message: str) -> None:
        """Show `message` in the room kept for it; only a message longer than that room grows the dialog."""
        self.problem.setText(message)
        needed = self.heightForWidth(self.width())
        if needed > self.height():
            self.resize(self.width(), needed)
        self.passphrase.selectAll()
        self.passphrase.setFocus()


def ensure_secret_store(parent: QWidget | None = None) -> bool:
    """True when secrets can be kept now; else the guided dialog, and whether it made that so."""
    state = secrets_store.keyring_state()
    if state == "ready":
        return True
    return SecretsSetupDialog(state, parent).exec() == QDialog.DialogCode.Accepted
