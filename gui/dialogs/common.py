"""Small helpers every Cordon dialog uses."""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMessageBox, QVBoxLayout, QWidget

# One wording of sizes for the studio and the CLI (core/packs/sizes.py), re-exported for the studio's dialogs.
from core.packs import human_size as human_size


def plain_label(text: str = "", *, wrap: bool = True) -> QLabel:
    """A label that never interprets markup (for text from packs, registries or guest code)."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setText(text)
    return label


def plural(n: int, word: str, words: str | None = None) -> str:
    """ "1 item", "2 items", "0 items": every count the studio shows reads as English."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def closable_window(parent: QWidget | None, title: str, content: QWidget, width: int, height: int) -> QDialog:
    """A window around `content` with a Close button: a tool window (Pack Manager, Secrets, Help) must be
    leavable without knowing Esc or the title bar's ✕."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    layout.addWidget(content, 1)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    # Enter in the window's fields (a find box, a name box) is theirs: it never closes the window (Esc does).
    buttons.button(QDialogButtonBox.StandardButton.Close).setAutoDefault(False)
    layout.addWidget(buttons)
    content.setParent(dialog)
    dialog.resize(width, height)
    return dialog


def refit(window: QWidget) -> None:
    """Grow `window` to what its layout needs now that a row appeared (a validation error): without this
    Qt keeps the old height and squeezes every field to make room for the message."""
    layout = window.layout()
    if layout is not None:
        layout.activate()
    needed = max(window.heightForWidth(window.width()), window.minimumSizeHint().height(), window.sizeHint().height())
    if needed > window.height():
        window.resize(window.width(), needed)


def fit_to_width(window: QWidget, width: int) -> None:
    """Size a window of word-wrapped labels for `width`.

    Qt sizes a new window from its size hint, which measures wrapped labels at a
    narrow guessed width; at the real width they need fewer lines and the spare
    height ends up as gaps between the rows.
    """
    window.setMinimumWidth(width)
    window.resize(width, window.heightForWidth(width))


#: An amber callout for what a person must weigh (what a pack reaches, untrusted docs); readable in both themes.
CALLOUT_STYLE = (
    "QLabel { background: rgba(224, 161, 0, 0.13); border: 1px solid rgba(224, 161, 0, 0.6); "
    "border-radius: 4px; padding: 8px; }"
)


def styled_label(text: str = "", *, role: str) -> QLabel:
    """A plain-text label with one of the theme's label roles (`sectionTitle`, `hint`, `fieldError`) or
    `callout`."""
    label = plain_label(text)
    if role == "callout":
        label.setStyleSheet(CALLOUT_STYLE)
    else:
        label.setObjectName(role)
    return label


def display_text(text: str, *, limit: int = 500) -> str:
    """Text from a pack, a registry or guest code made safe to show on one line.

    Control and format characters (newline floods, bidi overrides that reorder
    what a person reads) are dropped, whitespace runs collapse, and the length
    is bounded.
    """
    visible = "".join(
        " " if ch.isspace() else ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf") or ch.isspace()
    )
    flat = " ".join(visible.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def confirm(parent: QWidget | None, title: str, text: str, detail: str, action: str) -> bool:
    """Ask before something that cannot be undone: `action` names the Yes button, and No, the safe
    answer, is the default (Enter and Esc keep things as they are). Plain text: names come from users."""
    box = QMessageBox(
        QMessageBox.Icon.Question, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText(detail)
    box.button(QMessageBox.StandardButton.Yes).setText(action)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes
