"""The consent dialog: what a pack will be able to reach, in plain words, before it is allowed.

Shown twice in a pack's life: before an install is placed (facts from the
installer's `ConsentRequest`, which describes the exact artifact already
verified in staging) and before a document first imports a pack (facts from
the installed `Pack`). Both say the design's sentence — the pack runs inside
your Code nodes with that node's capabilities: network via fetch, the
workspace, the secrets the node may read — plus version, specifiers, sizes
(`core.packs.sizes`: the same three numbers as the pack's page and the CLI),
digests, documentation trust and install mode. The safe choice is the default
button, and Esc or closing the window refuses.

    if ask_consent(parent, ConsentFacts.from_request(request)): commit_install(request)

A run whose body imports several packs not yet allowed asks once, in one
`PackListConsentDialog`: every pack of the run with its own Allow / Don't allow
and an "Allow all" button, so refusing one never drops the yes given to another.

    decisions = ask_pack_consents(parent, (facts_a, facts_b))   # {"pack-a": True, "pack-b": False}
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from core.packs import Pack, pack_sizes
from core.packs.install import INSTALL_MODE, INSTALL_MODE_DETAIL, ConsentRequest, grant_text, is_trusted
from gui.dialogs.common import fit_to_width, plain_label, plural, styled_label

SHIPPED_MODE = "shipped with Cordon"
TRUSTED_DOCS = "trusted: its SKILL.md is registered like any skill"
UNTRUSTED_DOCS = "untrusted: its SKILL.md is third-party text and reaches agents only as untrusted content"


def pack_trusted(pack: Pack) -> bool:
    """The pack's documentation trust: an explicit decision, else trusted only when shipped with Cordon."""
    return is_trusted(pack.name, first_party=pack.origin == "shipped")


@dataclass(frozen=True)
class ConsentFacts:
    """Everything the dialog shows; built from an install request or an installed pack."""

    #: "install": placing a prepared pack; "document": letting a document import an installed one.
    purpose: str
    pack: str
    version: str
    specifiers: tuple[str, ...]
    #: Its SKILL.md's trust; None when it has none (an npm library: no agent documentation to speak of).
    trusted: bool | None
    install_mode: str
    #: (label, words) of each size that applies: download, on disk, sandbox bundle (`core.packs.PackSizes`).
    sizes: tuple[tuple[str, str], ...]
    source: str = ""
    #: The artifact's sha512 SRI (install) — what the person's yes refers to.
    integrity: str = ""
    #: specifier -> module-graph digest (document): what the document will stamp.
    digests: tuple[tuple[str, str], ...] = ()
    #: Things the person must notice (classification changed, scripts declared but never run...).
    notices: tuple[str, ...] = ()

    @property
    def grants(self) -> str:
        return grant_text(self.specifiers)

    @classmethod
    def from_request(cls, request: ConsentRequest) -> ConsentFacts:
        notices = []
        if request.previous_version is not None:
            notices.append(f"Replaces the installed version {request.previous_version}.")
            notices.extend(f"Change: {change}" for change in request.changes)
        if request.classification_changed:
            notices.append(
                f"What this pack runs changed: the installed version is "
                f"{request.previous_classification}, this one is {request.classification.label}."
            )
        if request.lifecycle_scripts:
            notices.append(f"It declares install scripts ({', '.join(request.lifecycle_scripts)}); they are never run.")
        notices.extend(
            f"npm module {m.dependency} was skipped ({m.rule}): {m.message}" for m in request.npm_modules if not m.ok
        )
        notices.extend(
            f"npm module {m.dependency} uses polyfills (pure JavaScript, no new capability): {', '.join(m.polyfills)}"
            for m in request.npm_modules
            if m.polyfills
        )
        notices.extend(
            f"npm module {m.dependency} has stubs (Node builtins that throw if that code is reached): "
            f"{', '.join(m.stubs)}"
            for m in request.npm_modules
            if m.stubs
        )
        notices.extend(f"npm module {m.dependency}: {w}" for m in request.npm_modules for w in m.warnings)
        notices.extend(f"npm module {m.dependency}: bundle limit {m.limit}" for m in request.npm_modules if m.limit)
        notices.extend(request.warnings)
        notices.extend(f"Discovery will skip: {problem}" for problem in request.problems)
        deps = "".join(f"\n+ dependency {d.name}@{d.version}" for d in request.dependencies)
        return cls(
            "install",
            request.name,
            request.version,
            request.specifiers,
            None if request.origin == "npm" else request.trusted,
            request.install_mode,
            tuple(request.sizes.rows()),
            request.source + deps,
            request.integrity,
            (),
            tuple(notices),
        )

    @classmethod
    def from_pack(cls, pack: Pack, specifiers: tuple[str, ...]) -> ConsentFacts:
        digests = tuple((s, pack.modules[s].digest) for s in specifiers if s in pack.modules)
        mode = SHIPPED_MODE if pack.origin == "shipped" else INSTALL_MODE
        return cls(
            "document",
            pack.name,
            pack.version,
            specifiers,
            None if pack.skill is None else pack_trusted(pack),
            mode,
            tuple(pack_sizes(pack).rows()),
            digests=digests,
        )


