"""`@cordon/sandbox-tokens`: count, encode and decode BPE tokens on the host, as js-tiktoken does.

`tiktoken` (OpenAI's Rust BPE) with the rank tables shipped inside the pack
(`resources/packs/sandbox-tokens/ranks/<encoding>.json`, js-tiktoken 1.0.21's
tables, checked by resources/packs/vendor_host.py to equal OpenAI's
`.tiktoken` files), so nothing is downloaded, ever. An encoding's table is
read on its first call in the process (~0.1-0.3 s) and kept.

Special-token text such as `<|endoftext|>` in the input is encoded as the
ordinary text it is (tiktoken's `encode_ordinary`), so counting arbitrary text
never throws. `decode` replaces bytes that are not UTF-8 with U+FFFD, as
js-tiktoken's TextDecoder does; an id outside the vocabulary is
`tokens-invalid-id`.

`count` / `encode` are one native call that cannot be interrupted (it releases the
GIL, so other runs go on); the 5 MB text cap (`TEXT_MAX`) bounds it: ~0.35 s for 5 MB
of prose, ~1.5 s of CJK, and the worst case, one 5 MB word of letters (tiktoken's BPE
is slow on long words), ~3.3-5 s of one host worker, under the default 30 s deadline.
"""

from __future__ import annotations

import base64
import functools
import json
import threading
from typing import TYPE_CHECKING, Any

from core import paths
from core.bridges.base import worker_check_alive
from core.errors import SandboxRefusal
from core.packs.host_registry import Arg, HostExport, HostModule

if TYPE_CHECKING:
    import tiktoken

ENCODINGS = ("cl100k_base", "o200k_base", "p50k_base", "r50k_base")
DEFAULT = "cl100k_base"
_loading = threading.Lock()
#: Ids `decode` checks between checks that the run is still alive (a 5 MB id list has ~2.5 million).
_CHECK_EVERY = 100_000


@functools.cache
def _cached(name: str) -> tiktoken.Encoding:
    import tiktoken

    path = paths.resources_dir() / "packs" / "sandbox-tokens" / "ranks" / f"{name}.json"
    data = json.loads(path.read_bytes())
    ranks: dict[bytes, int] = {}
    for line in filter(None, data["bpe_ranks"].split("\n")):
        _, offset, *tokens = line.split(" ")
        start = int(offset)
        for i, token in enumerate(tokens):
            ranks[base64.b64decode(token)] = start + i
    return tiktoken.Encoding(
        name, pat_str=data["pat_str"], mergeable_ranks=ranks, special_tokens=data["special_tokens"]
    )


def encoding(name: str | None) -> tiktoken.Encoding:
    """The named encoding, loaded once per process (one thread loads, the others wait for it)."""
    with _loading:
        return _cached(name or DEFAULT)


def count(text: str, name: str | None = None) -> int:
    return len(encoding(name).encode_ordinary(text))


def encode(text: str, name: str | None = None) -> list[int]:
    return encoding(name).encode_ordinary(text)


def decode(ids: Any, name: str | None = None) -> str:
    enc = encoding(name)
    if not isinstance(ids, list):
        raise SandboxRefusal("ids must be an array of token ids", rule="host-argument-invalid", name="TypeError")
    for at, token in enumerate(ids):
        if at % _CHECK_EVERY == _CHECK_EVERY - 1:
            worker_check_alive()  # a stopped run's decode does not keep a host worker busy
        if isinstance(token, bool) or not isinstance(token, int) or not 0 <= token < enc.n_vocab:
            raise SandboxRefusal(
                f"ids[{at}] is {str(token)[:40]}, not a token id of {enc.name} (0-{enc.n_vocab - 1})",
                rule="tokens-invalid-id",
                name="RangeError",
            )
    try:
        return enc.decode(ids, errors="replace")
    except KeyError as exc:  # an unused id inside the range (cl100k_base has gaps before its special tokens)
        raise SandboxRefusal(
            f"{exc.args[0]} is not a token id of {enc.name}", rule="tokens-invalid-id", name="RangeError"
        ) from None


_ENCODING = Arg("encoding", ("string",), optional=True, choices=ENCODINGS)
_TEXT = Arg("text", ("string",))

MODULE = HostModule(
    "cordon.tokens",
    "@cordon/sandbox-tokens",
    "1",
    {
        "count": HostExport(count, (_TEXT, _ENCODING)),
        "encode": HostExport(encode, (_TEXT, _ENCODING)),
        "decode": HostExport(decode, (Arg("ids", ("json",)), _ENCODING)),
    },
)
