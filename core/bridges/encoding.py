"""toBase64/fromBase64/toHex/fromHex: pure guest helpers, no host call behind them.

Also the host's one text decoder (`decode`), for every bridge that turns bytes into
text (media.text, fetch): it knows only the WHATWG Encoding Standard's encodings and
labels, through `webencodings`. Python's own codec registry is never reached from
a guest-chosen name: it also holds codecs that are not text encodings at all
(`zlib`, `hex`, `rot13`) and ones whose decoding is far from linear (`punycode`:
tens of seconds for a few MB), so a label picked by a body or a server could stall
the host.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.bridges import declared
from core.errors import SandboxRefusal

if TYPE_CHECKING:
    import webencodings

RULE_ENCODING = "text-encoding"

SURFACE = declared("encoding").surface({})


def lookup(label: str) -> webencodings.Encoding | None:
    """The WHATWG encoding a label names ("latin1" -> windows-1252), or None for anything else."""
    import webencodings

    return webencodings.lookup(label) if isinstance(label, str) and len(label) <= 64 else None


def require(label: object, what: str) -> webencodings.Encoding:
    """The encoding an explicit option names; any other name is refused by rule."""
    found = lookup(label) if isinstance(label, str) else None
    if found is None:
        raise SandboxRefusal(
            f"{what}: {str(label)[:40]!r} is not an encoding of the WHATWG Encoding Standard "
            "(e.g. utf-8, utf-16le, windows-1252, iso-8859-2, shift_jis, gb18030)",
            rule=RULE_ENCODING,
            name="RangeError",
        )
    return found


def decode(data: bytes, encoding: webencodings.Encoding | None) -> str:
    """Bytes to text as the Encoding Standard's "decode": a BOM wins, else `encoding`, else UTF-8.

    Malformed input becomes U+FFFD, as TextDecoder does; every codec it can reach is linear.
    """
    import webencodings

    if encoding is not None and encoding.name == "replacement":  # one U+FFFD for any input (the standard)
        return "\ufffd" if data else ""
    text, _ = webencodings.decode(data, encoding or webencodings.UTF8, errors="replace")
    return text
