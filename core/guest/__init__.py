"""Guest-side files: the QuickJS module (built by guest/build.sh), the prelude and each surface's JavaScript.

The `.js` files here are trusted program files (docs/security.md): package data, so they ship in
the wheel and the bundle, read from this package's own folder (`FOLDER`), never from a path a user chose.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

logger = logging.getLogger(__name__)

#: What guest code runs on: part of every cache key that depends on the engine's behaviour (the pack
#: compiler's). Bump the last number when guest/cordon_guest.c changes what guest code can observe.
ENGINE_VERSION = "quickjs-ng/0.17.0+cordon-guest/1"


#: This package's folder, where the wheel and the bundle put its files: what
#: `importlib.resources.files(__name__)` answers for a package on disk, without importing
#: importlib.resources and its zip reader (~5-8 ms of every `cordon run` process).
FOLDER = Path(__file__).parent


@cache
def guest_source(name: str) -> str:
    """A file of core/guest/ (read once per process)."""
    return FOLDER.joinpath(name).read_text(encoding="utf-8")


def surface_js(name: str, **fill: str) -> str:
    """A surface's guest JavaScript, `core/guest/<name>`, with each `/*@KEY@*/` placeholder
    replaced by `fill[KEY]` (names the host decides, such as a binding's global)."""
    text = guest_source(name)
    for key, value in fill.items():
        placeholder = f"/*@{key}@*/"
        if placeholder not in text:
            raise KeyError(f"{name} has no placeholder {placeholder}")
        text = text.replace(placeholder, value)
    return text
