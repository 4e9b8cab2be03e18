"""Cordon's encrypted secrets file, on the real store, real Argon2id and
AES-GCM from `cryptography`, keyring's real `fail` backend (no keyring on this "machine") or the isolated
in-memory one, and a real file keyrings.cryptfile 1.3.9 wrote (tests/fixtures/secrets, made by Cordon's
store before its own format, with the passphrase below).

* the key is derived once per session, never per value, and a wrong passphrase costs one derivation;
* values are sealed under their names: a value moved to another name does not open;
* the file is 0600 JSON with a versioned header and no plaintext value;
* an old keyrings.cryptfile file converts at its first unlock, the old file gone once the new one reads back;
* the CLI says "encrypted secrets file (<path>)", and names a real keyring by its name.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import stat
from pathlib import Path

import pytest

from core import run_in_sandbox
from core import secrets_store as store
from core.cli import main as cordon
from core.paths import data_dir
from core.secrets import encrypted_file
from tests.install_support import home, memory_keyring, no_keyring

__all__ = ["home", "memory_keyring", "no_keyring"]

PASSPHRASE = "correct horse battery"
OLD_FILE = Path(__file__).parent / "fixtures" / "secrets" / "keyrings-cryptfile-1.3.9.cfg"
#: The fixture's passphrase and contents (written through Cordon's keyrings.cryptfile store).
OLD_PASSPHRASE = "correct horse battery staple"
OLD_VALUES = {
    "cordon": {"API_KEY": "sk-live-123", "MixedCase_Token": "mixed ✓ value", "lower.name": "lower-value"},
    "cordon-credentials": {"npm-token:127.0.0.1:4873": "npm_tok"},
}


@pytest.fixture
def derivations(monkeypatch) -> list[int]:
    """Counts the real key derivations (each one still runs: this only records that it did)."""
    calls: list[int] = []
    real = encrypted_file.derive_key

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(encrypted_file, "derive_key", counted)
    monkeypatch.setattr("core.secrets.cryptfile_migration.derive_key", counted)
    return calls


def _stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_the_key_is_derived_once_per_session_not_per_value(no_keyring, derivations):
    store.unlock(PASSPHRASE)
    assert len(derivations) == 1
    for i in range(5):
        store.set_secret(f"KEY_{i}", f"value-{i}")
    assert store.list_names() == [f"KEY_{i}" for i in range(5)]
    assert [store.get_secret(f"KEY_{i}") for i in range(5)] == [f"value-{i}" for i in range(5)]
    result = run_in_sandbox('return await getSecret("KEY_3")', limits={"secretScope": ["KEY_3"]})
    assert result.ok and result.result == "value-3"
    assert len(derivations) == 1  # keyrings.cryptfile derived again for every value read or written


def test_a_wrong_passphrase_costs_one_derivation_and_changes_nothing(no_keyring, derivations):
    store.unlock(PASSPHRASE)
    store.set_secret("API_KEY", "sk-1")
    store.lock()
    before = store.encrypted_store_path().read_bytes()
    derivations.clear()
    with pytest.raises(store.KeyringUnavailable) as info:
        store.unlock("not the passphrase")
    assert info.value.rule == "keyring-passphrase" and "wrong passphrase" in info.value.message
    assert len(derivations) == 1
    assert store.is_locked() and store.encrypted_store_path().read_bytes() == before


def test_the_file_is_private_versioned_json_without_plaintext(no_keyring):
    store.unlock(PASSPHRASE)
    store.set_secret("API_KEY", "sk-live-123")
    path = store.encrypted_store_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    document = json.loads(path.read_text())
    assert document["format"] == "cordon-secrets" and document["version"] == 1
    assert document["cipher"] == "aes-256-gcm"
    assert document["kdf"]["name"] == "argon2id" and document["kdf"]["memoryKiB"] == 64 * 1024
    assert len(base64.b64decode(document["kdf"]["salt"])) == 16
    assert "sk-live-123" not in path.read_text() and PASSPHRASE not in path.read_text()
    assert store.store_info().label == f"encrypted secrets file ({path})"


def test_a_value_moved_to_another_name_does_not_open(no_keyring):
    store.unlock(PASSPHRASE)
    store.set_secret("PUBLIC_ID", "not secret")
    store.set_secret("API_KEY", "sk-live-123")
    path = store.encrypted_store_path()
    document = json.loads(path.read_text())
    entries = document["entries"]["cordon"]
    entries["PUBLIC_ID"] = entries["API_KEY"]  # someone with write access swaps the sealed values
    path.write_text(json.dumps(document))
    with pytest.raises(store.CordonError) as info:
        store.get_secret("PUBLIC_ID")
    assert "altered or moved from another name" in info.value.message
    assert store.get_secret("API_KEY") == "sk-live-123"


def test_a_planted_header_cannot_make_unlocking_eat_the_machine(no_keyring, derivations):
    store.unlock(PASSPHRASE)
    store.lock()
    path = store.encrypted_store_path()
    document = json.loads(path.read_text())
    document["kdf"]["memoryKiB"] = 64 * 1024 * 1024  # 64 GiB
    path.write_text(json.dumps(document))
    derivations.clear()
    with pytest.raises(store.KeyringUnavailable) as info:
        store.unlock(PASSPHRASE)
    assert "memory_kib is outside" in info.value.message and derivations == []


def test_lock_forgets_the_key(no_keyring):
    store.unlock(PASSPHRASE)
    store.set_secret("API_KEY", "sk-1")
    unlocked = store._unlocked
    assert unlocked is not None and unlocked.is_open
    store.lock()
    assert not unlocked.is_open and store.is_locked()
    with pytest.raises(store.KeyringUnavailable) as info:
        store.get_secret("API_KEY")
    assert info.value.rule == "keyring-locked" and str(store.encrypted_store_path()) in info.value.message


def test_a_run_process_unlocks_from_the_environment(no_keyring, monkeypatch, derivations):
    store.unlock(PASSPHRASE)
    store.set_secret("API_KEY", "sk-env")
    store.lock()
    derivations.clear()
    monkeypatch.setenv(store.PASSPHRASE_ENV, PASSPHRASE)
    result = run_in_sandbox(
        'return [await getSecret("API_KEY"), await getSecret("API_KEY")]', limits={"secretScope": ["API_KEY"]}
    )
    assert result.ok and result.result == ["sk-env", "sk-env"] and len(derivations) == 1


def test_a_wrong_passphrase_in_the_environment_is_named(no_keyring, monkeypatch, derivations):
    store.unlock(PASSPHRASE)
    store.set_secret("API_KEY", "sk-env")
    store.lock()
    derivations.clear()
    monkeypatch.setenv(store.PASSPHRASE_ENV, "not the passphrase")
    result = run_in_sandbox('return await getSecret("API_KEY")', limits={"secretScope": ["API_KEY"]})
    assert not result.ok and result.error.rule == "keyring-passphrase"
    assert f"getSecret: {store.PASSPHRASE_ENV}: wrong passphrase" in result.error.message
    assert len(derivations) == 1


# -- the store's API for callers (the run plan asks to unlock a locked store) ----------------


def test_store_info_says_where_secrets_go(no_keyring, memory_keyring):
    info = store.store_info()  # memory_keyring came last: a platform keyring runs
    assert info.kind == "keyring" and info.state == "ready" and info.path is None
    assert info.label == "system keyring (memkeyring MemoryKeyring)"


def test_store_info_without_a_keyring(no_keyring):
    info = store.store_info()
    assert (info.kind, info.state, info.label) == ("none", "missing", "no secret store")
    store.unlock(PASSPHRASE)
    assert store.store_info().state == "ready" and not store.is_locked()
    store.lock()
    assert store.store_info().kind == "encrypted-file" and store.is_locked()


# -- converting keyrings.cryptfile's file ----------------------------------------------------


def _old_file_in_home(index: list[str] | None) -> Path:
    old = data_dir() / store.OLD_ENCRYPTED_STORE
    old.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_FILE, old)
    if index is not None:
        (data_dir() / store.INDEX_NAME).write_text(json.dumps({"names": index}))
    return old


def _all_values() -> dict[str, dict[str, str]]:
    assert store._unlocked is not None
    return store._unlocked.values()


def test_an_old_keyrings_cryptfile_file_is_converted_at_first_unlock(no_keyring):
    old = _old_file_in_home(["API_KEY", "MixedCase_Token", "lower.name"])
    assert store.is_locked()  # the old file counts: its secrets wait for the passphrase
    note = store.unlock(OLD_PASSPHRASE)
    assert note is not None and "Converted 4 secrets" in note
    assert _all_values() == OLD_VALUES
    assert not old.exists() and not old.with_name(old.name + ".migrated").exists()
    assert json.loads(store.encrypted_store_path().read_text())["format"] == "cordon-secrets"
    assert store.list_names() == ["API_KEY", "MixedCase_Token", "lower.name"]
    assert store.get_credential("npm-token:127.0.0.1:4873") == "npm_tok"
    store.lock()
    assert store.unlock(OLD_PASSPHRASE) is None and store.get_secret("API_KEY") == "sk-live-123"


def test_a_name_is_recovered_in_its_own_case_without_the_index(no_keyring):
    _old_file_in_home(None)  # configparser lower-cased every name in the old file
    store.unlock(OLD_PASSPHRASE)
    assert _all_values() == OLD_VALUES


def test_a_wrong_passphrase_leaves_the_old_file_as_it_was(no_keyring):
    old = _old_file_in_home(["API_KEY"])
    with pytest.raises(store.KeyringUnavailable) as info:
        store.unlock("not the passphrase")
    assert info.value.rule == "keyring-passphrase"
    assert old.read_bytes() == OLD_FILE.read_bytes() and not store.encrypted_store_path().exists()


def test_a_conversion_cut_short_is_finished_at_the_next_unlock(no_keyring):
    old = _old_file_in_home(["API_KEY"])
    old.rename(old.with_name(old.name + ".migrated"))  # renamed, then the process died before writing
    assert store.is_locked()
    store.unlock(OLD_PASSPHRASE)
    assert _all_values() == OLD_VALUES and not old.with_name(old.name + ".migrated").exists()


# -- the command line's wording ----------------------------------------------------------------


def test_the_cli_names_the_encrypted_file_not_a_keyring(no_keyring, monkeypatch, capsys):
    _stdin(monkeypatch, PASSPHRASE + "\n")
    assert cordon(["secrets", "setup"]) == 0
    path = store.encrypted_store_path()
    assert f"Encrypted secrets file ready ({path})" in capsys.readouterr().out
    _stdin(monkeypatch, "sk-1\n")
    assert cordon(["secrets", "set", "API_KEY"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == f"stored API_KEY in your encrypted secrets file ({path})" and "keyring" not in out
    store.lock()
    assert cordon(["secrets", "list"]) == 1
    err = capsys.readouterr().err
    assert f"your encrypted secrets file ({path}) is locked" in err and "keyring" not in err


def test_the_cli_names_a_real_keyring_by_its_name(memory_keyring, capsys):
    assert cordon(["secrets", "setup"]) == 0
    assert capsys.readouterr().out.strip() == (
        "Secrets are kept in your system keyring (memkeyring MemoryKeyring); nothing to set up."
    )


def test_the_cli_says_when_it_converted_an_old_file(no_keyring, monkeypatch, capsys):
    _old_file_in_home(["API_KEY"])
    _stdin(monkeypatch, OLD_PASSPHRASE + "\n")
    assert cordon(["secrets", "setup"]) == 0
    assert "Converted 4 secrets from the old encrypted file" in capsys.readouterr().err
