"""Code node values as the reference hands them to a body: copies through JSON.

The reference's Code node says its inputs are "deep-copied through JSON before
entering the guest". So a body written for it sees, for a value the host
passes, exactly what `JSON.parse(JSON.stringify(value))` gives in JavaScript:
a date becomes its ISO string (`toISOString`'s form), a non-finite number
`null`, a byte string what `JSON.stringify` makes of a Uint8Array (an object of
index keys), a tuple an array. Two kinds of value pass unchanged, because the
node declares them as such: an input declared `bytes` (Cordon's binary handle
type) and media refs (`{type, uri, ...}` objects of strings, which the copy
leaves as they are anyway).

`run_in_sandbox` itself keeps its tagged transport (bytes, dates, Map/Set);
only the Code node narrows to JSON, which docs/sandbox-api.md explains.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from typing import Any

from core.errors import UsageError

#: Deeper than this is refused like the transport's depth cap (a copy is recursive).
MAX_DEPTH = 256


def json_copy(value: Any, *, where: str = "input") -> Any:
    """`JSON.parse(JSON.stringify(value))` of a host value, as JavaScript would give it."""
    return _copy(value, where, 0)


def _copy(v: Any, where: str, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise UsageError(f"{where} is nested deeper than {MAX_DEPTH} levels", rule="transport-depth")
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, dt.datetime):
        return _iso(v)
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, (bytes, bytearray, memoryview)):
        return {str(i): b for i, b in enumerate(bytes(v))}
    if isinstance(v, Mapping):
        return {str(k): _copy(item, where, depth + 1) for k, item in v.items()}
    if isinstance(v, (list, tuple)):
        return [_copy(item, where, depth + 1) for item in v]
    raise UsageError(
        f"{where}: a {type(v).__name__} cannot cross into a Code node (its values are JSON)", rule="input-type"
    )


def _iso(moment: dt.datetime) -> str:
    """Date.prototype.toISOString: UTC, milliseconds, 'Z' (a naive time is taken as UTC)."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(dt.UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
