"""The secret prompt, the engine's GUI prompter and the secrets page, on real widgets.

The keyring is a real backend isolated to each test (tests/memkeyring.py), the
runs are real engine runs on a worker thread, and every dialog is driven with
pytest-qt like a person would.
"""

from __future__ import annotations

import threading

import keyring
import pytest
import shiboken6
from keyring.backends import fail
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from core import HostServices, RunResult, RunServices, run_in_sandbox
from core import secrets_store as store
from gui.dialogs.secret_prompt import SecretPromptDialog
from gui.prompter import GuiSecretPrompter
from gui.secrets_page import SecretsPage
from tests import install_support

home = install_support.home
memory_keyring = install_support.memory_keyring

pytestmark = pytest.mark.usefixtures("home")

SECRET = "tok-5ecret-value-42"
ASKING_BODY = """
const stored = await requestSecret("API_TOKEN", "to call the weather API");
console.log("stored:", stored);
return { stored };
"""


def run_in_thread(code: str, prompter: GuiSecretPrompter) -> tuple[threading.Thread, list[RunResult]]:
    """A real run on a worker thread, as the studio's run worker does it."""
    out: list[RunResult] = []
    thread = threading.Thread(
        target=lambda: out.append(run_in_sandbox(code, services=RunServices(host=HostServices(prompter=prompter)))),
        daemon=True,
    )
    thread.start()
    return thread, out


def test_prompt_masks_the_value_and_shows_the_reason_as_plain_text(qtbot, memory_keyring):
    dialog = SecretPromptDialog("API_TOKEN", "<b>urgent</b> <a href='https://evil.example'>click</a>")
    qtbot.addWidget(dialog)
    assert dialog.reason.textFormat() == Qt.TextFormat.PlainText
    assert dialog.reason.text().startswith("<b>urgent</b>")  # shown literally, never as markup or a link
    flood = SecretPromptDialog("API_TOKEN", "line one" + "\n" * 400 + "line two \u202egnirts desrever\u200b")
    qtbot.addWidget(flood)
    assert flood.reason.text() == "line one line two gnirts desrever"  # no newline flood, no bidi override
    assert dialog.value.echoMode() == QLineEdit.EchoMode.Password
    assert not dialog.save_button.isEnabled()  # nothing typed yet
    qtbot.keyClicks(dialog.value, SECRET)
    qtbot.mouseClick(dialog.show_value, Qt.MouseButton.LeftButton)
    assert dialog.value.echoMode() == QLineEdit.EchoMode.Normal and dialog.show_value.text() == "Hide"
    qtbot.mouseClick(dialog.show_value, Qt.MouseButton.LeftButton)
    assert dialog.value.echoMode() == QLineEdit.EchoMode.Password
    with qtbot.waitSignal(dialog.finished) as done:
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert done.args == [1] and dialog.stored
    assert memory_keyring.store == {(store.SERVICE, "API_TOKEN"): SECRET}
    assert dialog.value.text() == ""  # the widget does not keep the value around


def test_a_requested_secret_lands_in_the_keyring_and_never_in_the_run(qtbot, memory_keyring):
    prompter = GuiSecretPrompter()
    with qtbot.waitSignal(prompter.prompt_opened, timeout=20_000) as opened:
        thread, out = run_in_thread(ASKING_BODY, prompter)
    dialog = opened.args[0]
    assert isinstance(dialog, SecretPromptDialog) and dialog.isVisible()
    assert "API_TOKEN" in dialog.title.text()
    assert dialog.reason.text() == "to call the weather API"
    qtbot.keyClicks(dialog.value, SECRET)
    qtbot.keyClick(dialog.value, Qt.Key.Key_Return)  # Enter saves
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=20_000)

    result = out[0]
    assert result.ok, result.error
    assert result.result == {"stored": True}
    assert result.logs == ["stored: true"]
    everything = repr(result.result) + "".join(result.logs) + repr(result.globals) + repr(result.warnings)
    assert SECRET not in everything
    assert memory_keyring.store == {(store.SERVICE, "API_TOKEN"): SECRET}
    assert store.list_names() == ["API_TOKEN"]
    assert prompter.dialog is None


def test_a_cancelled_prompt_stores_nothing_and_the_run_learns_false(qtbot, memory_keyring):
    prompter = GuiSecretPrompter()
    with qtbot.waitSignal(prompter.prompt_opened, timeout=20_000) as opened:
        thread, out = run_in_thread(ASKING_BODY, prompter)
    dialog = opened.args[0]
    qtbot.keyClicks(dialog.value, "typed then abandoned")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=20_000)
    assert out[0].ok and out[0].result == {"stored": False}
    assert memory_keyring.store == {}
    assert "typed then abandoned" not in repr(out[0].logs)


def test_cancel_pending_answers_a_waiting_run(qtbot, memory_keyring):
    """A run cancelled (or a window closed) while the prompt is open must not leave a worker waiting."""
    prompter = GuiSecretPrompter()
    with qtbot.waitSignal(prompter.prompt_opened, timeout=20_000):
        thread, out = run_in_thread(ASKING_BODY, prompter)
    prompter.cancel_pending()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=20_000)
    assert out[0].result == {"stored": False} and memory_keyring.store == {}


