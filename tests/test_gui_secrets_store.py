"""Where secrets go, and the passphrase dialog, in the studio on real widgets: where Cordon's
encrypted file is in use the studio says "encrypted secrets file (<path>)", never "keyring"; a real keyring is
called by its name; unlocking runs off the UI thread behind a busy indicator; a wrong passphrase answers
after one key derivation, clearly; the passphrase dialog keeps its size whatever it says.

The file lives in the test's own home (`no_keyring`: keyring's real `fail` backend); the keyring path uses
the isolated in-memory backend (tests/memkeyring.py).
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QMessageBox, QWidget

from core import secrets_store
from core.codenode import Grants
from core.paths import data_dir
from core.secrets import encrypted_file
from gui.dialogs.document_trust import DocumentTrustDialog, TrustFacts
from gui.dialogs.secret_prompt import SecretPromptDialog
from gui.secrets_page import SecretsPage, SecretsSetupDialog
from tests.install_support import home, memory_keyring, no_keyring

__all__ = ["home", "memory_keyring", "no_keyring"]

PASSPHRASE = "correct horse battery"
#: tests/fixtures/secrets: a file keyrings.cryptfile 1.3.9 wrote (see tests/test_secret_store.py).
OLD_FILE = Path(__file__).parent / "fixtures" / "secrets" / "keyrings-cryptfile-1.3.9.cfg"
OLD_PASSPHRASE = "correct horse battery staple"


def texts(widget: QWidget) -> str:
    """Everything a person can read in `widget`: shown labels, buttons, check boxes and their tooltips."""
    shown = [w for w in widget.findChildren(QWidget) if w.isVisibleTo(widget)]
    parts = [w.text() for w in shown if isinstance(w, QLabel | QAbstractButton)] + [w.toolTip() for w in shown]
    return "\n".join(parts)


@pytest.fixture
def unlocked_file(no_keyring):
    secrets_store.unlock(PASSPHRASE)
    return secrets_store.encrypted_store_path()


@pytest.fixture
def derivations(monkeypatch) -> list[str]:
    """The thread of each real key derivation (each one still runs: this only records where)."""
    threads: list[str] = []
    real = encrypted_file.derive_key

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(encrypted_file, "derive_key", recorded)
    return threads


# -- wording ------------------------------------------------------------------------------------


def test_the_secret_prompt_names_the_encrypted_file(qtbot, unlocked_file):
    dialog = SecretPromptDialog("API_TOKEN", "to call the weather API")
    qtbot.addWidget(dialog)
    words = texts(dialog)
    assert f"Remember in your encrypted secrets file ({unlocked_file})" in words
    assert f"The value goes straight to your encrypted secrets file ({unlocked_file})" in words
    assert dialog.save_button.text() == "Save to encrypted file"
    assert "keyring" not in words.lower()
    qtbot.keyClicks(dialog.value, "sk-1")
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.stored and secrets_store.get_secret("API_TOKEN") == "sk-1"


def test_the_secret_prompt_names_a_real_keyring(qtbot, memory_keyring):
    dialog = SecretPromptDialog("API_TOKEN", "to call the weather API")
    qtbot.addWidget(dialog)
    assert dialog.remember.text() == "Remember in your system keyring (memkeyring MemoryKeyring)"
    assert dialog.save_button.text() == "Save to keyring"


def test_the_secrets_page_names_the_encrypted_file_and_deletes_from_it(qtbot, unlocked_file):
    secrets_store.set_secret("GITHUB_TOKEN", "ghp-value")
    page = SecretsPage()
    qtbot.addWidget(page)
    assert page.where.text().startswith(f"Secrets Cordon keeps in your encrypted secrets file ({unlocked_file})")
    assert "keyring" not in texts(page).lower()
    asked: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        box.button(QMessageBox.StandardButton.Yes).click()

    page.names.setCurrentRow(0)
    QTimer.singleShot(0, answer)
    qtbot.mouseClick(page.delete_button, Qt.MouseButton.LeftButton)
    assert asked == [f"Delete the secret “GITHUB_TOKEN” from your encrypted secrets file ({unlocked_file})?"]
    assert secrets_store.get_secret("GITHUB_TOKEN") is None


def test_the_trust_dialog_names_the_encrypted_file(qtbot, unlocked_file):
    dialog = DocumentTrustDialog(TrustFacts("/docs/arrived.node.json", Grants(secrets=("API_KEY",))))
    qtbot.addWidget(dialog)
    assert "read your secret API_KEY" in dialog.asks.text()
    assert dialog.secrets_where.text() == f"Your secrets are kept in your encrypted secrets file ({unlocked_file})."
    assert "keyring" not in texts(dialog).lower()


def test_the_trust_dialog_names_a_real_keyring(qtbot, memory_keyring):
    dialog = DocumentTrustDialog(TrustFacts("/docs/arrived.node.json", Grants(secrets=("API_KEY",))))
    qtbot.addWidget(dialog)
    assert dialog.secrets_where.text() == "Your secrets are kept in your system keyring (memkeyring MemoryKeyring)."


# -- unlocking: off the UI thread, busy, one derivation for a wrong passphrase -------------------


def _old_file_in_home() -> Path:
    old = data_dir() / secrets_store.OLD_ENCRYPTED_STORE
    old.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_FILE, old)
    (data_dir() / secrets_store.INDEX_NAME).write_text(json.dumps({"names": ["API_KEY"]}))
    return old


def _locked_file() -> None:
    secrets_store.unlock(PASSPHRASE)
    secrets_store.set_secret("API_KEY", "sk-1")
    secrets_store.lock()


def test_unlocking_shows_a_busy_indicator_and_derives_off_the_ui_thread(qtbot, no_keyring, derivations):
    _locked_file()
    derivations.clear()
    dialog = SecretsSetupDialog(secrets_store.keyring_state())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.passphrase, PASSPHRASE)
    size = dialog.size()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    # The answer can only arrive through the event loop: until then the dialog shows that it works.
    assert dialog.unlocking and dialog.busy.isVisible() and dialog.busy.maximum() == 0  # indeterminate
    dialog.layout().activate()  # lay the busy row out now, as the next paint would
    assert dialog.size() == size  # in the room kept for a message
    assert "Unlocking" in dialog.busy_label.text()
    assert not dialog.ok_button.isEnabled() and not dialog.passphrase.isEnabled()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # the derivation cannot be stopped: Esc waits for it
    assert dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.result() == 1, timeout=20_000)
    assert len(derivations) == 1 and derivations[0] != threading.main_thread().name
    assert secrets_store.get_secret("API_KEY") == "sk-1"


def test_a_wrong_passphrase_is_said_clearly_after_one_derivation(qtbot, no_keyring, derivations):
    _locked_file()
    derivations.clear()
    dialog = SecretsSetupDialog(secrets_store.keyring_state())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.passphrase, "not the passphrase")
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.unlocking, timeout=20_000)
    assert dialog.problem.text().startswith("wrong passphrase for Cordon's encrypted secrets file")
    assert dialog.problem.isVisible() and not dialog.busy.isVisible() and dialog.isVisible()
    assert dialog.ok_button.isEnabled() and dialog.passphrase.hasFocus()
    assert dialog.passphrase.selectedText() == "not the passphrase"  # to type over it
    assert len(derivations) == 1 and secrets_store.is_locked()


def test_the_passphrase_dialog_does_not_grow_per_message(qtbot, no_keyring):
    """Each refusal grew the dialog; now room for a message is there from the start."""
    dialog = SecretsSetupDialog(secrets_store.keyring_state())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    sizes = [dialog.size()]
    fields = [dialog.passphrase.geometry(), dialog.again.geometry()]
    for first, again in [("correct horse battery", "x"), ("short", "short"), ("correct horse battery", "y")] * 2:
        dialog.passphrase.setText(first)
        dialog.again.setText(again)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not dialog.unlocking and dialog.problem.text() != "", timeout=20_000)
        sizes.append(dialog.size())
        assert [dialog.passphrase.geometry(), dialog.again.geometry()] == fields
    assert set(sizes) == {sizes[0]}, sizes


def test_an_old_file_is_converted_through_the_dialog_and_the_page_says_so(qtbot, no_keyring):
    """A keyrings.cryptfile file (Cordon's store before its own format) is converted at its unlock, behind the busy row."""
    old = _old_file_in_home()
    page = SecretsPage()
    qtbot.addWidget(page)
    assert not page.setup_button.isHidden()
    seen: list[str] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SecretsSetupDialog):
            QTimer.singleShot(20, answer)
            return
        seen.append(texts(dialog))
        qtbot.keyClicks(dialog.passphrase, OLD_PASSPHRASE)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        seen.append(dialog.busy_label.text())

    QTimer.singleShot(0, answer)
    qtbot.mouseClick(page.setup_button, Qt.MouseButton.LeftButton)  # returns when the dialog closed
    assert f"the encrypted file an older Cordon wrote ({old})" in seen[0]
    assert seen[1] == "Converting, once (a few seconds)…"
    assert page.problem.text().startswith("Converted 4 secrets from the old encrypted file")
    listed = [page.names.item(i).text() for i in range(page.names.count())]
    assert listed == ["API_KEY", "MixedCase_Token", "lower.name"]  # the file lists its names: none are lost
    assert secrets_store.get_secret("API_KEY") == "sk-live-123" and not old.exists()


