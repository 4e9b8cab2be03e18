"""The secrets setup in the studio: on a machine with no keyring, a short guided dialog creates Cordon's
encrypted secrets file (a temp file of this test's home, never the user's keyring), and runs then read it."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from core import secrets_store
from core.codenode import CodeNodeDocument, NodeProps, OutputHandle
from gui.secrets_page import SecretsPage, SecretsSetupDialog
from tests.gui_support import run_and_wait, window
from tests.install_support import home, no_keyring

__all__ = ["home", "no_keyring", "window"]


def test_the_secrets_page_offers_the_guided_setup_and_it_creates_an_encrypted_store(qtbot, no_keyring):
    page = SecretsPage()
    qtbot.addWidget(page)
    assert not page.add_button.isEnabled() and not page.setup_button.isHidden()
    dialog = SecretsSetupDialog(secrets_store.keyring_state())
    qtbot.addWidget(dialog)
    assert dialog.creating and "gnome-keyring" in " ".join(w.text() for w in dialog.findChildren(type(page.problem)))
    dialog.passphrase.setText("correct horse battery")
    dialog.again.setText("correct horse")
    dialog.accept()
    assert dialog.problem.text() == "The two passphrases differ." and dialog.result() == 0
    dialog.again.setText("correct horse battery")
    dialog.accept()  # the key is derived on a background thread; the dialog closes when it is ready
    qtbot.waitUntil(lambda: dialog.result() == 1, timeout=20_000)
    assert secrets_store.keyring_state() == "ready"
    secrets_store.set_secret("API_KEY", "sk-1")
    assert "sk-1" not in secrets_store.encrypted_store_path().read_text()
    page.refresh()
    assert page.add_button.isEnabled() and page.setup_button.isHidden()
    assert [page.names.item(i).text() for i in range(page.names.count())] == ["API_KEY"]


def test_a_run_that_needs_secrets_asks_to_set_up_first_then_reads_them(qtbot, window, no_keyring):
    window.load(
        CodeNodeDocument(
            body='await output("key", await getSecret("API_KEY"));\n',
            outputs=(OutputHandle(name="key"),),
            props=NodeProps(secrets=("API_KEY",)),
        ),
        None,
    )
    seen = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SecretsSetupDialog):
            QTimer.singleShot(50, answer)
            return
        seen.append(dialog.windowTitle())
        dialog.passphrase.setText("correct horse battery")
        dialog.again.setText("correct horse battery")
        dialog.accepted.connect(lambda: secrets_store.set_secret("API_KEY", "sk-2"))  # unlocked by then
        dialog.accept()

    QTimer.singleShot(50, answer)
    outcome = run_and_wait(qtbot, window)
    assert seen == ["Set up secrets"]
    assert outcome.result.ok and outcome.result.outputs == {"key": "sk-2"}


def test_the_setup_dialog_is_sized_for_its_texts_and_keeps_its_layout_after_an_error(qtbot, no_keyring):
    dialog = SecretsSetupDialog(secrets_store.keyring_state())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.height() <= dialog.heightForWidth(dialog.width()) + 1  # no spare height spread as gaps
    fields = [dialog.passphrase, dialog.again]
    before = [f.height() for f in fields]
    dialog.passphrase.setText("correct horse battery")
    dialog.again.setText("something else")
    dialog.accept()
    qtbot.waitUntil(lambda: dialog.problem.height() >= dialog.problem.heightForWidth(dialog.problem.width()))
    assert [f.height() for f in fields] == before and dialog.problem.isVisible()
