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
silently keep secrets base64-encoded in a plain file (DESIGN.md).
"""

from __future__ import annotations

import json
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

SERVICE = "cordon"
#: Cordon's own credentials: a keyring service no op of a run ever asks.
CREDENTIALS_SERVICE = "cordon-credentials"
#: The installer's registry token for a host: `npm-token:<host[:port]>`.
REGISTRY_TOKEN_PREFIX = "npm-token:"
#: Names that are Cordon's credentials, never a node's secrets.
CREDENTIAL_PREFIXES = (REGISTRY_TOKEN_PREFIX,)
INDEX_NAME = "secrets-index.json"
#: Letters, digits and `_ . : -`: safe as a keyring user name, in a file, in a dialog.
NAME_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{1,128}")

_HOW_TO_CONFIGURE = (
    "Cordon keeps secrets in the system keyring and found none it can use. "
    "Linux: run a Secret Service (GNOME Keyring or KWallet) in your session; macOS uses the "
    "Keychain and Windows the Credential Manager. To pick a backend explicitly set "
    "PYTHON_KEYRING_BACKEND or write a keyringrc.cfg (`python -m keyring diagnose` shows where); "
    "plain-file backends (keyrings.alt) are refused because they store secrets unencrypted")

_index_lock = threading.Lock()


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
    """The active backend, refused when it is no secure store."""
    backend = keyring.get_keyring()
    chained = backend.backends if isinstance(backend, chainer.ChainerBackend) else [backend]
    if not chained or any(isinstance(b, fail.Keyring) for b in chained):
        raise KeyringUnavailable(_HOW_TO_CONFIGURE)
    plain = [type(b).__module__ for b in chained if type(b).__module__.startswith("keyrings.alt")]
    if plain:
        raise KeyringUnavailable(f"the keyring backend {plain[0]} is refused. {_HOW_TO_CONFIGURE}")
    return backend


def require_keyring() -> None:
    """Refuse early (before asking a person for a value) when nothing could store it."""
    _backend()


def _keyring_error(exc: keyring.errors.KeyringError) -> KeyringUnavailable:
    return KeyringUnavailable(f"the keyring refused the request ({exc or type(exc).__name__}). "
                              f"{_HOW_TO_CONFIGURE}")


def is_credential(name: str) -> bool:
    """Whether `name` is one of Cordon's own credentials rather than a secret for nodes."""
    return name.startswith(CREDENTIAL_PREFIXES)


def secret_name(name: object) -> str:
    """A name a node may ask for: a valid secret name that is not one of Cordon's credentials."""
    checked = check_name(name)
    if is_credential(checked):
        raise SecretNameError(f"{checked!r} is one of Cordon's own credentials, not a secret a node can read",
                              rule="secret-reserved")
    return checked


def get_secret(name: str) -> str | None:
    """A secret for nodes: the value, or None when unset. Cordon's credentials are refused by name."""
    backend = _backend()
    secret_name(name)
    try:
        return backend.get_password(SERVICE, name)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None


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
    """Sorted names Cordon stored that are still set (optionally only those in `within`).

    A name removed from the keyring by another tool drops out here; one stored
    by another tool under "cordon" is readable with `get_secret` but not listed.
    """
    _backend()  # an empty listing must not hide that nothing could be stored either
    with _index_lock:
        names = _read_index()
    if within is not None:
        names &= set(within)
    return sorted(n for n in names if not is_credential(n) and get_secret(n) is not None)


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
