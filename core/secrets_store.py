"""Cordon's secrets: values in the platform keyring, names in an index file.

The one place Cordon talks to `keyring` (the sandbox's secrets bridge and the
GUI's secrets page both come here). Values live only in the keyring, under the
service name "cordon" and the secret's name as the user name. Keyring cannot
enumerate what it holds, so the names Cordon stored are kept in
`data_dir()/secrets-index.json` (names only, never values).

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


def get_secret(name: str) -> str | None:
    """The value, or None when unset."""
    backend = _backend()
    try:
        return backend.get_password(SERVICE, check_name(name))
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None


def set_secret(name: str, value: str) -> None:
    backend = _backend()
    check_name(name)
    if not isinstance(value, str) or not value:
        raise SecretNameError(f"the value of secret {name!r} must be a non-empty string", rule="secret-value")
    try:
        backend.set_password(SERVICE, name, value)
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None
    with _index_lock:
        names = _read_index()
        names.add(name)
        _write_index(names)


def delete_secret(name: str) -> None:
    """Forget a secret; deleting one that is not set is not an error."""
    backend = _backend()
    check_name(name)
    try:
        backend.delete_password(SERVICE, name)
    except keyring.errors.PasswordDeleteError:
        pass
    except keyring.errors.KeyringError as exc:
        raise _keyring_error(exc) from None
    with _index_lock:
        names = _read_index()
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
    return sorted(n for n in names if get_secret(n) is not None)


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
