"""The studio asks once before a document's own grants run, on real widgets.

A real `.node.json` that switches on `allow_local_network` is opened in a real
main window and run against a real HTTP server on 127.0.0.1: the trust dialog
lists exactly what it asks for; "Run without these grants" runs it with the
grant off (nothing reaches the server) and leaves the document as it is; "Trust" runs it as written and is
remembered for the file's path and bytes, so reopening does not ask again.
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from core import secrets_store
from core.codenode import load_document
from core.codenode.grants import DocumentKey, Grants, is_trusted, trust
from gui.dialogs.document_trust import DocumentTrustDialog, TrustDecision, TrustFacts
from tests.gui_support import RUN_TIMEOUT_MS, home, window
from tests.http_server import RecordingServer

__all__ = ["home", "window"]


def answer_trust(choice: str) -> list[str]:
    """Click `choice` ("trust", "without", "cancel") in the next trust dialog; returns what it listed."""
    seen: list[str] = []

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, DocumentTrustDialog):
            QTimer.singleShot(10, poll)
            return
        seen.append(dialog.asks.text())
        getattr(dialog, choice).click()

    QTimer.singleShot(0, poll)
    return seen


def run_and_wait(qtbot, win):
    """Run (the Run action: a modal dialog in between leaves the offscreen window inactive for shortcuts)
    and wait for this run's outcome."""
    win.run_panel.last_outcome = None
    win.run_action.trigger()
    qtbot.waitUntil(
        lambda: win.run_panel.last_outcome is not None and not win.run_panel.running, timeout=RUN_TIMEOUT_MS
    )
    return win.run_panel.last_outcome


def arrived(folder: Path, server: RecordingServer) -> Path:
    """A document written elsewhere that grants itself the local network and a secret."""
    path = folder / "arrived.node.json"
    body = [
        f'const r = await fetch("{server.url("/json")}").then((r) => r.json.n, (e) => e.rule);',
        'await output("out", r);',
    ]
    path.write_text(
        json.dumps(
            {
                "schemaVersion": 1,
                "body": body,
                "outputs": [{"name": "out"}],
                "props": {"allow_local_network": True, "secrets": ["API_KEY"]},
            }
        )
    )
    return path


def test_the_dialog_lists_what_is_asked_and_the_safe_choice_is_the_default(qtbot):
    grants = Grants(host_filesystem=True, local_network=True, secrets=("API_KEY",), packages=("@acme/geo",))
    dialog = DocumentTrustDialog(TrustFacts("/docs/arrived.node.json", grants))
    qtbot.addWidget(dialog)
    listed = dialog.asks.text().splitlines()
    assert len(listed) == 4 and [line.removeprefix("• ") for line in listed] == grants.lines()
    assert "allow_host_filesystem" in listed[0] and "API_KEY" in listed[2] and "@acme/geo" in listed[3]
    assert dialog.without.isDefault() and not dialog.trust.isDefault()
    dialog.show()
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert dialog.decision is TrustDecision.CANCEL
    dialog.trust.click()
    assert dialog.decision is TrustDecision.TRUST


def test_run_without_the_grants_then_trust_is_remembered(qtbot, window, tmp_path, memory_keyring):
    with RecordingServer() as server:
        path = arrived(tmp_path, server)
        assert window.open_path(path)
        asked = answer_trust("without")
        outcome = run_and_wait(qtbot, window)
        assert len(asked) == 1 and "allow_local_network" in asked[0] and "API_KEY" in asked[0]
        assert outcome.result.outputs == {"out": "ssrf-private-address"}, outcome.result.error
        assert server.count == 0
        props = window.current_document().props  # run once without them: the document is not edited
        assert props.allow_local_network and props.secrets == ("API_KEY",) and not window.dirty
        assert run_and_wait(qtbot, window).result.ok  # decided once: the next run does not ask
        assert len(asked) == 1

        assert window.open_path(path)  # the file still asks: it was never trusted
        asked = answer_trust("cancel")
        window.run_action.trigger()
        assert len(asked) == 1 and not window.run_panel.running and server.count == 0
        assert window.current_document().props.allow_local_network  # cancelling changes nothing

        answer_trust("trust")
        assert run_and_wait(qtbot, window).result.outputs == {"out": 42}
        assert server.count == 1

        assert window.open_path(path)  # trusted as it is: no dialog, the grant runs
        assert run_and_wait(qtbot, window).result.outputs == {"out": 42}
        assert server.count == 2


