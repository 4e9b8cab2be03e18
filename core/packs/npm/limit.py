"""How large one npm library's bundle may be: a default, raised per install up to a ceiling.

A bundle is source the guest parses and compiles on a pack's first run, so its
size is a cost every user of the pack pays; it is also what a library
legitimately needs. Measured whole (comments and indentation stripped,
local names shortened): mathjs 15 is 1.7 MB, date-fns 4 0.3 MB, lodash 4 0.2 MB,
xlsx 0.18 0.6 MB, zod 4 0.55 MB. The default (`caps.NPM_JS_MAX`, 3 MB) admits
all of them with room for their next versions; a person may raise it for one
library (`cordon packs install npm:<name> --max-bundle-size 6MB`) up to the
ceiling (`caps.NPM_JS_CEILING`, the 8 MB a whole pack may mount). The raised
value is kept in the wrapper's package.json (`cordonWrapper.maxBundleBytes`,
written by the installer, which only the installer writes), so discovery and
every recompile apply the limit the person consented to, and the compile
cache keys on it.
"""

from __future__ import annotations

import re
from pathlib import Path

import orjson

from core.errors import CordonError
from core.packs.caps import MANIFEST_MAX, MB, NPM_JS_CEILING, NPM_JS_MAX
from core.packs.files import read_contained
from core.packs.skill import WRAPPER_FIELD
from core.packs.status import DiscoveryError

#: The wrapper package.json key holding a raised limit (under `cordonWrapper`).
FIELD = "maxBundleBytes"
#: How to raise it, for refusals and the consent request.
HOW_TO_RAISE = "cordon packs install npm:<name> --max-bundle-size SIZE"
_SIZE = re.compile(r"(\d+(?:\.\d+)?)\s*(b|kb|k|mb|m)?", re.IGNORECASE)


class BundleLimitError(CordonError):
    """A `--max-bundle-size` that is no size, or past the ceiling."""

    rule = "usage"


def parse_size(text: str) -> int:
    """`3MB`, `512KB`, `2.5m`, `4000000` -> bytes, at most the ceiling."""
    found = _SIZE.fullmatch(text.strip())
    if found is None:
        raise BundleLimitError(f"--max-bundle-size {text!r} is not a size (say 4MB, 512KB or a number of bytes)")
    unit = (found.group(2) or "b").lower()[:1]
    value = int(float(found.group(1)) * {"b": 1, "k": 1024, "m": MB}[unit])
    return check(value)


def check(value: int) -> int:
    if not 0 < value <= NPM_JS_CEILING:
        raise BundleLimitError(
            f"a bundle limit of {value} bytes is outside 1..{NPM_JS_CEILING} "
            f"(the ceiling, {NPM_JS_CEILING // MB} MB, is what one pack may mount)"
        )
    return value


def for_pack(pack_root: Path) -> int:
    """The limit the pack's wrapper records, else the default (any unreadable or odd value: the default)."""
    try:
        doc = orjson.loads(read_contained(pack_root, "package.json", MANIFEST_MAX))
    except (DiscoveryError, orjson.JSONDecodeError, OSError):
        return NPM_JS_MAX
    wrapper = doc.get(WRAPPER_FIELD) if isinstance(doc, dict) else None
    value = wrapper.get(FIELD) if isinstance(wrapper, dict) else None
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= NPM_JS_CEILING:
        return value
    return NPM_JS_MAX


def describe(limit: int) -> str:
    """`3 MB (the default; up to 8 MB with --max-bundle-size)`, for the consent request."""
    said = f"{limit / MB:.1f}".removesuffix(".0") + " MB"
    default = "the default" if limit == NPM_JS_MAX else f"raised from the default {NPM_JS_MAX // MB} MB"
    return f"{said} ({default}; up to {NPM_JS_CEILING // MB} MB with --max-bundle-size)"