def test_lock_forgets_the_key_and_unlock_brings_the_secrets_back(qtbot, unlocked_file):
    secrets_store.set_secret("API_KEY", "sk-1")
    page = SecretsPage()
    qtbot.addWidget(page)
    assert page.lock_button.isVisibleTo(page) and page.setup_button.isHidden()
    key_holder = secrets_store._unlocked
    qtbot.mouseClick(page.lock_button, Qt.MouseButton.LeftButton)
    assert secrets_store.is_locked() and key_holder is not None and not key_holder.is_open
    assert page.setup_button.text() == "Unlock…" and page.setup_button.isVisibleTo(page)
    assert not page.lock_button.isVisibleTo(page) and page.names.count() == 0
    assert f"({unlocked_file}) is locked" in page.problem.text()

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SecretsSetupDialog):
            QTimer.singleShot(20, answer)
            return
        qtbot.keyClicks(dialog.passphrase, PASSPHRASE)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    qtbot.mouseClick(page.setup_button, Qt.MouseButton.LeftButton)
    assert [page.names.item(i).text() for i in range(page.names.count())] == ["API_KEY"]
    assert page.lock_button.isVisibleTo(page) and secrets_store.get_secret("API_KEY") == "sk-1"


def test_a_keyring_has_no_lock_button(qtbot, memory_keyring):
    page = SecretsPage()
    qtbot.addWidget(page)
    assert not page.lock_button.isVisibleTo(page)
