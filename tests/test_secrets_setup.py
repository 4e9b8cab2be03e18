"""Secrets without a platform keyring: Cordon's encrypted store, `cordon secrets`, an index that never goes stale.

Every test runs in its own CORDON_HOME (the encrypted file is a temp file) with
keyring's real `fail` backend or the in-memory one: never the user's keyring.
"""

from __future__ import annotations

import io

import keyring
import pytest

from core import run_in_sandbox
from core import secrets_store as store
from core.cli import main as cordon
from tests.install_support import home, memory_keyring, no_keyring
from tests.memkeyring import MemoryKeyring

__all__ = ["home", "memory_keyring", "no_keyring"]


def _stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_a_missing_keyring_leads_to_a_working_encrypted_store(no_keyring, monkeypatch, capsys):
    assert store.keyring_state() == "missing"
    assert cordon(["secrets", "list"]) == 1
    assert "cordon secrets setup" in capsys.readouterr().err

    _stdin(monkeypatch, "correct horse battery\n")
    assert cordon(["secrets", "setup"]) == 0
    assert store.encrypted_store_path().is_file()
    _stdin(monkeypatch, "sk-live-123\n")
    assert cordon(["secrets", "set", "API_KEY"]) == 0
    assert "sk-live-123" not in store.encrypted_store_path().read_text()  # encrypted, never plaintext
    capsys.readouterr()
    assert cordon(["secrets", "list"]) == 0
    assert capsys.readouterr().out.split() == ["API_KEY"]

    # A node reads it in a run scoped to it.
    result = run_in_sandbox('return await getSecret("API_KEY")', limits={"secretScope": ["API_KEY"]})
    assert result.ok and result.result == "sk-live-123"

    # A new process: locked until the passphrase is given (a wrong one changes nothing).
    store.lock()
    assert store.keyring_state() == "locked"
    with pytest.raises(store.KeyringUnavailable) as info:
        store.unlock("not the passphrase")
    assert info.value.rule == "keyring-passphrase"
    monkeypatch.setenv(store.PASSPHRASE_ENV, "correct horse battery")  # headless: from the environment
    assert store.get_secret("API_KEY") == "sk-live-123"
    assert cordon(["secrets", "delete", "API_KEY"]) == 0
    assert store.list_names() == []


def test_the_value_never_comes_from_argv(no_keyring):
    assert cordon(["secrets", "set", "API_KEY", "sk-live-123"]) == 2  # argparse refuses the extra argument


def test_a_short_passphrase_is_refused(no_keyring, monkeypatch, capsys):
    _stdin(monkeypatch, "short\n")
    assert cordon(["secrets", "setup"]) == 1
    assert "at least" in capsys.readouterr().err
    assert store.keyring_state() == "missing"


def test_auto_discovered_file_backends_are_never_used(home, monkeypatch):
    """keyring finds any installed file backend by itself (keyrings.cryptfile's would ask for a passphrase on
    stdin mid-run, keyrings.alt's keep values in plain text): such a backend is never taken for a keyring."""

    class FileBackend(MemoryKeyring):  # what such a package's backend is to keyring: a class from its module
        __module__ = "keyrings.cryptfile.cryptfile"

    previous = keyring.get_keyring()
    keyring.set_keyring(FileBackend())
    try:
        assert store.keyring_state() == "missing" and store.store_info().kind == "none"
    finally:
        keyring.set_keyring(previous)


def test_the_index_never_goes_stale_when_another_tool_stored_a_value(memory_keyring):
    memory_keyring.set_password("cordon", "FROM_ELSEWHERE", "v")  # as `keyring set cordon FROM_ELSEWHERE` would
    assert store.list_names(within=["FROM_ELSEWHERE", "UNSET"]) == ["FROM_ELSEWHERE"]
    assert store.list_names() == ["FROM_ELSEWHERE"]  # the scoped look-up listed it from then on
    del memory_keyring.store[("cordon", "FROM_ELSEWHERE")]
    assert store.list_names() == []
