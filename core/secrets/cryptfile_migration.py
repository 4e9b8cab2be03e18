"""Read a secrets file keyrings.cryptfile 1.3.x wrote (Cordon's store before its own), once, to convert it.

Its format, from the library's source (`keyrings/cryptfile/{cryptfile,file,file_base,escape}.py`):
an INI file whose sections are services and whose options are names, each escaped (every byte
but ASCII letters and digits as `_XX`) and then lower-cased by configparser. A value is
base64 of JSON `{salt, data, mac, nonce}` (each base64): AES-128-GCM with a 16-byte nonce,
the key Argon2id(passphrase, salt; 15 passes, 64 MiB, 2 lanes, 16 bytes) derived afresh for
every value, the associated data `escape(service) + "\\0" + escape(name)` (case kept; files of
1.3.6-1.3.8 joined with a literal backslash-zero). Section `keyring-setting` holds `scheme`
("[Argon2] AES128.GCM"), `version` and `password reference`, a known value sealed the same way.

Both primitives are in `cryptography` (Argon2id since 44), so neither argon2-cffi nor
pycryptodome is needed to read it. Because configparser lower-cased the names, a name's
letter case is recovered by the tag check: the names Cordon indexed first, then the name as
written, upper-cased, and every case variant of a name with at most `MAX_CASE_LETTERS`
letters (one derivation per value, then only cheap tag checks).
"""

from __future__ import annotations

import base64
import binascii
import configparser
import itertools
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from core.secrets.encrypted_file import KdfParams, SecretsFileError, derive_key, wrong_passphrase

SCHEME = "[Argon2] AES128.GCM"
#: keyrings.cryptfile's fixed Argon2id cost (DEFAULT_TIME_COST, DEFAULT_MEMORY_COST, DEFAULT_PARALLELISM).
PARAMS = KdfParams(iterations=15, lanes=2, memory_kib=64 * 1024)
KEY_BYTES = 16
SETTINGS = "keyring-setting"
REFERENCE = ("password reference", "password reference value")
#: Names with more letters than this are matched only as indexed, as written or upper-cased (2**16 tag checks).
MAX_CASE_LETTERS = 16


@dataclass
class OldFile:
    """What the old file held: service -> name -> value, and the entries whose name's case was not found."""

    values: dict[str, dict[str, str]] = field(default_factory=dict)
    unread: list[str] = field(default_factory=list)


def escape(value: str) -> str:
    """keyrings.cryptfile's `escape`: ASCII letters and digits stay, every other byte becomes `_XX`."""
    return "".join(chr(b) if chr(b).isascii() and chr(b).isalnum() else f"_{b:02X}" for b in value.encode("utf-8"))


def unescape(value: str) -> str:
    """The inverse of `escape` (hex digits in either case, as configparser left them)."""
    out = bytearray()
    i = 0
    while i < len(value):
        chunk = value[i : i + 3]
        if value[i] == "_" and len(chunk) == 3 and all(c in "0123456789abcdefABCDEF" for c in chunk[1:]):
            out.append(int(chunk[1:], 16))
            i += 3
        else:
            out += value[i].encode("utf-8")
            i += 1
    return out.decode("utf-8", errors="replace")


