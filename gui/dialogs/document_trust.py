"""The document trust dialog: a document that arrived with grants asks the person once.

A `.node.json` opened from disk may already switch on the host filesystem,
the local network, secrets or packs. Those are the file author's wishes, not
the person's (core/codenode/grants.py), so before its first run the studio
shows exactly what the document asks for, and the person chooses:

* Trust: run as written, and remember the document (path and content digest)
  in Cordon's state, so it does not ask again until the file changes;
* Run without these grants: the fields are turned off in the open document
  (pack declarations removed, so the per-pack consent dialog asks as usual);
* Cancel: nothing runs. Esc and closing the window cancel too.

The dialog is facts in, decision out: `ask_trust(parent, facts)`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPushButton, QVBoxLayout, QWidget

from core import secrets_store
from core.codenode import Grants
from gui.dialogs.common import display_text, fit_to_width, plain_label, styled_label


class TrustDecision(enum.Enum):
    TRUST = "trust"
    WITHOUT_GRANTS = "without-grants"
    CANCEL = "cancel"


@dataclass(frozen=True)
class TrustFacts:
    """What the dialog shows: which document, and what it asks for."""

    document: str
    grants: Grants
    #: False when the decision cannot be remembered (a recovered document without its file).
    remembered: bool = True


class DocumentTrustDialog(QDialog):
    """Trust / Run without these grants / Cancel. `decision` holds the answer after `exec()`."""

    def __init__(self, facts: TrustFacts, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.facts = facts
        self.decision = TrustDecision.CANCEL
        self.setWindowTitle("Trust this document?")
        layout = QVBoxLayout(self)
        title = styled_label(
            f"{display_text(facts.document, limit=120)} asks for more than the sandbox allows", role="sectionTitle"
        )
        layout.addWidget(title)
        layout.addWidget(
            plain_label(
                "These settings came with the file. A document cannot grant itself powers: "
                "run it with them only if you trust where it came from. It asks to:"
            )
        )
        self.asks = styled_label("\n".join(f"• {display_text(line)}" for line in facts.grants.lines()), role="callout")
        layout.addWidget(self.asks)
        self.secrets_where = styled_label(role="hint")
        if facts.grants.secrets:  # named as it is: a platform keyring, or Cordon's encrypted file
            info = secrets_store.store_info()
            kept = f"are kept in your {info.label}" if info.kind != "none" else "have no store yet (Tools → Secrets)"
            self.secrets_where.setText(f"Your secrets {kept}.")
            layout.addWidget(self.secrets_where)
        remember = (
            "Trusting is remembered for this file as it is now; if it changes, Cordon asks again."
            if facts.remembered
            else "This decision lasts while the document is open."
        )
        layout.addWidget(styled_label(remember, role="hint"))
        self.buttons = QDialogButtonBox()
        self.trust: QPushButton = self.buttons.addButton("Trust", QDialogButtonBox.ButtonRole.AcceptRole)
        self.without: QPushButton = self.buttons.addButton(
            "Run without these grants", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.cancel: QPushButton = self.buttons.addButton("Cancel", QDialogButtonBox.ButtonRole.RejectRole)
        # Enter takes the safe way; trusting takes a deliberate click.
        self.trust.setAutoDefault(False)
        self.without.setDefault(True)
        self.without.setFocus()
        self.trust.clicked.connect(lambda: self._choose(TrustDecision.TRUST))
        self.without.clicked.connect(lambda: self._choose(TrustDecision.WITHOUT_GRANTS))
        self.cancel.clicked.connect(self.reject)
        layout.addWidget(self.buttons)
        fit_to_width(self, 560)

    def _choose(self, decision: TrustDecision) -> None:
        self.decision = decision
        self.accept()

    def reject(self) -> None:
        self.decision = TrustDecision.CANCEL
        super().reject()


def ask_trust(parent: QWidget | None, facts: TrustFacts) -> TrustDecision:
    """Show the dialog modally and return the person's decision."""
    dialog = DocumentTrustDialog(facts, parent)
    dialog.exec()
    return dialog.decision
