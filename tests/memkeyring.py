"""An in-memory keyring backend for tests: real keyring API, never the user's keyring.

Install it with `keyring.set_keyring(MemoryKeyring())` (see the `memory_keyring`
fixture in tests/test_secrets.py) and restore the previous backend afterwards.
"""

from __future__ import annotations

from jaraco.classes import properties
from keyring.backend import KeyringBackend
from keyring.errors import PasswordDeleteError


class MemoryKeyring(KeyringBackend):
    @properties.classproperty
    def priority(cls) -> float:
        """Not viable for keyring's own discovery (importing this module must not make it
        anyone's default): it is only used when installed with `keyring.set_keyring`."""
        raise RuntimeError("MemoryKeyring is only used when set explicitly")

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.store.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.store[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        try:
            del self.store[(service, username)]
        except KeyError:
            raise PasswordDeleteError(username) from None
