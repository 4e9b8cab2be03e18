"""The frames between the engine process and a host worker: length-prefixed msgpack, both ways.

A frame is a 4-byte big-endian length and that many bytes of one msgpack value. The host
reads a worker's frames with `read_reply`, which refuses before allocating anything a frame
longer than the cap the host chose, and decodes with msgpack's own limits (string, binary,
array, map and extension lengths) into plain values: `None`, `bool`, `int`, `float`, `str`,
`bytes`, `list`, `dict` with string keys, and `MediaItem` (extension type 1, rebuilt field by
field with its types checked). Nothing a worker sends is unpickled, evaluated or imported:
a worker runs hostile parsers, so its replies are as hostile as the bytes it parsed.

The other direction, host to worker, carries what to run as a pickle (`core/hostwork/worker.py`):
the worker is the less trusted side, and unpickling what the trusted host sends gives it nothing
it could not already do.

Replies are one of:

* `{"ok": value}`: the call's result;
* `{"encoded": [json, marked, sidecar]}`: the result of a call whose value goes to the guest
  (a host pack's), already in the guest transport's form (`core/transport.py`): the host hands
  it on as it came and never builds it as Python objects. Its shape is checked here (a string
  that starts as JSON does, a 0/1 flag, a list of bytes and strings); what the JSON holds is the
  guest's to parse, as it parses any string a run gives it, inside the guest's memory limit
  (`_check_room` of the engine refuses a reply the guest's memory cannot take);
* `{"refused": {"message", "rule", "name"}}`: a `SandboxRefusal` the work raised (the run sees it);
* `{"failed": {"type", "message"}}`: any other exception (a bug of ours, reported as `host-error`);
* `{"hello": {...}}`: the worker's first frame, what confinement it runs under.
"""

from __future__ import annotations

import struct
from typing import Any

import msgpack

from core.media_store import MediaItem
from core.transport import Encoded

#: The frame header: the payload's length.
HEADER = struct.Struct(">I")
#: The extension type code of a `MediaItem`.
MEDIA_ITEM = 1
#: The largest reply the host reads by default: every host result is capped well below this
#: (10 MB per pack argument, 256 MB of run media), and a frame is sized before it is read.
REPLY_MAX = 320 * 1024 * 1024


class ProtocolError(Exception):
    """A worker's frame is not what the protocol allows (too long, not msgpack, wrong shape)."""


def _default(value: Any) -> Any:
    if isinstance(value, MediaItem):
        return msgpack.ExtType(
            MEDIA_ITEM, msgpack.packb([value.type, value.mime_type, value.data, value.width, value.height])
        )
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"a host worker cannot send a {type(value).__name__}")


def encode(value: Any) -> bytes:
    """One frame carrying `value` (plain values and `MediaItem`s)."""
    payload = msgpack.packb(value, default=_default, use_bin_type=True, datetime=False)
    return HEADER.pack(len(payload)) + payload


def _media_item(code: int, data: bytes) -> Any:
    if code != MEDIA_ITEM:
        raise ProtocolError(f"unknown extension type {code}")
    fields = msgpack.unpackb(data, raw=False, strict_map_key=True, max_ext_len=0)
    if not isinstance(fields, list) or len(fields) != 5:
        raise ProtocolError("a media item is not five fields")
    kind, mime, payload, width, height = fields
    if not (isinstance(kind, str) and isinstance(mime, str) and isinstance(payload, bytes)):
        raise ProtocolError("a media item's type, MIME type or bytes have the wrong type")
    for size in (width, height):
        if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 0):
            raise ProtocolError("a media item's width or height is not a size")
    return MediaItem(kind, mime, payload, width, height)


def decode(payload: bytes) -> Any:
    """The value of one frame's payload, by msgpack's limits; `ProtocolError` for anything else."""
    cap = len(payload)
    try:
        return msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=True,
            ext_hook=_media_item,
            max_str_len=cap,
            max_bin_len=cap,
            max_array_len=cap,
            max_map_len=cap,
            max_ext_len=cap,
        )
    except ProtocolError:
        raise
    except (ValueError, TypeError, OverflowError) as exc:  # msgpack's FormatError, StackError, ExtraData...
        raise ProtocolError(f"not a msgpack frame ({type(exc).__name__})") from None


def frame_length(header: bytes, cap: int) -> int:
    """The payload length a header announces, refused when it is over `cap`."""
    (length,) = HEADER.unpack(header)
    if length > cap:
        raise ProtocolError(f"a frame of {length} bytes is over the {cap}-byte cap")
    return int(length)


#: How a JSON text can start (orjson writes no leading space): the guest reads a reply whose text
#: starts with `#` as one with sidecar items, so a worker's text must not start with anything else.
_JSON_START = frozenset('{["-0123456789tfn')


def _encoded(body: Any) -> Encoded:
    """An `encoded` reply's body as the engine's transport takes it, its shape checked."""
    if not isinstance(body, list) or len(body) != 3:
        raise ProtocolError("an encoded result is not three fields")
    text, marked, sidecar = body
    if not isinstance(text, str) or text[:1] not in _JSON_START:
        raise ProtocolError("an encoded result's text is not JSON text")
    if type(marked) is not int or marked not in (0, 1):
        raise ProtocolError("an encoded result's marker flag is not 0 or 1")
    if not isinstance(sidecar, list) or not all(type(item) in (bytes, str) for item in sidecar):
        raise ProtocolError("an encoded result's sidecar is not a list of bytes and strings")
    return Encoded(text, marked, sidecar)


def reply_value(reply: Any) -> tuple[str, Any]:
    """(kind, body) of a decoded reply, its shape checked: kind is ok, encoded, refused, failed or hello."""
    if not isinstance(reply, dict) or len(reply) != 1:
        raise ProtocolError("a reply is not a one-key map")
    ((kind, body),) = reply.items()
    if kind == "ok":
        return kind, body
    if kind == "encoded":
        return kind, _encoded(body)
    plain = isinstance(body, dict) and all(isinstance(v, str | bool | int | None) for v in body.values())
    if kind in ("refused", "failed", "hello") and plain:
        return kind, body
    raise ProtocolError(f"a reply of kind {str(kind)[:40]!r} has the wrong shape")
