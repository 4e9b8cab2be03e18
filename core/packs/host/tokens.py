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

`count` / `encode` take text up to the reference's 5 MB (`TEXT_MAX`): ~0.4 s for 5 MB of
prose, ~0.5-1.8 s of CJK. tiktoken's calls are native (they release the GIL, so other runs
go on) and cannot be interrupted, so the text is encoded in segments of about `SEGMENT`
characters with a check between them, and long pieces where nothing cuts the text are
capped at `MAX_RUN` characters (`tokens-run-too-long`): one call is then ~1.2 s at worst,
for 1 MiB of random letters, where one 5 MB word took ~9 s (docs/design.md, "Host
formatting, text decoding and host-side cost"). A run of 1,000,000 spaces, which crashes
tiktoken's regex, is counted (`_ids`).
"""

from __future__ import annotations

import base64
import functools
import json
import re
import threading
from typing import TYPE_CHECKING, Any

from core import paths
from core.bridges.base import worker_check_alive, worker_checked
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


#: tiktoken's `\s` (Rust's: Unicode White_Space), which is not Python's (`\x1c`-`\x1f` are space to Python only).
_WHITE = "\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_SPACE = "\t\x0b\x0c \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"  # _WHITE but line breaks
#: Whitespace runs from this long are encoded around tiktoken's regex (see `_ids`): its `\s+(?!\S)`
#: overflows the regex engine's backtracking stack on a run of ~999,000 characters (measured, 0.14.0).
LONG_RUN = 100_000
#: Runs are matched from their first character only (the lookbehind), so a scan stays linear.
_LONG_RUN = re.compile(f"(?<![{_WHITE}])[{_WHITE}]{{{LONG_RUN},}}")
#: Where tiktoken's regex always ends a piece: before horizontal space that follows a non-space (no
#: piece runs on into a space, a space only ever starts one, and the text before ends on no space),
#: and before a line break that follows a letter or digit (after a symbol, the symbol's piece may
#: take the break; after a break, a piece of breaks may end elsewhere once the text is cut).
_CUT = re.compile(f"(?<=[^{_WHITE}])[{_SPACE}]|(?<=[^\\W_])[\r\n]")
#: Text is encoded in segments of about this many characters, cut at `_CUT`, checking the run between.
SEGMENT = 256 * 1024
#: The most characters encoded in one call as long pieces (`tokens-run-too-long`): tiktoken BPE-encodes
#: each piece in native code nothing can stop, and is slow on long ones: ~1.2 s for one 1 MiB word of
#: random letters (o200k; 5 MB: ~9 s), ~0.7 s for 1 MiB of spaces (5 MB: ~5 s), where 5 MB of prose
#: takes ~0.3 s. Text never has such runs; a run of 1,000,000 spaces still counts.
MAX_RUN = 1 << 20
#: A run of letters or of other symbols (not whitespace) from this long is a long piece.
LONG_PIECE = 1 << 16
_LONG_PIECE = re.compile(
    f"(?<![^\\W\\d_])[^\\W\\d_]{{{LONG_PIECE},}}|(?<![^\\w{_WHITE}])[^\\w{_WHITE}]{{{LONG_PIECE},}}"
)


def _too_long(length: int, at: int) -> SandboxRefusal:
    return SandboxRefusal(
        f"the text has {length:,} characters at {at:,} in runs of letters, spaces or symbols with no space "
        f"or line break to cut them at (at most {MAX_RUN:,}): tiktoken encodes them in one call that cannot "
        "be stopped; break them up (a space or line break every so often), or count the text in parts",
        rule="tokens-run-too-long",
        name="RangeError",
    )


def _check_uncut(text: str, start: int, end: int) -> None:
    """Refuse `text[start:end]`, one native call, if over `MAX_RUN` of it is long pieces."""
    runs = [run.span() for run in _LONG_PIECE.finditer(text, start, end)]
    total = sum(stop - at for at, stop in runs)
    if total > MAX_RUN:
        raise _too_long(total, runs[0][0])


def _ids(enc: tiktoken.Encoding, text: str, long_run: re.Pattern[str] = _LONG_RUN, segment: int = SEGMENT) -> list[int]:
    r"""`enc.encode_ordinary(text)`, the same ids, in segments, also for whitespace runs tiktoken cannot split.

    tiktoken splits text into pieces with its encoding's regex, then BPE-encodes each piece
    alone, so text cut where a piece ends encodes to the same ids part by part. Two uses:
    * segments of about `segment` characters, cut at `_CUT`, with a check that the run is alive
      between them: a stopped run's 5 MB count stops within one segment (native work, which
      an interrupt could not stop);
    * on a run of ~999,000 spaces tiktoken's `\s+(?!\S)` panics (a Rust panic, a backtrace on
      stderr). For a long whitespace run this cuts where the regex itself would and hands the
      run's one big piece to BPE directly (`_encode_single_piece`, tiktoken 0.14.0, pinned):
      the piece starts at the run's start or, with the `\s*[\r\n]+` alternative (cl100k, o200k),
      after its last line break (the piece before ends on that break, whatever took it); it
      ends one character before the run's end (`(?!\S)` leaves the last space to the next
      piece), or at the end of the text.
    No alternative looks behind, so the text after a cut is split as it would be anyway.
    tests/test_packs_host_tokens.py checks the ids equal tiktoken's on varied text, with
    `long_run` and `segment` lowered so that every run and every cut takes these paths.
    """
    newline_pieces = r"\s*[\r\n]+" in enc._pat_str
    ids: list[int] = []
    done = 0

    def encode_upto(end: int) -> None:
        nonlocal done
        while done < end:
            cut = end
            if end - done > segment:
                found = _CUT.search(text, done + segment, end)
                cut = found.start() if found else end
            if cut - done > MAX_RUN:
                _check_uncut(text, done, cut)  # looked at only where nothing cuts the text
            ids.extend(enc.encode_ordinary(text[done:cut]))
            done = cut
            worker_check_alive()

    for run in long_run.finditer(text):
        start, end = run.span()
        if end - start > MAX_RUN:
            raise _too_long(end - start, start)
        if newline_pieces:
            start = max(start, text.rfind("\n", start, end) + 1, text.rfind("\r", start, end) + 1)
        stop = end - 1 if end < len(text) else end
        if stop <= start:
            continue  # line breaks and one space at most: the regex takes them
        encode_upto(start)
        ids.extend(enc._encode_single_piece(text[start:stop]))
        done = stop
        worker_check_alive()
    encode_upto(len(text))
    return ids


def count(text: str, name: str | None = None) -> int:
    return len(_ids(encoding(name), text))


def encode(text: str, name: str | None = None) -> list[int]:
    return _ids(encoding(name), text)


def decode(ids: Any, name: str | None = None) -> str:
    enc = encoding(name)
    if not isinstance(ids, list):
        raise SandboxRefusal("ids must be an array of token ids", rule="host-argument-invalid", name="TypeError")
    for at, token in enumerate(worker_checked(ids, _CHECK_EVERY)):  # a stopped decode stops too
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