def read_old_file(path: Path, passphrase: str, known_names: Iterable[str] = ()) -> OldFile:
    """Every value of the keyrings.cryptfile file at `path`, opened with `passphrase`.

    A wrong passphrase raises `SecretsFileError` (rule `keyring-passphrase`) after one derivation.
    """
    config = configparser.RawConfigParser()
    try:
        config.read_string(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, configparser.Error) as exc:
        raise _unreadable(path, str(exc)) from None
    section = escape(SETTINGS)
    if not config.has_section(section):
        raise _unreadable(path, "it has no keyring-setting section")
    scheme = config.get(section, "scheme", fallback="")
    if scheme.removeprefix("PyCryptodome ") != SCHEME:
        raise _unreadable(path, f"its scheme is {scheme!r}, Cordon reads {SCHEME!r}")
    joiner = _joiner(config.get(section, "version", fallback=""))
    reference = _sealed(config, section, escape(REFERENCE[0]), path)
    if reference is None:
        raise _unreadable(path, "it has no password reference")
    opened = _open_entry(reference, passphrase, [(SETTINGS, REFERENCE[0])], joiner)
    if opened is None or opened[2] != REFERENCE[1]:
        raise wrong_passphrase()
    known = list(dict.fromkeys(known_names))
    old = OldFile()
    for escaped_service in config.sections():
        service = unescape(escaped_service)
        if service == SETTINGS:
            continue
        for option in config.options(escaped_service):
            sealed = _sealed(config, escaped_service, option, path)
            assert sealed is not None
            opened = _open_entry(sealed, passphrase, _candidates(service, unescape(option), known), joiner)
            if opened is None:
                old.unread.append(f"{service}/{unescape(option)}")
                continue
            old.values.setdefault(service, {})[opened[1]] = opened[2]
    return old


def _unreadable(path: Path, why: str) -> SecretsFileError:
    return SecretsFileError(f"the old encrypted secrets file {path} cannot be converted ({why})")


def _joiner(version: str) -> str:
    """How `_generate_assoc` joined service and name for a file of `version`."""
    try:
        numbers = tuple(int(part) for part in version.split("."))
    except ValueError:
        return "\0"
    return "\\0" if (1, 3, 6) <= numbers < (1, 3, 9) else "\0"


def _sealed(config: configparser.RawConfigParser, section: str, option: str, path: Path) -> dict[str, bytes] | None:
    raw = config.get(section, option, fallback=None)
    if raw is None:
        return None
    try:
        data = json.loads(base64.b64decode("".join(raw.split())))
        return {k: base64.b64decode(data[k]) for k in ("salt", "data", "mac", "nonce")}
    except (binascii.Error, ValueError, KeyError, TypeError):
        raise _unreadable(path, f"the entry {unescape(option)!r} is damaged") from None


def _candidates(service: str, lowered: str, known: list[str]) -> Iterator[tuple[str, str]]:
    """(service, name) pairs whose escaped, lower-cased form is what the file holds, likeliest first."""
    seen: set[str] = set()
    firsts = [n for n in known if n.lower() == lowered] + [lowered, lowered.upper()]
    letters = [i for i, c in enumerate(lowered) if c.isalpha()]
    variants: Iterable[str] = ()
    if len(letters) <= MAX_CASE_LETTERS:
        variants = (
            "".join(c.upper() if i in upper else c for i, c in enumerate(lowered))
            for n in range(len(letters) + 1)
            for upper in map(set, itertools.combinations(letters, n))
        )
    for name in itertools.chain(firsts, variants):
        if name not in seen:
            seen.add(name)
            yield service, name


def _open_entry(
    sealed: dict[str, bytes], passphrase: str, candidates: Iterable[tuple[str, str]], joiner: str
) -> tuple[str, str, str] | None:
    """(service, name, value) for the first candidate whose associated data opens the entry, else None."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    key = derive_key(passphrase, sealed["salt"], PARAMS, KEY_BYTES)
    aead = AESGCM(bytes(key))
    key[:] = bytes(len(key))
    ciphertext = sealed["data"] + sealed["mac"]
    first: tuple[str, str] | None = None
    for service, name in candidates:
        first = first or (service, name)
        try:
            return (
                service,
                name,
                aead.decrypt(sealed["nonce"], ciphertext, (escape(service) + joiner + escape(name)).encode()).decode(
                    "utf-8"
                ),
            )
        except InvalidTag:
            continue
    try:  # a value sealed without associated data (files before keyrings.cryptfile 1.3): its name as written
        value = aead.decrypt(sealed["nonce"], ciphertext, None).decode("utf-8")
    except InvalidTag:
        return None
    return (*first, value) if first else None
