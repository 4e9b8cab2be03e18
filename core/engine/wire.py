"""The host half of the host<->guest wire format: how a bridge call, its reply and a run's
finish are written as strings. The format is specified in `core/guest/wire.md`; the guest half
is "bridge calls" in `core/guest/prelude.js`. Values inside are `core/transport.py`'s JSON.
"""

from __future__ import annotations

import collections
import logging
import os
from typing import Any

from core import transport
from core.errors import CordonError, SandboxRefusal

logger = logging.getLogger(__name__)

#: Ends a request's op name; the payload follows.
OP_END = "\x01"
#: The sync request that hands the guest its seed and the caller's globals (once, when sealing).
SEAL = "$seal"
#: The sync request prefix that takes the next sidecar item of a reply: "$side\x01<reply id>".
SIDE = "$side" + OP_END

Encoded = tuple[str, int, list[bytes | str]]


def op_name(head: str) -> str:
    """The op a request names."""
    return head.partition(OP_END)[0]


def split_request(head: str) -> tuple[str, str]:
    """A request "<op>\\x01<marked><json>" -> (op, "<marked><json>")."""
    op, _, payload = head.partition(OP_END)
    return op, payload


def decode_part(part: str, side: list[bytes | str]) -> Any:
    """One "<marked><json>" part with its sidecar: a request's arguments, a finish's result or
    its synced globals."""
    return transport.decode(part[1:], part[:1] == "1", side)


def refusal(exc: CordonError) -> Encoded:
    """A refusal as a reply carries it: the name, the message a person reads (which names the
    rule) and the rule as its own field, the one the host believes when the error comes back."""
    message = exc.message
    if exc.rule and f"rule: {exc.rule}" not in message:
        message = f"{message} (rule: {exc.rule})"
    return transport.encode({"name": exc.name, "message": message, "rule": exc.rule})


def seal(globals_encoded: Encoded) -> Encoded:
    """The reply to `SEAL`: a fresh seed for the guest's Math.random and the caller's globals."""
    text, marked, sidecar = globals_encoded
    seed = ",".join(str(b) for b in os.urandom(16))
    return f'{{"seed":[{seed}],"globals":{text}}}', marked, sidecar


class Replies:
    """One run's replies. A host function's reply is one string or one byte buffer, so sidecar
    items (bytes, big strings) wait here until the guest takes them one by one (`SIDE`)."""

    def __init__(self) -> None:
        self._seq = 0
        self._pending: dict[int, collections.deque[bytes | str]] = {}

    def pack(self, text: str, marked: int, sidecar: list[bytes | str], *, ok: bool = True) -> str:
        """ "<ok><marked><json>", or "<ok><marked>#<id>:<count>#<json>" with sidecar items waiting."""
        if not sidecar:
            return f"{int(ok)}{marked}{text}"
        self._seq += 1
        self._pending[self._seq] = collections.deque(sidecar)
        return f"{int(ok)}{marked}#{self._seq}:{len(sidecar)}#{text}"

    def take_side(self, head: str) -> bytes | str:
        """The next sidecar item of the reply a `SIDE` request names.

        The prelude only asks for items a reply announced; anything else means the guest's side of
        the wire is not the prelude's, so the run ends by a named rule rather than a host bug."""
        reply = _reply_id(head[len(SIDE) :])
        items = self._pending.get(reply)
        if not items:
            raise SandboxRefusal(
                f"the guest asked for a sidecar item no reply holds ({head[len(SIDE) :][:40]!r})",
                rule="guest-wire-protocol",
                name="Error",
            )
        item = items.popleft()
        if not items:
            del self._pending[reply]
        return item


def _reply_id(text: str) -> int:
    """A sidecar request's reply number (-1, which no reply has, for anything but decimal digits)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else -1
