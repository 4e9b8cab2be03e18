"""Cordon's secrets: values in the platform keyring or Cordon's encrypted file, names in an index file.

The one place Cordon talks to `keyring` (the sandbox's secrets bridge, the
CLI's `cordon secrets` and the studio's Secrets page all come here). Values
live in the platform keyring, under the service name "cordon" and the secret's
name as the user name. Keyring cannot enumerate what it holds, so the names
Cordon stored are kept in `data_dir()/secrets-index.json` (names only, never
values).

Cordon's own credentials (a registry token, `npm-token:<host>`) are not the
user's secrets for nodes: they live under a second service,
"cordon-credentials", that no guest can name, because every read a run makes
goes through `get_secret`, which only ever asks the "cordon" service and
refuses credential names there too (rule `secret-reserved`). A token stored
by an older Cordon under "cordon" moves over on its first read.

Backends that are not a real secret store are refused: keyring's `fail`
backend (nothing usable was found) and any `keyrings.alt` backend, which can
silently keep secrets base64-encoded in a plain file (docs/design.md). File
backends keyring discovers on its own (`keyrings.cryptfile`'s, if installed)
are skipped too.

Where no platform keyring runs (a headless server, a bare container), Cordon
keeps secrets in its own encrypted file (`core.secrets.encrypted_file`: one
Argon2id derivation per session, AES-256-GCM per value). The API a caller
needs, keyring or file alike:

    store_info()        # SecretStore: kind ("keyring" | "encrypted-file" | "none"), state, label, path
    is_locked()         # True: the encrypted file exists and this process has not unlocked it
    unlock(passphrase)  # derive the key once (~0.2 s; run it off a UI thread), create the file on first use
    lock()              # forget the key (also at exit)

`label` is what a person is told values go to: "Secret Service (GNOME Keyring
or KWallet)" for a real keyring, "encrypted secrets file (<path>)" for the
file, never "keyring" for the file. A process with no person to ask (`cordon
run`) unlocks from CORDON_SECRETS_PASSPHRASE. The passphrase is never written
anywhere; the derived key lives only in this process's memory until `lock()`.
A file an older Cordon wrote with keyrings.cryptfile is converted at its first
unlock (`core.secrets.cryptfile_migration`).
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import keyring
import keyring.errors
from keyring.backend import KeyringBackend
from keyring.backends import chainer, fail

from core.atomic import write_atomic
from core.errors import CordonError
from core.paths import data_dir
from core.secrets.encrypted_file import EncryptedSecretsFile, SecretsFileError

logger = logging.getLogger(__name__)

SERVICE = "cordon"
#: Cordon's own credentials: a keyring service no op of a run ever asks.
CREDENTIALS_SERVICE = "cordon-credentials"
#: The installer's registry token for a host: `npm-token:<host[:port]>`.
REGISTRY_TOKEN_PREFIX = "npm-token:"
#: Names that are Cordon's credentials, never a node's secrets.
CREDENTIAL_PREFIXES = (REGISTRY_TOKEN_PREFIX,)
INDEX_NAME = "secrets-index.json"
#: Cordon's encrypted secrets file, for machines without a platform keyring.
ENCRYPTED_STORE = "secrets-encrypted.json"
#: The file Cordon kept secrets in before its own format (keyrings.cryptfile's): converted at first unlock.
OLD_ENCRYPTED_STORE = "secrets-encrypted.cfg"
#: The old file is renamed to this while its conversion is checked, then removed.
MIGRATED_SUFFIX = ".migrated"
#: Backends keyring discovers that are no platform keyring: refused, never used.
_FILE_BACKENDS = ("keyrings.alt", "keyrings.cryptfile")
#: What the studio and the CLI call a platform keyring, by keyring's backend module.
_KEYRING_NAMES = {
    "keyring.backends.SecretService": "Secret Service (GNOME Keyring or KWallet)",
    "keyring.backends.libsecret": "Secret Service (GNOME Keyring or KWallet, through libsecret)",
    "keyring.backends.kwallet": "KWallet",
    "keyring.backends.macOS": "macOS Keychain",
    "keyring.backends.Windows": "Windows Credential Manager",
}
#: Letters, digits and `_ . : -`: safe as a keyring user name, in a file, in a dialog.
NAME_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
#: Characters of the encrypted store's passphrase, at least.
MIN_PASSPHRASE = 8
#: Where a headless run finds the encrypted store's passphrase (a terminal session may export it).
PASSPHRASE_ENV = "CORDON_SECRETS_PASSPHRASE"

_HOW_TO_CONFIGURE = (
    "Cordon keeps secrets in the system keyring and found none it can use. "
    "Linux: run a Secret Service (GNOME Keyring or KWallet) in your session; macOS uses the "
    "Keychain and Windows the Credential Manager. To pick a backend explicitly set "
    "PYTHON_KEYRING_BACKEND or write a keyringrc.cfg (`python -m keyring diagnose` shows where); "
    "plain-file backends (keyrings.alt) are refused because they store secrets unencrypted. Without a keyring, "
    "create Cordon's encrypted secrets file: `cordon secrets setup` (studio: Tools → Secrets → Set up…)"
)

#: How to get a platform keyring running (the other way out of "no keyring": Cordon's encrypted file).
HOW_TO_START_KEYRING = (
    "Linux desktop: start GNOME Keyring or KWallet in your session (log in to a desktop session, or install "
    "gnome-keyring). A headless session: `dbus-run-session -- sh` then `echo PASSWORD | gnome-keyring-daemon "
    "--unlock`, and start Cordon from that shell. macOS uses the Keychain and Windows the Credential Manager."
)

_index_lock = threading.Lock()
#: The encrypted file this process unlocked, holding its derived key (None: locked, or a keyring is used).
_unlocked: EncryptedSecretsFile | None = None

Backend = KeyringBackend | EncryptedSecretsFile


class KeyringUnavailable(CordonError):
    """No secure keyring backend: secrets can be neither read nor stored."""

    rule = "keyring-unavailable"
    name = "KeyringUnavailableError"


class SecretNameError(CordonError, ValueError):
    rule = "secret-name"
    name = "TypeError"


@dataclass(frozen=True)
class SecretStore:
    """Where secrets go on this machine, as a person is told it.

    `kind`: "keyring" (a platform keyring), "encrypted-file" (Cordon's file; no keyring runs) or
    "none" (neither: `cordon secrets setup` creates the file). `state`: "ready", "locked" (the
    file exists and this process has not unlocked it) or "missing" (nothing to store in).
    `label`: "Secret Service (GNOME Keyring or KWallet)", "encrypted secrets file (<path>)" or
    "no secret store". `path`: the encrypted file (also for "none": where it would be created).
    """

    kind: Literal["keyring", "encrypted-file", "none"]
    state: Literal["ready", "locked", "missing"]
    label: str
    path: Path | None


def check_name(name: object) -> str:
    """A secret name, or a `SecretNameError` saying what names look like."""
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise SecretNameError(f"{name!r} is not a secret name: use 1-128 letters, digits, '_', '.', ':' or '-'")
    return name


def _platform_keyring() -> KeyringBackend | None:
    """keyring's backend when it is a secure store (file backends keyring found by itself are skipped)."""
    backend = keyring.get_keyring()
    chained = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    usable = [
        b for b in chained if not isinstance(b, fail.Keyring) and not type(b).__module__.startswith(_FILE_BACKENDS)
    ]
    if not usable:
        return None
    return backend if len(usable) == len(chained) else usable[0]


def _backend() -> Backend:
    """The active store: the encrypted file this process unlocked (the person chose it this session), else
    the platform keyring, else the file unlocked from CORDON_SECRETS_PASSPHRASE, else a refusal saying what
    to do."""
    if _unlocked is not None:
        return _unlocked
    platform = _platform_keyring()
    if platform is not None:
        return platform
    if encrypted_store_exists():
        if os.environ.get(PASSPHRASE_ENV):
            try:
                unlock(os.environ[PASSPHRASE_ENV])
            except KeyringUnavailable as exc:  # no person typed it: say where the passphrase came from
                raise KeyringUnavailable(f"{PASSPHRASE_ENV}: {exc.message}", rule=exc.rule) from None
            assert _unlocked is not None
            return _unlocked
        raise KeyringUnavailable(
            f"Cordon's encrypted secrets file ({encrypted_store_path()}) is locked: unlock it with its passphrase "
            "(studio: Tools → Secrets; command line: `cordon secrets` commands ask for it, "
            f"and a run reads it from {PASSPHRASE_ENV})",
            rule="keyring-locked",
        )
    plain = [m for m in _backend_modules() if m.startswith("keyrings.alt")]
    if plain:
        raise KeyringUnavailable(f"the keyring backend {plain[0]} is refused. {_HOW_TO_CONFIGURE}")
    raise KeyringUnavailable(_HOW_TO_CONFIGURE)


def _backend_modules() -> list[str]:
    backend = keyring.get_keyring()
    chained = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    return [type(b).__module__ for b in chained]


def keyring_label(backend: KeyringBackend) -> str:
    """A platform keyring by the name people know it by ("macOS Keychain"), else keyring's own name."""
    chained = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    first = chained[0] if chained else backend
    return _KEYRING_NAMES.get(type(first).__module__, f"system keyring ({first.name})")


def store_info() -> SecretStore:
    """Where secrets go and whether they can be used now (no key derivation, no prompt: cheap to call)."""
    path = encrypted_store_path()
    label = f"encrypted secrets file ({path})"
    if _unlocked is not None:
        return SecretStore("encrypted-file", "ready", label, path)
    platform = _platform_keyring()
    if platform is not None:
        return SecretStore("keyring", "ready", keyring_label(platform), None)
    if encrypted_store_exists():
        return SecretStore("encrypted-file", "locked", label, path)
    return SecretStore("none", "missing", "no secret store", path)


def is_locked() -> bool:
    """Whether secrets wait for the encrypted file's passphrase (`unlock`) before anything can read them."""
    return store_info().state == "locked"


def keyring_state() -> str:
    """ "ready", "locked" (Cordon's encrypted file exists, not yet unlocked) or "missing" (nothing to store in).

    Unlike `store_info()`, a set CORDON_SECRETS_PASSPHRASE is used here (one key derivation).
    """
    try:
        _backend()
    except KeyringUnavailable as exc:
        return "locked" if exc.rule == "keyring-locked" else "missing"
    return "ready"


def encrypted_store_path() -> Path:
    return data_dir() / ENCRYPTED_STORE


def old_file_to_convert() -> Path | None:
    """A keyrings.cryptfile file the next `unlock` converts (a few seconds, once): the old name, or (a
    conversion was cut short) `.migrated`; None when there is none or the new file exists."""
    old = data_dir() / OLD_ENCRYPTED_STORE
    if encrypted_store_path().is_file():
        return None
    if old.is_file():
        return old
    migrated = old.with_name(old.name + MIGRATED_SUFFIX)
    return migrated if migrated.is_file() else None


def encrypted_store_exists() -> bool:
    return encrypted_store_path().is_file() or old_file_to_convert() is not None


def unlock(passphrase: str) -> str | None:
    """Open (or create, on first use) Cordon's encrypted secrets file with `passphrase`.

    The one key derivation of the session (~0.2 s: call it off a UI thread); from then on this
    process keeps secrets there until `lock()`. A wrong passphrase is refused (rule
    `keyring-passphrase`) after one derivation and nothing changes. A file an older Cordon wrote
    is converted here (one slower derivation per value, once); the return value then says so.
    """
    global _unlocked
    if not isinstance(passphrase, str) or len(passphrase.strip()) < MIN_PASSPHRASE:
        raise KeyringUnavailable(
            f"the passphrase must have at least {MIN_PASSPHRASE} characters", rule="keyring-passphrase"
        )
    path = encrypted_store_path()
    old = old_file_to_convert()
    note = None
    try:
        if path.is_file():
            store = EncryptedSecretsFile.open(path, passphrase)
        elif old is not None:
            store, note = _convert(old, passphrase)
        else:
            store = EncryptedSecretsFile.create(path, passphrase)
    except SecretsFileError as exc:  # one error type for callers: a wrong passphrase, a damaged file
        raise KeyringUnavailable(exc.message, rule=exc.rule) from None
    previous, _unlocked = _unlocked, store
    if previous is not None:
        previous.close()
    return note


def _convert(old: Path, passphrase: str) -> tuple[EncryptedSecretsFile, str]:
    """Rewrite a keyrings.cryptfile file in the new format; the old one stays as `.migrated` until the
    new one, opened afresh from its own header, gives back every value."""
    from core.secrets.cryptfile_migration import read_old_file

    with _index_lock:
        indexed = _read_index()
    found = read_old_file(old, passphrase, indexed)  # a wrong passphrase stops here, nothing changed
    migrated = old if old.name.endswith(MIGRATED_SUFFIX) else old.with_name(old.name + MIGRATED_SUFFIX)
    os.replace(old, migrated)
    path = encrypted_store_path()
    EncryptedSecretsFile.create(path, passphrase, found.values).close()
    store = EncryptedSecretsFile.open(path, passphrase)
    if store.values() != found.values:
        store.close()
        path.unlink()
        os.replace(migrated, old.with_name(OLD_ENCRYPTED_STORE))
        raise SecretsFileError(f"converting {old} to Cordon's new format could not be verified; it was left as it was")
    count = sum(len(names) for names in found.values.values())
    if found.unread:
        logger.warning("secrets not converted (their names' letter case was not found): %s", found.unread)
        return store, (
            f"Converted {count} secrets to Cordon's new encrypted file; {len(found.unread)} could not be read "
            f"({', '.join(found.unread)}) and stay in {migrated}: set them again, then delete that file."
        )
    migrated.unlink()
    return store, f"Converted {count} secrets from the old encrypted file to Cordon's new format ({path})."


def lock() -> None:
    """Forget the unlocked file's key (zeroed in memory): secrets wait for `unlock` again."""
    global _unlocked
    store, _unlocked = _unlocked, None
    if store is not None:
        store.close()


atexit.register(lock)  # the key does not outlive the process's last Python code (a core dump after quit)


def require_keyring() -> None:
    """Refuse early (before asking a person for a value) when nothing could store it."""
    _backend()


def _keyring_error(exc: keyring.errors.KeyringError) -> KeyringUnavailable:
    return KeyringUnavailable(f"the keyring refused the request ({exc or type(exc).__name__}). {_HOW_TO_CONFIGURE}")


def is_credential(name: str) -> bool:
    """Whether `name` is one of Cordon's own credentials rather than a secret for nodes."""
    return name.startswith(CREDENTIAL_PREFIXES)


def secret_name(name: object) -> str:
    """A name a node may ask for: a valid secret name that is not one of Cordon's credentials."""
    checked = check_name(name)
    if is_credential(checked):
        raise SecretNameError(
            f"{checked!r} is one of Cordon's own credentials, not a secret a node can read", rule="secret-reserved"
        )
    return checked


def _get(backend: Backend, service: str, name: str) -> str | None:
    if isinstance(backend, EncryptedSecretsFile):
        return backend.get(service, name)
    try:
        return backend.get_password(service, name)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None


def _set(backend: Backend, service: str, name: str, value: str) -> None:
    if isinstance(backend, EncryptedSecretsFile):
        backend.put(service, name, value)
        return
    try:
        backend.set_password(service, name, value)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None


def _delete(backend: Backend, service: str, name: str) -> None:
    """Forget `name` under `service`; one that is not there is not an error."""
    if isinstance(backend, EncryptedSecretsFile):
        backend.delete(service, name)
        return
    try:
        backend.delete_password(service, name)
    except keyring.errors.PasswordDeleteError:
        pass
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None


def get_secret(name: str) -> str | None:
    """A secret for nodes: the value, or None when unset. Cordon's credentials are refused by name."""
    backend = _backend()
    secret_name(name)
    value = _get(backend, SERVICE, name)
    if value is not None:  # stored by another tool (`keyring set cordon NAME`): list it from now on
        _reindex(name, listed=True)
    return value


def set_secret(name: str, value: str) -> None:
    """Store a secret; a credential name (typed on the secrets page) goes to Cordon's credentials."""
    backend = _backend()
    check_name(name)
    if not isinstance(value, str) or not value:
        raise SecretNameError(f"the value of secret {name!r} must be a non-empty string", rule="secret-value")
    service = CREDENTIALS_SERVICE if is_credential(name) else SERVICE
    _set(backend, service, name, value)
    if service == SERVICE:
        _reindex(name, listed=True)


def delete_secret(name: str) -> None:
    """Forget a secret (or credential); deleting one that is not set is not an error."""
    backend = _backend()
    check_name(name)
    _delete(backend, CREDENTIALS_SERVICE if is_credential(name) else SERVICE, name)
    _reindex(name, listed=False)


def get_credential(name: str) -> str | None:
    """One of Cordon's own credentials, or None.

    A credential an older Cordon kept under the "cordon" service (where any
    unscoped run could list and read it) is moved here on its first read.
    """
    backend = _backend()
    if not is_credential(check_name(name)):
        raise SecretNameError(f"{name!r} is not a credential name", rule="secret-name")
    value = _get(backend, CREDENTIALS_SERVICE, name)
    if value is None:
        value = _get(backend, SERVICE, name)
        if value is not None:  # migrate: copy first, so a failure never loses the token
            _set(backend, CREDENTIALS_SERVICE, name, value)
            _delete(backend, SERVICE, name)
            _reindex(name, listed=False)
    return value


def _reindex(name: str, *, listed: bool) -> None:
    """Add `name` to the index of names, or drop it from there."""
    with _index_lock:
        names = _read_index()
        if (name in names) != listed:
            if listed:
                names.add(name)
            else:
                names.discard(name)
            _write_index(names)


def list_names(within: Iterable[str] | None = None) -> list[str]:
    """Sorted names of the secrets that are set (optionally only those in `within`).

    The index never goes stale: a name removed by another tool drops out, and
    one another tool stored under "cordon" is found by enumerating the keyring
    where the backend can (Secret Service), by asking for each name in
    `within`, and on its first read (`get_secret` adds it).
    """
    backend = _backend()  # an empty listing must not hide that nothing could be stored either
    with _index_lock:
        names = _read_index()
    names |= _enumerated(backend)
    if within is not None:
        names = {n for n in within if isinstance(n, str) and NAME_PATTERN.fullmatch(n)}
    found = sorted(n for n in names if not is_credential(n) and get_secret(n) is not None)
    with _index_lock:
        indexed = _read_index()
        if within is None and indexed != set(found):
            _write_index(set(found))
    return found


def _enumerated(backend: Backend) -> set[str]:
    """Names under "cordon" that a backend able to enumerate holds (keyring's API cannot list)."""
    if isinstance(backend, EncryptedSecretsFile):
        return {n for n in backend.names(SERVICE) if NAME_PATTERN.fullmatch(n)}
    found: set[str] = set()
    chained = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    for b in chained:
        collection = getattr(b, "get_preferred_collection", None)  # Secret Service (Linux desktops)
        if collection is None:
            continue
        try:
            for item in collection().search_items({"service": SERVICE}):
                found.add(item.get_attributes().get("username", ""))
        except Exception:  # a locked or vanished collection: the index still lists what Cordon stored
            logger.debug("cannot list the Secret Service collection", exc_info=True)
            continue
    return {n for n in found if NAME_PATTERN.fullmatch(n)}


def _index_path() -> Path:
    return data_dir() / INDEX_NAME


def _read_index() -> set[str]:
    try:
        data = json.loads(_index_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):  # missing or damaged: only the listing is lost, values stay in the keyring
        return set()
    names = data.get("names") if isinstance(data, dict) else None
    if not isinstance(names, list):
        return set()
    return {n for n in names if isinstance(n, str) and NAME_PATTERN.fullmatch(n)}


def _write_index(names: set[str]) -> None:
    write_atomic(_index_path(), json.dumps({"names": sorted(names)}, indent=1).encode())
