"""The host-worker wire's `encoded` replies: a host pack's result in the guest transport's form.

The engine hands such a reply's text to the guest without parsing it, so `wire.reply_value` is
all that stands between a compromised worker and the reply framing the guest reads: each forged
shape below must be a `ProtocolError` (the client turns it into `host-worker-protocol` and kills
the worker; `tests/test_hostwork.py` shows that on a real worker).
"""

from __future__ import annotations

from typing import Any

import msgpack
import pytest

from core import transport
from core.hostwork import wire
from core.media_store import MediaItem


def _reply(body: Any) -> tuple[str, Any]:
    """What the host makes of a worker's `encoded` frame carrying `body` (header checked, decoded, shaped)."""
    frame = wire.encode({"encoded": body})
    length = wire.frame_length(frame[: wire.HEADER.size], wire.REPLY_MAX)
    return wire.reply_value(wire.decode(frame[wire.HEADER.size : wire.HEADER.size + length]))


def test_an_encoded_reply_is_handed_on_as_the_transport_takes_it():
    value = [{"name": "a", "$cordon": "user's"}, {"blob": b"\x00\x01"}, "x" * (transport.BIG_STRING + 1)]
    kind, body = _reply(list(transport.encode(value, where="reply")))
    assert kind == "encoded"
    assert body == transport.Encoded(*transport.encode(value, where="reply"))
    assert transport.encode(body) == transport.encode(value, where="reply")  # passed through, not re-encoded


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"text": "[]"}, "three fields"),
        (["[]", 0], "three fields"),
        (["[]", 0, [], "more"], "three fields"),
        ([b"[]", 0, []], "not JSON text"),
        (["", 0, []], "not JSON text"),
        (["#1:1#[]", 0, []], "not JSON text"),  # the guest would read it as a reply with sidecar items
        ([' {"a": 1}', 0, []], "not JSON text"),
        (["[]", True, []], "0 or 1"),
        (["[]", 2, []], "0 or 1"),
        (["[]", "1", []], "0 or 1"),
        (["[]", 1, "side"], "bytes and strings"),
        (["[]", 1, [1]], "bytes and strings"),
        (["[]", 1, [["nested"]]], "bytes and strings"),
        (["[]", 1, [MediaItem("image", "image/png", b"x", 1, 1)]], "bytes and strings"),  # an extension inside
    ],
)
def test_a_forged_encoded_reply_is_a_protocol_error(body, why):
    with pytest.raises(wire.ProtocolError, match=why):
        _reply(body)


def test_an_unknown_extension_inside_an_encoded_reply_is_a_protocol_error():
    payload = msgpack.packb({"encoded": ["[]", 1, [msgpack.ExtType(9, b"")]]})
    with pytest.raises(wire.ProtocolError, match="unknown extension type 9"):
        wire.decode(payload)


def test_an_encoded_frame_over_the_cap_is_refused_from_its_header():
    frame = wire.encode({"encoded": ["[" + "0," * 1000 + "0]", 0, []]})
    with pytest.raises(wire.ProtocolError, match="over the 1024-byte cap"):
        wire.frame_length(frame[: wire.HEADER.size], 1024)