def test_a_document_the_person_saved_is_trusted_as_written(qtbot, window, tmp_path, monkeypatch, memory_keyring):
    with RecordingServer() as server:
        made_here = arrived(tmp_path, server)  # the same grants, but set by the person in this window
        doc = load_document(made_here)
        window.load(doc, None)
        target = tmp_path / "mine.node.json"
        monkeypatch.setattr(window, "ask_save_path", lambda suggested: target)
        assert window.save()
        assert window.open_path(target)  # no dialog: the file is what the person saved
        assert run_and_wait(qtbot, window).result.outputs == {"out": 42}
        target.write_text(target.read_text().replace('"out"', '"out" ', 1))  # changed behind the studio's back
        assert window.open_path(target)
        asked = answer_trust("cancel")
        window.run_action.trigger()
        assert len(asked) == 1 and server.count == 1


def test_a_trusted_document_shows_its_elevated_access_and_trust_can_be_revoked(qtbot, window, tmp_path):
    """A banner on open and a status-bar badge while a trusted file runs elevated; the
    Run tab does not say workspace calls are refused when the host filesystem is granted; File → Revoke
    Trust removes the record (core's `revoke_trust`) and the next run asks again."""
    path = tmp_path / "trusted.node.json"
    path.write_text(
        json.dumps(
            {
                "schemaVersion": 1,
                "body": ['await output("out", 1);'],
                "outputs": [{"name": "out"}],
                "props": {"allow_host_filesystem": True, "allow_local_network": True},
            }
        )
    )
    key = DocumentKey.of(path, path.read_bytes())
    trust(key)
    assert window.open_path(path)
    assert window.trust_banner.isVisible()
    banner = window.trust_banner_text.text()
    assert "You trust this document" in banner and "allow_host_filesystem" in banner and "local network" in banner
    assert window.trust_badge.isVisible() and "host files" in window.trust_badge.text()
    assert "refused" not in window.run_panel.workspace_label.text()
    assert "any file on this computer" in window.run_panel.workspace_label.text()
    assert window.revoke_trust_action.isEnabled()
    assert window.revoke_trust_action in window.menuBar().actions()[0].menu().actions()

    window.revoke_trust_action.trigger()
    assert not is_trusted(key)  # the record is gone from Cordon's state
    assert not window.trust_banner.isVisible() and not window.trust_badge.isVisible()
    assert "refused" in window.run_panel.workspace_label.text()
    assert not window.revoke_trust_action.isEnabled()
    asked = answer_trust("cancel")  # revoking never widens: the next run asks, and cancel runs nothing
    window.run_action.trigger()
    assert len(asked) == 1 and "allow_host_filesystem" in asked[0] and not window.run_panel.running

    assert window.open_path(path)  # reopened: no longer trusted, so no banner and no badge
    assert not window.trust_banner.isVisible() and not window.trust_badge.isVisible()


def test_an_untrusted_document_shows_no_trust_banner(qtbot, window, tmp_path):
    path = tmp_path / "arrived.node.json"
    path.write_text(json.dumps({"schemaVersion": 1, "body": ["1"], "props": {"allow_host_filesystem": True}}))
    assert window.open_path(path)
    assert not window.trust_banner.isVisible() and not window.trust_badge.isVisible()
    assert not window.revoke_trust_action.isEnabled()


def test_run_without_says_what_it_left_out_and_problems_offer_no_silent_undo(qtbot, window, tmp_path, memory_keyring):
    """The "Run without these grants" button used to turn the fields off in the document without a word,
    and Problems then offered a one-click "Allow secret" that quietly gave back what the person had refused."""
    path = tmp_path / "reads-a-secret.node.json"
    path.write_text(
        json.dumps(
            {
                "schemaVersion": 1,
                "body": 'await output("out", await getSecret("API_KEY"));',
                "outputs": [{"name": "out"}],
                "props": {"secrets": ["API_KEY"]},
            }
        )
    )
    assert window.open_path(path)
    answer_trust("without")
    outcome = run_and_wait(qtbot, window)
    assert not outcome.result.ok  # the secret was left out of this run
    assert window.current_document() == load_document(path) and not window.dirty  # the document is unchanged
    said = window.statusBar().currentMessage()
    assert "Running without" in said and "API_KEY" in said and "unchanged" in said
    window.refresh_diagnostics()
    buttons = {b.text(): b for b in window.problems.fix_buttons()}
    assert not any("Allow secret" in text for text in buttons)
    # Granting it back is offered, but as the same question, never as a one-click grant.
    asked = answer_trust("trust")
    qtbot.mouseClick(buttons["Decide again…"], Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and "API_KEY" in asked[0]
    assert "Decide again…" not in [b.text() for b in window.problems.fix_buttons()]
    secrets_store.set_secret("API_KEY", "sk-1")
    assert run_and_wait(qtbot, window).result.outputs == {"out": "sk-1"}
