"""The JSON transport between host and guest.

Structured data crosses the WASM boundary as one JSON string (node-by-node
marshaling is ~50x slower, docs/design.md), with bytes riding beside it as raw
buffers. JSON alone would flatten or drop some values, so they carry markers:
an object whose only key is ``"$cordon"`` (plus its payload) is a marker, and a
user object that happens to own a ``"$cordon"`` key is escaped, so markers can
never be forged by data.

    {"$cordon": "b", "i": n}        bytes: index n in the sidecar list
    {"$cordon": "s", "i": n}        a string over 8 KB, carried whole in the sidecar
    {"$cordon": "d", "v": iso|null} a Date (null for an invalid date)
    {"$cordon": "n", "v": "NaN"}    NaN / Infinity / -Infinity
    {"$cordon": "u"}                undefined inside an array
    {"$cordon": "i", "v": "123"}    a BigInt
    {"$cordon": "o", "v": {...}}    an escaped user object

The guest half lives in ``core/guest/prelude.js`` (encode/decode); the two
halves are tested against each other. The CLI's public tagging (``$bytes``,
``$date``, ``$number``, and ``$bigint`` for an integer past 2**53; docs/design.md) is a different, user-facing format:
``to_public``/``from_public`` convert.
"""

from __future__ import annotations

import base64
import math
import re
import sys
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

import orjson

from core.errors import SandboxRefusal

MARK = "$cordon"
MAX_DEPTH = 32
#: Deepest host value that crosses into the guest: containers nested this deep are what
#: orjson writes on the fast path, so the exact walk refuses at the same depth.
MAX_HOST_DEPTH = 254
#: Strings longer than this ride the sidecar: escaping them into JSON and parsing them back
#: in the guest cost more than the JSON text around them (a 300 KB input: ~5 ms each way).
BIG_STRING = 8192


class TransportError(SandboxRefusal):
    rule = "transport"
    name = "TypeError"


class Undefined:
    """Python stand-in for a guest `undefined` that must survive a round trip."""

    _instance: Undefined | None = None

    def __new__(cls) -> Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "undefined"


UNDEFINED = Undefined()


_SAFE_INT = 2**53
_DIGITS = re.compile(r"-?[0-9]+")


def _int_text(v: int, path: str) -> str:
    """Decimal text of a big int, refused past Python's digit limit (converting is quadratic)."""
    try:
        return str(v)
    except ValueError:
        raise TransportError(
            f"{path} is an integer of more than {sys.get_int_max_str_digits()} digits, "
            "too large to cross the sandbox boundary",
            rule="transport-bigint",
        ) from None


@dataclass(frozen=True, slots=True)
class Encoded:
    """A value a host worker already encoded (`core/hostwork/wire.py` checked its shape): `encode`
    passes it through, so a host pack's rows are never rebuilt as Python objects in the engine."""

    text: str
    marked: int
    sidecar: list[bytes | str]


def encode(value: Any, *, where: str = "value") -> tuple[str, int, list[bytes | str]]:
    """Python value -> (json, has_markers, sidecar). A cycle fails naming its path.

    Fast path: orjson with a `default` hook for bytes and datetimes, about 10x
    faster than walking in Python. orjson writes NaN as `null` and cannot see a
    user's `$cordon` key or an int past 2**53, so output containing `null`, a
    `"$cordon"` that is not one of its own byte markers, or anything orjson
    refuses (cycles, odd keys, huge ints, datetimes) takes the exact walk below.
    """
    if type(value) is Encoded:
        return value.text, value.marked, value.sidecar
    sidecar: list[bytes | str] = []
    lifted, marked = _lift_big_strings(value, sidecar)

    def default(v: Any) -> Any:
        nonlocal marked
        if isinstance(v, (bytes, bytearray, memoryview)):
            marked = True
            sidecar.append(bytes(v))
            return {MARK: "b", "i": len(sidecar) - 1}
        raise TypeError

    try:
        fast = orjson.dumps(lifted, default=default, option=orjson.OPT_PASSTHROUGH_DATETIME)
    except (TypeError, orjson.JSONEncodeError):
        fast = None
    if fast is not None and b"null" not in fast and fast.count(b'"$cordon"') == len(sidecar):
        return fast.decode(), int(marked), sidecar
    return _encode_exact(value, where)


def _lift_big_strings(value: Any, sidecar: list[bytes | str]) -> tuple[Any, bool]:
    """Move big strings at the top level (a body's `inputs` text, a bridge's file contents)
    into the sidecar. Deeper ones stay in the JSON on the fast path: finding them would
    cost a walk of every value, which is what the fast path exists to avoid."""

    def lift(v: Any) -> Any:
        if isinstance(v, str) and len(v) > BIG_STRING:
            sidecar.append(v)
            return {MARK: "s", "i": len(sidecar) - 1}
        return v

    if isinstance(value, str):
        lifted = lift(value)
        return lifted, lifted is not value
    if isinstance(value, dict) and any(isinstance(v, str) and len(v) > BIG_STRING for v in value.values()):
        return {k: lift(v) for k, v in value.items()}, True
    if isinstance(value, list) and any(isinstance(v, str) and len(v) > BIG_STRING for v in value):
        return [lift(v) for v in value], True
    return value, False