def test_a_secret_not_remembered_is_forgotten_when_the_run_ends(qtbot, memory_keyring):
    prompter = GuiSecretPrompter()
    code = 'const ok = await requestSecret("ONE_OFF", "just this once");\nreturn [ok, await getSecret("ONE_OFF") !== null];'
    with qtbot.waitSignal(prompter.prompt_opened, timeout=20_000) as opened:
        thread, out = run_in_thread(code, prompter)
    dialog = opened.args[0]
    qtbot.keyClick(dialog.remember, Qt.Key.Key_Space)
    assert not dialog.remember.isChecked()
    qtbot.keyClicks(dialog.value, SECRET)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=20_000)
    assert out[0].result == [True, True]  # usable during the run...
    assert prompter.forget_session_secrets() == ["ONE_OFF"]
    assert memory_keyring.store == {} and store.list_names() == []  # ...gone after it


def test_prompts_from_two_runs_are_shown_one_at_a_time(qtbot, memory_keyring):
    prompter = GuiSecretPrompter()
    opened: list[SecretPromptDialog] = []
    prompter.prompt_opened.connect(opened.append)
    first, out1 = run_in_thread('return await requestSecret("FIRST", "one");', prompter)
    second, out2 = run_in_thread('return await requestSecret("SECOND", "two");', prompter)
    qtbot.waitUntil(lambda: len(opened) == 1 and prompter.pending == 1, timeout=20_000)
    assert len(opened) == 1  # the second request waits for the first prompt to close
    qtbot.keyClicks(opened[0].value, "v1")
    qtbot.mouseClick(opened[0].save_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(opened) == 2, timeout=20_000)
    opened[1].reject()
    qtbot.waitUntil(lambda: not first.is_alive() and not second.is_alive(), timeout=20_000)
    answers = {opened[0].name: True, opened[1].name: False}  # whichever run asked first got the yes
    assert {"FIRST": out1[0].result, "SECOND": out2[0].result} == answers


def test_a_keyring_refusal_is_shown_and_the_prompt_stays_open(qtbot, memory_keyring):
    dialog = SecretPromptDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name_edit, "bad name!")
    qtbot.keyClicks(dialog.value, SECRET)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and not dialog.stored
    assert "is not a secret name" in dialog.error.text()
    assert memory_keyring.store == {}


def test_secrets_page_lists_names_never_values_and_adds_and_deletes(qtbot, memory_keyring):
    store.set_secret("GITHUB_TOKEN", "ghp-value")
    page = SecretsPage()
    qtbot.addWidget(page)
    assert [page.names.item(i).text() for i in range(page.names.count())] == ["GITHUB_TOKEN"]
    assert "ghp-value" not in repr([c.text() for c in page.findChildren(type(page.problem))])

    def fill_add():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SecretPromptDialog)
        qtbot.keyClicks(dialog.name_edit, "OPENAI_KEY")
        qtbot.keyClicks(dialog.value, "sk-value")
        qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, fill_add)
    with qtbot.waitSignal(page.changed) as changed:
        qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    assert changed.args == ["OPENAI_KEY"]
    assert [page.names.item(i).text() for i in range(page.names.count())] == ["GITHUB_TOKEN", "OPENAI_KEY"]
    assert store.get_secret("OPENAI_KEY") == "sk-value"

    def answer(button: QMessageBox.StandardButton):
        def click():
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox) and "GITHUB_TOKEN" in box.text()
            box.button(button).click()

        return click

    page.names.setCurrentRow(0)
    QTimer.singleShot(0, answer(QMessageBox.StandardButton.No))
    qtbot.mouseClick(page.delete_button, Qt.MouseButton.LeftButton)
    assert store.get_secret("GITHUB_TOKEN") == "ghp-value"  # "No" keeps it
    QTimer.singleShot(0, answer(QMessageBox.StandardButton.Yes))
    qtbot.mouseClick(page.delete_button, Qt.MouseButton.LeftButton)
    assert store.get_secret("GITHUB_TOKEN") is None
    assert [page.names.item(i).text() for i in range(page.names.count())] == ["OPENAI_KEY"]


def test_secrets_page_without_a_keyring_says_so(qtbot):
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        page = SecretsPage()
        qtbot.addWidget(page)
        assert page.problem.isVisibleTo(page) and "system keyring" in page.problem.text()
        assert not page.add_button.isEnabled() and page.names.count() == 0
    finally:
        keyring.set_keyring(previous)


def test_a_prompter_destroyed_while_a_run_waits_answers_false(qtbot, memory_keyring):
    prompter = GuiSecretPrompter()
    with qtbot.waitSignal(prompter.prompt_opened, timeout=20_000) as opened:
        thread, out = run_in_thread(ASKING_BODY, prompter)
    shiboken6.delete(opened.args[0])
    shiboken6.delete(prompter)  # its window closed without cancel_pending
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=20_000)
    assert out[0].result == {"stored": False} and memory_keyring.store == {}


def test_add_asks_before_replacing_a_secret_that_is_set(qtbot, memory_keyring):
    """Secrets → Add never overwrites an existing name silently."""
    store.set_secret("GITHUB_TOKEN", "old-value")
    dialog = SecretPromptDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name_edit, "GITHUB_TOKEN")
    qtbot.keyClicks(dialog.value, "new-value")
    asked: list[str] = []

    def answer(button: QMessageBox.StandardButton):
        def click():
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox) and box.windowTitle() == "Replace secret"
            asked.append(box.text())
            box.button(button).click()

        return click

    QTimer.singleShot(0, answer(QMessageBox.StandardButton.No))
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert asked and "GITHUB_TOKEN" in asked[0] and "already set" in asked[0]
    assert dialog.isVisible() and not dialog.stored and store.get_secret("GITHUB_TOKEN") == "old-value"
    assert dialog.name_edit.selectedText() == "GITHUB_TOKEN"  # to change the name
    QTimer.singleShot(0, answer(QMessageBox.StandardButton.Yes))
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert dialog.stored and store.get_secret("GITHUB_TOKEN") == "new-value" and len(asked) == 2
