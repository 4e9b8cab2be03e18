"""Cordon's secrets: values in the platform keyring, names in an index file.

The one place Cordon talks to `keyring` (the sandbox's secrets bridge and the
GUI's secrets page both come here). Values live only in the keyring, under the
service name "cordon" and the secret's name as the user name. Keyring cannot
enumerate what it holds, so the names Cordon stored are kept in
`data_dir()/secrets-index.json` (names only, never values).

Cordon's own credentials (a registry token, `npm-token:<host>`) are not the
user's secrets for nodes: they live under a second service,
"cordon-credentials", that no guest can name, because every read a run makes
goes through `get_secret`, which only ever asks the "cordon" service and
refuses credential names there too (rule `secret-reserved`). A token stored
by an older Cordon under "cordon" moves over on its first read.

Backends that are not a real secret store are refused: keyring's `fail`
backend (nothing usable was found) and any `keyrings.alt` backend, which can
silently keep secrets base64-encoded in a plain file (docs/design.md). The file
backends keyring discovers on its own (`keyrings.cryptfile`'s, which would ask
for a passphrase on stdin mid-run, one of them unencrypted) are skipped too.

Where no platform keyring runs (a headless server, a bare container), Cordon
offers its own encrypted store instead: `keyrings.cryptfile` (AES-GCM, key
from an Argon2 hash of a passphrase the person sets) in
`data_dir()/ENCRYPTED_STORE`, used once `unlock_encrypted_store(passphrase)`
opened it in this process. The passphrase is never written anywhere.
"""

from __future__ import annotations

import json
import logging
import os
import re
import threading
from collections.abc import Iterable
from pathlib import Path

import keyring
import keyring.errors
from keyring.backend import KeyringBackend
from keyring.backends import chainer, fail

from core.atomic import write_atomic
from core.errors import CordonError
from core.paths import data_dir

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
ENCRYPTED_STORE = "secrets-encrypted.cfg"
#: Backends keyring discovers that are no platform keyring: refused, or used only when Cordon opened them.
_FILE_BACKENDS = ("keyrings.alt", "keyrings.cryptfile")
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
#: The encrypted store this process unlocked (None: the platform keyring is used).
_encrypted: KeyringBackend | None = None


class KeyringUnavailable(CordonError):
    """No secure keyring backend: secrets can be neither read nor stored."""

    rule = "keyring-unavailable"
    name = "KeyringUnavailableError"


class SecretNameError(CordonError, ValueError):
    rule = "secret-name"
    name = "TypeError"


def check_name(name: object) -> str:
    """A secret name, or a `SecretNameError` saying what names look like."""
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise SecretNameError(f"{name!r} is not a secret name: use 1-128 letters, digits, '_', '.', ':' or '-'")
    return name


def _backend() -> KeyringBackend:
    """The active backend: the encrypted store once unlocked, else the platform keyring,
    refused when it is no secure store (file backends keyring found by itself are skipped)."""
    if _encrypted is not None:
        return _encrypted
    backend = keyring.get_keyring()
    chained = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    usable = [
        b for b in chained if not isinstance(b, fail.Keyring) and not type(b).__module__.startswith(_FILE_BACKENDS)
    ]
    if not usable:
        if encrypted_store_exists() and os.environ.get(PASSPHRASE_ENV):
            unlock_encrypted_store(os.environ[PASSPHRASE_ENV])
            assert _encrypted is not None
            return _encrypted
        if encrypted_store_exists():
            raise KeyringUnavailable(
                "Cordon's encrypted secrets file is locked: unlock it with its passphrase "
                "(studio: Tools → Secrets; command line: `cordon secrets` commands ask for it, "
                f"and a run reads it from {PASSPHRASE_ENV})",
                rule="keyring-locked",
            )
        plain = [type(b).__module__ for b in chained if type(b).__module__.startswith("keyrings.alt")]
        if plain:
            raise KeyringUnavailable(f"the keyring backend {plain[0]} is refused. {_HOW_TO_CONFIGURE}")
        raise KeyringUnavailable(_HOW_TO_CONFIGURE)
    return backend if len(usable) == len(chained) else usable[0]


def keyring_state() -> str:
    """ "ready", "locked" (Cordon's encrypted file exists, not yet unlocked) or "missing" (nothing to store in)."""
    try:
        _backend()
    except KeyringUnavailable as exc:
        return "locked" if exc.rule == "keyring-locked" else "missing"
    return "ready"


def encrypted_store_path() -> Path:
    return data_dir() / ENCRYPTED_STORE


def encrypted_store_exists() -> bool:
    return encrypted_store_path().is_file()


def unlock_encrypted_store(passphrase: str) -> None:
    """Open (or create, on first use) Cordon's encrypted secrets file with `passphrase`.

    From then on this process keeps secrets there. A wrong passphrase is
    refused (rule `keyring-passphrase`) and nothing changes.
    """
    global _encrypted
    from keyrings.cryptfile.cryptfile import CryptFileKeyring  # argon2 and AES load only when used

    if not isinstance(passphrase, str) or len(passphrase.strip()) < MIN_PASSPHRASE:
        raise KeyringUnavailable(
            f"the passphrase must have at least {MIN_PASSPHRASE} characters", rule="keyring-passphrase"
        )
    store = CryptFileKeyring()
    path = encrypted_store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    store.file_path = str(path)
    try:
        store.keyring_key = passphrase  # unlocks an existing file (checking the passphrase) or creates one
    except ValueError:
        raise KeyringUnavailable(f"wrong passphrase for {path}", rule="keyring-passphrase") from None
    if os.name == "posix":
        path.chmod(0o600)
    _encrypted = store


def lock_encrypted_store() -> None:
    """Forget the unlocked store (its passphrase with it): back to the platform keyring."""
    global _encrypted
    _encrypted = None


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


def get_secret(name: str) -> str | None:
    """A secret for nodes: the value, or None when unset. Cordon's credentials are refused by name."""
    backend = _backend()
    secret_name(name)
    try:
        value = backend.get_password(SERVICE, name)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None
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
    try:
        backend.set_password(service, name, value)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None
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
    try:
        value = backend.get_password(CREDENTIALS_SERVICE, name)
        if value is None:
            value = backend.get_password(SERVICE, name)
            if value is not None:  # migrate: copy first, so a failure never loses the token
                backend.set_password(CREDENTIALS_SERVICE, name, value)
                _delete(backend, SERVICE, name)
                _reindex(name, listed=False)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None
    return value


def _delete(backend: KeyringBackend, service: str, name: str) -> None:
    try:
        backend.delete_password(service, name)
    except keyring.errors.PasswordDeleteError:
        pass
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None


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


def _enumerated(backend: KeyringBackend) -> set[str]:
    """Names under "cordon" that a backend able to enumerate holds (keyring's API cannot list)."""
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
