"""The studio's answers to a run plan's questions (core/codenode/plan.py): its existing dialogs.

Core decides what a run needs and lists the questions; this only asks them,
each with the dialog a person already knows, and turns the answer into the
plan's terms:

* a `GrantQuestion` or `LimitQuestion`: the document trust dialog (Trust / Run
  without these grants / Cancel);
* a `SecretStoreQuestion`: the guided secret-store setup (or unlock);
* a `PackConsentQuestion`: one consent question for every pack, each with its
  own choice and "Allow all" (one pack: the detailed dialog).

    settled = settle(plan_node_run(doc, ..., trust=trust), DialogPrompter(window, window.ask_trust))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import QWidget

from core.codenode import (
    GrantDecision,
    GrantQuestion,
    Grants,
    LimitQuestion,
    PackConsentQuestion,
    SecretStoreQuestion,
)
from gui.dialogs.consent import ConsentFacts, ask_pack_consents
from gui.dialogs.document_trust import TrustDecision, TrustFacts, ask_trust
from gui.secrets_page import ensure_secret_store

#: The trust dialog's buttons in the plan's words.
DECISIONS = {
    TrustDecision.TRUST: GrantDecision.TRUST,
    TrustDecision.WITHOUT_GRANTS: GrantDecision.WITHOUT,
    TrustDecision.CANCEL: GrantDecision.CANCEL,
}


class DialogPrompter:
    """Answers with modal dialogs over `parent`. `trust_dialog` is the trust question (the window's
    `ask_trust`, which tests and embedding apps may answer without a dialog)."""

    def __init__(
        self, parent: QWidget | None, trust_dialog: Callable[[TrustFacts], TrustDecision] | None = None
    ) -> None:
        self.parent = parent
        self._trust = trust_dialog or (lambda facts: ask_trust(parent, facts))

    def _ask(self, document: str, grants: Grants, remembered: bool) -> GrantDecision:
        return DECISIONS[self._trust(TrustFacts(document, grants, remembered=remembered))]

    def grants(self, question: GrantQuestion) -> GrantDecision:
        return self._ask(question.document, question.grants, question.remembered)

    def limits(self, question: LimitQuestion) -> GrantDecision:
        return self._ask(question.document, question.grants, question.remembered)

    def secret_store(self, question: SecretStoreQuestion) -> bool:
        return ensure_secret_store(self.parent)

    def pack_consent(self, question: PackConsentQuestion) -> Mapping[str, bool]:
        facts = tuple(ConsentFacts.from_pack(ask.pack, ask.specifiers) for ask in question.packs)
        return ask_pack_consents(self.parent, facts)