def _digest_field(text: str) -> QLineEdit:
    """A long hash, selectable and copyable, that never widens the dialog."""
    field = QLineEdit(text)
    field.setReadOnly(True)
    field.setFrame(False)
    field.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
    field.setCursorPosition(0)
    field.setToolTip(text)
    return field


class ConsentDialog(QDialog):
    """Allow or refuse one pack. `exec()` returns Accepted only for an explicit yes."""

    def __init__(self, facts: ConsentFacts, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.facts = facts
        installing = facts.purpose == "install"
        self.setWindowTitle("Install a pack?" if installing else "Allow a pack in this document?")
        layout = QVBoxLayout(self)
        question = (
            f"Install {facts.pack} {facts.version}?"
            if installing
            else f"Let this document import {facts.pack} {facts.version}?"
        )
        title = styled_label(question, role="sectionTitle")
        title.setStyleSheet("font-size: 13pt")
        layout.addWidget(title)
        self.grants = styled_label(facts.grants, role="callout")
        layout.addWidget(self.grants)
        form = QFormLayout()
        form.addRow("Version:", plain_label(facts.version))
        form.addRow("Specifiers:", plain_label("\n".join(facts.specifiers) or "(none)"))
        if facts.source:
            form.addRow("From:", plain_label(facts.source))
        for label, words in facts.sizes:
            form.addRow(f"{label}:", plain_label(words))
        if facts.integrity:
            form.addRow("Integrity:", _digest_field(facts.integrity))
        for specifier, digest in facts.digests:
            form.addRow("Digest:" if len(facts.digests) == 1 else f"Digest of {specifier}:", _digest_field(digest))
        self.trust = plain_label(TRUSTED_DOCS if facts.trusted else UNTRUSTED_DOCS)
        if facts.trusted is not None:
            form.addRow("Documentation:", self.trust)
        detail = f" — {INSTALL_MODE_DETAIL}" if facts.install_mode == INSTALL_MODE else ""
        form.addRow("Install mode:", plain_label(facts.install_mode + detail))
        layout.addLayout(form)
        for notice in facts.notices:
            layout.addWidget(styled_label(f"⚠ {notice}", role="callout"))
        if not installing:
            layout.addWidget(
                styled_label("Your choice is saved in this document; other documents ask again.", role="hint")
            )
        self.buttons = QDialogButtonBox()
        self.allow: QPushButton = self.buttons.addButton(
            "Install" if installing else "Allow for this document", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.refuse: QPushButton = self.buttons.addButton(
            "Don't install" if installing else "Don't allow", QDialogButtonBox.ButtonRole.RejectRole
        )
        # The safe choice is what Enter does; allowing takes a deliberate click.
        self.allow.setAutoDefault(False)
        self.refuse.setDefault(True)
        self.refuse.setStyleSheet("font-weight: bold")
        self.refuse.setFocus()
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        fit_to_width(self, 560)


def ask_consent(parent: QWidget | None, facts: ConsentFacts) -> bool:
    """Show the dialog modally; True only when the person allowed."""
    return ConsentDialog(facts, parent).exec() == QDialog.DialogCode.Accepted


class PackListConsentDialog(QDialog):
    """Allow or refuse each of several packs a document imports, in one question.

    Every pack starts at "Don't allow" (the safe choice, also what Enter, Esc and
    closing do); "Allow all" allows every pack at once; "Continue" keeps the
    per-pack choices. `decisions()` is pack name -> allowed after `exec()`.
    """

    def __init__(self, facts: tuple[ConsentFacts, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.facts = facts
        self._accepted = False
        self.setWindowTitle("Allow packs in this document?")
        layout = QVBoxLayout(self)
        title = styled_label(
            f"This document imports {plural(len(facts), 'pack')} it does not allow yet", role="sectionTitle"
        )
        title.setStyleSheet("font-size: 13pt")
        layout.addWidget(title)
        layout.addWidget(styled_label(grant_text(tuple(s for f in facts for s in f.specifiers)), role="callout"))
        #: pack name -> its Allow radio button.
        self.allow_choice: dict[str, QRadioButton] = {}
        #: pack name -> its Don't allow radio button.
        self.refuse_choice: dict[str, QRadioButton] = {}
        for fact in facts:
            box = QGroupBox(f"{fact.pack} {fact.version}")
            form = QFormLayout(box)
            form.addRow("Specifiers:", plain_label("\n".join(fact.specifiers) or "(none)"))
            for label, words in fact.sizes:
                form.addRow(f"{label}:", plain_label(words))
            for specifier, digest in fact.digests:
                form.addRow("Digest:" if len(fact.digests) == 1 else f"Digest of {specifier}:", _digest_field(digest))
            if fact.trusted is not None:
                form.addRow("Documentation:", plain_label(TRUSTED_DOCS if fact.trusted else UNTRUSTED_DOCS))
            allow = QRadioButton(f"Allow {fact.pack}")
            refuse = QRadioButton("Don't allow")
            refuse.setChecked(True)
            group = QButtonGroup(box)
            group.addButton(allow)
            group.addButton(refuse)
            choice = QHBoxLayout()
            choice.addWidget(allow)
            choice.addWidget(refuse)
            choice.addStretch(1)
            form.addRow("Choice:", choice)
            self.allow_choice[fact.pack] = allow
            self.refuse_choice[fact.pack] = refuse
            layout.addWidget(box)
        layout.addWidget(
            styled_label("Your choices are saved in this document; other documents ask again.", role="hint")
        )
        self.buttons = QDialogButtonBox()
        self.allow_all: QPushButton = self.buttons.addButton("Allow &all", QDialogButtonBox.ButtonRole.ActionRole)
        self.apply: QPushButton = self.buttons.addButton(
            "&Continue with these choices", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.refuse: QPushButton = self.buttons.addButton("&Don't allow any", QDialogButtonBox.ButtonRole.RejectRole)
        for button in (self.allow_all, self.apply):
            button.setAutoDefault(False)
        self.refuse.setDefault(True)
        self.refuse.setFocus()
        self.allow_all.clicked.connect(self._allow_all)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        fit_to_width(self, 600)

    def accept(self) -> None:
        self._accepted = True
        super().accept()

    def _allow_all(self) -> None:
        for allow in self.allow_choice.values():
            allow.setChecked(True)
        self.accept()

    def decisions(self) -> dict[str, bool]:
        """Pack name -> allowed; every pack refused unless the dialog was accepted."""
        return {pack: self._accepted and allow.isChecked() for pack, allow in self.allow_choice.items()}


def ask_pack_consents(parent: QWidget | None, facts: tuple[ConsentFacts, ...]) -> dict[str, bool]:
    """Ask about every pack at once: one pack gets the detailed dialog, several the list. Pack -> allowed."""
    if len(facts) == 1:
        return {facts[0].pack: ask_consent(parent, facts[0])}
    dialog = PackListConsentDialog(facts, parent)
    dialog.exec()
    return dialog.decisions()