def _encode_exact(value: Any, where: str) -> tuple[str, int, list[bytes | str]]:
    sidecar: list[bytes | str] = []
    marked = [False]
    active: set[int] = set()

    def walk(v: Any, path: str, depth: int = 0) -> Any:
        if isinstance(v, str) and len(v) > BIG_STRING:
            marked[0] = True
            sidecar.append(v)
            return {MARK: "s", "i": len(sidecar) - 1}
        if v is None or isinstance(v, (bool, str)):
            return v
        if isinstance(v, int):
            if -_SAFE_INT <= v <= _SAFE_INT:
                return v
            marked[0] = True
            return {MARK: "i", "v": _int_text(v, path)}
        if isinstance(v, float):
            if math.isfinite(v):
                return v
            marked[0] = True
            return {MARK: "n", "v": "NaN" if v != v else ("Infinity" if v > 0 else "-Infinity")}
        if isinstance(v, (bytes, bytearray, memoryview)):
            marked[0] = True
            sidecar.append(bytes(v))
            return {MARK: "b", "i": len(sidecar) - 1}
        if isinstance(v, datetime):
            marked[0] = True
            aware = v if v.tzinfo else v.replace(tzinfo=UTC)
            return {MARK: "d", "v": aware.isoformat(timespec="milliseconds").replace("+00:00", "Z")}
        if isinstance(v, date):
            marked[0] = True
            return {MARK: "d", "v": f"{v.isoformat()}T00:00:00.000Z"}
        if v is UNDEFINED:
            marked[0] = True
            return {MARK: "u"}
        if depth >= MAX_HOST_DEPTH:
            raise TransportError(
                f"{(path or 'the value')[:60]} is nested deeper than {MAX_HOST_DEPTH} levels", rule="transport-depth"
            )
        key = id(v)
        if key in active:
            raise TransportError(
                f"{path} contains a cycle; cyclic values cannot cross into the sandbox", rule="transport-cycle"
            )
        if isinstance(v, dict):
            active.add(key)
            out = {}
            for k, item in v.items():
                if not isinstance(k, str):
                    raise TransportError(f"{path} has a non-string key {k!r}", rule="transport-type")
                if item is UNDEFINED:
                    continue
                out[k] = walk(item, f"{path}.{k}" if path else k, depth + 1)
            active.discard(key)
            if MARK in out:
                marked[0] = True
                return {MARK: "o", "v": out}
            return out
        if isinstance(v, (list, tuple)):
            active.add(key)
            out_list = [walk(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(v)]
            active.discard(key)
            return out_list
        raise TransportError(
            f"{path} is a {type(v).__name__}, which cannot cross into the sandbox "
            "(use JSON values, bytes or datetimes)",
            rule="transport-type",
        )

    tree = walk(value, where)
    return orjson.dumps(tree).decode(), int(marked[0]), sidecar


def decode(text: str, marked: int, sidecar: list[bytes | str]) -> Any:
    """Guest (json, has_markers, sidecar) -> Python value.

    Guest code shapes what arrives (getters, proxies), so nothing here trusts it: a
    malformed payload or marker is a `TransportError` naming the rule, never a Python error.
    """
    try:
        tree = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        tree = _loads_lone_surrogates(text, exc)
    if not marked:
        return tree
    return _revive(tree, sidecar)


#: A JSON escaped backslash, a surrogate pair, or a lone surrogate: matched left to right, so an escape
#: is only ever read where the text really has one (an escaped backslash before `ud800` is no escape).
_SURROGATE_ESCAPE = re.compile(
    r"\\\\"  # an escaped backslash
    r"|\\u[dD][89abAB][0-9a-fA-F]{2}(?:\\u[dD][c-fC-F][0-9a-fA-F]{2})?"  # a high surrogate, maybe paired
    r"|\\u[dD][c-fC-F][0-9a-fA-F]{2}"  # a low surrogate on its own
)


def _loads_lone_surrogates(text: str, exc: orjson.JSONDecodeError) -> Any:
    """The guest's JSON with each lone surrogate (`'😀'.slice(0, 1)`) read as U+FFFD.

    JavaScript strings are UTF-16 and may hold half a pair; JSON.stringify writes it as an escape,
    which orjson (rightly) refuses and no UTF-8 output can carry. Node prints one as U+FFFD too, so a
    console line or a result keeps every other character instead of failing the run. Only text
    orjson refused pays for the second pass."""
    repaired = _SURROGATE_ESCAPE.sub(lambda m: m[0] if len(m[0]) != 6 else "\\ufffd", text)
    if repaired != text:
        try:
            return orjson.loads(repaired)
        except orjson.JSONDecodeError as again:
            exc = again
    raise TransportError(f"the guest sent a malformed value ({exc})", rule="transport-malformed") from None


_SURROGATE = re.compile("[\ud800-\udfff]")


def _well_formed(text: str) -> str:
    """A sidecar string (carried as UTF-16 code units, not JSON) with pairs joined and each lone
    surrogate as U+FFFD, as `_loads_lone_surrogates` reads the JSON text."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _revive(v: Any, sidecar: list[bytes | str], depth: int = 0) -> Any:
    if not isinstance(v, (list, dict)):
        return v
    if depth >= MAX_HOST_DEPTH:
        raise TransportError(
            f"the guest sent a value nested deeper than {MAX_HOST_DEPTH} levels", rule="transport-depth"
        )
    if isinstance(v, list):
        return [_revive(x, sidecar, depth + 1) for x in v]
    tag = v.get(MARK)
    if tag is None:
        return {k: _revive(x, sidecar, depth + 1) for k, x in v.items()}
    payload = v.get("v")
    if tag in ("b", "s"):
        i = v.get("i")
        item = sidecar[i] if type(i) is int and 0 <= i < len(sidecar) else None
        if tag == "s" and isinstance(item, str):
            return _well_formed(item)
        if tag == "b" and isinstance(item, bytes):
            return item
    elif tag == "d":
        if payload is None:
            return None
        if isinstance(payload, str):
            return _date(payload)
    elif tag == "n":
        if payload in ("NaN", "Infinity", "-Infinity"):
            return float(payload.replace("Infinity", "inf"))
    elif tag == "u":
        return None
    elif tag == "i":
        if isinstance(payload, dict) and payload.get(MARK) == "s":  # over 8 KB of digits: in the sidecar
            payload = _revive(payload, sidecar, depth + 1)
        if isinstance(payload, str) and _DIGITS.fullmatch(payload):
            if len(payload.lstrip("-")) > sys.get_int_max_str_digits():
                raise TransportError(
                    f"a BigInt of {len(payload.lstrip('-'))} digits is too large to leave the "
                    f"sandbox (at most {sys.get_int_max_str_digits()})",
                    rule="transport-bigint",
                )
            return int(payload)
    elif tag == "o" and isinstance(payload, dict):
        return {k: _revive(x, sidecar, depth + 1) for k, x in payload.items()}
    raise TransportError(f"malformed transport marker {str(tag)[:40]!r}", rule="transport-malformed")


def _date(iso: str) -> datetime:
    try:
        return datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        raise TransportError(
            f"the Date {iso[:40]} cannot become a host date (those span the years 1-9999)", rule="transport-date"
        ) from None


# -- the public (CLI / document) tagging of docs/design.md ---------------------------


def to_public(v: Any) -> Any:
    """Python value -> plain JSON with `$bytes`/`$date`/`$number` tags."""
    if isinstance(v, (bytes, bytearray, memoryview)):
        return {"$bytes": base64.b64encode(bytes(v)).decode()}
    if isinstance(v, datetime):
        aware = v if v.tzinfo else v.replace(tzinfo=UTC)
        return {"$date": aware.isoformat(timespec="milliseconds").replace("+00:00", "Z")}
    if isinstance(v, float) and not math.isfinite(v):
        return {"$number": "NaN" if v != v else ("Infinity" if v > 0 else "-Infinity")}
    if isinstance(v, int) and not isinstance(v, bool) and not -_SAFE_INT <= v <= _SAFE_INT:
        return {"$bigint": _int_text(v, "value")}
    if isinstance(v, dict):
        return {k: to_public(x) for k, x in v.items() if x is not UNDEFINED}
    if isinstance(v, (list, tuple)):
        return [to_public(x) for x in v]
    if v is UNDEFINED:
        return None
    return v


def from_public(v: Any) -> Any:
    """Plain JSON with public tags -> Python value (the inverse of `to_public`)."""
    if isinstance(v, list):
        return [from_public(x) for x in v]
    if not isinstance(v, dict):
        return v
    if len(v) == 1:
        ((k, x),) = v.items()
        if k == "$bytes" and isinstance(x, str):
            return base64.b64decode(x, validate=True)
        if k == "$date" and isinstance(x, str):
            return datetime.fromisoformat(x.replace("Z", "+00:00"))
        if k == "$number" and x in ("NaN", "Infinity", "-Infinity"):
            return float(x.replace("Infinity", "inf"))
        if k == "$bigint" and isinstance(x, str) and _DIGITS.fullmatch(x):
            return int(x)
    return {k: from_public(x) for k, x in v.items()}
