"""Cordon's encrypted secrets file: where secrets go on a machine with no platform keyring.

One JSON file (`data_dir()/secrets-encrypted.json`, mode 0600, replaced
atomically), built on `cryptography` alone:

    {"format": "cordon-secrets", "version": 1,
     "kdf": {"name": "argon2id", "salt": b64, "iterations": 3, "lanes": 4, "memoryKiB": 65536},
     "cipher": "aes-256-gcm",
     "check": {"nonce": b64, "data": b64},
     "entries": {"<service>": {"<name>": {"nonce": b64, "data": b64}}}}

The key is derived from the person's passphrase ONCE per session (Argon2id,
RFC 9106's second recommended setting: 64 MiB, 3 passes, 4 lanes, ~0.2 s on
the 2-core build machine) and kept only in this object's memory; every value is then
sealed on its own with AES-256-GCM under a fresh 96-bit random nonce and the
service and name as associated data, so a value copied under another name (or
from the check entry) fails to open. `check` seals a constant: a wrong
passphrase is told by one derivation and one failed tag check, never by trying
values. Names are plain text, like the index file beside it (names are not
secret; values are).

Why not keyrings.cryptfile (Cordon's store before this one): it derived the key
again for every value it read or wrote (Argon2id, 64 MiB x 15 passes, ~1 s per
value), so a run reading one secret paid ~3 s and a listing paid one derivation
per name; and it pulled pycryptodome and argon2-cffi beside `cryptography`.
Files it wrote are converted once (`core.secrets.cryptfile_migration`).

    store = EncryptedSecretsFile.create(path, "correct horse battery")   # or .open(path, passphrase)
    store.put("cordon", "API_KEY", "sk-1"); store.get("cordon", "API_KEY")
    store.close()                                                         # the key is zeroed
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.atomic import write_atomic
from core.errors import CordonError

FORMAT = "cordon-secrets"
VERSION = 1
CIPHER = "aes-256-gcm"
KDF = "argon2id"


@dataclass(frozen=True)
class KdfParams:
    """Argon2id's cost. New files get `INTERACTIVE`; a file's own header says what it was made with."""

    iterations: int
    lanes: int
    memory_kib: int


#: RFC 9106 §4's second recommended option (the memory-constrained one), which OWASP's password storage
#: cheat sheet lists among its Argon2id settings: 64 MiB, 3 passes, 4 lanes. Measured ~0.21 s on this
#: project's 2-core build machine (`bench/bench_secrets.py` prints it), so a run that reads a secret costs at most
#: twice one that does not.
INTERACTIVE = KdfParams(iterations=3, lanes=4, memory_kib=64 * 1024)
#: What a file's header may ask for, at most: a planted header must not make unlocking eat the machine.
#: (256 MiB x 16 passes: a few seconds at worst.)
_MAX = KdfParams(iterations=16, lanes=8, memory_kib=256 * 1024)
#: ... and at least (1 pass, 1 lane, OWASP's smallest memory setting: 19 MiB); Cordon itself writes `INTERACTIVE`.
_MIN = KdfParams(iterations=1, lanes=1, memory_kib=19 * 1024)
_CHECK_PLAINTEXT = b"cordon-secrets: the passphrase is right"
_CHECK_AAD = b"cordon-secrets/1\0check"
SALT_BYTES = 16
NONCE_BYTES = 12
KEY_BYTES = 32
#: The largest secrets file read: a value is at most a few KB, and the file is read on every access.
MAX_FILE_BYTES = 16 * 1024 * 1024


class SecretsFileError(CordonError):
    """The file cannot be used: a wrong passphrase (`keyring-passphrase`) or a damaged file."""

    rule = "keyring-unavailable"
    name = "KeyringUnavailableError"


def derive_key(passphrase: str, salt: bytes, params: KdfParams, length: int = KEY_BYTES) -> bytearray:
    """The key for `passphrase` (256 bits unless asked): the one slow step (`params` sets how slow)."""
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id  # ~15 ms to import: only when used

    kdf = Argon2id(
        salt=salt,
        length=length,
        iterations=params.iterations,
        lanes=params.lanes,
        memory_cost=params.memory_kib,
    )
    return bytearray(kdf.derive(passphrase.encode("utf-8")))


def _aad(service: str, name: str) -> bytes:
    return b"cordon-secrets/1\0entry\0" + service.encode() + b"\0" + name.encode()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(value: object, what: str, path: Path) -> bytes:
    if not isinstance(value, str):
        raise _damaged(path, f"{what} is not base64 text")
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        raise _damaged(path, f"{what} is not base64 text") from None


def _damaged(path: Path, why: str) -> SecretsFileError:
    return SecretsFileError(
        f"Cordon's encrypted secrets file {path} cannot be read ({why}); restore it from a backup, or move it "
        "away and run `cordon secrets setup` to start a new one"
    )


def wrong_passphrase() -> SecretsFileError:
    return SecretsFileError(
        "wrong passphrase for Cordon's encrypted secrets file: nothing was unlocked; try again",
        rule="keyring-passphrase",
    )


def _params_from(header: object, path: Path) -> tuple[bytes, KdfParams]:
    if not isinstance(header, dict) or header.get("name") != KDF:
        raise _damaged(path, f"its key derivation is not {KDF}")
    values = [header.get(k) for k in ("iterations", "lanes", "memoryKiB")]
    if not all(type(v) is int for v in values):
        raise _damaged(path, "its key derivation's parameters are not whole numbers")
    params = KdfParams(*values)  # type: ignore[arg-type]
    for field in ("iterations", "lanes", "memory_kib"):
        if not getattr(_MIN, field) <= getattr(params, field) <= getattr(_MAX, field):
            raise _damaged(
                path, f"its key derivation's {field} is outside {getattr(_MIN, field)}-{getattr(_MAX, field)}"
            )
    salt = _unb64(header.get("salt"), "the salt", path)
    if len(salt) < SALT_BYTES:
        raise _damaged(path, "its salt is too short")
    return salt, params


class EncryptedSecretsFile:
    """An unlocked secrets file: its path, its header and the derived key (in memory only).

    Every call reads the file again (a `cordon secrets set` in a terminal is seen by the studio at
    once); writes hold an exclusive lock on a sibling `.lock` file across read-modify-write, so the
    studio and a terminal writing at the same moment both keep their value.
    """

    def __init__(self, path: Path, salt: bytes, params: KdfParams, key: bytearray) -> None:
        self.path = path
        self._salt = salt
        self._params = params
        self._key = key

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def create(
        cls, path: Path, passphrase: str, entries: dict[str, dict[str, str]] | None = None
    ) -> EncryptedSecretsFile:
        """A new file under `passphrase` (holding `entries`, service -> name -> value, when converting)."""
        salt = os.urandom(SALT_BYTES)
        store = cls(path, salt, INTERACTIVE, derive_key(passphrase, salt, INTERACTIVE))
        path.parent.mkdir(parents=True, exist_ok=True)
        sealed = {
            service: {name: store._seal(_aad(service, name), value.encode()) for name, value in names.items()}
            for service, names in (entries or {}).items()
        }
        with store._locked():
            store._write(sealed)
        return store

    @classmethod
    def open(cls, path: Path, passphrase: str) -> EncryptedSecretsFile:
        """The file at `path` unlocked with `passphrase`: one key derivation, then the check entry.

        A wrong passphrase raises `SecretsFileError` (rule `keyring-passphrase`) in one derivation's time.
        """
        document = _read(path)
        salt, params = _params_from(document.get("kdf"), path)
        store = cls(path, salt, params, derive_key(passphrase, salt, params))
        check = document.get("check")
        try:
            if store._open(check, _CHECK_AAD, path, "the check entry") != _CHECK_PLAINTEXT:
                raise _damaged(path, "its check entry holds something else")
        except SecretsFileError:
            store.close()
            raise
        return store

    def close(self) -> None:
        """Forget the key: zeroed in place (best effort: see docs/security.md, "The encrypted secrets file")."""
        for i in range(len(self._key)):
            self._key[i] = 0
        self._key = bytearray()

    @property
    def is_open(self) -> bool:
        return bool(self._key)

    # -- values --------------------------------------------------------------------------------

    def get(self, service: str, name: str) -> str | None:
        sealed = _entries(_read(self.path), self.path).get(service, {}).get(name)
        if sealed is None:
            return None
        return self._open(sealed, _aad(service, name), self.path, f"the value of {name!r}").decode("utf-8")

    def put(self, service: str, name: str, value: str) -> None:
        with self._locked():
            entries = _entries(_read(self.path), self.path)
            entries.setdefault(service, {})[name] = self._seal(_aad(service, name), value.encode("utf-8"))
            self._write(entries)

    def delete(self, service: str, name: str) -> bool:
        """Forget `name`; whether it was there."""
        with self._locked():
            entries = _entries(_read(self.path), self.path)
            if entries.get(service, {}).pop(name, None) is None:
                return False
            self._write({s: names for s, names in entries.items() if names})
        return True

    def names(self, service: str) -> set[str]:
        """The names stored under `service` (this store can enumerate, unlike keyring's API)."""
        return set(_entries(_read(self.path), self.path).get(service, {}))

    def values(self) -> dict[str, dict[str, str]]:
        """Every value, service -> name -> value: how a conversion checks what it wrote."""
        return {
            service: {name: self.get(service, name) or "" for name in names}
            for service, names in _entries(_read(self.path), self.path).items()
        }

    # -- sealing -------------------------------------------------------------------------------

    def _aead(self) -> Any:
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        if not self._key:
            raise SecretsFileError(f"the encrypted secrets file {self.path} was locked", rule="keyring-locked")
        return AESGCM(bytes(self._key))

    def _seal(self, aad: bytes, plaintext: bytes) -> dict[str, str]:
        nonce = os.urandom(NONCE_BYTES)
        return {"nonce": _b64(nonce), "data": _b64(self._aead().encrypt(nonce, plaintext, aad))}

    def _open(self, sealed: object, aad: bytes, path: Path, what: str) -> bytes:
        from cryptography.exceptions import InvalidTag

        if not isinstance(sealed, dict):
            raise _damaged(path, f"{what} is not an object")
        nonce = _unb64(sealed.get("nonce"), f"{what}'s nonce", path)
        data = _unb64(sealed.get("data"), f"{what}'s data", path)
        if len(nonce) != NONCE_BYTES:
            raise _damaged(path, f"{what}'s nonce is not {NONCE_BYTES} bytes")
        try:
            return bytes(self._aead().decrypt(nonce, data, aad))
        except InvalidTag:
            if aad == _CHECK_AAD:
                raise wrong_passphrase() from None
            raise _damaged(path, f"{what} was altered or moved from another name") from None

    def _write(self, entries: dict[str, dict[str, dict[str, str]]]) -> None:
        document = {
            "format": FORMAT,
            "version": VERSION,
            "kdf": {
                "name": KDF,
                "salt": _b64(self._salt),
                "iterations": self._params.iterations,
                "lanes": self._params.lanes,
                "memoryKiB": self._params.memory_kib,
            },
            "cipher": CIPHER,
            "check": self._seal(_CHECK_AAD, _CHECK_PLAINTEXT),
            "entries": entries,
        }
        write_atomic(self.path, json.dumps(document, indent=1, sort_keys=True).encode(), durable=True)  # 0600

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """An exclusive lock across processes for one read-modify-write (POSIX `flock`; elsewhere none)."""
        lock_path = self.path.with_name(self.path.name + ".lock")
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if os.name == "posix":
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise _damaged(path, "it is missing") from None
    except OSError as exc:
        raise _damaged(path, exc.strerror or type(exc).__name__) from None
    if len(raw) > MAX_FILE_BYTES:
        raise _damaged(path, f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        document = json.loads(raw)
    except ValueError:
        raise _damaged(path, "it is not JSON") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise _damaged(path, "it is not a Cordon secrets file")
    if document.get("version") != VERSION or document.get("cipher") != CIPHER:
        raise _damaged(path, f"it is format version {document.get('version')!r}, this Cordon reads {VERSION}")
    return document


def _entries(document: dict[str, Any], path: Path) -> dict[str, dict[str, Any]]:
    entries = document.get("entries", {})
    if not isinstance(entries, dict) or not all(isinstance(v, dict) for v in entries.values()):
        raise _damaged(path, "its entries are not service -> name -> value")
    return entries
