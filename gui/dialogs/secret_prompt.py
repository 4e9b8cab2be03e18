"""The secret prompt: a person types a secret's value and it goes straight to the secret store.

Two uses. A Code node's `requestSecret(name, reason)` (through `gui.prompter`)
shows the name and the code's reason; the secrets page's "Add" lets a person
type the name too. Either way the value is handed to `core.secrets_store` in
`accept()` and the field is cleared: it never reaches the guest (requestSecret
only learns true/false), a log, a signal or a return value. The reason is text
written by untrusted code, so it is shown as plain text (never rich text or
links) and labelled as the code's words.

The dialog names where the value goes as `secrets_store.store_info().label`
says it: a platform keyring by its name, Cordon's file as "encrypted secrets
file (<path>)", never "keyring" for the file: a person must know where the value goes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from core import CordonError, secrets_store
from gui.dialogs.common import confirm, display_text, fit_to_width, plain_label, styled_label


class SecretPromptDialog(QDialog):
    """Ask for one secret's value (and its name when `name` is None). Esc cancels.

    After `exec()`: `stored` says whether the value reached the store,
    `name` is the secret's name and `remember` whether the person wants it
    kept after the run (unticked: the prompter deletes it when the run ends).
    """

    def __init__(self, name: str | None, reason: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stored = False
        self.name = name or ""
        asking = name is not None
        self.setWindowTitle("A Code node asks for a secret" if asking else "Add a secret")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        if asking:
            self.title = styled_label(f"The code asks for the secret “{name}”.", role="sectionTitle")
            layout.addWidget(self.title)
            reason_box = QFrame()
            reason_box.setFrameShape(QFrame.Shape.StyledPanel)
            inner = QVBoxLayout(reason_box)
            inner.addWidget(plain_label("Reason given by the code (its words, not Cordon's):"))
            self.reason = plain_label(display_text(reason))
            self.reason.setStyleSheet("font-style: italic")
            inner.addWidget(self.reason)
            layout.addWidget(reason_box)
            self.name_edit = None
        else:
            self.name_edit = QLineEdit()
            self.name_edit.setPlaceholderText("for example API_TOKEN")
            self.name_edit.setMaxLength(128)
            form.addRow("Name", self.name_edit)
        self.value = QLineEdit()
        self.value.setEchoMode(QLineEdit.EchoMode.Password)
        self.value.setInputMethodHints(
            Qt.InputMethodHint.ImhHiddenText
            | Qt.InputMethodHint.ImhNoPredictiveText
            | Qt.InputMethodHint.ImhSensitiveData
        )
        self.show_value = QPushButton("Show")
        self.show_value.setAutoDefault(False)  # Enter in the field saves; it never toggles visibility
        self.show_value.setCheckable(True)
        self.show_value.setToolTip("Show or hide what you typed")
        self.show_value.toggled.connect(self._toggle_visible)
        row = QHBoxLayout()
        row.addWidget(self.value)
        row.addWidget(self.show_value)
        form.addRow("Value", row)
        layout.addLayout(form)
        store = secrets_store.store_info()
        where = store.label if store.kind != "none" else "secret store"
        self.remember = QCheckBox(f"Remember in your {where}")
        self.remember.setChecked(True)
        self.remember.setToolTip(f"Unticked, the secret is deleted from your {where} when this run ends.")
        self.remember.setVisible(asking)
        layout.addWidget(self.remember)
        self.where = styled_label(
            f"The value goes straight to your {where}. The code only learns "
            "whether you saved it; a node reads it with getSecret only if its secret "
            "scope names it.",
            role="hint",
        )
        layout.addWidget(self.where)
        self.error = styled_label(role="fieldError")
        self.error.hide()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText("Save to encrypted file" if store.kind == "encrypted-file" else "Save to keyring")
        self.save_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.value.textChanged.connect(self._update_save)
        if self.name_edit is not None:
            self.name_edit.textChanged.connect(self._update_save)
            self.name_edit.setFocus()
        else:
            self.value.setFocus()
        self._update_save()
        fit_to_width(self, 460)

    @Slot(bool)
    def _toggle_visible(self, shown: bool) -> None:
        self.value.setEchoMode(QLineEdit.EchoMode.Normal if shown else QLineEdit.EchoMode.Password)
        self.show_value.setText("Hide" if shown else "Show")

    @Slot()
    def _update_save(self) -> None:
        name = self.name_edit.text().strip() if self.name_edit is not None else self.name
        self.save_button.setEnabled(bool(self.value.text()) and bool(name))

    def accept(self) -> None:
        """Store the value; on a refusal (bad name, no store) say why and stay open."""
        if self.name_edit is not None:
            self.name = self.name_edit.text().strip()
        try:
            if self.name_edit is not None and not self._may_replace():
                return
            secrets_store.set_secret(self.name, self.value.text())
        except CordonError as exc:
            self.error.setText(exc.message)
            self.error.show()
            return
        self.stored = True
        self.value.clear()
        super().accept()

    def _may_replace(self) -> bool:
        """Add never overwrites silently: a name already set asks first; No keeps
        the dialog open with the name selected, to change it."""
        if not secrets_store.list_names(within=(self.name,)):
            return True
        if confirm(
            self,
            "Replace secret",
            f"A secret named “{self.name}” is already set. Replace its value?",
            "Nodes that read it will get the new value; the old one cannot be recovered.",
            "&Replace",
        ):
            return True
        assert self.name_edit is not None
        self.name_edit.setFocus()
        self.name_edit.selectAll()
        return False

    def reject(self) -> None:
        self.value.clear()
        super().reject()
